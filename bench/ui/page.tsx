/**
 * The `bench:ui` page: the real client core, `ModelsProvider` and `WorkspacePage` (the virtualised
 * document list) inside the app's layout classes and CSS, driven through the production input paths:
 * a session-data answer through `translateSessionData` onto the bus as session-loader.ts does, and live
 * `action-frame-updated` text through `translateLiveText` as workspace-live.ts does.
 *
 * Timing: the data is handed over at the start of a requestAnimationFrame callback (t0), so the wait for
 * the next vsync is not counted. React renders store updates in a microtask of the same callback; the
 * frame's style, layout and paint follow; a MessageChannel task posted from the callback runs once that
 * frame has been painted and committed to the compositor — its time is "painted". Raster and display
 * happen off the main thread and are not counted.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { ReadModels } from '../../src/projections/registry'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { translateLiveText } from '../../src/streams/translators/live-message'
import { translateSessionData } from '../../src/streams/translators/session-data'
import { ModelsProvider } from '../../src/ui/models-context'
import { type InspectorControl, InspectorContext } from '../../src/ui/workspace/inspector-context'
import { type WorkspaceActions, WorkspaceActionsContext } from '../../src/ui/workspace/workspace-actions'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'
import { BENCH_RESEARCH, BENCH_SESSION, frameId, frameUpdateConfidenceText, frameUpdateText, sessionDataBody } from './data'
import type { FrameSample, LoadResult, UiBenchApi, Workload } from './protocol'

const params = new URLSearchParams(window.location.search)
const DOCUMENTS = Number(params.get('documents') ?? 2000)
const FRAMES = Number(params.get('frames') ?? 10)
/** Quiet frames after which the DOM counts as settled: a load may re-measure; an update is followed for one. */
const LOAD_QUIET_FRAMES = 4
const UPDATE_QUIET_FRAMES = 1
const MAX_FRAMES = 120
/** The first card's frames fully on screen at 1280×900 (three columns, two rows): live updates go to these. */
const ON_SCREEN_FRAMES = Math.min(6, FRAMES)

const texts: Record<Workload, string> = {
  full: JSON.stringify(sessionDataBody(DOCUMENTS, FRAMES)),
  empty: JSON.stringify(sessionDataBody(0, 0)),
}
const container = document.getElementById('root') as HTMLElement
const root = createRoot(container)
let core: ClientCore | null = null
let loaded: Workload = 'empty'
let mounts = 0
let prepared: { workload: Workload; body: unknown; jsonParse: number } | null = null
/** Live-message counter: ids keep increasing past every load's live cursor. */
let updateSeq = 0

const api: UiBenchApi = {
  bodyBytes: new TextEncoder().encode(texts.full).length,
  documents: DOCUMENTS,
  frames: FRAMES,

  async prepareLoad(workload) {
    core?.dispose()
    const next = createClientCore({ log: (m) => console.warn(m) })
    core = next
    const key = ++mounts
    flushSync(() => root.render(<BenchWorkspace key={key} models={next.models} />))
    // As the app opens a workspace: the session is selected (empty view), then its data arrives.
    next.bus.publish({ type: 'workspace.sessionSelected', researchId: BENCH_RESEARCH, sessionId: BENCH_SESSION }, 'local')
    const p0 = performance.now()
    const body: unknown = JSON.parse(texts[workload])
    prepared = { workload, body, jsonParse: performance.now() - p0 }
    globalThis.gc?.()
    await idleFrames(3)
  },

  async measureLoad() {
    const live = core
    const next = prepared
    if (live === null || next === null) throw new Error('prepareLoad() first')
    prepared = null
    const { workload, body, jsonParse } = next
    const sample = await measureFrame(
      (translated) => {
        const events = translateSessionData(body, { sessionId: BENCH_SESSION, append: false })
        translated()
        if (events[0]?.type !== 'workspace.loaded' || events.length !== 1) throw new Error(`session data rejected: ${JSON.stringify(events[0]).slice(0, 300)}`)
        live.bus.publish(events, 'api')
      },
      () => container.querySelector(workload === 'full' ? '.doc' : '.empty') !== null,
      LOAD_QUIET_FRAMES,
    )
    loaded = workload
    const counts = container.querySelector('.counts')?.textContent ?? ''
    const expected = workload === 'full' ? `(${DOCUMENTS} documents, ${DOCUMENTS * FRAMES} actions)` : '(0 documents, 0 actions)'
    if (counts !== expected) throw new Error(`title line reads ${JSON.stringify(counts)}, expected ${JSON.stringify(expected)}`)
    return { ...sample, cardsInDom: container.querySelectorAll('.doc').length, counts, jsonParse }
  },

  async updates(count) {
    const live = core
    if (live === null) throw new Error('prepareLoad() and measureLoad() first')
    const samples: FrameSample[] = []
    for (let i = 0; i < count; i++) {
      const n = ++updateSeq
      const target = frameId(0, 1 + (n % ON_SCREEN_FRAMES))
      const text = frameUpdateText(n, target)
      const shown = frameUpdateConfidenceText(n)
      const card = () => container.querySelector(`[data-frame-id="${target}"]`)
      if (loaded === 'full' && card() === null) throw new Error(`frame ${target} is not in the DOM`)
      samples.push(
        await measureFrame(
          (translated) => {
            const t = translateLiveText(text)
            translated()
            if (t.kind !== 'message') throw new Error(`live frame rejected: ${JSON.stringify(t.event)}`)
            live.bus.publish(t.event, 'ws', Date.now())
          },
          // Into the empty list the update waits for its frame: nothing to show, so shown at once.
          () => loaded === 'empty' || (card()?.textContent?.includes(shown) ?? false),
          UPDATE_QUIET_FRAMES,
        ),
      )
    }
    return samples
  },

  async floor(count) {
    if (core === null || loaded !== 'full') throw new Error('load the full workload first')
    const samples: FrameSample[] = []
    for (let i = 0; i < count; i++) {
      const n = ++updateSeq
      // The text node React writes a frame card's confidence percentage into, written directly instead.
      const score = container.querySelector(`[data-frame-id="${frameId(0, 1 + (n % ON_SCREEN_FRAMES))}"] .score`)
      const text = score?.lastChild
      if (!text || text.nodeType !== Node.TEXT_NODE) throw new Error('no confidence text in the first card')
      const value = text.nodeValue === `${n % 100}%` ? `${(n + 1) % 100}%` : `${n % 100}%`
      samples.push(
        await measureFrame(
          () => {
            text.nodeValue = value
          },
          () => text.nodeValue === value,
          UPDATE_QUIET_FRAMES,
        ),
      )
    }
    return samples
  },
}
window.uiBench = api

