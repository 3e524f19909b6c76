/**
 * The stories tables (migration 013): members with their fingerprints and band keys, the stories as the wire
 * sends them, each source's outcomes and the analyst's grades. Every function is scoped by tenant.
 */
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'

export interface MemberRow {
  event_id: string
  story_id: string
  fingerprint: unknown
}

/**
 * Serialises story placement within a tenant until the transaction ends: two documents of one event
 * completing at once must see each other, or they would start two stories. The frames' contradictions take the
 * same lock by the same key (migration 032 `frame_conflicts_lock`): change both or neither.
 */
export async function lockTenantStories(tx: Queryable, tenantId: string): Promise<void> {
  await tx.query(`SELECT pg_advisory_xact_lock(hashtext('stories:' || $1))`, [tenantId])
}

/**
 * The stories holding a document that a new one may link to: same content, a shared band, or the same category near its time.
 * One SELECT per way, each on its index: as one WHERE with ORs, the band subquery made PostgreSQL read every member of the
 * tenant for every document placed (bench:intelligence).
 */
export async function candidateStoryIds(
  tx: Queryable,
  tenantId: string,
  q: { eventId: string; contentKey: string | null; bandKeys: readonly string[]; category: string | null; bandFrom: number; bandTo: number; eventFrom: number; eventTo: number },
): Promise<string[]> {
  const rows = await tx.query<{ story_id: string }>(
    `SELECT story_id FROM story_members WHERE tenant_id = $1 AND event_id <> $2 AND $3::text IS NOT NULL AND content_key = $3
     UNION
     SELECT story_id FROM story_members WHERE tenant_id = $1 AND event_id <> $2 AND $5::text IS NOT NULL AND claim_key = $5 AND event_at BETWEEN $6 AND $7
     UNION
     SELECT m.story_id FROM story_bands b JOIN story_members m ON m.tenant_id = b.tenant_id AND m.event_id = b.event_id
      WHERE b.tenant_id = $1 AND b.band_key = ANY($4::text[]) AND b.event_at BETWEEN $8 AND $9 AND m.event_id <> $2
     ORDER BY 1`,
    [tenantId, q.eventId, q.contentKey, [...q.bandKeys], q.category, iso(q.eventFrom), iso(q.eventTo), iso(q.bandFrom), iso(q.bandTo)],
  )
  return rows.map((r) => r.story_id)
}

export async function membersOfStories(tx: Queryable, tenantId: string, storyIds: readonly string[]): Promise<MemberRow[]> {
  if (storyIds.length === 0) return []
  return tx.query<MemberRow>(`SELECT event_id, story_id, fingerprint FROM story_members WHERE tenant_id = $1 AND story_id = ANY($2::text[]) ORDER BY event_id`, [tenantId, [...storyIds]])
}

export async function storiesOfEvents(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return []
  const rows = await tx.query<{ story_id: string }>(`SELECT DISTINCT story_id FROM story_members WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY story_id`, [tenantId, [...eventIds]])
  return rows.map((r) => r.story_id)
}

