/**
 * Intelligence's SQL for the corpus, scoped by tenant in every statement: the completed documents and their
 * frames (corpus.ts reads them), the lookups of the graph and prospective routes, and novelty's earlier
 * signatures.
 */
import { SEARCH_COUNT_CAP } from '../../../../src/protocol/search'
import type { Queryable } from '../../../platform/db/database'
import { iso } from '../../../platform/db/rows'
import type { FrameRow } from '../../session-data'

// ---------------------------------------------------------------------------------------------------
// The corpus

export interface CorpusScope {
  researchId?: string | null
  /** A workspace's documents. */
  sessionId?: string | null
  projectId?: string | null
  /** A research or project id, whichever it is. */
  contextId?: string | null
  eventIds?: string[]
  /** Only documents ingested at or after this time (ms). */
  since?: number
}

/** A completed document as the corpus reads it: no stored text, which it does not need. */
export interface CorpusDocumentRow {
  id: string
  research_id: string | null
  session_id: string | null
  project_id: string | null
  title: string | null
  summary: string | null
  ingested_at: Date | string
  payload: Record<string, unknown>
  analytics: Record<string, unknown> | null
  /** The version of its rows (parsed-documents.ts). */
  version: string
}

export interface CorpusFrameRow {
  id: string
  event_id: string
  action_index: number | null
  action_type: string | null
  body: Record<string, unknown>
  /** The analyst's correction of the frame, if any (corrections.ts): its verdict and edits. */
  verdict?: 'edited' | 'rejected' | 'noted' | null
  edits?: Record<string, string> | null
}

/**
 * The version of a completed document's rows as parsed-documents.ts names it: the event row's (xmin, cmin)
 * and its correction rows'. Over `e` (events) and `c` (its corrections, aggregated by `CORRECTIONS_BY_EVENT`).
 */
const DOCUMENT_VERSION = `e.xmin::text || '.' || e.cmin::text || coalesce('/' || c.versions, '')`
const CORRECTIONS_BY_EVENT = `LEFT JOIN (SELECT event_id, string_agg(xmin::text || '.' || cmin::text, ',' ORDER BY action_index) AS versions
                                          FROM frame_corrections WHERE tenant_id = $1 GROUP BY event_id) c ON c.event_id = e.id`

/** The conditions on `e` (events) that pick the tenant's completed documents in the scope, and their parameters ($1 is the tenant). */
function scopeWhere(tenantId: string, scope: CorpusScope): { where: string; params: unknown[] } {
  const where = [`e.tenant_id = $1`, `e.status = 'completed'`]
  const params: unknown[] = [tenantId]
  const param = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  if (scope.researchId) where.push(`e.research_id = ${param(scope.researchId)}`)
  if (scope.sessionId) where.push(`e.session_id = ${param(scope.sessionId)}`)
  if (scope.projectId) where.push(`e.project_id = ${param(scope.projectId)}`)
  if (scope.contextId) {
    const p = param(scope.contextId)
    where.push(`(e.research_id = ${p} OR e.project_id = ${p})`)
  }
  if (scope.eventIds) where.push(`e.id = ANY(${param(scope.eventIds)}::text[])`)
  if (scope.since !== undefined) where.push(`e.ingested_at >= ${param(new Date(scope.since).toISOString())}`)
  return { where: where.join(' AND '), params }
}

/** The tenant's completed documents in the scope, oldest first: their ids and the versions of their rows. */
export async function corpusVersions(db: Queryable, tenantId: string, scope: CorpusScope): Promise<Array<{ id: string; version: string }>> {
  const { where, params } = scopeWhere(tenantId, scope)
  return db.query<{ id: string; version: string }>(`SELECT e.id, ${DOCUMENT_VERSION} AS version FROM events e ${CORRECTIONS_BY_EVENT} WHERE ${where} ORDER BY e.ingested_at, e.id`, params)
}

