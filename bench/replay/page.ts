/**
 * The `bench:replay` page: the same log and measurement as the Node run, in Chromium, where the client
 * replays for analysts (the Dev menu's replay panel). The Node side calls `measure`, then weighs what one
 * replay keeps: a full collection and the heap in use (over the DevTools protocol) before and after `keep`.
 */
import type { ReplayResult } from '../../src/streams/replay'
import { generateLog } from './log'
import { measureReplay, type ReplayTimes, replay } from './measure'

export interface ReplayPageApi {
  messages: number
  measure(runs: number): ReplayTimes
  keep(): void
  release(): void
}

declare global {
  interface Window {
    replayBench?: ReplayPageApi
  }
}

const text = (() => `${generateLog().join('\n')}\n`)()
let kept: ReplayResult | null = null

window.replayBench = {
  messages: text.split('\n').length - 1,
  measure: (runs) => measureReplay(text, runs),
  keep() {
    kept = replay(text)
  },
  release() {
    kept?.core.dispose()
    kept = null
  },
}
