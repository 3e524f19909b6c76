// @vitest-environment happy-dom
/**
 * The replay panel over real fixtures, driven through its controls: after play, pause, step, scrub and
 * 'Go to line', the replay's read models equal replaying that prefix directly (`replayRecording`); the
 * rejected lines are listed with line numbers and reasons; and the app's own core, whose models surround
 * the panel, is never touched. Also the developer menu that opens it and the `?replay=` view.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ClientCore } from '../../src/streams/client-core'
import { replayRecording } from '../../src/streams/replay'
import { createReplayPlayer } from '../../src/streams/replay-player'
import { translateRecording } from '../../src/streams/recording'
import { App } from '../../src/ui/App'
import { ModelsProvider } from '../../src/ui/models-context'
import { DevMenu } from '../../src/ui/replay/DevMenu'
import { REPLAY_PANEL_INTERVAL_MS, ReplayPanel } from '../../src/ui/replay/ReplayPanel'

// Every core made, in order: the newest is the one a replay is showing (a backward seek makes a fresh one).
const made = vi.hoisted(() => [] as Array<import('../../src/streams/client-core').ClientCore>)
vi.mock('../../src/streams/client-core', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/streams/client-core')>()
  return {
    ...real,
    createClientCore: (...args: Parameters<typeof real.createClientCore>) => {
      const core = real.createClientCore(...args)
      made.push(core)
      return core
    },
  }
})
const { createClientCore } = await import('../../src/streams/client-core')

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const dir = join(import.meta.dirname, '..', '..', 'fixtures')
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''))
const fixture = (name: string) => readFileSync(join(dir, `${name}.jsonl`), 'utf8')

function modelsOf(core: ClientCore): Record<string, unknown> {
  return Object.fromEntries(Object.entries(core.models).map(([name, model]) => [name, model.get()]))
}

/** The core the panel is showing: the newest one made. */
function shown(): ClientCore {
  return made.at(-1) as ClientCore
}

/** The read models after replaying the first `k` messages of `text` directly (into a core `shown` ignores). */
function direct(text: string, k: number): Record<string, unknown> {
  const { lines } = translateRecording(text)
  const { core } = replayRecording(text, { at: k === 0 ? 0 : (lines[k - 1]?.line ?? 0) })
  made.splice(made.indexOf(core), 1)
  const models = modelsOf(core)
  core.dispose()
  return models
}

function expectShowing(text: string, k: number) {
  expect(screen.getByTestId('replay-position').textContent).toBe(`${k} / ${translateRecording(text).lines.length}`)
  const models = modelsOf(shown())
  expect(models).toEqual(direct(text, k))
}

/** The app's core with a real workspace in it, and a snapshot of its read models' states. */
function appCore() {
  const core = createClientCore({ now: () => 0 })
  replayRecording(fixture('single-document-happy-path'), { core })
  const before = modelsOf(core)
  const seq = core.bus.nextSeq
  return {
    core,
    expectUntouched() {
      expect(core.bus.nextSeq).toBe(seq)
      for (const [name, state] of Object.entries(modelsOf(core))) expect(state, name).toBe(before[name])
    },
  }
}

function renderPanel(app: ClientCore, loadCurrent: (() => Promise<string>) | null = null, onClose = () => {}) {
  return render(
    <ModelsProvider models={app.models}>
      <ReplayPanel loadCurrent={loadCurrent} onClose={onClose} />
    </ModelsProvider>,
  )
}

async function chooseFile(name: string, text: string) {
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Recording file (.jsonl)'), { target: { files: [new File([text], `${name}.jsonl`)] } })
  })
  await screen.findByTestId('replay-position')
}

const click = (name: string | RegExp) => act(() => fireEvent.click(screen.getByRole('button', { name })))
const scrub = (k: number) => act(() => fireEvent.change(screen.getByRole('slider', { name: 'Message' }), { target: { value: String(k) } }))

