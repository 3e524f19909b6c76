/**
 * Intelligence's SQL, scoped by tenant in every statement but the start-up backfill's: the corpus's documents
 * and frames, the keys briefings find their neighbours by (briefing-keys.ts), the lookups of the graph and prospective routes,
 * novelty's earlier signatures, and the KPI bindings (kpis.ts says when their values are computed, and how a
 * refresh locks them).
 */
import type { KpiBinding, KpiDefinitionIds } from '../../../src/protocol/intelligence'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import type { FrameRow } from '../session-data'

// ---------------------------------------------------------------------------------------------------
// The corpus

export interface CorpusScope {
  researchId?: string | null
  projectId?: string | null
  /** A research or project id, whichever it is. */
  contextId?: string | null
  /** Only documents whose title, summary or text match this (PostgreSQL full-text search, English). */
  query?: string | null
  eventIds?: string[]
  /** Only documents ingested at or after this time (ms). */
  since?: number
}

/** The full-text document of an event, as both the query and any index use it. */
export const EVENT_TSVECTOR = `to_tsvector('english', coalesce(e.title, '') || ' ' || coalesce(e.summary, '') || ' ' || coalesce(e.payload->>'cleanedContent', ''))`

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
}

export interface CorpusFrameRow {
  id: string
  event_id: string
  action_index: number | null
  action_type: string | null
  body: Record<string, unknown>
}

