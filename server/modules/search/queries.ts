/**
 * Search's SQL (migration 019 keeps the vectors it reads): every statement is scoped by tenant, matches with
 * `websearch_to_tsquery('english', …)` on GIN-indexed vectors, and reads only the caller's rows.
 *
 * Ranking (`rankedMatches`): ts_rank over the weighted vector, plus 1 when the title (weight A) matches, plus
 * 0.5 when the words appear as a phrase, so a title or a phrase met as written stands above words scattered
 * in a body. An entity whose name is the query stands first (a name the analyst gave it counts as its name); stories rank on their own vectors; a frame, one
 * sentence of a document, on its own vector at less weight (0.3, a phrase 0.25), so the document it comes
 * from, its context, stands above it.
 * The phrase is checked on the RESCORED best by the rest (or as deep as the page asks), not on every match:
 * on a word every other document holds, that check on all of them would cost more than the whole search.
 * The matches are found by the query written out where it is matched (`MATCHING`), not by a column of a
 * CTE: the planner then estimates how many rows match from the vectors' statistics, and joins a word in
 * half the corpus by hash instead of looking each frame's document up (255 → 119 ms at 22,000 documents).
 * Documents and frames are counted up to a cap (SEARCH_COUNT_CAP, 1,000) and ranked among the newest that many
 * (a frame by its document's date): ranking reads each match's vector, and a word in a third of 100,000
 * documents and their million frames cost half a second to rank in full. Past the cap the answer says so
 * (`capped`), and the dialog reads "1,000+" and asks for words or filters to narrow it.
 */
import { SEARCH_COUNT_CAP, type SearchKind } from '../../../src/protocol/search'
import type { Queryable } from '../../platform/db/database'

/** The filters, as SQL takes them (search.ts reads the query string into these). */
export interface SearchFilters {
  /** ISO times: documents dated at or after `from` and before `until`. */
  from?: string
  until?: string
  source?: string
  publisher?: string
  /** The keys of an entity's names (aliases.ts `nameKeys`). */
  entityKeys?: string[]
  pestle?: string
  category?: string
  credibility?: number
  risk?: number
}

/** The query, written where it is matched: the planner then reads how many rows match from the vectors' statistics. */
const MATCHING = `websearch_to_tsquery('english', $2)`

/** How many of the best matches the phrase bonus is weighed on (see above). */
const RESCORED = 200

export interface RankedMatch {
  kind: SearchKind
  id: string
  score: number
}

export interface RankedPage {
  counts: Record<SearchKind, number>
  /** The kinds with more matches than SEARCH_COUNT_CAP (counted as that many). */
  capped: SearchKind[]
  items: RankedMatch[]
}