describe('replay panel', () => {
  test('malformed-json: step, scrub, play and pause show the prefix; rejected lines are listed with reasons; the app core is untouched', async () => {
    const app = appCore()
    const text = fixture('malformed-json')
    renderPanel(app.core)
    await chooseFile('malformed-json', text)
    expect(screen.getByText('malformed-json.jsonl')).toBeTruthy()
    expectShowing(text, 0)
    expect(screen.getByText('(0 documents, 0 actions)')).toBeTruthy()

    const rejected = screen.getByRole('region', { name: 'Rejected lines' })
    const items = within(rejected).getAllByRole('listitem')
    expect(items.map((li) => [li.dataset.line, li.querySelector('.replay-reason')?.textContent])).toEqual([
      ['2', 'invalid-json'],
      ['3', 'not-an-object'],
      ['4', 'not-an-object'],
      ['5', 'missing-frame-or-parent-id'],
      ['6', 'missing-frame-or-parent-id'],
      ['7', 'schema-mismatch'],
    ])
    expect(items[0]?.textContent).toContain('Unterminated string in JSON')
    expect(within(rejected).getByText('(0 of 6 reached)')).toBeTruthy()

    for (let k = 1; k <= 3; k++) {
      click('Step')
      expectShowing(text, k)
    }
    expect(screen.getByText('line 3')).toBeTruthy()
    expect(within(rejected).getByText('(2 of 6 reached)')).toBeTruthy()
    expect(items.filter((li) => li.classList.contains('reached')).map((li) => li.dataset.line)).toEqual(['2', '3'])

    scrub(8)
    expectShowing(text, 8)
    expect(screen.getByText('(1 documents, 0 actions)')).toBeTruthy()
    scrub(1)
    expectShowing(text, 1)
    expect(screen.getByText('(1 documents, 0 actions)')).toBeTruthy()

    click('Go to line 6')
    expectShowing(text, 6)
    expect(within(rejected).getByText('(5 of 6 reached)')).toBeTruthy()

    vi.useFakeTimers()
    click('Play')
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(REPLAY_PANEL_INTERVAL_MS * 2))
    expectShowing(text, 8)
    click('Pause')
    act(() => vi.advanceTimersByTime(REPLAY_PANEL_INTERVAL_MS * 10))
    expectShowing(text, 8)
    click('Play')
    act(() => vi.advanceTimersByTime(REPLAY_PANEL_INTERVAL_MS * 10))
    expectShowing(text, 9)
    expect(screen.getByText(/Replayed/)).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Step' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(rejected).getByText('(6 of 6 reached)')).toBeTruthy()

    // Play at the end starts again from the first message.
    click('Play')
    expectShowing(text, 0)
    act(() => vi.advanceTimersByTime(REPLAY_PANEL_INTERVAL_MS))
    expectShowing(text, 1)
    click('Pause')

    app.expectUntouched()
  })

  test.each(fixtures)('%s: scrubbing to every message, in a scrambled order, shows that prefix', async (name) => {
    const app = appCore()
    const text = fixture(name)
    const n = translateRecording(text).lines.length
    renderPanel(app.core)
    await chooseFile(name, text)
    // Forward and backward jumps of every size: k, n-k, k+1, …
    const order = Array.from({ length: n + 1 }, (_, i) => (i % 2 === 0 ? i / 2 : n - (i - 1) / 2))
    for (const k of order) {
      scrub(k)
      expectShowing(text, k)
    }
    app.expectUntouched()
  })

  test("'Load current session' replays the text the callback returns; without a session it is disabled", async () => {
    const app = appCore()
    const text = fixture('recorded-pipeline-text-document-reprocess')
    const loadCurrent = vi.fn(async () => text)
    const { unmount } = renderPanel(app.core, loadCurrent)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load current session' }))
    })
    expect(loadCurrent).toHaveBeenCalledTimes(1)
    expect(screen.getByText('current session')).toBeTruthy()
    expect(screen.getByText('No rejected lines.')).toBeTruthy()
    const n = translateRecording(text).lines.length
    scrub(n)
    expectShowing(text, n)
    click('Step')
    expectShowing(text, n)
    unmount()

    renderPanel(app.core, null)
    expect((screen.getByRole('button', { name: 'Load current session' }) as HTMLButtonElement).disabled).toBe(true)
    app.expectUntouched()
  })

  test('a failed load says why and keeps the replay that was open; loading another recording replaces it', async () => {
    const app = appCore()
    let fail = false
    renderPanel(app.core, async () => {
      if (fail) throw new Error('HTTP 404')
      return fixture('no-actions-found')
    })
    await chooseFile('error-midway', fixture('error-midway'))
    expect(screen.getByText('error-midway.jsonl')).toBeTruthy()
    fail = true
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load current session' }))
    })
    expect(screen.getByRole('alert').textContent).toBe('Could not load current session: HTTP 404')
    expect(screen.getByText('error-midway.jsonl')).toBeTruthy()
    fail = false
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load current session' }))
    })
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('current session')).toBeTruthy()
    scrub(2)
    expectShowing(fixture('no-actions-found'), 2)
    app.expectUntouched()
  })

  test('closing the panel calls onClose; unmounting stops the replay', async () => {
    const app = appCore()
    const onClose = vi.fn()
    const { unmount } = renderPanel(app.core, null, onClose)
    await chooseFile('demo-workspace', fixture('demo-workspace'))
    click('Close')
    expect(onClose).toHaveBeenCalledTimes(1)
    vi.useFakeTimers()
    click('Play')
    const core = shown()
    const seq = core.bus.nextSeq
    unmount()
    act(() => vi.advanceTimersByTime(REPLAY_PANEL_INTERVAL_MS * 10))
    expect(core.bus.nextSeq).toBe(seq)
    app.expectUntouched()
  })
})