/** The tenant's completed documents in the scope, oldest first, with their versions, and (unless `frames` is false) their frames by document and position. */
export async function corpusRows(db: Queryable, tenantId: string, scope: CorpusScope, frames = true): Promise<{ docs: CorpusDocumentRow[]; frames: CorpusFrameRow[] }> {
  const { where, params } = scopeWhere(tenantId, scope)
  const docs = await db.query<CorpusDocumentRow>(
    `SELECT e.id, e.research_id, e.session_id, e.project_id, e.title, e.summary, e.ingested_at,
            e.payload - 'cleanedContent' - 'extractedText' AS payload, e.analytics, ${DOCUMENT_VERSION} AS version
       FROM events e ${CORRECTIONS_BY_EVENT} WHERE ${where} ORDER BY e.ingested_at, e.id`,
    params,
  )
  const ids = docs.map((d) => d.id)
  if (!frames) return { docs, frames: [] }
  const rows =
    ids.length === 0
      ? []
      : await db.query<CorpusFrameRow>(
          `SELECT f.id, f.event_id, f.action_index, f.action_type, f.body, c.verdict, c.edits
             FROM action_frames f
             LEFT JOIN frame_corrections c ON c.tenant_id = f.tenant_id AND c.event_id = f.event_id AND c.action_index = coalesce(f.action_index, 1)
            WHERE f.tenant_id = $1 AND f.event_id = ANY($2::text[]) ORDER BY f.event_id, f.action_index, f.id`,
          [tenantId, ids],
        )
  return { docs, frames: rows }
}

/** When the tenant's first completed document was ingested (ms), null without any: the start of its history. */
export async function firstIngestedAt(db: Queryable, tenantId: string): Promise<number | null> {
  const [row] = await db.query<{ first: Date | string | null }>(`SELECT min(ingested_at) AS first FROM events WHERE tenant_id = $1 AND status = 'completed'`, [tenantId])
  return row?.first == null ? null : Date.parse(iso(row.first)!)
}

/** The ids of the tenant's completed documents of a research or a project, oldest first. */
export async function completedEventIds(db: Queryable, tenantId: string, scope: { researchId: string } | { projectId: string }): Promise<string[]> {
  const [column, id] = 'researchId' in scope ? ['research_id', scope.researchId] : ['project_id', scope.projectId]
  const rows = await db.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND status = 'completed' AND ${column} = $2 ORDER BY ingested_at, id`, [tenantId, id])
  return rows.map((r) => r.id)
}

/** The tenant's newest completed documents matching a full-text query (search's vectors), at most `limit`. */
export async function newestMatchingEventIds(db: Queryable, tenantId: string, query: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ event_id: string }>(
    `SELECT event_id FROM search_documents WHERE tenant_id = $1 AND vector @@ websearch_to_tsquery('english', $2) ORDER BY at DESC, event_id DESC LIMIT $3`,
    [tenantId, query, limit],
  )
  return rows.map((r) => r.event_id)
}

/** How many of the tenant's completed documents match a full-text query. */
export async function countMatching(db: Queryable, tenantId: string, query: string): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM search_documents WHERE tenant_id = $1 AND vector @@ websearch_to_tsquery('english', $2)`, [tenantId, query])
  return Number(rows[0]?.n ?? 0)
}

/** The documents of the tenant's newest frames matching the query by full text (at most `limit` frames, by their documents' dates). */
export async function documentsOfFramesMatching(db: Queryable, tenantId: string, query: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ event_id: string }>(
    `SELECT DISTINCT m.event_id FROM (
       SELECT f.event_id FROM search_frames f JOIN search_documents d ON d.tenant_id = f.tenant_id AND d.event_id = f.event_id
        WHERE f.tenant_id = $1 AND f.vector @@ websearch_to_tsquery('english', $2) ORDER BY d.at DESC, f.frame_id DESC LIMIT $3) m`,
    [tenantId, query, limit],
  )
  return rows.map((r) => r.event_id)
}

/**
 * The tenant's newest completed documents, at most `limit` (arrived before `before`, an ISO time, when given),
 * newest first, and how many completed documents it has in all.
 */