/** One ranked page of every kind's matches (or one kind's), with how many of each kind match. */
export async function rankedMatches(
  db: Queryable,
  tenantId: string,
  query: string,
  filters: SearchFilters,
  page: { kind?: SearchKind; offset: number; limit: number },
  cap = SEARCH_COUNT_CAP,
): Promise<RankedPage> {
  const params: unknown[] = [tenantId, query]
  const p = (v: unknown) => {
    params.push(v)
    return `$${params.length}`
  }
  const docConds = documentConditions(filters, p)
  const frameConds = frameConditions(filters, p)
  const withFrame = frameConds.length > 0 ? [`EXISTS (SELECT 1 FROM search_frames f WHERE f.tenant_id = d.tenant_id AND f.event_id = d.event_id AND ${frameConds.join(' AND ')})`] : []
  const onDocument = [...docConds, ...(filters.entityKeys ? [documentNames(p(filters.entityKeys))] : []), ...withFrame]
  const onFrame = [...docConds, ...(filters.entityKeys ? [frameActors(p(filters.entityKeys))] : []), ...frameConds]
  const and = (conds: string[]) => conds.map((c) => ` AND ${c}`).join('')
  const storyFilter =
    onDocument.length > 0
      ? ` AND EXISTS (SELECT 1 FROM story_members sm JOIN search_documents d ON d.tenant_id = sm.tenant_id AND d.event_id = sm.event_id WHERE sm.tenant_id = s.tenant_id AND sm.story_id = s.story_id${and(onDocument)})`
      : ''
  const kind = page.kind ? p(page.kind) : null
  const [counted, ranked] = [p(cap + 1), p(cap)]
  const rows = await db.query<{ counts: unknown; kind: SearchKind | null; id: string | null; score: number | string | null }>(
    `WITH q AS (SELECT websearch_to_tsquery('english', $2) AS q, phraseto_tsquery('english', $2) AS phrase),
     documents AS MATERIALIZED (
       SELECT d.event_id AS id, d.at FROM search_documents d WHERE d.tenant_id = $1 AND d.vector @@ ${MATCHING}${and(onDocument)}
        ORDER BY d.at DESC, d.event_id DESC LIMIT ${counted}
     ),
     frames AS MATERIALIZED (
       SELECT f.frame_id AS id, d.at FROM search_frames f JOIN search_documents d ON d.tenant_id = f.tenant_id AND d.event_id = f.event_id
        WHERE f.tenant_id = $1 AND f.vector @@ ${MATCHING}${and(onFrame)}
        ORDER BY d.at DESC, f.frame_id DESC LIMIT ${counted}
     ),
     matches AS MATERIALIZED (
       SELECT 'document' AS kind, d.event_id AS id, ts_rank(d.vector, ${MATCHING}) + CASE WHEN d.title @@ ${MATCHING} THEN 1 ELSE 0 END AS score
         FROM (SELECT id FROM documents ORDER BY at DESC, id DESC LIMIT ${ranked}) m JOIN search_documents d ON d.tenant_id = $1 AND d.event_id = m.id
       UNION ALL
       SELECT 'frame', f.frame_id, 0.3 * ts_rank(f.vector, ${MATCHING})
         FROM (SELECT id FROM frames ORDER BY at DESC, id DESC LIMIT ${ranked}) m JOIN search_frames f ON f.tenant_id = $1 AND f.frame_id = m.id
       UNION ALL
       SELECT 'story', s.story_id, ts_rank(s.vector, ${MATCHING}) + CASE WHEN ts_filter(s.vector, '{a}') @@ ${MATCHING} THEN 1 ELSE 0 END
         FROM search_stories s WHERE s.tenant_id = $1 AND s.documents > 1 AND s.vector @@ ${MATCHING}${storyFilter}
       UNION ALL
       ${onDocument.length > 0 ? entityNamesOfDocuments(and(onDocument)) : `${ENTITY_NAMES}${namedByDecision}`}
     ),
     candidates AS (
       SELECT kind, id, score FROM matches ${kind ? `WHERE kind = ${kind}` : ''}
        ORDER BY score DESC, kind, id LIMIT greatest(${RESCORED}, ${p(page.offset + page.limit)})
     ),
     rescored AS (
       SELECT c.kind, c.id, c.score + CASE WHEN numnode(q.phrase) > 1 AND (CASE c.kind
                WHEN 'document' THEN (SELECT x.vector FROM search_documents x WHERE x.tenant_id = $1 AND x.event_id = c.id)
                WHEN 'frame' THEN (SELECT x.vector FROM search_frames x WHERE x.tenant_id = $1 AND x.frame_id = c.id)
                WHEN 'story' THEN (SELECT x.vector FROM search_stories x WHERE x.tenant_id = $1 AND x.story_id = c.id)
                ELSE to_tsvector('english', c.id) END) @@ q.phrase THEN CASE c.kind WHEN 'frame' THEN 0.25 ELSE 0.5 END ELSE 0 END AS score
         FROM candidates c, q
     )
     SELECT (SELECT json_object_agg(kind, n) FROM (SELECT 'document' AS kind, count(*) AS n FROM documents UNION ALL SELECT 'frame', count(*) FROM frames
               UNION ALL SELECT kind, count(*) FROM matches WHERE kind IN ('story', 'entity') GROUP BY kind) c) AS counts, page.kind, page.id, page.score
       FROM (SELECT 1) one
       LEFT JOIN LATERAL (SELECT kind, id, score FROM rescored ORDER BY score DESC, kind, id LIMIT ${p(page.limit)} OFFSET ${p(page.offset)}) page ON true`,
    params,
  )
  const raw = (typeof rows[0]?.counts === 'string' ? JSON.parse(rows[0].counts) : rows[0]?.counts) as Partial<Record<SearchKind, number | string>> | null
  const counts = { document: 0, frame: 0, entity: 0, story: 0 }
  const capped: SearchKind[] = []
  for (const k of Object.keys(counts) as SearchKind[]) {
    counts[k] = Math.min(cap, Number(raw?.[k] ?? 0))
    if (Number(raw?.[k] ?? 0) > cap) capped.push(k)
  }
  return { counts, capped, items: rows.flatMap((r) => (r.kind && r.id ? [{ kind: r.kind, id: r.id, score: Number(r.score) }] : [])) }
}

