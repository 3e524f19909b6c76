/**
 * Hot topics of the dashboard pulse (spec §2, src/protocol/intelligence.ts): clusters of entities that
 * are written about together, ranked by how much they are mentioned this week.
 *
 * Rules, in order:
 * 1. The graph: one node per alias-merged entity (`corpus.entities`), and an undirected edge between two
 *    entities for every pair that appears in a same document, weighted by the number of such documents.
 * 2. The topics: the communities Louvain finds in that graph (graphology-communities-louvain, weighted,
 *    resolution 1), with a seeded generator so the same corpus always gives the same clusters. Nodes and
 *    edges are added in sorted order for the same reason. An entity that shares no document with another
 *    is a topic of its own.
 * 3. A topic's entities are ordered by their mentions in the corpus (desc, then name); its title is the
 *    first three joined with ' · ', its id `topic_<id of the first entity without "ent_">`.
 * 4. A topic's documents are the documents that mention any of its entities; its pestleCategory is the
 *    most common category among them (ties: alphabetical). A topic whose documents carry no category is
 *    left out, as the wire needs one.
 * 5. Mentions are counted per document, dated by the document's ingestion time: the last 7 days are
 *    (now − 7 d, now], the previous 7 days (now − 14 d, now − 7 d]; momentumDelta7d = last − previous.
 *    The series is the mentions per UTC day over the 14 days ending today (so it is aligned to days, and
 *    the windows to the hour of `now`).
 * 5a. A topic is first mentioned when its earliest document was ingested (firstMentionedAt). One first
 *    mentioned less than 14 days before `now` is new (isNew): the week before was not watched whole for
 *    it, so "+22 (0 the week before)" would be its arrival, not its momentum; the delta is still the
 *    arithmetic above, but the dashboard shows "New" instead. The tenant's own history cannot be shorter
 *    than its topics', so the topic's first mention is what limits the comparison.
 * 6. Ranking: mentionsLast7d desc, then momentumDelta7d desc, then all-time mentions desc, then title;
 *    the first three are the hot topics.
 */
import { UndirectedGraph } from 'graphology'
import louvain from 'graphology-communities-louvain'
import { type PestleCategoryName, pestleCategorySchema } from '../../../src/protocol/analysis'
import type { HotTopic } from '../../../src/protocol/intelligence'
import type { MergedEntity } from './aliases'
import { COMPARISON_MS, type Corpus, type CorpusDocument, DAY_MS, dailyCounts } from './corpus'

export const HOT_TOPICS = 3
const SERIES_DAYS = 14
const LOUVAIN_SEED = 20_260_101
/** Joins two entity ids into one map key (ids never contain it). */
const PAIR = '\u0000'

/** The hot topics of a corpus at time `now` (ms), best first. */
export function hotTopics(corpus: Corpus, now: number, limit = HOT_TOPICS): HotTopic[] {
  return entityClusters(corpus.entities.entities)
    .flatMap((cluster) => {
      const topic = describeTopic(cluster, corpus, now)
      return topic ? [topic] : []
    })
    .sort(byHeat)
    .slice(0, limit)
    .map(({ totalMentions: _total, ...topic }) => topic)
}

/** The entities grouped into communities of co-occurrence (rules 1–2), each group sorted by id. */
export function entityClusters(entities: MergedEntity[]): MergedEntity[][] {
  const sorted = [...entities].sort((a, b) => compareText(a.id, b.id))
  const graph = new UndirectedGraph<Record<string, never>, { weight: number }>()
  // mergeNode, not addNode: should two entities ever share an id, they share a node instead of failing.
  for (const e of sorted) graph.mergeNode(e.id)
  const pairs = [...coOccurrences(sorted)].sort((x, y) => compareText(x[0], y[0]))
  for (const [, { a, b, weight }] of pairs) graph.addEdge(a, b, { weight })
  const community = louvain(graph, { getEdgeWeight: 'weight', rng: seededRandom(LOUVAIN_SEED) })
  const groups = new Map<number, MergedEntity[]>()
  for (const e of sorted) {
    const c = community[e.id] ?? -1
    const group = groups.get(c)
    if (group) group.push(e)
    else groups.set(c, [e])
  }
  return [...groups.values()]
}

/** A deterministic generator in [0, 1) (a 32-bit linear congruential one: Numerical Recipes' constants). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0
    return state / 2 ** 32
  }
}

/** Documents per valid PESTLE category, most first (ties: alphabetical); documents without one are not counted. */
export function pestleCounts(documents: CorpusDocument[]): Array<{ category: PestleCategoryName; count: number }> {
  const counts = new Map<string | null, number>()
  for (const d of documents) counts.set(d.pestleCategory, (counts.get(d.pestleCategory) ?? 0) + 1)
  return rankedPestle(counts)
}

