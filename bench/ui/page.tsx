/**
 * The `bench:ui` page: the real client core, `ModelsProvider` and `WorkspacePage` (the virtualised
 * document list) inside the app's layout classes and CSS, driven through the production input paths:
 * a session-data answer through `translateSessionData` onto the bus as session-loader.ts does, and live
 * `action-frame-updated` text through `translateLiveText` as workspace-live.ts does. How a frame is
 * timed: bench/ui/harness.tsx.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { translateLiveText } from '../../src/streams/translators/live-message'
import { translateSessionData } from '../../src/streams/translators/session-data'
import { BENCH_RESEARCH, BENCH_SESSION, frameId, frameUpdateConfidenceText, frameUpdateText, sessionDataBody } from './data'
import { BenchWorkspace, idleFrames, measureFrame } from './harness'
import type { FrameSample, UiBenchApi, Workload } from './protocol'

const params = new URLSearchParams(window.location.search)
const DOCUMENTS = Number(params.get('documents') ?? 2000)
const FRAMES = Number(params.get('frames') ?? 10)
/** Quiet frames after which the DOM counts as settled: a load may re-measure; an update is followed for one. */
const LOAD_QUIET_FRAMES = 4
const UPDATE_QUIET_FRAMES = 1
/** The first card's frames fully on screen at 1280×900 (three columns, two rows): live updates go to these. */
const ON_SCREEN_FRAMES = Math.min(6, FRAMES)

const texts: Record<Workload, string> = {
  full: JSON.stringify(sessionDataBody(DOCUMENTS, FRAMES)),
  empty: JSON.stringify(sessionDataBody(0, 0)),
  documents: JSON.stringify({ ...sessionDataBody(DOCUMENTS, FRAMES), actionFrames: [] }),
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
      container,
      (translated) => {
        const events = translateSessionData(body, { sessionId: BENCH_SESSION, append: false, framesDeferred: workload === 'documents' })
        translated()
        if (events[0]?.type !== 'workspace.loaded' || events.length !== 1) throw new Error(`session data rejected: ${JSON.stringify(events[0]).slice(0, 300)}`)
        live.bus.publish(events, 'api')
      },
      () => container.querySelector(workload === 'empty' ? '.empty' : '.doc') !== null,
      LOAD_QUIET_FRAMES,
    )
    loaded = workload
    const counts = container.querySelector('.counts')?.textContent ?? ''
    const expected = workload === 'empty' ? '(0 documents, 0 actions)' : `(${DOCUMENTS} documents, ${DOCUMENTS * FRAMES} actions)`
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
          container,
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
          container,
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