/**
 * Entities by the names that match, each lower-case spelling once: the tenant's names and how many documents give
 * each (migration 029 keeps them), so a common word reads its few hundred names, not a row per document naming
 * one. An entity named by the query stands first; more documents, a little higher.
 */
const ENTITY_NAMES = `SELECT 'entity', min(t.name), max(ts_rank(t.vector, ${MATCHING})) + CASE WHEN lower(min(t.name)) = lower($2) THEN 3 ELSE 1 END + least(0.5, ln(1 + sum(t.documents)) / 10)
         FROM search_names t WHERE t.tenant_id = $1 AND t.vector @@ ${MATCHING}
        GROUP BY lower(t.name)`

/** The same, under filters on documents: the names of the documents the filters keep, read a row per document. */
const entityNamesOfDocuments = (
  conditions: string,
) => `SELECT 'entity', min(n.name), max(ts_rank(n.vector, ${MATCHING})) + CASE WHEN lower(min(n.name)) = lower($2) THEN 3 ELSE 1 END + least(0.5, ln(1 + count(*)) / 10)
         FROM search_entity_names n JOIN search_documents d ON d.tenant_id = n.tenant_id AND d.event_id = n.event_id
        WHERE n.tenant_id = $1 AND n.vector @@ ${MATCHING}${conditions}
        GROUP BY lower(n.name)`

/**
 * Entities found by a name the analyst gave them (a rename's new name, the name a merge kept), which no document
 * gives: each is listed under the name its decision was recorded by, which the documents do give, and resolves
 * there to the entity as the decisions make it (search.ts). Not under filters: those read documents, and the
 * name is no document's.
 */
const namedByDecision = `
       UNION ALL
       SELECT 'entity', min(d.name), CASE WHEN bool_or(lower(d.given) = lower($2)) THEN 4 ELSE 2 END
         FROM (SELECT name, CASE WHEN action = 'rename' THEN other ELSE keep END AS given FROM entity_decisions WHERE tenant_id = $1 AND action IN ('rename', 'merge')) d, q
        WHERE d.given IS NOT NULL AND to_tsvector('english', d.given) @@ q.q
          AND EXISTS (SELECT 1 FROM search_entity_names n WHERE n.tenant_id = $1 AND lower(n.name) = lower(d.name))
        GROUP BY lower(d.name)`

/** Conditions on a document's search row `d`: its date, source, publisher, PESTLE category. */
function documentConditions(f: SearchFilters, p: (v: unknown) => string): string[] {
  const out: string[] = []
  if (f.from) out.push(`d.at >= ${p(f.from)}::timestamptz`)
  if (f.until) out.push(`d.at < ${p(f.until)}::timestamptz`)
  if (f.source) out.push(`d.data_source_id = ${p(f.source)}`)
  if (f.publisher) {
    const v = p(f.publisher.toLowerCase())
    out.push(`(d.publisher = ${v} OR d.host = ${v} OR d.host LIKE '%.' || ${v})`)
  }
  if (f.pestle) out.push(`lower(d.pestle) = lower(${p(f.pestle)})`)
  return out
}

/** Conditions on a frame's search row `f`: its category, risk and credibility. */
function frameConditions(f: SearchFilters, p: (v: unknown) => string): string[] {
  const out: string[] = []
  if (f.category) {
    const v = p(f.category)
    out.push(`(f.category = ${v} OR f.action_type = lower(${v}))`)
  }
  if (f.risk !== undefined) {
    out.push(`EXISTS (SELECT 1 FROM frame_signals fs WHERE fs.tenant_id = f.tenant_id AND fs.frame_id = f.frame_id AND (fs.entry->>'riskIndex')::float8 >= ${p(f.risk)})`)
  }
  // A frame its story does not grade cannot be judged (6).
  if (f.credibility !== undefined && f.credibility < 6) {
    out.push(`coalesce((SELECT min((c->>'grade')::int) FROM story_members sm JOIN stories st ON st.tenant_id = sm.tenant_id AND st.id = sm.story_id,
                 jsonb_array_elements(CASE WHEN jsonb_typeof(st.body->'credibility') = 'array' THEN st.body->'credibility' ELSE '[]'::jsonb END) c
               WHERE sm.tenant_id = f.tenant_id AND sm.event_id = f.event_id AND c->>'frameId' = f.frame_id), 6) <= ${p(f.credibility)}`)
  }
  return out
}