const inspector: InspectorControl = { open: false, target: null, select() {}, toggle() {}, close() {} }
const actions: WorkspaceActions = { deleteDocument: async () => {} }

/** What WorkspaceView renders around the list, minus the toolbar, progress list and input bar. */
function BenchWorkspace({ models }: { models: ReadModels }) {
  return (
    <ModelsProvider models={models}>
      <InspectorContext.Provider value={inspector}>
        <WorkspaceActionsContext.Provider value={actions}>
          <main className="content">
            <div className="workspace-layout">
              <div className="workspace-shell">
                <WorkspacePage title="Bench workspace" />
              </div>
            </div>
          </main>
        </WorkspaceActionsContext.Provider>
      </InspectorContext.Provider>
    </ModelsProvider>
  )
}

/**
 * Runs `act` at the start of a frame and follows the frames after it: when `shows()` first holds at the
 * end of a frame, that is "painted"; the DOM is watched until it has been quiet for `quietFrames` frames.
 */
function measureFrame(act: (translated: () => void) => void, shows: () => boolean, quietFrames: number): Promise<FrameSample> {
  return new Promise((resolve, reject) => {
    let changed = false
    const observer = new MutationObserver(() => {
      changed = true
    })
    observer.observe(container, { subtree: true, childList: true, attributes: true, characterData: true })
    requestAnimationFrame(() => {
      const t0 = performance.now()
      let translateEnd = t0
      let reactEnd = 0
      let layoutEnd = 0
      try {
        act(() => {
          translateEnd = performance.now()
        })
      } catch (error) {
        observer.disconnect()
        reject(error)
        return
      }
      const publishEnd = performance.now()
      // Queued after React's own microtask (scheduled inside publish), so it runs after the commit.
      queueMicrotask(() => {
        reactEnd = performance.now()
        void document.body.offsetHeight
        layoutEnd = performance.now()
      })
      let frames = 1
      let firstFrameEnd = 0
      let paintedAt: number | null = null
      let paintedFrames = 0
      let lastChange = t0
      let quiet = 0
      const check = () => {
        const now = performance.now()
        if (frames === 1) firstFrameEnd = now
        if (changed) {
          changed = false
          lastChange = now
          quiet = 0
        } else quiet++
        if (paintedAt === null && shows()) {
          paintedAt = now
          paintedFrames = frames
        }
        if (paintedAt !== null && quiet >= quietFrames) {
          observer.disconnect()
          resolve({
            translate: translateEnd - t0,
            publish: publishEnd - translateEnd,
            react: reactEnd - publishEnd,
            layout: layoutEnd - reactEnd,
            paint: firstFrameEnd - layoutEnd,
            painted: paintedAt - t0,
            frames: paintedFrames,
            settled: Math.max(lastChange, paintedAt) - t0,
          })
        } else if (frames >= MAX_FRAMES) {
          observer.disconnect()
          reject(new Error(`not shown after ${MAX_FRAMES} frames`))
        } else {
          frames++
          requestAnimationFrame(() => afterFrame(check))
        }
      }
      afterFrame(check)
    })
  })
}

/** Calls `fn` in a task that runs after the current frame's rendering (call it from a rAF callback). */
function afterFrame(fn: () => void): void {
  const channel = new MessageChannel()
  channel.port1.onmessage = () => {
    channel.port1.close()
    fn()
  }
  channel.port2.postMessage(null)
}

function idleFrames(n: number): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1)))
    step(n)
  })
}
