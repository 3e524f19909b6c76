/**
 * The analyst's corrections of action frames (issue 21, item 7; src/protocol/corrections.ts), without HTTP.
 *
 * - A correction is kept by the frame's place (document, action index): reprocessing writes the frames again
 *   and the correction stays, applied to whatever the pipeline reads there now; the pipeline never writes it.
 * - It is applied where frames are read for analysis (corpus.ts): an edit replaces what the frame says, a
 *   rejection leaves the frame out. Setting or removing one keeps the document's board places and briefing keys
 *   again in the same transaction (signals.ts), so the dashboard and briefings follow at once.
 * - `changed` says the pipeline reads the place otherwise than when the analyst corrected it.
 * - Setting or removing one appends `frame-correction-updated` to the live log of the document's workspace in the
 *   same transaction (notified on commit), so every open client of it shows the change without a reload. Search
 *   follows by itself (migration 024's triggers index the analyst's version of the frame).
 */
import type { FrameCorrection } from '../../../src/protocol/corrections'
import { missing } from '../../platform/core/refusal'
import type { Database, Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { appendLiveMessages, notifyLiveOnCommit } from '../live'
import { type CorrectableFrameRow, correctableFrame, correctionAt, type CorrectionRow, deleteCorrection, sessionCorrectionRows, upsertCorrection } from './queries/corrections'
import { keepCompletedDocument } from './signals'

export interface CorrectionRequest {
  verdict: FrameCorrection['verdict']
  actionDescription?: string | undefined
  actionType?: string | undefined
  summary?: string | undefined
  note?: string | undefined
}

export async function setCorrection(db: Database, tenantId: string, uid: string, frameId: string, req: CorrectionRequest, now: number): Promise<FrameCorrection> {
  return db.transaction(async (tx) => {
    const frame = await correctableFrame(tx, tenantId, frameId)
    if (!frame) throw missing('Action frame')
    const edits = req.verdict === 'edited' ? Object.fromEntries((['actionDescription', 'actionType', 'summary'] as const).flatMap((k) => (req[k] !== undefined ? [[k, req[k]]] : []))) : {}
    const before = await correctionAt(tx, tenantId, frame.event_id, frame.action_index)
    // The pipeline's reading is the one the analyst first corrected: editing a correction keeps it.
    const pipeline = before?.pipeline ?? { actionDescription: frame.action_description, actionType: frame.action_type, summary: frame.summary }
    await upsertCorrection(tx, tenantId, { eventId: frame.event_id, actionIndex: frame.action_index, verdict: req.verdict, edits, note: req.note ?? null, pipeline, by: uid, at: now })
    await keepCompletedDocument(tx, tenantId, frame.event_id)
    const correction = toCorrection((await correctionAt(tx, tenantId, frame.event_id, frame.action_index))!)
    await tellWorkspace(tx, tenantId, frame, correction, now)
    return correction
  })
}

export async function clearCorrection(db: Database, tenantId: string, frameId: string, now: number): Promise<void> {
  await db.transaction(async (tx) => {
    const frame = await correctableFrame(tx, tenantId, frameId)
    if (!frame || !(await deleteCorrection(tx, tenantId, frame.event_id, frame.action_index))) throw missing('Correction')
    await keepCompletedDocument(tx, tenantId, frame.event_id)
    await tellWorkspace(tx, tenantId, frame, null, now)
  })
}

export async function sessionCorrections(db: Queryable, tenantId: string, sessionId: string): Promise<FrameCorrection[]> {
  return (await sessionCorrectionRows(db, tenantId, sessionId)).map(toCorrection)
}

/** The change to the live channel of the frame's workspace (a project's document has none). */
async function tellWorkspace(tx: Queryable, tenantId: string, frame: CorrectableFrameRow, correction: FrameCorrection | null, now: number): Promise<void> {
  if (frame.session_id === null) return
  const [m] = await appendLiveMessages(tx, tenantId, frame.session_id, [
    { type: 'frame-correction-updated', data: { frameId: frame.id, eventId: frame.event_id, correction }, at: now, eventId: frame.event_id },
  ])
  if (m) await notifyLiveOnCommit(tx, { tenantId, sessionId: frame.session_id, id: String(m.id) })
}

function toCorrection(r: CorrectionRow): FrameCorrection {
  const current = r.frame_id === null ? null : { actionDescription: r.cur_description, actionType: r.cur_type, summary: r.cur_summary }
  const pipeline = { actionDescription: r.pipeline.actionDescription ?? null, actionType: r.pipeline.actionType ?? null, summary: r.pipeline.summary ?? null }
  return {
    frameId: r.frame_id ?? `${r.event_id}-f${r.action_index}`,
    eventId: r.event_id,
    actionIndex: r.action_index,
    verdict: r.verdict,
    edits: r.edits,
    note: r.note,
    pipeline,
    current,
    changed: current === null || current.actionDescription !== pipeline.actionDescription || current.actionType !== pipeline.actionType || current.summary !== pipeline.summary,
    correctedBy: r.corrected_by,
    correctedAt: iso(r.corrected_at)!,
  }
}