export async function storyOfEvent(tx: Queryable, tenantId: string, eventId: string): Promise<string | null> {
  const [row] = await tx.query<{ story_id: string }>(`SELECT story_id FROM story_members WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  return row?.story_id ?? null
}

/** Removes a document from its story's tables (before it is placed again, as a reprocess does). */
export async function removeMember(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  await tx.query(`DELETE FROM story_bands WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  await tx.query(`DELETE FROM story_members WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
}

export async function insertMember(
  tx: Queryable,
  tenantId: string,
  m: { eventId: string; storyId: string; contentKey: string | null; claimKey: string | null; eventAt: number; fingerprint: unknown; bandKeys: readonly string[]; at: number },
): Promise<void> {
  await tx.query(
    `INSERT INTO story_members (tenant_id, event_id, story_id, content_key, claim_key, event_at, fingerprint) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
     ON CONFLICT (tenant_id, event_id) DO UPDATE SET story_id = EXCLUDED.story_id, content_key = EXCLUDED.content_key, claim_key = EXCLUDED.claim_key, event_at = EXCLUDED.event_at, fingerprint = EXCLUDED.fingerprint`,
    [tenantId, m.eventId, m.storyId, m.contentKey, m.claimKey, iso(m.eventAt), JSON.stringify(m.fingerprint)],
  )
  if (m.bandKeys.length > 0) {
    await tx.query(`INSERT INTO story_bands (tenant_id, band_key, event_id, event_at) SELECT $1, k, $2, $3 FROM unnest($4::text[]) AS k ON CONFLICT DO NOTHING`, [
      tenantId,
      m.eventId,
      iso(m.at),
      [...m.bandKeys],
    ])
  }
}

/** Moves the members of merged stories into the surviving one, and forgets the merged stories. */
export async function mergeStories(tx: Queryable, tenantId: string, into: string, merged: readonly string[]): Promise<void> {
  if (merged.length === 0) return
  await tx.query(`UPDATE story_members SET story_id = $2 WHERE tenant_id = $1 AND story_id = ANY($3::text[])`, [tenantId, into, [...merged]])
  await tx.query(`DELETE FROM stories WHERE tenant_id = $1 AND id = ANY($2::text[])`, [tenantId, [...merged]])
  await tx.query(`DELETE FROM source_outcomes WHERE tenant_id = $1 AND story_id = ANY($2::text[])`, [tenantId, [...merged]])
}

export interface StoryDocumentRow {
  id: string
  session_id: string | null
  title: string | null
  payload_title: string | null
  ingested_at: Date | string
  provenance: unknown
  frames: unknown
}

/** The documents of a story with their frames (stored bodies with ids) and provenance. */
export async function storyDocuments(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<StoryDocumentRow[]> {
  if (eventIds.length === 0) return []
  return tx.query<StoryDocumentRow>(
    `SELECT e.id, e.session_id, e.title, COALESCE(e.payload->>'aiTitle', e.payload->>'title') AS payload_title, e.ingested_at, e.payload->'provenance' AS provenance,
            COALESCE((SELECT json_agg(f.body::jsonb || jsonb_build_object('id', f.id, 'parentId', f.event_id) ORDER BY f.action_index) FROM action_frames f WHERE f.tenant_id = e.tenant_id AND f.event_id = e.id), '[]'::json) AS frames
       FROM events e WHERE e.tenant_id = $1 AND e.id = ANY($2::text[]) ORDER BY e.id`,
    [tenantId, [...eventIds]],
  )
}

export async function upsertStory(tx: Queryable, tenantId: string, s: { id: string; body: unknown; startedAt: number; endedAt: number; at: number }): Promise<void> {
  await tx.query(
    `INSERT INTO stories (tenant_id, id, body, started_at, ended_at, updated_at) VALUES ($1, $2, $3::jsonb, $4, $5, $6)
     ON CONFLICT (tenant_id, id) DO UPDATE SET body = EXCLUDED.body, started_at = EXCLUDED.started_at, ended_at = EXCLUDED.ended_at, updated_at = EXCLUDED.updated_at`,
    [tenantId, s.id, JSON.stringify(s.body), iso(s.startedAt), iso(s.endedAt), iso(s.at)],
  )
}

export async function deleteStory(tx: Queryable, tenantId: string, storyId: string): Promise<void> {
  await tx.query(`DELETE FROM stories WHERE tenant_id = $1 AND id = $2`, [tenantId, storyId])
  await tx.query(`DELETE FROM source_outcomes WHERE tenant_id = $1 AND story_id = $2`, [tenantId, storyId])
}

/** A story's outcomes for its sources, replaced as a whole: a record never counts one outcome twice. */
export async function replaceOutcomes(tx: Queryable, tenantId: string, storyId: string, outcomes: ReadonlyArray<{ sourceKey: string; claimKey: string; outcome: string }>): Promise<void> {
  await tx.query(`DELETE FROM source_outcomes WHERE tenant_id = $1 AND story_id = $2`, [tenantId, storyId])
  if (outcomes.length === 0) return
  await tx.query(
    `INSERT INTO source_outcomes (tenant_id, source_key, story_id, claim_key, outcome)
     SELECT $1, s, $2, c, o FROM unnest($3::text[], $4::text[], $5::text[]) AS t(s, c, o) ON CONFLICT DO NOTHING`,
    [tenantId, storyId, outcomes.map((o) => o.sourceKey), outcomes.map((o) => o.claimKey), outcomes.map((o) => o.outcome)],
  )
}

export interface SourceRecordRow {
  source_key: string
  corroborated: number
  contradicted: number
  grade: string | null
  reason: string | null
  updated_at: Date | string | null
}

/**
 * Each source's record (corroborated and contradicted claims) and the analyst's grade, if any. Both counts in one
 * pass over the source's outcomes: a publisher's outcomes grow with the tenant, and every placement reads them.
 */
export async function sourceRecords(tx: Queryable, tenantId: string, sourceKeys: readonly string[]): Promise<SourceRecordRow[]> {
  if (sourceKeys.length === 0) return []
  return tx.query(
    `SELECT k AS source_key, c.corroborated, c.contradicted, g.grade, g.reason, g.updated_at
       FROM unnest($2::text[]) AS k
       CROSS JOIN LATERAL (
         SELECT (count(*) FILTER (WHERE o.outcome = 'corroborated'))::int AS corroborated, (count(*) FILTER (WHERE o.outcome = 'contradicted'))::int AS contradicted
           FROM source_outcomes o WHERE o.tenant_id = $1 AND o.source_key = k
       ) c
       LEFT JOIN source_grades g ON g.tenant_id = $1 AND g.source_key = k`,
    [tenantId, [...sourceKeys]],
  )
}

/** Whether the tenant knows the source: a document of its stories comes from it, or the analyst graded it. */
export async function sourceKnown(tx: Queryable, tenantId: string, sourceKey: string): Promise<boolean> {
  const [row] = await tx.query<{ known: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM story_members WHERE tenant_id = $1 AND fingerprint->>'sourceKey' = $2)
         OR EXISTS (SELECT 1 FROM source_grades WHERE tenant_id = $1 AND source_key = $2) AS known`,
    [tenantId, sourceKey],
  )
  return row?.known === true
}

/** The stories with a document from the source (by the story_members_source index). */
export async function storiesOfSource(tx: Queryable, tenantId: string, sourceKey: string): Promise<string[]> {
  const rows = await tx.query<{ story_id: string }>(`SELECT DISTINCT story_id FROM story_members WHERE tenant_id = $1 AND fingerprint->>'sourceKey' = $2 ORDER BY story_id`, [tenantId, sourceKey])
  return rows.map((r) => r.story_id)
}

/** The analyst's grade of a source, replacing any before it. */
export async function upsertSourceGrade(tx: Queryable, tenantId: string, g: { sourceKey: string; grade: string; reason: string; at: number }): Promise<void> {
  await tx.query(
    `INSERT INTO source_grades (tenant_id, source_key, grade, reason, updated_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (tenant_id, source_key) DO UPDATE SET grade = EXCLUDED.grade, reason = EXCLUDED.reason, updated_at = EXCLUDED.updated_at`,
    [tenantId, g.sourceKey, g.grade, g.reason, iso(g.at)],
  )
}

export async function deleteSourceGrade(tx: Queryable, tenantId: string, sourceKey: string): Promise<void> {
  await tx.query(`DELETE FROM source_grades WHERE tenant_id = $1 AND source_key = $2`, [tenantId, sourceKey])
}

/** The sessions with a document in the story: each gets the story's update on its live log. */
export async function sessionsOf(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return []
  const rows = await tx.query<{ session_id: string }>(`SELECT DISTINCT session_id FROM events WHERE tenant_id = $1 AND id = ANY($2::text[]) AND session_id IS NOT NULL ORDER BY session_id`, [
    tenantId,
    [...eventIds],
  ])
  return rows.map((r) => r.session_id)
}

/** For the dashboard's boards: each document's story, the original it is an exact copy of, and the credibility of the named frames. */
export async function storyFactsOf(
  db: Queryable,
  tenantId: string,
  eventIds: readonly string[],
  frameIds: readonly string[],
): Promise<Array<{ event_id: string; story_id: string; title: string; sources: number; independent: number; duplicate_of: string | null; frames: unknown }>> {
  if (eventIds.length === 0) return []
  return db.query(
    `SELECT m.event_id, s.id AS story_id, s.body->>'title' AS title, jsonb_array_length(s.body->'documentIds') AS sources, (s.body->>'publisherCount')::int AS independent,
            m.fingerprint->>'duplicateOf' AS duplicate_of,
            (SELECT COALESCE(jsonb_agg(jsonb_build_object('frameId', c->>'frameId', 'grade', (c->>'grade')::int, 'contested', jsonb_array_length(c->'contestedBy') > 0)), '[]'::jsonb)
               FROM jsonb_array_elements(s.body->'credibility') AS c WHERE c->>'documentId' = m.event_id AND c->>'frameId' = ANY($3::text[])) AS frames
       FROM story_members m JOIN stories s ON s.tenant_id = m.tenant_id AND s.id = m.story_id
      WHERE m.tenant_id = $1 AND m.event_id = ANY($2::text[])`,
    [tenantId, [...eventIds], [...frameIds]],
  )
}

/**
 * The stories of a workspace's documents, as the wire sends them, oldest first. Each document's story, then each story,
 * is looked up by its key: as joins, PostgreSQL's statistics had it hash every member (or every story) of the tenant to
 * find a workspace's few hundred.
 */
export async function sessionStoryBodies(db: Queryable, tenantId: string, sessionId: string): Promise<unknown[]> {
  const rows = await db.query<{ body: unknown }>(
    `SELECT s.body FROM stories s
      WHERE s.tenant_id = $1
        AND s.id = ANY (ARRAY(SELECT (SELECT m.story_id FROM story_members m WHERE m.tenant_id = e.tenant_id AND m.event_id = e.id) FROM events e WHERE e.tenant_id = $1 AND e.session_id = $2))
      ORDER BY s.started_at, s.id`,
    [tenantId, sessionId],
  )
  return rows.map((r) => (typeof r.body === 'string' ? JSON.parse(r.body) : r.body))
}

/** The text a document's fingerprint is taken of: its cleaned content as the card keeps it. */
export async function documentText(tx: Queryable, tenantId: string, eventId: string): Promise<string> {
  const [row] = await tx.query<{ text: string | null }>(`SELECT payload->>'cleanedContent' AS text FROM events WHERE tenant_id = $1 AND id = $2`, [tenantId, eventId])
  return row?.text ?? ''
}

/** The stories holding any of these documents, as the wire sends them. */
export async function storyBodiesOfEvents(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<unknown[]> {
  if (eventIds.length === 0) return []
  const rows = await db.query<{ body: unknown }>(
    `SELECT s.body FROM stories s WHERE s.tenant_id = $1 AND s.id IN (SELECT m.story_id FROM story_members m WHERE m.tenant_id = $1 AND m.event_id = ANY($2::text[])) ORDER BY s.started_at, s.id`,
    [tenantId, [...eventIds]],
  )
  return rows.map((r) => (typeof r.body === 'string' ? JSON.parse(r.body) : r.body))
}

/** One story as the wire sends it, or undefined. */
export async function storyBody(db: Queryable, tenantId: string, storyId: string): Promise<unknown> {
  const [row] = await db.query<{ body: unknown }>(`SELECT body FROM stories WHERE tenant_id = $1 AND id = $2`, [tenantId, storyId])
  return typeof row?.body === 'string' ? JSON.parse(row.body) : row?.body
}

/** These placed documents with their story's id and title (the dashboard's topics). */
export async function documentStoryIndex(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<Array<{ event_id: string; story_id: string; title: string }>> {
  if (eventIds.length === 0) return []
  return db.query(
    `SELECT m.event_id, m.story_id, s.body->>'title' AS title FROM story_members m JOIN stories s ON s.tenant_id = m.tenant_id AND s.id = m.story_id
      WHERE m.tenant_id = $1 AND m.event_id = ANY($2::text[])`,
    [tenantId, [...eventIds]],
  )
}

/** For each data source of the tenant, the source keys its analysed documents were graded under, counted. */
export async function dataSourceKeys(db: Queryable, tenantId: string): Promise<Array<{ data_source_id: string; source_key: string; documents: number }>> {
  return db.query(
    `SELECT e.data_source_id, m.fingerprint->>'sourceKey' AS source_key, count(*)::int AS documents
       FROM events e JOIN story_members m ON m.tenant_id = e.tenant_id AND m.event_id = e.id
      WHERE e.tenant_id = $1 AND e.data_source_id IS NOT NULL AND m.fingerprint->>'sourceKey' IS NOT NULL
      GROUP BY e.data_source_id, m.fingerprint->>'sourceKey'`,
    [tenantId],
  )
}
