/** What the bench page (bench/ui/page.tsx) exposes on `window.uiBench` and answers to the runner. */

/** No documents; 2,000 × 10 with the frames in the answer; the same documents with their frames left on the server, as the app loads a workspace (frames on view). */
export type Workload = 'empty' | 'full' | 'documents'

/**
 * One measured frame. Every time is in ms from `t0`, the start of the requestAnimationFrame callback in
 * which the data was handed to the app; the phases add up to `painted` when the first frame shows it.
 */
export interface FrameSample {
  /** Translator: session-data body → `workspace.loaded`, or wire text → `actionFrame.updated`. */
  translate: number
  /** `bus.publish`: every projection's fold plus the synchronous store notifications (selectors). */
  publish: number
  /** From the end of publish to a microtask queued after React's: render + commit (incl. layout read in commit). */
  react: number
  /** Style + layout forced right after the commit (what the frame's rendering step would do first). */
  layout: number
  /** The rest of the frame: ResizeObserver callbacks and what they render, paint, commit to the compositor. */
  paint: number
  /** t0 → end of the first frame whose DOM shows the data (a task posted from that frame's rAF callback). */
  painted: number
  /** Frames it took (1 = the very frame the data arrived in). */
  frames: number
  /** t0 → end of the last frame in which the DOM still changed (virtualiser re-measuring), watched for 4 quiet frames after a load, 1 after an update. */
  settled: number
}

export interface LoadResult extends FrameSample {
  /** Document cards in the DOM at first paint (the virtualised window), and the title line. */
  cardsInDom: number
  counts: string
  /** JSON.parse of the answer's text, done before t0 (the API client's work, not counted). */
  jsonParse: number
}

export interface UiBenchApi {
  /** Size of the session-data answer for the full workload, in bytes of JSON. */
  readonly bodyBytes: number
  readonly documents: number
  readonly frames: number
  /** Mounts a fresh core and workspace showing the selected, still empty session; parses the answer's text. */
  prepareLoad(workload: Workload): Promise<void>
  /** Measures the prepared answer arriving as one `workspace.loaded`. */
  measureLoad(): Promise<LoadResult>
  /** Measures `count` live `action-frame-updated` frames, one per animation frame, into what is loaded now. */
  updates(count: number): Promise<FrameSample[]>
  /**
   * The browser's floor for such an update: the same text node of an on-screen frame card changed by
   * hand, without the core or React, then painted. Leaves React's DOM stale: load again afterwards.
   */
  floor(count: number): Promise<FrameSample[]>
}

declare global {
  interface Window {
    uiBench?: UiBenchApi
  }
}
