/**
 * Search everything (issue 21, item 5), without HTTP: the caller's tenant's documents, frames, entities and
 * stories matching a query, ranked and filtered in SQL (queries.ts), then one page of them read with their
 * titles and matching sentences marked (highlight.ts) and what each opens.
 *
 * Entities are the tenant's merged entities (intelligence's alias rules, ids `ent_<kind>_<slug>`): a name that
 * matches is resolved among the tenant's entities (`tenantEntities`, from the spellings every completed document
 * gives), so its id, name and kind are the ones its page and the graph show, and its documents are counted under
 * all of its names. A page lists each entity once, however many of its names matched.
 * The analyst's entity decisions apply as everywhere else (aliases.ts): a merged entity is one result under the
 * name it kept, a renamed one is listed (and found) under its new name, a name split off is an entity of its own.
 * The entity filter takes an entity's id or one of its names and keeps what names it under any of its keys:
 * documents giving it a name, frames with it among their actors, stories and entities of such documents.
 */
import { SEARCH_COUNT_CAP, type SearchBody, type SearchKind, type SearchQuery, type SearchResult } from '../../../src/protocol/search'
import { iso } from '../../platform/db/rows'
import type { Queryable } from '../../platform/db/database'
import { nameKeys, tenantEntities } from '../intelligence'
import { hasMatch, leadOf, segmentsOf, sentenceOf } from './highlight'
import { documentHits, documentsReporting, entityHits, frameHits, rankedMatches, type SearchFilters, storyHits } from './queries'

/** `cap`: how many matches of a kind are counted and ranked at most (SEARCH_COUNT_CAP; tests ask for fewer). */
export async function search(db: Queryable, tenantId: string, q: SearchQuery, cap = SEARCH_COUNT_CAP): Promise<SearchBody> {
  const offset = q.cursor ? Number(q.cursor) : 0
  const filters = filtersOf(q)
  const ranked = await rankedMatches(db, tenantId, q.q, filters, { kind: q.kind, offset, limit: q.limit }, cap)
  const of = (kind: SearchKind) => ranked.items.filter((m) => m.kind === kind).map((m) => m.id)
  const [documents, frames, stories, entities] = await Promise.all([
    documentResults(db, tenantId, q.q, of('document')),
    frameResults(db, tenantId, q.q, of('frame')),
    storyResults(db, tenantId, q.q, of('story')),
    entityResults(db, tenantId, q.q, of('entity')),
  ])
  const byKey = new Map<string, Omit<SearchResult, 'score'>>([...documents, ...frames, ...stories, ...entities].map((r) => [`${r.kind}:${r.key}`, r.result]))
  const seen = new Set<string>()
  const items: SearchResult[] = []
  for (const m of ranked.items) {
    const r = byKey.get(`${m.kind}:${m.id}`)
    // An entity whose other name is on the page already, or a row gone since it was ranked, is left out.
    if (!r || seen.has(`${r.kind}:${r.id}`)) continue
    seen.add(`${r.kind}:${r.id}`)
    items.push({ ...r, score: round(m.score) })
  }
  const total = q.kind ? ranked.counts[q.kind] : Object.values(ranked.counts).reduce((a, b) => a + b, 0)
  return { query: q.q, items, counts: ranked.counts, ...(ranked.capped.length > 0 ? { capped: ranked.capped } : {}), nextCursor: offset + q.limit < total ? String(offset + q.limit) : null }
}

/** The query string's filters as SQL takes them: whole UTC days, an entity's keys. */
export function filtersOf(q: SearchQuery): SearchFilters {
  const day = (s: string) => `${s.slice(0, 10)}T00:00:00Z`
  const next = (s: string) => new Date(Date.parse(day(s)) + 86_400_000).toISOString()
  return {
    ...(q.from ? { from: day(q.from) } : {}),
    ...(q.to ? { until: next(q.to) } : {}),
    ...(q.source ? { source: q.source } : {}),
    ...(q.publisher ? { publisher: q.publisher } : {}),
    ...(q.entity ? { entityKeys: entityKeysOf(q.entity) } : {}),
    ...(q.pestle ? { pestle: q.pestle } : {}),
    ...(q.category ? { category: q.category } : {}),
    ...(q.credibility !== undefined ? { credibility: q.credibility } : {}),
    ...(q.risk !== undefined ? { risk: q.risk } : {}),
  }
}

/** The keys an entity is found by: an id's name (`ent_person_jane-doe` → "jane doe"), or the name given. */
export function entityKeysOf(entity: string): string[] {
  const id = /^ent_[a-z]+_(.+)$/.exec(entity)
  const keys = nameKeys(id ? id[1]!.replace(/-/g, ' ') : entity)
  return keys.length > 0 ? keys : [entity.toLowerCase()]
}