/** The document `d` gives the entity one of these names. */
const documentNames = (keys: string) => `EXISTS (SELECT 1 FROM document_name_keys k WHERE k.tenant_id = d.tenant_id AND k.event_id = d.event_id AND k.name_key = ANY(${keys}::text[]))`
/** The frame `f` names the entity among its actors. */
const frameActors = (keys: string) =>
  `EXISTS (SELECT 1 FROM frame_actor_keys k WHERE k.tenant_id = f.tenant_id AND k.event_id = f.event_id AND k.frame_id = f.frame_id AND k.actor_key = ANY(${keys}::text[]))`

// ---------------------------------------------------------------------------------------------------
// What a page shows: titles and sentences with the query's words marked (ts_headline), and what each opens.

/** Marks around matched words in ts_headline's answers: control characters no stored text holds. */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'
const marks = `StartSel=${MARK_START}, StopSel=${MARK_END}`
const WHOLE = `'${marks}, HighlightAll=true'`
const FRAGMENT = `'${marks}, MaxFragments=1, MaxWords=40, MinWords=12, ShortWord=2'`

export interface DocumentHitRow {
  id: string
  research_id: string | null
  session_id: string | null
  project_id: string | null
  at: Date | string
  pestle: string | null
  publisher: string | null
  title: string
  body: string
  fragment: string
  summary_fragment: string
}

/** The documents of a page: their titles marked, the fragment of their text (or summary) that matched, and the text to find its sentence in. */
export async function documentHits(db: Queryable, tenantId: string, query: string, ids: readonly string[]): Promise<DocumentHitRow[]> {
  if (ids.length === 0) return []
  return db.query<DocumentHitRow>(
    `SELECT e.id, e.research_id, e.session_id, e.project_id, d.at, d.pestle, coalesce(e.payload->'provenance'->>'publisher', d.host) AS publisher,
            ts_headline('english', coalesce(e.title, e.payload->>'aiTitle', 'Untitled document'), q, ${WHOLE}) AS title,
            coalesce(e.payload->>'cleanedContent', '') AS body,
            ts_headline('english', coalesce(e.payload->>'cleanedContent', ''), q, ${FRAGMENT}) AS fragment,
            ts_headline('english', coalesce(e.summary, e.payload->>'aiSummary', ''), q, ${FRAGMENT}) AS summary_fragment
       FROM events e JOIN search_documents d ON d.tenant_id = e.tenant_id AND d.event_id = e.id, websearch_to_tsquery('english', $2) q
      WHERE e.tenant_id = $1 AND e.id = ANY($3::text[])`,
    [tenantId, query, ids],
  )
}

export interface FrameHitRow {
  id: string
  event_id: string
  research_id: string | null
  session_id: string | null
  project_id: string | null
  at: Date | string
  category: string | null
  category_name: string | null
  title: string
  sentence: string
  document_title: string | null
}

/** The frames of a page: their descriptions (the analyst's, when edited) and sentences marked, their documents' places. */
export async function frameHits(db: Queryable, tenantId: string, query: string, ids: readonly string[]): Promise<FrameHitRow[]> {
  if (ids.length === 0) return []
  return db.query<FrameHitRow>(
    `SELECT f.id, f.event_id, e.research_id, e.session_id, e.project_id, d.at, f.body->'cameo'->>'code' AS category, f.body->'cameo'->>'name' AS category_name,
            ts_headline('english', coalesce(c.edits->>'actionDescription', f.body->>'actionDescription', c.edits->>'summary', f.body->>'summary', c.edits->>'actionType', f.action_type, 'Action'), q, ${WHOLE}) AS title,
            ts_headline('english', coalesce(f.body->'source'->>'sentence', c.edits->>'summary', f.body->>'summary', ''), q, ${WHOLE}) AS sentence,
            coalesce(e.title, e.payload->>'aiTitle') AS document_title
       FROM action_frames f JOIN events e ON e.tenant_id = f.tenant_id AND e.id = f.event_id
            LEFT JOIN frame_corrections c ON c.tenant_id = f.tenant_id AND c.event_id = f.event_id AND c.action_index = coalesce(f.action_index, 1) AND c.verdict = 'edited'
            JOIN search_documents d ON d.tenant_id = f.tenant_id AND d.event_id = f.event_id, websearch_to_tsquery('english', $2) q
      WHERE f.tenant_id = $1 AND f.id = ANY($3::text[])`,
    [tenantId, query, ids],
  )
}

