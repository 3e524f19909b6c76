/**
 * The `bench:scale` page: bench:ui's workspace (bench/ui/harness.tsx: the real client core,
 * `ModelsProvider`, `WorkspacePage` with its virtualised list, the app's CSS) loaded by the production
 * session loader (session-loader.ts with api-client.ts), whose fetch answers with the session-data
 * answers the real API gave the same loader in Node (served by the runner at `/answers/…`). Each answer
 * is handed over at the start of an animation frame (t0) once the one before it has been painted, so a
 * page's time is its own: the API client's JSON.parse, the translator, the folds, React and the frame
 * (how a frame is timed: bench/ui/harness.tsx). The first answer's time is the first paint after data.
 * The loader leaves the frames on the server, as the app's does: the cards on screen ask the page's frame
 * loader for theirs, which fetches them from the real app (the page server forwards `/api/…` to it with
 * the bench user's token), and the load also reports when they have replaced the placeholders.
 *
 * Scrolling sets the list's scrollTop at the start of each animation frame: either top to bottom in a
 * fixed number of frames (a scrollbar drag: every frame of a long list brings cards that were never
 * rendered), or a fixed number of pixels a frame from a given place (reading pace: cards come into view
 * one by one). A frame's duration is the time between consecutive rAF timestamps (a frame that misses
 * vsync shows as 33 ms, one that misses two as 50 ms). The browser's own long-animation-frame entries
 * are collected alongside.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import { formatCounts } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { createFrameLoader, type FrameLoader } from '../../src/streams/frame-loader'
import { DEFAULT_PAGING, loadWorkspace } from '../../src/streams/session-loader'
import { BENCH_RESEARCH, BENCH_SESSION, sessionDataBody } from '../ui/data'
import { BenchWorkspace, idleFrames, measureFrame } from '../ui/harness'
import type { AnswersIndex, PageSample, ScaleBenchApi, ScaleLoadResult } from './protocol'

/** One page of the API's default size: what the list holds after the loader's first page. */
const SHORT_DOCUMENTS = 50
const FRAMES = 10
/** Quiet frames after which the DOM counts as settled: the first answer may re-measure cards, later ones are followed for one. */
const FIRST_QUIET_FRAMES = 4
const LATER_QUIET_FRAMES = 1
const IDS = { researchId: BENCH_RESEARCH, sessionId: BENCH_SESSION }

const container = document.getElementById('root') as HTMLElement
const root = createRoot(container)
let core: ClientCore | null = null
let frameLoader: FrameLoader | null = null
/** The app's API as the page's own origin forwards it: the frame loader's requests are real. */
const appApi = createApiClient({ baseUrl: '/api/v1', fetch: globalThis.fetch.bind(globalThis), auth: { token: async () => 'forwarded', userId: () => null, tenantId: () => null, clear: () => {} } })
/** How long the page waits for the cards on screen to show their frames. */
const FRAMES_SHOWN_TIMEOUT_MS = 10_000
let mounts = 0
let full: { texts: string[]; index: AnswersIndex } | null = null
let prepared: { texts: string[]; counts: AnswersIndex['counts'] } | null = null