type Keyed = { kind: SearchKind; key: string; result: Omit<SearchResult, 'score'> }
const round = (x: number) => Math.round(x * 1000) / 1000
const dateOf = (v: Date | string | null) => (v == null ? null : iso(v))

async function documentResults(db: Queryable, tenantId: string, query: string, ids: string[]): Promise<Keyed[]> {
  return (await documentHits(db, tenantId, query, ids)).map((r) => {
    const body = sentenceOf(r.body, r.fragment)
    return {
      kind: 'document',
      key: r.id,
      result: {
        kind: 'document',
        id: r.id,
        title: segmentsOf(r.title),
        snippet: hasMatch(body) ? body : snippetOfSummary(r.summary_fragment, r.body),
        at: dateOf(r.at),
        open: { researchId: r.research_id, sessionId: r.session_id, projectId: r.project_id, documentId: r.id },
        facts: [r.publisher, r.pestle].filter((x): x is string => !!x),
      },
    }
  })
}

async function frameResults(db: Queryable, tenantId: string, query: string, ids: string[]): Promise<Keyed[]> {
  return (await frameHits(db, tenantId, query, ids)).map((r) => ({
    kind: 'frame',
    key: r.id,
    result: {
      kind: 'frame',
      id: r.id,
      title: segmentsOf(r.title),
      snippet: segmentsOf(r.sentence),
      at: dateOf(r.at),
      open: { researchId: r.research_id, sessionId: r.session_id, projectId: r.project_id, documentId: r.event_id, frameId: r.id },
      facts: [r.category_name ? `${r.category} ${r.category_name}` : null, r.document_title ? `in “${r.document_title}”` : null].filter((x): x is string => !!x),
    },
  }))
}

async function storyResults(db: Queryable, tenantId: string, query: string, ids: string[]): Promise<Keyed[]> {
  return (await storyHits(db, tenantId, query, ids)).map((r) => ({
    kind: 'story',
    key: r.id,
    result: {
      kind: 'story',
      id: r.id,
      title: segmentsOf(r.title),
      snippet: r.body && r.fragment ? sentenceOf(r.body, r.fragment) : [],
      at: dateOf(r.ended_at),
      open: { storyId: r.id },
      facts: [`${Number(r.sources)} ${Number(r.sources) === 1 ? 'source' : 'sources'}`],
    },
  }))
}

async function entityResults(db: Queryable, tenantId: string, query: string, names: string[]): Promise<Keyed[]> {
  if (names.length === 0) return []
  const [hits, tenant] = await Promise.all([entityHits(db, tenantId, query, names), tenantEntities(db, tenantId)])
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
  const says = (name: string) => words.length > 0 && words.every((w) => name.toLowerCase().includes(w))
  const byName = new Map(hits.map((h) => [h.name.toLowerCase(), h]))
  const found = names.flatMap((name) => {
    const hit = byName.get(name.toLowerCase())
    return hit ? [{ name, hit, entity: tenant.resolve(hit.name) }] : []
  })
  // Its documents are those reporting it under any of its names, not only under the name that matched.
  const documents = await documentsReporting(
    db,
    tenantId,
    found.map(({ hit, entity }) => (entity ? [entity.name, ...entity.aliases] : [hit.name])),
  )
  return found.map(({ name, hit, entity }, i): Keyed => {
    const id = entity?.id ?? `ent_${hit.kind}_${slug(hit.name)}`
    const label = entity?.name ?? hit.name
    const count = documents[i] ?? Number(hit.documents)
    // The name that matched is marked; the entity's own name leads when it is another. Found by the name the
    // analyst gave it (no document's), the entity's name alone is marked.
    const title =
      label.toLowerCase() === hit.name.toLowerCase() || (says(label) && !says(hit.name))
        ? [{ text: label, match: true }]
        : [
            { text: `${label} · `, match: false },
            { text: hit.name, match: true },
          ]
    return {
      kind: 'entity',
      key: name,
      result: {
        kind: 'entity',
        id,
        title,
        snippet: sentenceOf(hit.body, hit.fragment),
        at: null,
        open: { entityId: id },
        facts: [entity?.kind ?? hit.kind, `${count} ${count === 1 ? 'document' : 'documents'}`],
      },
    }
  })
}

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-')

/** A document whose text does not match: its summary's matching words, else its first sentence. */
function snippetOfSummary(summaryFragment: string, body: string): SearchResult['snippet'] {
  const summary = segmentsOf(summaryFragment)
  return hasMatch(summary) ? summary : leadOf(body)
}