/** The tenant's completed documents in the scope, oldest first, and their frames by document and position. */
export async function corpusRows(db: Queryable, tenantId: string, scope: CorpusScope): Promise<{ docs: CorpusDocumentRow[]; frames: CorpusFrameRow[] }> {
  const where = [`e.tenant_id = $1`, `e.status = 'completed'`]
  const params: unknown[] = [tenantId]
  const param = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  if (scope.researchId) where.push(`e.research_id = ${param(scope.researchId)}`)
  if (scope.projectId) where.push(`e.project_id = ${param(scope.projectId)}`)
  if (scope.contextId) {
    const p = param(scope.contextId)
    where.push(`(e.research_id = ${p} OR e.project_id = ${p})`)
  }
  if (scope.eventIds) where.push(`e.id = ANY(${param(scope.eventIds)}::text[])`)
  if (scope.since !== undefined) where.push(`e.ingested_at >= ${param(new Date(scope.since).toISOString())}`)
  const query = scope.query?.trim()
  if (query) where.push(`${EVENT_TSVECTOR} @@ websearch_to_tsquery('english', ${param(query)})`)

  const docs = await db.query<CorpusDocumentRow>(
    `SELECT e.id, e.research_id, e.session_id, e.project_id, e.title, e.summary, e.ingested_at,
            e.payload - 'cleanedContent' - 'extractedText' AS payload, e.analytics
       FROM events e WHERE ${where.join(' AND ')} ORDER BY e.ingested_at, e.id`,
    params,
  )
  const ids = docs.map((d) => d.id)
  const frames =
    ids.length === 0
      ? []
      : await db.query<CorpusFrameRow>(
          `SELECT id, event_id, action_index, action_type, body FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY event_id, action_index, id`,
          [tenantId, ids],
        )
  return { docs, frames }
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

// ---------------------------------------------------------------------------------------------------
// Briefing keys (briefing-keys.ts)

/** One key of one actor of a frame, with what an opposite reading is judged by. */
export interface FrameActorKey {
  frameId: string
  actorKey: string
  actionType: string
  negated: boolean
  sentiment: number
}

/** Replaces a document's keys with these (none: it has none). */
export async function replaceBriefingKeys(tx: Queryable, tenantId: string, eventId: string, keys: { actors: readonly FrameActorKey[]; names: readonly string[] }): Promise<void> {
  await tx.query(`DELETE FROM frame_actor_keys WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  await tx.query(`DELETE FROM document_name_keys WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  if (keys.names.length > 0) {
    await tx.query(`INSERT INTO document_name_keys (tenant_id, event_id, name_key) SELECT $1::text, $2::text, k FROM unnest($3::text[]) k ON CONFLICT DO NOTHING`, [tenantId, eventId, keys.names])
  }
  const actors = keys.actors
  if (actors.length === 0) return
  await tx.query(
    `INSERT INTO frame_actor_keys (tenant_id, event_id, frame_id, actor_key, action_type, negated, sentiment)
     SELECT $1::text, $2::text, * FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[], $7::double precision[])
     ON CONFLICT DO NOTHING`,
    [tenantId, eventId, actors.map((k) => k.frameId), actors.map((k) => k.actorKey), actors.map((k) => k.actionType), actors.map((k) => k.negated), actors.map((k) => k.sentiment)],
  )
}

/**
 * The documents outside `eventIds` holding a witness of a conflict of theirs, at most one per frame. A
 * frame's witnesses, for each of its actor keys: of the frames of other completed documents with that key
 * and its action type, the first by id with the opposite negation, and the first by sentiment (then id)
 * of those whose sentiment has the opposite sign and lies `gap` or more away. One of `eventIds`' own is
 * preferred (then none is needed), else the first by id. Each is one index probe, however often the key
 * occurs in the tenant.
 */
export async function conflictWitnessDocuments(db: Queryable, tenantId: string, eventIds: readonly string[], gap: number): Promise<string[]> {
  if (eventIds.length === 0) return []
  const other = `FROM frame_actor_keys o JOIN events e ON e.tenant_id = o.tenant_id AND e.id = o.event_id AND e.status = 'completed'
                 WHERE o.tenant_id = s.tenant_id AND o.actor_key = s.actor_key AND o.action_type = s.action_type AND o.event_id <> s.event_id`
  const rows = await db.query<{ event_id: string }>(
    `SELECT DISTINCT event_id FROM (
       SELECT DISTINCT ON (s.frame_id) w.event_id
         FROM frame_actor_keys s
         CROSS JOIN LATERAL (
           (SELECT o.event_id, o.frame_id ${other} AND o.negated = NOT s.negated ORDER BY o.frame_id LIMIT 1)
           UNION ALL
           (SELECT o.event_id, o.frame_id ${other} AND s.sentiment <> 0 AND o.sentiment * s.sentiment < 0
               AND o.sentiment >= CASE WHEN s.sentiment < 0 THEN GREATEST(s.sentiment + $3, 0) ELSE '-Infinity'::double precision END
               AND o.sentiment <= CASE WHEN s.sentiment > 0 THEN LEAST(s.sentiment - $3, 0) ELSE 'Infinity'::double precision END
             ORDER BY o.sentiment, o.frame_id LIMIT 1)) w
        WHERE s.tenant_id = $1 AND s.event_id = ANY($2::text[])
        ORDER BY s.frame_id, w.event_id = ANY($2::text[]) DESC, w.frame_id) witness
      WHERE NOT (event_id = ANY($2::text[]))
      ORDER BY event_id`,
    [tenantId, eventIds, gap],
  )
  return rows.map((r) => r.event_id)
}

/**
 * The documents of these frames and those of every frame sharing an actor key with one of them, whatever its
 * action type (documents not completed included: the corpus leaves them out).
 */
export async function actorNeighbourDocuments(db: Queryable, tenantId: string, frameIds: readonly string[]): Promise<string[]> {
  if (frameIds.length === 0) return []
  const rows = await db.query<{ event_id: string }>(
    `SELECT event_id FROM action_frames WHERE tenant_id = $1 AND id = ANY($2::text[])
     UNION
     SELECT o.event_id FROM action_frames f
       JOIN frame_actor_keys s ON s.tenant_id = f.tenant_id AND s.event_id = f.event_id AND s.frame_id = f.id
       JOIN frame_actor_keys o ON o.tenant_id = s.tenant_id AND o.actor_key = s.actor_key
      WHERE f.tenant_id = $1 AND f.id = ANY($2::text[])
     ORDER BY event_id`,
    [tenantId, frameIds],
  )
  return rows.map((r) => r.event_id)
}

/** The documents giving an entity a name with one of these keys (documents not completed included: the corpus leaves them out). */
export async function documentsNaming(db: Queryable, tenantId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return []
  const rows = await db.query<{ event_id: string }>(`SELECT DISTINCT event_id FROM document_name_keys WHERE tenant_id = $1 AND name_key = ANY($2::text[]) ORDER BY event_id`, [tenantId, keys])
  return rows.map((r) => r.event_id)
}

/** Up to `limit` documents completed before the briefing keys were kept, whose keys are still to write. */
export async function briefingKeysBackfill(db: Queryable, limit: number): Promise<Array<{ tenant_id: string; event_id: string }>> {
  return db.query<{ tenant_id: string; event_id: string }>(`SELECT tenant_id, event_id FROM briefing_keys_backfill ORDER BY tenant_id, event_id LIMIT $1`, [limit])
}

/** The document's keys are written: it leaves the backfill. */
export async function clearBriefingKeysBackfill(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  await tx.query(`DELETE FROM briefing_keys_backfill WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
}

// ---------------------------------------------------------------------------------------------------
// The pulse as kept (017-pulse-signals.sql, signals.ts)

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

/** Completed documents with frames whose places are not kept (completed before 017), `limit` at a time, any tenant. */
export async function documentsWithoutSignals(db: Queryable, limit: number): Promise<Array<{ tenant_id: string; id: string }>> {
  return db.query(
    `SELECT e.tenant_id, e.id FROM events e
      WHERE e.status = 'completed'
        AND EXISTS (SELECT 1 FROM action_frames f WHERE f.tenant_id = e.tenant_id AND f.event_id = e.id)
        AND NOT EXISTS (SELECT 1 FROM frame_signals s WHERE s.tenant_id = e.tenant_id AND s.event_id = e.id)
      ORDER BY e.tenant_id, e.id LIMIT ${limit}`,
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

// ---------------------------------------------------------------------------------------------------
// Graph and prospective lookups

/** The tenant's frames with these ids, oldest first. */
export async function framesByIds(db: Queryable, tenantId: string, ids: readonly string[]): Promise<FrameRow[]> {
  if (ids.length === 0) return []
  return db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND id = ANY($2::text[]) ORDER BY created_at, event_id, action_index, id`, [tenantId, ids])
}

/** The tenant's completed documents matching the query, by PostgreSQL full-text rank (best first). */
export async function rankDocuments(db: Queryable, tenantId: string, query: string, limit: number): Promise<Array<{ id: string; rank: number }>> {
  const rows = await db.query<{ id: string; rank: number | string }>(
    `SELECT e.id, ts_rank(${EVENT_TSVECTOR}, q) AS rank
       FROM events e, websearch_to_tsquery('english', $2) q
      WHERE e.tenant_id = $1 AND e.status = 'completed' AND ${EVENT_TSVECTOR} @@ q
      ORDER BY rank DESC, e.id LIMIT $3`,
    [tenantId, query, limit],
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

// ---------------------------------------------------------------------------------------------------
// KPI bindings

export type KpiDefinitionId = (typeof KpiDefinitionIds)[number]
export type KpiContextType = KpiBinding['contextType']

export interface KpiBindingRow {
  tenant_id: string
  id: string
  context_id: string
  context_type: KpiContextType
  kpi_definition_id: string
  current_value: number | string | null
  manual: boolean
  updated_at: Date | string
}

/** Whether a context id is a research or a project of the tenant, and which. */
export async function contextTypeOf(db: Queryable, tenantId: string, contextId: string): Promise<KpiContextType | null> {
  const rows = await db.query<{ type: KpiContextType }>(
    `SELECT 'research' AS type FROM researches WHERE tenant_id = $1 AND id = $2
     UNION ALL SELECT 'project' AS type FROM projects WHERE tenant_id = $1 AND id = $2`,
    [tenantId, contextId],
  )
  return rows[0]?.type ?? null
}

export async function listKpiBindings(db: Queryable, tenantId: string, contextId: string | null): Promise<KpiBindingRow[]> {
  return contextId
    ? db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND context_id = $2 ORDER BY created_at, id`, [tenantId, contextId])
    : db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 ORDER BY created_at, id`, [tenantId])
}

export async function getKpiBinding(db: Queryable, tenantId: string, id: string): Promise<KpiBindingRow | undefined> {
  return (await db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]
}

/** Inserts a binding without a value yet; false when the context already has this KPI. */
export async function insertKpiBinding(
  db: Queryable,
  tenantId: string,
  b: { id: string; contextId: string; contextType: KpiContextType; kpiDefinitionId: KpiDefinitionId; now: number },
): Promise<boolean> {
  const at = new Date(b.now).toISOString()
  const rows = await db.query(
    `INSERT INTO kpi_bindings (tenant_id, id, context_id, context_type, research_id, project_id, kpi_definition_id, current_value, manual, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, false, $8, $8)
     ON CONFLICT (tenant_id, context_id, kpi_definition_id) DO NOTHING RETURNING id`,
    [tenantId, b.id, b.contextId, b.contextType, b.contextType === 'research' ? b.contextId : null, b.contextType === 'project' ? b.contextId : null, b.kpiDefinitionId, at],
  )
  return rows.length > 0
}

/** A number makes the binding manual with that value; null hands it back to the pipeline (value kept until recomputed). */
export async function setKpiBindingValue(db: Queryable, tenantId: string, id: string, value: number | null, now: number): Promise<boolean> {
  const rows = await db.query(
    value === null
      ? `UPDATE kpi_bindings SET manual = false, updated_at = $3 WHERE tenant_id = $1 AND id = $2 RETURNING id`
      : `UPDATE kpi_bindings SET manual = true, current_value = $4, updated_at = $3 WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    value === null ? [tenantId, id, new Date(now).toISOString()] : [tenantId, id, new Date(now).toISOString(), value],
  )
  return rows.length > 0
}

export async function deleteKpiBinding(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await db.query(`DELETE FROM kpi_bindings WHERE tenant_id = $1 AND id = $2 RETURNING id`, [tenantId, id])).length > 0
}

/** Locks (in id order, until the transaction ends) the non-manual bindings of these contexts and these ids; answers them. */
export async function lockComputedBindings(
  tx: Queryable,
  tenantId: string,
  select: { contextIds: string[]; ids: string[] },
): Promise<Array<Pick<KpiBindingRow, 'id' | 'context_id' | 'kpi_definition_id'>>> {
  return tx.query<Pick<KpiBindingRow, 'id' | 'context_id' | 'kpi_definition_id'>>(
    `SELECT id, context_id, kpi_definition_id FROM kpi_bindings
      WHERE tenant_id = $1 AND NOT manual AND (context_id = ANY($2::text[]) OR id = ANY($3::text[]))
      ORDER BY id FOR UPDATE`,
    [tenantId, select.contextIds, select.ids],
  )
}

/** Writes a computed value (null: nothing to measure) to a binding. */
export async function writeComputedValue(tx: Queryable, tenantId: string, id: string, value: number | null, now: number): Promise<void> {
  await tx.query(`UPDATE kpi_bindings SET current_value = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, value, new Date(now).toISOString()])
}