export interface StoryHitRow {
  id: string
  ended_at: Date | string
  title: string
  sources: number | string
  body: string | null
  fragment: string | null
}

/** The stories of a page: their titles marked, and the matching fragment of their best-matching document. */
export async function storyHits(db: Queryable, tenantId: string, query: string, ids: readonly string[]): Promise<StoryHitRow[]> {
  if (ids.length === 0) return []
  return db.query<StoryHitRow>(
    `SELECT s.id, s.ended_at, ts_headline('english', coalesce(s.body->>'title', 'Untitled story'), q, ${WHOLE}) AS title,
            coalesce(jsonb_array_length(CASE WHEN jsonb_typeof(s.body->'documentIds') = 'array' THEN s.body->'documentIds' END), 0) AS sources,
            best.body, CASE WHEN best.body IS NULL THEN NULL ELSE ts_headline('english', best.body, q, ${FRAGMENT}) END AS fragment
       FROM stories s CROSS JOIN websearch_to_tsquery('english', $2) q
       LEFT JOIN LATERAL (
         SELECT coalesce(e.payload->>'cleanedContent', '') AS body
           FROM story_members sm JOIN search_documents d ON d.tenant_id = sm.tenant_id AND d.event_id = sm.event_id
                JOIN events e ON e.tenant_id = sm.tenant_id AND e.id = sm.event_id
          WHERE sm.tenant_id = s.tenant_id AND sm.story_id = s.id AND d.vector @@ q
          ORDER BY ts_rank(d.vector, q) DESC, sm.event_id LIMIT 1
       ) best ON true
      WHERE s.tenant_id = $1 AND s.id = ANY($3::text[])`,
    [tenantId, query, ids],
  )
}

export interface EntityHitRow {
  name: string
  kind: string
  documents: number | string
  event_id: string
  body: string
  fragment: string
}

/** The entity names of a page: each name's kind, how many documents give it, and a sentence of its latest document naming it. */
export async function entityHits(db: Queryable, tenantId: string, query: string, names: readonly string[]): Promise<EntityHitRow[]> {
  if (names.length === 0) return []
  return db.query<EntityHitRow>(
    `SELECT h.name, h.kind, h.documents, h.event_id, coalesce(e.payload->>'cleanedContent', '') AS body,
            ts_headline('english', coalesce(e.payload->>'cleanedContent', ''), q, ${FRAGMENT}) AS fragment
       FROM (SELECT DISTINCT ON (lower(n.name)) n.name, n.kind, n.event_id, count(*) OVER (PARTITION BY lower(n.name)) AS documents
               FROM search_entity_names n JOIN search_documents d ON d.tenant_id = n.tenant_id AND d.event_id = n.event_id
              WHERE n.tenant_id = $1 AND lower(n.name) = ANY($3::text[])
              ORDER BY lower(n.name), d.at DESC, n.event_id) h
       JOIN events e ON e.tenant_id = $1 AND e.id = h.event_id
       CROSS JOIN websearch_to_tsquery('english', $2) q`,
    [tenantId, query, names.map((n) => n.toLowerCase())],
  )
}

/**
 * For each list of names (an entity's), how many completed documents report an entity under one of them as its
 * own text (an alias given with another entity's text is that entity's name there, as merging reads it).
 */
export async function documentsReporting(db: Queryable, tenantId: string, groups: ReadonlyArray<readonly string[]>): Promise<number[]> {
  if (groups.length === 0) return []
  const pairs = groups.flatMap((names, i) => [...new Set(names.map((n) => n.trim().toLowerCase()))].map((n) => [n, i] as const))
  const rows = await db.query<{ i: number; documents: number | string }>(
    `SELECT g.i, count(DISTINCT n.event_id) AS documents
       FROM unnest($2::text[], $3::int[]) g(name, i)
       JOIN search_entity_names n ON n.tenant_id = $1 AND lower(n.name) = g.name AND n.name = n.entity
       JOIN search_documents d ON d.tenant_id = n.tenant_id AND d.event_id = n.event_id
      GROUP BY g.i`,
    [tenantId, pairs.map(([n]) => n), pairs.map(([, i]) => i)],
  )
  const counts = groups.map(() => 0)
  for (const r of rows) counts[Number(r.i)] = Number(r.documents)
  return counts
}