const api: ScaleBenchApi = {
  shortDocuments: SHORT_DOCUMENTS,

  async prepareLoad(workload) {
    core?.dispose()
    frameLoader?.dispose()
    core = null
    prepared = null
    const next = createClientCore({ log: (m) => console.warn(m) })
    core = next
    frameLoader = createFrameLoader(next, appApi, IDS)
    const key = ++mounts
    flushSync(() => root.render(<BenchWorkspace key={key} models={next.models} frameLoader={frameLoader} />))
    // As the app opens a workspace: the session is selected (empty view), then its data arrives.
    next.bus.publish({ type: 'workspace.sessionSelected', researchId: BENCH_RESEARCH, sessionId: BENCH_SESSION }, 'local')
    if (workload === 'full') {
      full ??= await fetchAnswers()
      prepared = { texts: full.texts, counts: full.index.counts }
    } else {
      const documents = workload === 'short' ? SHORT_DOCUMENTS : 0
      prepared = { texts: [JSON.stringify(sessionDataBody(documents, FRAMES))], counts: [{ documents, actions: documents * FRAMES }] }
    }
    globalThis.gc?.()
    await idleFrames(3)
  },

  async measureLoad(): Promise<ScaleLoadResult> {
    const live = core
    const next = prepared
    if (live === null || next === null) throw new Error('prepareLoad() first')
    prepared = null
    const requests: Array<(answer: Response) => void> = []
    let requested: (() => void) | null = null
    const fetch: typeof globalThis.fetch = () =>
      new Promise((resolve) => {
        requests.push(resolve)
        requested?.()
      })
    const client = createApiClient({ baseUrl: '/api/v1', fetch, auth: { token: async () => 'bench', userId: () => null, tenantId: () => null, clear: () => {} } })
    const loading = loadWorkspace(live, client, IDS, DEFAULT_PAGING, 'on-view')
    const pages: PageSample[] = []
    let framesShown: Promise<number | null> | null = null
    for (let k = 0; k < next.texts.length; k++) {
      if (requests.length === 0) await new Promise<void>((resolve) => (requested = resolve))
      const answer = requests.shift() as (answer: Response) => void
      const text = next.texts[k] as string
      const expected = formatCounts(next.counts[k] as { documents: number; actions: number })
      // Built before t0: encoding the text into a body is the bench's doing, reading it back is the client's.
      const response = new Response(text, { status: 200, headers: { 'content-type': 'application/json' } })
      const sample = await measureFrame(
        container,
        () => {
          // Watched from the first answer on, frame by frame, while the later answers arrive.
          if (k === 0) framesShown = whenFramesShown(performance.now())
          answer(response)
        },
        () => container.querySelector('.counts')?.textContent === expected,
        k === 0 ? FIRST_QUIET_FRAMES : LATER_QUIET_FRAMES,
      )
      pages.push({ painted: sample.painted, frames: sample.frames, settled: sample.settled, chars: text.length })
    }
    if (!(await loading)) throw new Error('the session loader failed')
    if (requests.length > 0) throw new Error(`the loader asked for more than the ${next.texts.length} answers the API gave it`)
    return { pages, framesShown: await framesShown, cardsInDom: container.querySelectorAll('.doc').length, counts: container.querySelector('.counts')?.textContent ?? '' }
  },

  dropAnswers() {
    full = null
    globalThis.gc?.()
  },

  async scroll(frames, pace) {
    const list = container.querySelector<HTMLElement>('.documents-scroll')
    if (list === null) throw new Error('no document list: load the short or full workload first')
    const documents = Number(list.querySelector('.document-slot')?.getAttribute('aria-setsize'))
    if (pace) return readingScroll(list, frames, pace, documents)
    list.scrollTop = 0
    await idleFrames(4)
    const longFrames = watchLongAnimationFrames()
    let distance = 0
    const frameMs = await scrollByFrame(
      list,
      frames,
      (step) => {
        // The list's height changes as cards are measured, so the bottom is where it is now.
        const bottom = list.scrollHeight - list.clientHeight
        return step === frames ? bottom : Math.round((bottom * step) / frames)
      },
      () => (distance = Math.max(distance, list.scrollTop)),
    )
    // Cards measured in the last frames may have moved the bottom again: follow it (not timed) to the last card.
    for (let i = 0; i < 10 && list.querySelector(`[aria-posinset="${documents}"]`) === null; i++) {
      list.scrollTop = list.scrollHeight
      await idleFrames(2)
    }
    if (list.querySelector(`[aria-posinset="${documents}"]`) === null) throw new Error(`scrolled to ${list.scrollTop} of ${list.scrollHeight}, but the last card is not in the DOM`)
    return { frameMs, longAnimationFrameMs: longFrames(), distance, documents }
  },
}
window.scaleBench = api

/** ms from `from` to the first frame with cards in the DOM and no placeholder among them (their frames fetched and drawn); null for a list without cards. */
async function whenFramesShown(from: number): Promise<number | null> {
  const deadline = performance.now() + FRAMES_SHOWN_TIMEOUT_MS
  await idleFrames(1)
  if (container.querySelector('.doc') === null) return null
  while (container.querySelector('.frame-placeholder') !== null) {
    if (performance.now() > deadline) throw new Error('the cards on screen did not get their frames')
    await idleFrames(1)
  }
  return performance.now() - from
}

/** The API's answers to the loader, as the runner recorded them. */
async function fetchAnswers(): Promise<{ texts: string[]; index: AnswersIndex }> {
  const index = (await (await globalThis.fetch('/answers')).json()) as AnswersIndex
  const texts: string[] = []
  for (let i = 0; i < index.count; i++) texts.push(await (await globalThis.fetch(`/answers/${i}`)).text())
  return { texts, index }
}

/** `frames` frames at `pace.pixelsPerFrame` from `pace.from` (a fraction of the list's height). */
async function readingScroll(list: HTMLElement, frames: number, pace: { pixelsPerFrame: number; from: number }, documents: number) {
  const start = Math.round((list.scrollHeight - list.clientHeight) * pace.from)
  list.scrollTop = start
  // Let the jump there (a drag) end and the cards at the start render, measure and settle.
  await idleFrames(20)
  const longFrames = watchLongAnimationFrames()
  const frameMs = await scrollByFrame(list, frames, (step) => start + step * pace.pixelsPerFrame)
  return { frameMs, longAnimationFrameMs: longFrames(), distance: list.scrollTop - start, documents }
}

/**
 * Sets the list's scrollTop to `position(step)` at the start of each of `frames + 1` animation frames
 * (then `after`), and answers the time between consecutive rAF timestamps.
 */
function scrollByFrame(list: HTMLElement, frames: number, position: (step: number) => number, after: () => void = () => {}): Promise<number[]> {
  const frameMs: number[] = []
  return new Promise((resolve) => {
    let previous: number | null = null
    let step = 0
    const onFrame = (now: number) => {
      if (previous !== null) frameMs.push(now - previous)
      previous = now
      if (step > frames) return resolve(frameMs)
      list.scrollTop = position(step)
      after()
      step++
      requestAnimationFrame(onFrame)
    }
    requestAnimationFrame(onFrame)
  })
}

/** Starts collecting the browser's long-animation-frame entries; the returned function stops and answers their durations (null where unsupported). */
function watchLongAnimationFrames(): () => number[] | null {
  if (!PerformanceObserver.supportedEntryTypes.includes('long-animation-frame')) return () => null
  const durations: number[] = []
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration)
  })
  observer.observe({ type: 'long-animation-frame' })
  return () => {
    for (const entry of observer.takeRecords()) durations.push(entry.duration)
    observer.disconnect()
    return durations
  }
}