export async function newestCompletedEventIds(db: Queryable, tenantId: string, limit: number, before: string | null): Promise<{ ids: Array<{ id: string; at: Date | string }>; total: number }> {
  const [ids, total] = await Promise.all([
    db.query<{ id: string; at: Date | string }>(
      `SELECT id, ingested_at AS at FROM events WHERE tenant_id = $1 AND status = 'completed' AND ($3::timestamptz IS NULL OR ingested_at < $3::timestamptz)
        ORDER BY ingested_at DESC, id DESC LIMIT $2`,
      [tenantId, limit, before],
    ),
    db.query<{ n: number | string }>(`SELECT count(*) AS n FROM events WHERE tenant_id = $1 AND status = 'completed'`, [tenantId]),
  ])
  return { ids, total: Number(total[0]?.n ?? 0) }
}

// ---------------------------------------------------------------------------------------------------
// Graph and prospective lookups

/** The tenant's frames with these ids, oldest first. */
export async function framesByIds(db: Queryable, tenantId: string, ids: readonly string[]): Promise<FrameRow[]> {
  if (ids.length === 0) return []
  return db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND id = ANY($2::text[]) ORDER BY created_at, event_id, action_index, id`, [tenantId, ids])
}

/**
 * The tenant's completed documents matching the query, by PostgreSQL full-text rank (best first), on search's
 * indexed vectors; ranked among the newest SEARCH_COUNT_CAP matches, as search ranks (a word in half of 100,000
 * documents is not ranked in full).
 */
export async function rankDocuments(db: Queryable, tenantId: string, query: string, limit: number): Promise<Array<{ id: string; rank: number }>> {
  const rows = await db.query<{ id: string; rank: number | string }>(
    `SELECT d.event_id AS id, ts_rank(d.vector, q) AS rank
       FROM (SELECT event_id FROM search_documents, websearch_to_tsquery('english', $2) q
              WHERE tenant_id = $1 AND vector @@ q ORDER BY at DESC, event_id DESC LIMIT $4) m
       JOIN search_documents d ON d.tenant_id = $1 AND d.event_id = m.event_id, websearch_to_tsquery('english', $2) q
      ORDER BY rank DESC, d.event_id LIMIT $3`,
    [tenantId, query, limit, SEARCH_COUNT_CAP],
  )
  return rows.map((r) => ({ id: r.id, rank: Number(r.rank) }))
}

/** A stored connection's participants, as stored (undefined when the tenant has no such connection). */
export async function connectionParticipants(db: Queryable, tenantId: string, id: string): Promise<unknown> {
  return (await db.query<{ participants: unknown }>(`SELECT participants FROM connections WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]?.participants
}

/** A stored frame's body, as stored (undefined when the tenant has no such frame). */
export async function frameBody(db: Queryable, tenantId: string, frameId: string): Promise<unknown> {
  return (await db.query<{ body: unknown }>(`SELECT body FROM action_frames WHERE tenant_id = $1 AND id = $2`, [tenantId, frameId]))[0]?.body
}

/** A frame's stored action type and its body's, when the tenant has the frame. */
export async function frameActionTypes(db: Queryable, tenantId: string, frameId: string): Promise<{ action_type: string | null; body_type: string | null } | undefined> {
  const rows = await db.query<{ action_type: string | null; body_type: string | null }>(`SELECT action_type, body->>'actionType' AS body_type FROM action_frames WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    frameId,
  ])
  return rows[0]
}

// ---------------------------------------------------------------------------------------------------
// Novelty

/** The titles and signature keys of the tenant's latest `window` completed documents taken in before `eventId`. */
export async function earlierNoveltyKeys(db: Queryable, tenantId: string, eventId: string, window: number): Promise<Array<{ title: string | null; keys: unknown }>> {
  return db.query<{ title: string | null; keys: unknown }>(
    `SELECT title, novelty_keys AS keys FROM events
      WHERE tenant_id = $1 AND novelty_keys IS NOT NULL AND status = 'completed'
        AND (ingested_at, id) < (SELECT ingested_at, id FROM events WHERE tenant_id = $1 AND id = $2)
      ORDER BY ingested_at DESC, id DESC LIMIT ${window}`,
    [tenantId, eventId],
  )
}