describe('developer menu', () => {
  test("'Replay a recording…' opens the panel in a dialog; closing it returns focus to the menu button", async () => {
    const app = appCore()
    render(
      <ModelsProvider models={app.core.models}>
        <DevMenu loadCurrent={async () => fixture('single-document-happy-path')} />
      </ModelsProvider>,
    )
    const button = screen.getByRole('button', { name: 'Developer menu' })
    act(() => {
      button.focus()
      fireEvent.keyDown(button, { key: 'Enter' })
    })
    const item = await screen.findByRole('menuitem', { name: 'Replay a recording…' })
    await act(async () => {
      fireEvent.click(item)
    })
    const dialog = await screen.findByRole('dialog', { name: 'Replay a recording' })
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Load current session' }))
    })
    const text = fixture('single-document-happy-path')
    scrub(6)
    expectShowing(text, 6)
    // The app's workspace and the replay's are two cores: the replay shows 6 messages, the app all of them.
    expect(modelsOf(app.core)).not.toEqual(direct(text, 6))
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    // Radix moves focus when the dialog's focus scope unmounts, a task later.
    await waitFor(() => expect(document.activeElement).toBe(button))
    app.expectUntouched()
  })
})

describe('?replay= view', () => {
  test('uses the same controls: the player plays into the given core, and a scrub back shows a fresh one', () => {
    vi.useFakeTimers()
    const core = createClientCore({ now: () => 0 })
    const text = fixture('single-document-happy-path')
    const player = createReplayPlayer(text, core, { intervalMs: 120 })
    player.play()
    render(
      <ModelsProvider models={core.models}>
        <App replay={{ name: 'single-document-happy-path', player }} />
      </ModelsProvider>,
    )
    expect(screen.getByRole('group', { name: 'Replay controls' })).toBeTruthy()
    act(() => vi.advanceTimersByTime(120 * 3))
    expect(screen.getByTestId('replay-position').textContent).toBe(`3 / ${player.lines.length}`)
    expect(player.core()).toBe(core)
    click('Pause')
    scrub(1)
    expect(player.core()).not.toBe(core)
    expect(screen.getByTestId('replay-position').textContent).toBe(`1 / ${player.lines.length}`)
    expect(screen.getByText('(1 documents, 0 actions)')).toBeTruthy()
    player.dispose()
  })
})