/** Counts of documents by category as stored, ranked: count desc, then name; what is no PESTLE category is left out. */
export function rankedPestle(counts: ReadonlyMap<string | null, number>): Array<{ category: PestleCategoryName; count: number }> {
  const valid = new Map<PestleCategoryName, number>()
  for (const [category, count] of counts) {
    const parsed = pestleCategorySchema.safeParse(category)
    if (parsed.success) valid.set(parsed.data, (valid.get(parsed.data) ?? 0) + count)
  }
  return [...valid].map(([category, count]) => ({ category, count })).sort((a, b) => b.count - a.count || compareText(a.category, b.category))
}

/** Code-point order: the same everywhere, whatever the locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

type RankedTopic = HotTopic & { totalMentions: number }

function describeTopic(cluster: MergedEntity[], corpus: Corpus, now: number): RankedTopic | null {
  const entities = [...cluster].sort((a, b) => b.mentionCount - a.mentionCount || compareText(a.name, b.name))
  const documentIds = new Set(entities.flatMap((e) => [...e.byDocument.keys()]))
  const documents = [...documentIds].flatMap((id) => corpus.documentsById.get(id) ?? [])
  const pestleCategory = pestleCounts(documents)[0]?.category
  if (!pestleCategory) return null
  const mentionsIn = (d: CorpusDocument) => entities.reduce((sum, e) => sum + (e.byDocument.get(d.id) ?? 0), 0)
  const title = entities
    .slice(0, 3)
    .map((e) => e.name)
    .join(' · ')
  return {
    id: `topic_${entities[0]!.id.replace(/^ent_/, '')}`,
    title,
    pestleCategory,
    ...topicFigures(documents, mentionsIn, now),
    entities: entities.map((e) => e.name),
    totalMentions: entities.reduce((sum, e) => sum + e.mentionCount, 0),
  }
}

/**
 * A topic's figures over its documents (rules 5–5a): mentions in the last 7 days and the 7 before, their
 * difference, the daily series, its first mention and whether it is new. Story topics count the same way.
 */
export function topicFigures(
  documents: readonly CorpusDocument[],
  mentionsIn: (d: CorpusDocument) => number,
  now: number,
): Pick<HotTopic, 'momentumDelta7d' | 'mentionsLast7d' | 'mentionsPrevious7d' | 'documentCount' | 'series' | 'firstMentionedAt' | 'isNew'> {
  const within = (from: number, to: number) => documents.filter((d) => d.at > from && d.at <= to).reduce((sum, d) => sum + mentionsIn(d), 0)
  const mentionsLast7d = within(now - 7 * DAY_MS, now)
  const mentionsPrevious7d = within(now - 14 * DAY_MS, now - 7 * DAY_MS)
  const firstAt = documents.reduce((first, d) => Math.min(first, d.at), Number.POSITIVE_INFINITY)
  return {
    momentumDelta7d: mentionsLast7d - mentionsPrevious7d,
    mentionsLast7d,
    mentionsPrevious7d,
    documentCount: documents.length,
    series: dailyCounts(
      documents.map((d) => ({ at: d.at, count: mentionsIn(d) })),
      now,
      SERIES_DAYS,
    ),
    firstMentionedAt: new Date(firstAt).toISOString(),
    isNew: now - firstAt < COMPARISON_MS,
  }
}

function byHeat(a: RankedTopic, b: RankedTopic): number {
  return b.mentionsLast7d - a.mentionsLast7d || b.momentumDelta7d - a.momentumDelta7d || b.totalMentions - a.totalMentions || compareText(a.title, b.title)
}

/** For every pair of entities (ids in order) that share documents: how many they share, by pair key. */
function coOccurrences(sortedEntities: MergedEntity[]): Map<string, { a: string; b: string; weight: number }> {
  const byDocument = new Map<string, string[]>()
  for (const e of sortedEntities) {
    for (const doc of e.byDocument.keys()) {
      const ids = byDocument.get(doc)
      if (ids) ids.push(e.id)
      else byDocument.set(doc, [e.id])
    }
  }
  const pairs = new Map<string, { a: string; b: string; weight: number }>()
  for (const ids of byDocument.values()) {
    for (const [i, a] of ids.entries()) {
      for (const b of ids.slice(i + 1)) {
        if (a === b) continue
        const key = `${a}${PAIR}${b}`
        const pair = pairs.get(key)
        if (pair) pair.weight++
        else pairs.set(key, { a, b, weight: 1 })
      }
    }
  }
  return pairs
}
