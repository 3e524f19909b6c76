/**
 * Replays a recording through the production path: the recording's translators, the bus and every
 * projection of the client core. Lines are published in batches (a batch folds in one pass; the
 * property tests hold batch and one-by-one folds equal).
 */
import type { WorkspaceGraph } from '../projections/workspace-graph'
import { selectReplaySummary } from '../projections/workspace-selectors'
import { createClientCore, type ClientCore } from './client-core'
import type { Envelope } from '../projections/define-projection'
import { recordingLines, type RecordingHeader } from './recording'

export interface ReplayResult {
  header: RecordingHeader | null
  core: ClientCore
  rejected: Array<{ line: number; reason: string; detail: string }>
  /** Lines read (non-blank), applied or not. */
  lines: number
}

/** The JSON `npm run replay -- --json` prints. */
export interface ReplaySummary extends ReturnType<typeof selectReplaySummary> {
  rejected: Array<{ line: number; reason: string; detail: string }>
}

// Lines are translated lazily and folded in batches: each batch is one copy-on-write pass. Batch and
// one-by-one folds are equal (tests/projections/properties.test.ts).
const BATCH = 8192

export function replayRecording(text: string, options: { at?: number; core?: ClientCore } = {}): ReplayResult {
  const core = options.core ?? createClientCore({ now: () => 0 })
  const meta: { header: RecordingHeader | null } = { header: null }
  const rejected: ReplayResult['rejected'] = []
  let count = 0
  let batch: Envelope[] = []
  for (const l of recordingLines(text, options.at === undefined ? {} : { upToLine: options.at }, meta)) {
    count++
    if (l.rejected) rejected.push({ line: l.line, reason: l.rejected.reason, detail: l.rejected.detail })
    for (const event of l.events) batch.push({ seq: 0, receivedAt: l.receivedAt, source: 'replay', event })
    if (batch.length >= BATCH) {
      core.bus.publishEnvelopes(batch)
      batch = []
    }
  }
  core.bus.publishEnvelopes(batch)
  return { header: meta.header, core, rejected, lines: count }
}

export function summarizeReplay(result: ReplayResult): ReplaySummary {
  const graph: WorkspaceGraph = result.core.models.workspaceGraph.get()
  return { ...selectReplaySummary(graph), rejected: result.rejected }
}
