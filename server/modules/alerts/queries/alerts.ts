/**
 * The alerts tables (migration 021): what a completed document is matched with, the alerts it raises, and
 * a user's reads of them. Every statement is scoped by tenant; reads of alerts by user as well.
 */
import type { Queryable } from '../../../platform/db/database'
import { iso } from '../../../platform/db/rows'

export interface MatchDocument {
  id: string
  title: string | null
  summary: string | null
  research_id: string | null
  session_id: string | null
  project_id: string | null
}

export interface MatchFrame {
  id: string
  body: Record<string, unknown>
}

export interface AlertRow {
  id: string
  watch_id: string
  watch_label: string
  watch_kind: 'entity' | 'search' | 'category'
  user_id: string
  story_id: string | null
  event_id: string
  frame_id: string | null
  research_id: string | null
  session_id: string | null
  project_id: string | null
  title: string
  excerpt: string
  document_count: number
  created_at: string
  read_at: string | null
}

export async function matchDocument(tx: Queryable, tenantId: string, eventId: string): Promise<MatchDocument | null> {
  const [row] = await tx.query<MatchDocument>(`SELECT id, title, summary, research_id, session_id, project_id FROM events WHERE tenant_id = $1 AND id = $2 AND status = 'completed'`, [
    tenantId,
    eventId,
  ])
  return row ?? null
}

/**
 * The document's frames as the analyst has them (corrections kept across a reprocess, or restored by an
 * import, are already there when it completes): a rejected frame matches nothing, an edited one carries the
 * analyst's words (migration 024's `search_corrected_body`).
 */
export async function documentFrames(tx: Queryable, tenantId: string, eventId: string): Promise<MatchFrame[]> {
  return tx.query<MatchFrame>(
    `SELECT f.id, CASE WHEN c.verdict = 'edited' THEN search_corrected_body(f.body::jsonb, c.edits) ELSE f.body::jsonb END AS body
       FROM action_frames f
       LEFT JOIN frame_corrections c ON c.tenant_id = f.tenant_id AND c.event_id = f.event_id AND c.action_index = coalesce(f.action_index, 1)
      WHERE f.tenant_id = $1 AND f.event_id = $2 AND (c.verdict IS NULL OR c.verdict <> 'rejected')
      ORDER BY f.action_index NULLS LAST, f.id`,
    [tenantId, eventId],
  )
}

/**
 * The saved searches among `watchIds` that the document matches, each with its first frame whose description
 * or summary matches as the analyst has them (null when only the document's text does; a rejected frame never
 * does). PostgreSQL text search, English configuration.
 */
export async function searchMatches(tx: Queryable, tenantId: string, eventId: string, watchIds: readonly string[]): Promise<Array<{ watch_id: string; frame_id: string | null }>> {
  if (watchIds.length === 0) return []
  return tx.query<{ watch_id: string; frame_id: string | null }>(
    `SELECT w.id AS watch_id, f.id AS frame_id
       FROM watches w
       JOIN events e ON e.tenant_id = w.tenant_id AND e.id = $2
       LEFT JOIN LATERAL (
         SELECT af.id FROM action_frames af
           LEFT JOIN frame_corrections c ON c.tenant_id = af.tenant_id AND c.event_id = af.event_id AND c.action_index = coalesce(af.action_index, 1)
           CROSS JOIN LATERAL (SELECT CASE WHEN c.verdict = 'edited' THEN search_corrected_body(af.body::jsonb, c.edits) ELSE af.body::jsonb END AS body) v
          WHERE af.tenant_id = e.tenant_id AND af.event_id = e.id AND (c.verdict IS NULL OR c.verdict <> 'rejected')
            AND to_tsvector('english', coalesce(v.body->>'actionDescription', '') || ' ' || coalesce(v.body->>'summary', '')) @@ websearch_to_tsquery('english', w.query)
          ORDER BY af.action_index NULLS LAST, af.id LIMIT 1) f ON true
      WHERE w.tenant_id = $1 AND w.id = ANY($3::text[]) AND w.kind = 'search'
        AND (f.id IS NOT NULL OR to_tsvector('english', coalesce(e.title, '') || ' ' || coalesce(e.summary, '') || ' ' || coalesce(e.payload->>'cleanedContent', ''))
                                 @@ websearch_to_tsquery('english', w.query))
      ORDER BY w.id`,
    [tenantId, eventId, [...watchIds]],
  )
}

