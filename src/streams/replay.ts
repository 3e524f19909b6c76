/**
 * Replays a recording through the production path: the recording's translators, the bus and every
 * projection of the client core. Lines are published in batches (a batch folds in one pass; the
 * property tests hold batch and one-by-one folds equal).
 */
import type { WorkspaceGraph } from '../projections/workspace-graph'
import { selectReplaySummary } from '../projections/workspace-selectors'
import { createClientCore, type ClientCore } from './client-core'
import { translateRecording, type RecordingHeader } from './recording'

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

// A replay folds as one batch: one copy-on-write pass, so large maps are copied once, not once per
// message. Batch and one-by-one folds are equal (tests/projections/properties.test.ts).
const BATCH = Number.POSITIVE_INFINITY

export function replayRecording(text: string, options: { at?: number; core?: ClientCore } = {}): ReplayResult {
  const core = options.core ?? createClientCore({ now: () => 0 })
  const { header, lines } = translateRecording(text, options.at === undefined ? {} : { upToLine: options.at })
  const rejected: ReplayResult['rejected'] = []
  let batch: Array<{ event: import('../domain/events').DomainEvent; receivedAt: number }> = []
  for (const l of lines) {
    if (l.rejected) rejected.push({ line: l.line, reason: l.rejected.reason, detail: l.rejected.detail })
    for (const event of l.events) batch.push({ event, receivedAt: l.receivedAt })
    if (batch.length >= BATCH) {
      core.bus.publishTimed(batch, 'replay')
      batch = []
    }
  }
  core.bus.publishTimed(batch, 'replay')
  return { header, core, rejected, lines: lines.length }
}

export function summarizeReplay(result: ReplayResult): ReplaySummary {
  const graph: WorkspaceGraph = result.core.models.workspaceGraph.get()
  return { ...selectReplaySummary(graph), rejected: result.rejected }
}
