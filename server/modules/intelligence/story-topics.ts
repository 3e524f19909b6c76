/**
 * Hot topics as stories (issue 20): a topic is a story (the reports of one event, server/modules/stories)
 * or a thread of stories about the same two leading actors, never a community of every entity that ever
 * shared a document (which put a central bank inside a chip-export cluster).
 *
 * Rules, in order:
 * 1. Each completed document of the corpus is in its story (`stories`: document id → story id and title);
 *    a document not placed in one yet is a story of its own.
 * 2. A story's leading actors are its two entities (alias-merged) most mentioned across its documents
 *    (ties: name). Stories with the same two leading actors form one thread; a story naming fewer than two
 *    entities stands alone.
 * 3. A topic's documents are its stories' documents; its entities are those mentioned in them, most
 *    mentioned there first (then name); its PESTLE category is its documents' most common (ties:
 *    alphabetical), and a topic without one is left out, as the wire needs one.
 * 4. Mentions, momentum, series, first mention and isNew are as in topics.ts (rules 5–5a), counted over
 *    the topic's documents and entities.
 * 5. Its title is the title of its story with the most documents in the last 7 days (then the most
 *    documents, then the latest); its stories are listed (storyIds) hottest first in the same order;
 *    its id is `topic_` and the id of its first story by id.
 * 6. Ranking as in topics.ts: mentions in the last 7 days, momentum, all-time mentions, title.
 * 7. Hot means told in the two weeks the momentum compares: a topic none of whose documents was ingested
 *    in (now − 14 d, now] is left out (a thread quiet for a month is history, not a hot topic). The pulse
 *    reads only the stories told in that span (signals.ts), so a thread's stories that were not are not
 *    counted in it either.
 */
import type { HotTopic } from '../../../src/protocol/intelligence'
import type { MergedEntity } from './aliases'
import { COMPARISON_MS, type Corpus, type CorpusDocument, DAY_MS } from './corpus'
import { compareText, HOT_TOPICS, pestleCounts, topicFigures } from './topics'

/** Each document's story: its id and title. */
export type StoryIndex = ReadonlyMap<string, { id: string; title: string }>

interface StoryGroup {
  id: string
  title: string
  documents: CorpusDocument[]
}

export function storyTopics(corpus: Corpus, now: number, stories: StoryIndex, limit = HOT_TOPICS): HotTopic[] {
  const mentions = mentionsByDocument(corpus.entities.entities)
  const groups = new Map<string, StoryGroup>()
  for (const d of corpus.documents) {
    const story = stories.get(d.id) ?? { id: `document:${d.id}`, title: d.title }
    const group = groups.get(story.id) ?? { id: story.id, title: story.title, documents: [] }
    group.documents.push(d)
    groups.set(story.id, group)
  }
  const threads = new Map<string, StoryGroup[]>()
  for (const g of [...groups.values()].sort((a, b) => compareText(a.id, b.id))) {
    const lead = ranked(tally(g.documents, mentions)).slice(0, 2)
    const key =
      lead.length === 2
        ? lead
            .map(([e]) => e.id)
            .sort()
            .join('\u0000')
        : `story:${g.id}`
    threads.set(key, [...(threads.get(key) ?? []), g])
  }
  return [...threads.values()]
    .flatMap((thread) => {
      const topic = describeThread(thread, mentions, now)
      return topic ? [topic] : []
    })
    .sort((a, b) => b.mentionsLast7d - a.mentionsLast7d || b.momentumDelta7d - a.momentumDelta7d || b.total - a.total || compareText(a.title, b.title))
    .slice(0, limit)
    .map(({ total: _total, ...topic }) => topic)
}

type Mentions = ReadonlyMap<string, ReadonlyArray<readonly [MergedEntity, number]>>

function describeThread(thread: StoryGroup[], mentions: Mentions, now: number): (HotTopic & { total: number }) | null {
  const documents = thread.flatMap((g) => g.documents)
  if (!documents.some((d) => d.at > now - COMPARISON_MS && d.at <= now)) return null
  const pestleCategory = pestleCounts(documents)[0]?.category
  if (!pestleCategory) return null
  const entities = ranked(tally(documents, mentions))
  const mentionsIn = (d: CorpusDocument) => (mentions.get(d.id) ?? []).reduce((sum, [, n]) => sum + n, 0)
  const recent = (g: StoryGroup) => g.documents.filter((d) => d.at > now - 7 * DAY_MS && d.at <= now).length
  const latest = (g: StoryGroup) => g.documents.reduce((last, d) => Math.max(last, d.at), 0)
  const hottest = [...thread].sort((a, b) => recent(b) - recent(a) || b.documents.length - a.documents.length || latest(b) - latest(a) || compareText(a.id, b.id))
  return {
    id: `topic_${[...thread].sort((a, b) => compareText(a.id, b.id))[0]!.id}`,
    title: hottest[0]!.title,
    pestleCategory,
    ...topicFigures(documents, mentionsIn, now),
    entities: entities.map(([e]) => e.name),
    storyIds: hottest.filter((g) => !g.id.startsWith('document:')).map((g) => g.id),
    total: documents.reduce((sum, d) => sum + mentionsIn(d), 0),
  }
}

/** Each document's entities with their mentions in it. */
function mentionsByDocument(entities: readonly MergedEntity[]): Map<string, Array<readonly [MergedEntity, number]>> {
  const out = new Map<string, Array<readonly [MergedEntity, number]>>()
  for (const e of entities) {
    for (const [doc, n] of e.byDocument) {
      const list = out.get(doc)
      if (list) list.push([e, n])
      else out.set(doc, [[e, n]])
    }
  }
  return out
}

function tally(documents: readonly CorpusDocument[], mentions: Mentions): Map<MergedEntity, number> {
  const counts = new Map<MergedEntity, number>()
  for (const d of documents) for (const [e, n] of mentions.get(d.id) ?? []) counts.set(e, (counts.get(e) ?? 0) + n)
  return counts
}

/** Most mentioned first, then by name. */
function ranked(counts: ReadonlyMap<MergedEntity, number>): Array<[MergedEntity, number]> {
  return [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0].name, b[0].name))
}
