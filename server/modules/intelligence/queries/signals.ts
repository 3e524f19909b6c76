/**
 * The SQL of the pulse as kept (migration 017; signals.ts writes and reads it), scoped by tenant in every
 * statement but the start-up backfill's.
 */
import type { Queryable } from '../../../platform/db/database'

/** One frame's place on the boards, as signals.ts keeps it. */
export interface FrameSignalRow {
  frameId: string
  eventId: string
  board: 'risk' | 'opportunity' | null
  score: number
  entry: unknown
}

/** A document's frames' places, written again (its earlier rows go first, so a retry writes the same). */
export async function replaceFrameSignals(tx: Queryable, tenantId: string, eventId: string, rows: readonly FrameSignalRow[]): Promise<void> {
  await tx.query(`DELETE FROM frame_signals WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  await insertFrameSignals(tx, tenantId, rows)
}

/** Frames' places, added where none is kept yet (a start-up's backfill may meet a completion's). */
export async function insertFrameSignals(tx: Queryable, tenantId: string, rows: readonly FrameSignalRow[]): Promise<void> {
  if (rows.length === 0) return
  await tx.query(
    `INSERT INTO frame_signals (tenant_id, frame_id, event_id, board, score, entry)
     SELECT $1, r.frame_id, r.event_id, r.board, r.score, r.entry::jsonb
       FROM unnest($2::text[], $3::text[], $4::text[], $5::float8[], $6::text[]) AS r(frame_id, event_id, board, score, entry)
       JOIN action_frames f ON f.tenant_id = $1 AND f.id = r.frame_id AND f.event_id = r.event_id
     ON CONFLICT DO NOTHING`,
    [tenantId, rows.map((r) => r.frameId), rows.map((r) => r.eventId), rows.map((r) => r.board), rows.map((r) => r.score), rows.map((r) => JSON.stringify(r.entry))],
  )
}

/**
 * Completed documents with frames whose places are not kept (completed before 017), `limit` at a time, any
 * tenant, in (tenant, id) order after `after` (a page's last), so each is visited once.
 */
export async function documentsWithoutSignals(db: Queryable, limit: number, after: { tenant_id: string; id: string } | null): Promise<Array<{ tenant_id: string; id: string }>> {
  return db.query(
    `SELECT e.tenant_id, e.id FROM events e
      WHERE e.status = 'completed' AND (e.tenant_id, e.id) > ($1, $2)
        AND EXISTS (SELECT 1 FROM action_frames f WHERE f.tenant_id = e.tenant_id AND f.event_id = e.id)
        AND NOT EXISTS (SELECT 1 FROM frame_signals s WHERE s.tenant_id = e.tenant_id AND s.event_id = e.id)
      ORDER BY e.tenant_id, e.id LIMIT ${limit}`,
    [after?.tenant_id ?? '', after?.id ?? ''],
  )
}

/** A board's best entries as kept, of completed documents: index desc, then frame id. */
export async function boardEntries(db: Queryable, tenantId: string, board: 'risk' | 'opportunity', limit: number): Promise<unknown[]> {
  const rows = await db.query<{ entry: unknown }>(
    `SELECT s.entry FROM frame_signals s
       JOIN events e ON e.tenant_id = s.tenant_id AND e.id = s.event_id AND e.status = 'completed'
      WHERE s.tenant_id = $1 AND s.board = $2
      ORDER BY s.score DESC, s.frame_id COLLATE "C" LIMIT ${limit}`,
    [tenantId, board],
  )
  return rows.map((r) => (typeof r.entry === 'string' ? JSON.parse(r.entry) : r.entry))
}

/** The tenant's completed documents and their signals per UTC day (from `fromDay`, yyyy-mm-dd) and PESTLE category as stored ('' for none). */
export async function signalDays(db: Queryable, tenantId: string, fromDay = '0001-01-01'): Promise<Array<{ day: string; pestle: string; documents: number; frames: number }>> {
  const rows = await db.query<{ day: string; pestle: string; documents: number | string; frames: number | string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, pestle, documents, frames FROM signal_days WHERE tenant_id = $1 AND day >= $2::date`,
    [tenantId, fromDay],
  )
  return rows.map((r) => ({ day: r.day, pestle: r.pestle, documents: Number(r.documents), frames: Number(r.frames) }))
}

/** Signals (frames of completed documents, by ingestion time) in (now − 24 h, now], (now − 7 d, now] and (now − 14 d, now − 7 d]. */
export async function recentSignals(db: Queryable, tenantId: string, now: number): Promise<{ last24h: number; last7d: number; previous7d: number }> {
  const day = 86_400_000
  const at = (ms: number) => new Date(ms).toISOString()
  const [row] = await db.query<{ last24h: number | string | null; last7d: number | string | null; previous7d: number | string | null }>(
    `SELECT sum(coalesce(action_count, 0)) FILTER (WHERE ingested_at > $3) AS last24h,
            sum(coalesce(action_count, 0)) FILTER (WHERE ingested_at > $4) AS last7d,
            sum(coalesce(action_count, 0)) FILTER (WHERE ingested_at <= $4) AS previous7d
       FROM events WHERE tenant_id = $1 AND status = 'completed' AND ingested_at > $5 AND ingested_at <= $2`,
    [tenantId, at(now), at(now - day), at(now - 7 * day), at(now - 14 * day)],
  )
  return { last24h: Number(row?.last24h ?? 0), last7d: Number(row?.last7d ?? 0), previous7d: Number(row?.previous7d ?? 0) }
}

/**
 * The completed documents of every story told in (from, to], whole (its earlier documents too), and the
 * documents of that span in no story yet: what the hot topics are made of.
 */
export async function liveStoryDocuments(db: Queryable, tenantId: string, from: number, to: number): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `WITH recent AS (
       SELECT id FROM events WHERE tenant_id = $1 AND status = 'completed' AND ingested_at > $2 AND ingested_at <= $3
     )
     SELECT id FROM recent
     UNION
     SELECT m.event_id FROM story_members m
      WHERE m.tenant_id = $1 AND m.story_id IN (SELECT r.story_id FROM story_members r WHERE r.tenant_id = $1 AND r.event_id IN (SELECT id FROM recent))`,
    [tenantId, new Date(from).toISOString(), new Date(to).toISOString()],
  )
  return rows.map((r) => r.id)
}
