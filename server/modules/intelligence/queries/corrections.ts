/** The SQL of the analyst's frame corrections (migration 023), scoped by tenant in every statement. */
import type { Queryable } from '../../../platform/db/database'

export interface CorrectableFrameRow {
  id: string
  event_id: string
  /** The workspace its document is in (null for a project's document): whose live channel hears of a change. */
  session_id: string | null
  action_index: number
  action_description: string | null
  action_type: string | null
  summary: string | null
}

export interface CorrectionRow {
  event_id: string
  action_index: number
  verdict: 'edited' | 'rejected' | 'noted'
  edits: Record<string, string>
  note: string | null
  pipeline: { actionDescription: string | null; actionType: string | null; summary: string | null }
  corrected_by: string
  corrected_at: Date | string
  /** The frame at that place now, and what the pipeline reads there now (null when there is none). */
  frame_id: string | null
  cur_description: string | null
  cur_type: string | null
  cur_summary: string | null
}

const READING = `f.body->>'actionDescription' AS action_description, coalesce(f.action_type, f.body->>'actionType') AS action_type, f.body->>'summary' AS summary`

/** One of the tenant's frames, as a correction records the pipeline's reading of it. */
export async function correctableFrame(db: Queryable, tenantId: string, frameId: string): Promise<CorrectableFrameRow | undefined> {
  return (
    await db.query<CorrectableFrameRow>(
      `SELECT f.id, f.event_id, e.session_id, coalesce(f.action_index, 1) AS action_index, ${READING}
       FROM action_frames f JOIN events e ON e.tenant_id = f.tenant_id AND e.id = f.event_id WHERE f.tenant_id = $1 AND f.id = $2`,
      [tenantId, frameId],
    )
  )[0]
}

export async function upsertCorrection(
  tx: Queryable,
  tenantId: string,
  c: { eventId: string; actionIndex: number; verdict: string; edits: object; note: string | null; pipeline: object; by: string; at: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO frame_corrections (tenant_id, event_id, action_index, verdict, edits, note, pipeline, corrected_by, corrected_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9)
     ON CONFLICT (tenant_id, event_id, action_index) DO UPDATE SET verdict = EXCLUDED.verdict, edits = EXCLUDED.edits, note = EXCLUDED.note,
       pipeline = EXCLUDED.pipeline, corrected_by = EXCLUDED.corrected_by, corrected_at = EXCLUDED.corrected_at`,
    [tenantId, c.eventId, c.actionIndex, c.verdict, JSON.stringify(c.edits), c.note, JSON.stringify(c.pipeline), c.by, new Date(c.at).toISOString()],
  )
}

/** Deletes the correction at a frame's place; false when there was none. */
export async function deleteCorrection(tx: Queryable, tenantId: string, eventId: string, actionIndex: number): Promise<boolean> {
  return (await tx.query(`DELETE FROM frame_corrections WHERE tenant_id = $1 AND event_id = $2 AND action_index = $3 RETURNING event_id`, [tenantId, eventId, actionIndex])).length > 0
}

const WITH_CURRENT = `SELECT c.event_id, c.action_index, c.verdict, c.edits, c.note, c.pipeline, c.corrected_by, c.corrected_at, f.id AS frame_id,
        f.body->>'actionDescription' AS cur_description, coalesce(f.action_type, f.body->>'actionType') AS cur_type, f.body->>'summary' AS cur_summary
   FROM frame_corrections c
   LEFT JOIN action_frames f ON f.tenant_id = c.tenant_id AND f.event_id = c.event_id AND coalesce(f.action_index, 1) = c.action_index`

/** The corrections of a workspace's documents, with what the pipeline reads at each place now. */
export async function sessionCorrectionRows(db: Queryable, tenantId: string, sessionId: string): Promise<CorrectionRow[]> {
  return db.query<CorrectionRow>(
    `${WITH_CURRENT} JOIN events e ON e.tenant_id = c.tenant_id AND e.id = c.event_id
      WHERE c.tenant_id = $1 AND e.session_id = $2 ORDER BY c.event_id, c.action_index`,
    [tenantId, sessionId],
  )
}

/** The correction at one place, with the pipeline's reading there now. */
export async function correctionAt(db: Queryable, tenantId: string, eventId: string, actionIndex: number): Promise<CorrectionRow | undefined> {
  return (await db.query<CorrectionRow>(`${WITH_CURRENT} WHERE c.tenant_id = $1 AND c.event_id = $2 AND c.action_index = $3`, [tenantId, eventId, actionIndex]))[0]
}
