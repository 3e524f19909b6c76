/**
 * The replay bench's measurement, the same in Node (../replay.bench.ts) and in Chromium (./page.ts): bare
 * `JSON.parse` of every line (the baseline) and the production replay path (translators, zod validation,
 * camelCase normalisation, bus, every projection) over the same text, alternately, `runs` times each.
 */
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { type ReplayResult, replayRecording } from '../../src/streams/replay'
import { DOCUMENTS } from './log'

export interface ReplayTimes {
  /** Medians, in milliseconds. */
  parseMs: number
  replayMs: number
}

/** The production core without deep freezing, as a production build runs. */
export const productionCore = (): ClientCore => createClientCore({ now: () => 0, freeze: false })

export function measureReplay(text: string, runs: number, core: () => ClientCore = productionCore): ReplayTimes {
  const parseTimes: number[] = []
  const replayTimes: number[] = []
  let check = 0
  for (let run = 0; run < runs; run++) {
    let t = performance.now()
    for (const line of text.split('\n')) if (line !== '') check += (JSON.parse(line) as { id: string }).id.length
    parseTimes.push(performance.now() - t)

    t = performance.now()
    const result = replay(text, core)
    replayTimes.push(performance.now() - t)
    result.core.dispose()
  }
  if (check === 0) throw new Error('unreachable')
  return { parseMs: median(parseTimes), replayMs: median(replayTimes) }
}

/** One replay of the log, checked complete; the caller keeps it (to weigh what its read models hold) or disposes of it. */
export function replay(text: string, core: () => ClientCore = productionCore): ReplayResult {
  const result = replayRecording(text, { core: core() })
  if (result.core.models.workspaceGraph.get().documents.order.length !== DOCUMENTS || result.rejected.length !== 0) throw new Error('replay did not fold the log')
  return result
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] as number
}