/** Notes that the document matched the watch; false when it had already (a retry, a reprocess). */
export async function claimDocument(tx: Queryable, tenantId: string, watchId: string, eventId: string): Promise<boolean> {
  const rows = await tx.query(`INSERT INTO alert_documents (tenant_id, watch_id, event_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`, [tenantId, watchId, eventId])
  return rows.length > 0
}

/** The watch's alert about this story already: by its key, or raised by a document now in the story (stories merge). */
export async function storyAlertId(tx: Queryable, tenantId: string, watchId: string, storyKey: string, storyId: string | null): Promise<string | null> {
  const [row] = await tx.query<{ id: string }>(
    `SELECT a.id FROM alerts a
      WHERE a.tenant_id = $1 AND a.watch_id = $2
        AND (a.story_key = $3 OR ($4::text IS NOT NULL AND a.event_id IN (SELECT m.event_id FROM story_members m WHERE m.tenant_id = $1 AND m.story_id = $4)))
      ORDER BY a.created_at, a.id LIMIT 1`,
    [tenantId, watchId, storyKey, storyId],
  )
  return row?.id ?? null
}

export async function insertAlert(
  tx: Queryable,
  tenantId: string,
  a: { id: string; watchId: string; userId: string; storyKey: string; storyId: string | null; eventId: string; frameId: string | null; title: string; excerpt: string; at: number },
): Promise<void> {
  await tx.query(`INSERT INTO alerts (tenant_id, id, watch_id, user_id, story_key, story_id, event_id, frame_id, title, excerpt, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, [
    tenantId,
    a.id,
    a.watchId,
    a.userId,
    a.storyKey,
    a.storyId,
    a.eventId,
    a.frameId,
    a.title,
    a.excerpt,
    iso(a.at),
  ])
}

export async function countAlertDocument(tx: Queryable, tenantId: string, alertId: string): Promise<void> {
  await tx.query(`UPDATE alerts SET document_count = document_count + 1 WHERE tenant_id = $1 AND id = $2`, [tenantId, alertId])
}

const SELECT = `SELECT a.id, a.watch_id, w.label AS watch_label, w.kind AS watch_kind, a.user_id, a.story_id, a.event_id, a.frame_id,
       e.research_id, e.session_id, e.project_id, a.title, a.excerpt, a.document_count, a.created_at, a.read_at
  FROM alerts a JOIN watches w ON w.tenant_id = a.tenant_id AND w.id = a.watch_id JOIN events e ON e.tenant_id = a.tenant_id AND e.id = a.event_id`

export async function alertById(db: Queryable, tenantId: string, id: string, userId?: string): Promise<AlertRow | null> {
  const [row] = await db.query<AlertRow>(`${SELECT} WHERE a.tenant_id = $1 AND a.id = $2 AND ($3::text IS NULL OR a.user_id = $3)`, [tenantId, id, userId ?? null])
  return row ? fixAlert(row) : null
}

export async function userAlerts(db: Queryable, tenantId: string, userId: string, limit: number): Promise<AlertRow[]> {
  return (await db.query<AlertRow>(`${SELECT} WHERE a.tenant_id = $1 AND a.user_id = $2 ORDER BY a.created_at DESC, a.id DESC LIMIT $3`, [tenantId, userId, limit])).map(fixAlert)
}

/** The user's alerts raised in [from, to), oldest first. */
export async function userAlertsBetween(db: Queryable, tenantId: string, userId: string, from: number, to: number): Promise<AlertRow[]> {
  return (
    await db.query<AlertRow>(`${SELECT} WHERE a.tenant_id = $1 AND a.user_id = $2 AND a.created_at >= $3 AND a.created_at < $4 ORDER BY a.created_at, a.id`, [tenantId, userId, iso(from), iso(to)])
  ).map(fixAlert)
}

export async function unreadCount(db: Queryable, tenantId: string, userId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM alerts WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId])
  return Number(row?.n ?? 0)
}

export async function markRead(db: Queryable, tenantId: string, userId: string, id: string, now: number): Promise<boolean> {
  const rows = await db.query(`UPDATE alerts SET read_at = coalesce(read_at, $4) WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING id`, [tenantId, userId, id, iso(now)])
  return rows.length > 0
}

export async function markAllRead(db: Queryable, tenantId: string, userId: string, now: number): Promise<void> {
  await db.query(`UPDATE alerts SET read_at = $3 WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId, iso(now)])
}

function fixAlert(row: AlertRow): AlertRow {
  return { ...row, created_at: iso(row.created_at) ?? '', read_at: iso(row.read_at), document_count: Number(row.document_count) }
}
