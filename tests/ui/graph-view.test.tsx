// @vitest-environment happy-dom
/**
 * The Graph view (spec §2 "Graph view", §4 "Processing view mapping", §9): the toolbar's callbacks, the
 * processing view fed by the real client core replaying recorded sessions, the empty state, and the
 * lazily loaded canvas with its loading and error states. happy-dom has no Worker: the canvas gets the
 * real elk-api over elkjs' worker code run in-process (or a failing worker), through the same
 * `createWorkerLayout` the app uses with a real Worker.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, type Mock, test, vi } from 'vitest'
import type { GraphLayout } from '../../src/ui/graph/graph-layout'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import type { FrameLoader } from '../../src/streams/frame-loader'
import { replayRecording } from '../../src/streams/replay'
import { GraphToolbar } from '../../src/ui/graph/GraphToolbar'
import { GraphView } from '../../src/ui/graph/GraphView'
import { createWorkerLayout } from '../../src/ui/graph/KnowledgeGraph'
import { ProcessingView } from '../../src/ui/graph/ProcessingView'
import { ModelsProvider } from '../../src/ui/models-context'
import { FrameLoaderContext } from '../../src/ui/workspace/frame-loader-context'
import { type InspectorControl, InspectorContext, type InspectorTarget } from '../../src/ui/workspace/inspector-context'

afterEach(cleanup)

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', `${name}.jsonl`), 'utf8')
const demoLines = fixture('demo-workspace').trim().split('\n')

/** The demo workspace replayed up to (and including) line `at`. */
function demoCore(at = demoLines.length): ClientCore {
  const core = createClientCore({ now: () => 0 })
  replayRecording(demoLines.slice(0, at).join('\n'), { core })
  return core
}

function fakeInspector(): InspectorControl & { select: Mock<(target: InspectorTarget) => void> } {
  return { open: false, target: null, select: vi.fn<(target: InspectorTarget) => void>(), toggle: vi.fn(), close: vi.fn() }
}

/** elkjs' worker script exports, outside a worker, the in-process worker class it would run. */
type ElkWorkerLike = { postMessage(message: unknown): void; onmessage: (event: { data: unknown }) => void }
const ElkWorkerClass = (createRequire(import.meta.url)('elkjs/lib/elk-worker.min.js') as { default: new () => ElkWorkerLike }).default

function renderWith(core: ClientCore, ui: ReactNode, inspector: InspectorControl | null = null) {
  return render(
    <ModelsProvider models={core.models}>
      <InspectorContext.Provider value={inspector}>{ui}</InspectorContext.Provider>
    </ModelsProvider>,
  )
}

const row = (documentId: string) => document.querySelector(`[data-document-id="${documentId}"]`) as HTMLElement

/** elkjs' worker code, run in this thread behind the Worker interface the canvas uses. */
class InProcessElkWorker extends EventTarget {
  static started = 0
  onmessage: ((event: { data: unknown }) => void) | null = null
  terminated = false
  private readonly inner: ElkWorkerLike
  constructor() {
    super()
    InProcessElkWorker.started++
    this.inner = new ElkWorkerClass()
    this.inner.onmessage = (event) => this.onmessage?.(event)
  }
  postMessage(message: unknown) {
    this.inner.postMessage(message)
  }
  terminate() {
    this.terminated = true
  }
}

/** A worker whose script fails to load: it fires `error` and never answers. */
class BrokenWorker extends EventTarget {
  static instances: BrokenWorker[] = []
  onmessage: unknown = null
  terminated = false
  constructor() {
    super()
    BrokenWorker.instances.push(this)
    queueMicrotask(() => {
      const event = new Event('error', { cancelable: true }) as Event & { message: string }
      event.message = 'NetworkError: the worker script failed to load'
      this.dispatchEvent(event)
    })
  }
  postMessage() {}
  terminate() {
    this.terminated = true
  }
}

const elkInProcess = () => createWorkerLayout(() => new InProcessElkWorker() as unknown as Worker)

