/** What the `bench:scale` page (bench/scale/page.tsx) exposes on `window.scaleBench` and answers to the runner. */

/**
 * The workspace handed to the page: none, one default API page of documents (the scroll baseline), or the
 * scale workspace as the API answered the session loader, page by page.
 */
export type ScaleWorkload = 'empty' | 'short' | 'full'

/** What the runner serves at `/answers`: how many session-data answers there are (`/answers/0` …) and the title line after each. */
export interface AnswersIndex {
  count: number
  counts: Array<{ documents: number; actions: number }>
}

/** One answer of a load: ms from `t0`, the start of the animation frame in which the answer arrived. */
export interface PageSample {
  /** t0 → end of the first frame showing the answer (its title line): parse, translate, fold, render, layout and paint. */
  painted: number
  /** Frames it took (1 = the very frame the answer arrived in). */
  frames: number
  /** t0 → end of the last frame in which the DOM still changed. */
  settled: number
  /** Size of the answer, in characters of JSON. */
  chars: number
}

export interface ScaleLoadResult {
  /** One per answer, in order: the first is the first paint after data. */
  pages: PageSample[]
  /** First answer → the cards in the DOM showing their frames instead of placeholders (fetched from the app); null without cards. */
  framesShown: number | null
  /** Document cards in the DOM once loaded (the virtualised window), and the title line. */
  cardsInDom: number
  counts: string
}

export interface ScrollResult {
  /** Time between consecutive animation frames while scrolling (rAF timestamps), one per frame. */
  frameMs: number[]
  /** Long animation frames (≥ 50 ms of main-thread work) the browser reported while scrolling, their durations. */
  longAnimationFrameMs: number[] | null
  /** Pixels scrolled, top to bottom, and the documents in the list. */
  distance: number
  documents: number
}

export interface ScaleBenchApi {
  readonly shortDocuments: number
  /** Mounts a fresh core and workspace showing the selected, still empty session, and gets the workload's answers ready. */
  prepareLoad(workload: ScaleWorkload): Promise<void>
  /** Runs the session loader on the prepared answers, each handed over at the start of a frame once the one before is painted. */
  measureLoad(): Promise<ScaleLoadResult>
  /** Lets go of the API's answers (kept for the next full load): the loaded workspace holds what it made of them, as the app would. */
  dropAnswers(): void
  /**
   * Scrolls the loaded list in `frames` animation frames (scrollTop set at the start of each): top to
   * bottom, or with `pace` that many pixels a frame from that fraction of the list's height.
   */
  scroll(frames: number, pace?: { pixelsPerFrame: number; from: number }): Promise<ScrollResult>
}

declare global {
  interface Window {
    scaleBench?: ScaleBenchApi
  }
}