describe('GraphToolbar', () => {
  test('add buttons, the List/Graph/Commit toggle and Clear report their intents', () => {
    const onAdd = vi.fn()
    const onView = vi.fn()
    const onCommit = vi.fn()
    const onClear = vi.fn()
    render(<GraphToolbar onAdd={onAdd} view="list" onView={onView} onCommit={onCommit} onClear={onClear} />)
    for (const name of ['Add RSS', 'Add Document', 'Add Text', 'Add from Website']) fireEvent.click(screen.getByRole('button', { name }))
    expect(onAdd.mock.calls).toEqual([['rss'], ['document'], ['text'], ['website']])

    const view = screen.getByRole('group', { name: 'View' })
    expect(within(view).getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(view).getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(within(view).getByRole('button', { name: 'Graph' }))
    expect(onView).toHaveBeenCalledWith('graph')
    fireEvent.click(within(view).getByRole('button', { name: 'Commit' }))
    expect(onCommit).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
    expect(onClear).toHaveBeenCalledTimes(1)
  })

  test('the website button is optional; an expired workspace disables adding; Commit can be unavailable', () => {
    const onAdd = vi.fn()
    render(<GraphToolbar onAdd={onAdd} view="graph" onView={vi.fn()} onCommit={vi.fn()} onClear={vi.fn()} showWebsite={false} expired commitDisabled />)
    expect(screen.queryByRole('button', { name: 'Add from Website' })).toBeNull()
    const rss = screen.getByRole('button', { name: 'Add RSS' }) as HTMLButtonElement
    expect(rss.disabled).toBe(true)
    expect(screen.getByRole('group', { name: 'Add a source' }).getAttribute('title')).toBe('Workspace expired - create new one to continue')
    expect((screen.getByRole('button', { name: 'Commit' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed')).toBe('true')
  })
})

describe('ProcessingView', () => {
  test('a finished session: completed cards with their frames, a failed skeleton, a card without frames', () => {
    renderWith(demoCore(), <ProcessingView />)
    expect(document.querySelectorAll('.pv-row')).toHaveLength(4)

    const tariffs = row('ev-demo-tariffs')
    expect(tariffs.dataset.view).toBe('completed')
    expect(within(tariffs).getByRole('heading', { level: 3 }).textContent).toBe('EU imposes provisional tariffs on Chinese electric vehicles')
    expect(within(tariffs).getByText('Actions: 3/3')).toBeTruthy()
    expect(within(tariffs).getByText('eu-ev-tariffs.pdf')).toBeTruthy()
    const letter = tariffs.querySelector('.pv-card .pv-abbr') as HTMLElement
    expect([letter.textContent, letter.getAttribute('title')]).toEqual(['C', 'Completed'])
    // The dashed area holds the frames, each with its letter (final: F) and up to 3 actors.
    const frames = within(tariffs).getByRole('group', { name: 'Action frames' })
    expect(frames.querySelectorAll('[data-frame-id]')).toHaveLength(3)
    const first = frames.querySelector('[data-frame-id="ev-demo-tariffs-f1"]') as HTMLElement
    expect(within(first).getByText('Impose tariff')).toBeTruthy()
    expect(within(first).getByText('1/3')).toBeTruthy()
    expect([...first.querySelectorAll('.actor')].map((a) => a.textContent)).toEqual(['European Commission', 'China', 'BYD'])
    expect(within(first).getByTitle('Final').textContent).toBe('F')

    const scan = row('ev-demo-scan')
    expect(scan.dataset.view).toBe('skeleton')
    expect(within(scan).getByRole('alert').textContent).toBe('Failed to parse document')
    expect(within(scan).getByTitle('Failed').textContent).toBe('F')

    const weather = row('ev-demo-weather')
    expect(weather.dataset.view).toBe('completed')
    expect(within(weather).getByText('No action frame generated yet')).toBeTruthy()
  })

  test('skeleton and enriched cards show the spec messages', () => {
    const at = (line: number) => {
      cleanup()
      renderWith(demoCore(line), <ProcessingView />)
    }
    at(4) // four skeletons
    expect(screen.getAllByText('Processing document with AI...')).toHaveLength(4)
    expect(screen.getAllByTitle('Processing').map((p) => p.textContent)).toEqual(['P', 'P', 'P', 'P'])
    expect([...document.querySelectorAll('.pv-row')].map((r) => (r as HTMLElement).dataset.view)).toEqual(['skeleton', 'skeleton', 'skeleton', 'skeleton'])

    at(10) // the brief is summarized
    expect(row('ev-demo-brief').dataset.view).toBe('enriched')
    expect(within(row('ev-demo-brief')).getByRole('status').textContent).toBe('Extracting actionable items...')

    at(12) // the weather note is document-ready: no spinner
    const ready = within(row('ev-demo-weather')).getByRole('status')
    expect(ready.textContent).toBe('Document ready')
    expect(ready.querySelector('.spinner')).toBeNull()

    at(15) // analyzing actions
    expect(within(row('ev-demo-weather')).getByRole('status').textContent).toBe('Analyzing document for actionable items...')

    at(26) // processing actions: three frames announced, none created yet
    const tariffs = row('ev-demo-tariffs')
    expect(within(tariffs).getByRole('status').textContent).toBe('Creating action frames...')
    expect(within(tariffs).getByRole('status').querySelector('.spinner')).not.toBeNull()
    expect(
      within(tariffs)
        .getAllByTitle('Pending')
        .map((p) => p.textContent),
    ).toEqual(['P', 'P', 'P'])
    expect(within(tariffs).getByTitle('Processing Actions').textContent).toBe('A')
    expect(within(row('ev-demo-weather')).getByTitle('Completed').textContent).toBe('C')
  })

  test('a state change mounts the new state with the 300 ms transition', () => {
    const core = demoCore(27)
    renderWith(core, <ProcessingView />)
    const section = screen.getByRole('region', { name: 'Processing view' })
    expect(section.style.getPropertyValue('--pv-transition')).toBe('300ms')
    const tariffs = row('ev-demo-tariffs')
    const before = tariffs.querySelector('.pv-body')
    expect(tariffs.dataset.view).toBe('enriched')
    // One frame arrived, two are still pending.
    expect(tariffs.querySelectorAll('[data-frame-id]')).toHaveLength(1)
    expect(within(tariffs).getAllByTitle('Pending')).toHaveLength(2)

    act(() => {
      replayRecording(demoLines.slice(27).join('\n'), { core })
    })
    expect(tariffs.dataset.view).toBe('completed')
    const after = tariffs.querySelector('.pv-body')
    expect(after).not.toBe(before) // a new body: its entry animation (var(--pv-transition)) plays
    expect(within(tariffs).queryAllByTitle('Pending')).toEqual([])
  })

  test('a frame shows at most 3 actors plus +N on the graph card', () => {
    const core = demoCore()
    const actors = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon'].map((text) => ({ text }))
    replayRecording(
      JSON.stringify({
        type: 'action-frame-created',
        sessionId: 's-demo-00000042',
        id: '40',
        data: { frameId: 'ev-demo-weather-f1', parentId: 'ev-demo-weather', frame: { status: 'draft', actionIndex: 1, totalActions: 1, actors: { entries: actors } } },
      }),
      { core },
    )
    renderWith(core, <ProcessingView />)
    const tile = document.querySelector('[data-frame-id="ev-demo-weather-f1"]') as HTMLElement
    expect([...tile.querySelectorAll('.actor')].map((a) => a.textContent)).toEqual(['Alpha', 'Beta', 'Gamma', '+2'])
    expect(within(tile).getByTitle('Draft').textContent).toBe('D')
    expect(within(tile).getByText('Action 1')).toBeTruthy()
  })

  test('choosing a card or a frame opens it in the inspector', () => {
    const inspector = fakeInspector()
    renderWith(demoCore(), <ProcessingView />, inspector)
    fireEvent.click(within(row('ev-demo-brief')).getByRole('button', { name: 'Beijing weighs countermeasures after EU vehicle duties' }))
    expect(inspector.select).toHaveBeenLastCalledWith({ kind: 'document', documentId: 'ev-demo-brief' })
    fireEvent.click(within(row('ev-demo-brief')).getByRole('button', { name: 'Threaten retaliation' }))
    expect(inspector.select).toHaveBeenLastCalledWith({ kind: 'frame', documentId: 'ev-demo-brief', frameId: 'ev-demo-brief-f2' })
  })

  test('outside a workspace (no inspector) titles are plain text', () => {
    renderWith(demoCore(), <ProcessingView />)
    expect(screen.queryAllByRole('button')).toEqual([])
  })
})

describe('GraphView', () => {
  test("an empty workspace reads 'This workspace is empty' with the four add buttons", () => {
    const onAdd = vi.fn()
    renderWith(createClientCore(), <GraphView onAdd={onAdd} />)
    expect(screen.getByRole('heading', { name: 'This workspace is empty' })).toBeTruthy()
    const buttons = screen.getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Add RSS', 'Add Document', 'Add Text', 'Add from Website'])
    for (const b of buttons) fireEvent.click(b)
    expect(onAdd.mock.calls).toEqual([['rss'], ['document'], ['text'], ['website']])
  })

  test('an expired empty workspace disables the add buttons', () => {
    renderWith(createClientCore(), <GraphView onAdd={vi.fn()} expired />)
    expect(screen.getAllByRole('button').every((b) => (b as HTMLButtonElement).disabled)).toBe(true)
  })

  test('with documents: the processing view, then the canvas, loading until the layout answers', async () => {
    const layout = vi.fn<GraphLayout>(() => new Promise(() => {}))
    renderWith(demoCore(), <GraphView onAdd={vi.fn()} layout={layout} />)
    expect(screen.getByRole('region', { name: 'Processing view' })).toBeTruthy()
    const panel = screen.getByRole('region', { name: 'Knowledge graph' })
    // The chunk loads first, then the layout runs.
    expect(within(panel).getByRole('status').textContent).toBe('Loading the knowledge graph…')
    expect(await within(panel).findByText('Laying out the knowledge graph…')).toBeTruthy()
    // The layout starts in a passive effect, which React may run a moment after the commit shows the text.
    await waitFor(() => expect(layout).toHaveBeenCalledTimes(1))
    expect(layout.mock.calls[0]?.[0].children).toHaveLength(16)
  })

  test('the filter chips count nodes by kind', () => {
    renderWith(demoCore(), <GraphView onAdd={vi.fn()} layout={() => new Promise(() => {})} />)
    const filters = screen.getByRole('group', { name: 'Graph filters' })
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Documents 4', 'Frames 5', 'Actors 4', 'Resources 3'])
  })

  test('if the worker fails, the canvas shows the error and Retry starts a new worker', async () => {
    BrokenWorker.instances = []
    const layout = createWorkerLayout(() => new BrokenWorker() as unknown as Worker)
    renderWith(demoCore(), <GraphView onAdd={vi.fn()} layout={layout} />)
    const panel = screen.getByRole('region', { name: 'Knowledge graph' })
    const alert = await within(panel).findByRole('alert')
    expect(alert.textContent).toContain('The knowledge graph could not be laid out.')
    expect(alert.textContent).toContain('NetworkError: the worker script failed to load')
    expect(BrokenWorker.instances).toHaveLength(1)
    expect(BrokenWorker.instances[0]?.terminated).toBe(true)
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(BrokenWorker.instances).toHaveLength(2))
    expect((await within(panel).findByRole('alert')).textContent).toContain('could not be laid out')
  })

  test('laid out by elkjs through elk-api and the worker protocol, nodes are drawn; choosing one opens the inspector', async () => {
    InProcessElkWorker.started = 0
    const inspector = fakeInspector()
    renderWith(demoCore(), <GraphView onAdd={vi.fn()} layout={elkInProcess()} />, inspector)
    const panel = screen.getByRole('region', { name: 'Knowledge graph' })
    const nodeOf = (id: string) => panel.querySelector(`.react-flow__node[data-id="${id}"]`) as HTMLElement
    await waitFor(() => expect(nodeOf('frame:ev-demo-tariffs-f2')).not.toBeNull(), { timeout: 10_000 })
    expect(InProcessElkWorker.started).toBe(1)
    expect(panel.querySelectorAll('.kg-node')).toHaveLength(16)
    expect(within(panel).getByText('China', { selector: '.kg-label' })).toBeTruthy()

    expect(within(nodeOf('frame:ev-demo-tariffs-f2')).getByText('Threaten retaliation')).toBeTruthy()
    fireEvent.click(nodeOf('frame:ev-demo-tariffs-f2'))
    expect(inspector.select).toHaveBeenLastCalledWith({ kind: 'frame', documentId: 'ev-demo-tariffs', frameId: 'ev-demo-tariffs-f2' })
    fireEvent.click(nodeOf('document:ev-demo-tariffs'))
    expect(inspector.select).toHaveBeenLastCalledWith({ kind: 'document', documentId: 'ev-demo-tariffs' })
    // An actor is selected on the canvas (its neighbours stay bright) but has no inspector page.
    const calls = inspector.select.mock.calls.length
    fireEvent.click(nodeOf('actor:saic'))
    expect(inspector.select.mock.calls.length).toBe(calls)
    // SAIC is named only by the third tariffs frame: that frame and SAIC stay bright, the rest dim.
    await waitFor(() => expect(nodeOf('actor:china').querySelector('.kg-node.dimmed')).not.toBeNull())
    expect(nodeOf('actor:saic').querySelector('.kg-node.dimmed')).toBeNull()
    expect(nodeOf('frame:ev-demo-tariffs-f3').querySelector('.kg-node.dimmed')).toBeNull()
    expect(nodeOf('actor:saic').classList.contains('selected')).toBe(true)
  }, 20_000)

  test('Clear (a new clear token) resets the filters and the canvas selection', async () => {
    const core = demoCore()
    const never: GraphLayout = () => new Promise(() => {})
    const view = renderWith(core, <GraphView onAdd={vi.fn()} layout={never} clearToken={0} />)
    const filters = screen.getByRole('group', { name: 'Graph filters' })
    fireEvent.click(within(filters).getByRole('button', { name: /Actors/ }))
    fireEvent.change(within(filters).getByRole('searchbox', { name: 'Filter nodes' }), { target: { value: 'china' } })
    expect(
      within(filters)
        .getByRole('button', { name: /Actors/ })
        .getAttribute('aria-pressed'),
    ).toBe('false')
    view.rerender(
      <ModelsProvider models={core.models}>
        <InspectorContext.Provider value={null}>
          <GraphView onAdd={vi.fn()} layout={never} clearToken={1} />
        </InspectorContext.Provider>
      </ModelsProvider>,
    )
    const cleared = screen.getByRole('group', { name: 'Graph filters' })
    expect(
      within(cleared)
        .getByRole('button', { name: /Actors/ })
        .getAttribute('aria-pressed'),
    ).toBe('true')
    expect((within(cleared).getByRole('searchbox', { name: 'Filter nodes' }) as HTMLInputElement).value).toBe('')
  })
})

describe('the Graph view of a workspace whose frames were left on the server', () => {
  function deferredCore(): ClientCore {
    const core = createClientCore({ now: () => 0 })
    core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
    core.bus.publish(
      {
        type: 'workspace.loaded',
        sessionId: 's1',
        events: ['e1', 'e2'].map((id) => ({ id, type: 'text', status: 'completed', title: `Doc ${id}`, actionCount: 2 })),
        actionFrames: [],
        append: false,
        liveCursor: '1',
        framesDeferred: true,
      },
      'api',
    )
    return core
  }

  function loaderFor(core: ClientCore, answers: boolean[]): FrameLoader & { loadAll: Mock<() => Promise<boolean>> } {
    const loadAll = vi.fn(async () => {
      const ok = answers.shift() ?? true
      const documentIds = ['e1', 'e2']
      if (!ok) core.bus.publish({ type: 'workspace.framesLoadFailed', sessionId: 's1', documentIds, message: 'Failed to load action frames' }, 'api')
      else {
        const actionFrames = documentIds.flatMap((d) => [1, 2].map((i) => ({ id: `${d}-f${i}`, parentId: d, status: 'final', actionIndex: i, totalActions: 2, actionType: 'sign' })))
        core.bus.publish({ type: 'workspace.framesLoaded', sessionId: 's1', documentIds, actionFrames, liveCursor: '1' }, 'api')
      }
      return ok
    })
    return { want: vi.fn(), release: vi.fn(), fetchNow: vi.fn(async () => true), loadAll, dispose: vi.fn() }
  }

  test('opening it fetches every frame, with placeholder tiles meanwhile; a failure offers Retry, which fetches again', async () => {
    const core = deferredCore()
    const loader = loaderFor(core, [false, true])
    // Before the loader answers, each document shows a pending tile per announced action.
    renderWith(
      core,
      <FrameLoaderContext.Provider value={null}>
        <GraphView onAdd={vi.fn()} layout={() => new Promise(() => {})} />
      </FrameLoaderContext.Provider>,
    )
    expect(row('e1').querySelectorAll('.pv-pending')).toHaveLength(2)
    expect(screen.queryByText('No action frame generated yet')).toBeNull()
    cleanup()

    renderWith(
      core,
      <FrameLoaderContext.Provider value={loader}>
        <GraphView onAdd={vi.fn()} layout={() => new Promise(() => {})} />
      </FrameLoaderContext.Provider>,
    )
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to load action frames'))
    expect(loader.loadAll).toHaveBeenCalledTimes(1)
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(loader.loadAll).toHaveBeenCalledTimes(2))
    await waitFor(() => expect(row('e2').querySelectorAll('[data-frame-id]')).toHaveLength(2))
    expect(row('e1').querySelectorAll('.pv-pending')).toHaveLength(0)
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByText(/documents to go/)).toBeNull()
  })

  test('while the frames come, it says how many documents are still waiting', async () => {
    const core = deferredCore()
    const loader: FrameLoader = { want: vi.fn(), release: vi.fn(), fetchNow: vi.fn(async () => true), loadAll: () => new Promise(() => {}), dispose: vi.fn() }
    renderWith(
      core,
      <FrameLoaderContext.Provider value={loader}>
        <GraphView onAdd={vi.fn()} layout={() => new Promise(() => {})} />
      </FrameLoaderContext.Provider>,
    )
    expect(screen.getByText(/documents to go/).textContent).toContain('Loading action frames… 2 documents to go')
    expect(screen.getByText(/documents to go/).closest('[role="status"]')).not.toBeNull()
  })
})
