/**
 * Hot topics as stories (issue 20, server/modules/intelligence/story-topics.ts): the dashboard once put a
 * central bank inside a chip-export cluster because the two shared a country. Here a chip-export story and
 * a central-bank story that both name China stay two topics; a later chip-export story with the same two
 * leading actors joins the first as a thread, titled by its hottest story; a document in no story yet is a
 * topic of its own; what was not told in the last two weeks is not hot. Pure: a small corpus written out
 * here, the figures worked out by hand.
 */
import { expect, test } from 'vitest'
import { mergeEntities } from '../../../server/modules/intelligence/aliases'
import type { Corpus, CorpusDocument } from '../../../server/modules/intelligence/corpus'
import { storyTopics } from '../../../server/modules/intelligence/story-topics'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-20T12:00:00Z')

function doc(id: string, at: number, category: string, mentions: Record<string, number>): CorpusDocument {
  return {
    id,
    researchId: null,
    sessionId: null,
    projectId: null,
    title: `${id} title`,
    summary: '',
    at,
    pestleCategory: category,
    knowledgeArea: null,
    impactSeverity: 0.5,
    scores: {},
    entities: Object.entries(mentions).map(([text, n]) => ({ eventId: id, text, kind: 'organisation', aliases: [], mentions: n })),
  }
}

const documents = [
  // Chip exports, two reports of one story 3 days ago, and a later story with the same leading pair.
  doc('chips-1', NOW - 3 * DAY, 'Economic', { 'US Commerce Department': 2, Nvidia: 2, China: 1 }),
  doc('chips-2', NOW - 3 * DAY + 3_600_000, 'Economic', { 'US Commerce Department': 1, Nvidia: 2 }),
  doc('chips-3', NOW - DAY, 'Political', { Nvidia: 1, 'US Commerce Department': 1 }),
  // A central bank that names China too: another story, another topic.
  doc('bank', NOW - 2 * DAY, 'Economic', { "People's Bank of China": 3, China: 2 }),
  // Not placed in a story yet: a topic of its own.
  doc('loose', NOW - 5 * DAY, 'Social', { Strait: 1 }),
]
const corpus: Corpus = {
  documents,
  frames: [],
  documentsById: new Map(documents.map((d) => [d.id, d])),
  framesByDocument: new Map(),
  entities: mergeEntities(documents.flatMap((d) => d.entities)),
}
const stories = new Map([
  ['chips-1', { id: 'story:chips-1', title: 'US curbs Nvidia chip exports to China' }],
  ['chips-2', { id: 'story:chips-1', title: 'US curbs Nvidia chip exports to China' }],
  ['chips-3', { id: 'story:chips-3', title: 'Commerce Department widens Nvidia licence rules' }],
  ['bank', { id: 'story:bank', title: "China's central bank cuts its reserve ratio" }],
])

test('unrelated stories that share an entity stay apart; stories with the same two leading actors are one thread', () => {
  const topics = storyTopics(corpus, NOW, stories)
  expect(topics.map((t) => [t.id, t.title, t.storyIds, t.documentCount, t.mentionsLast7d])).toEqual([
    // 4 + 3 + 2 mentions this week; titled by the story with the most documents this week (2 against 1).
    ['topic_story:chips-1', 'US curbs Nvidia chip exports to China', ['story:chips-1', 'story:chips-3'], 3, 10],
    ['topic_story:bank', "China's central bank cuts its reserve ratio", ['story:bank'], 1, 5],
    ['topic_document:loose', 'loose title', [], 1, 1],
  ])
  // The thread's entities: Nvidia 5, US Commerce Department 4, China 1; its category the most common (Economic 2, Political 1).
  expect(topics[0]).toMatchObject({ entities: ['Nvidia', 'US Commerce Department', 'China'], pestleCategory: 'Economic', isNew: true })
  expect(topics[1]?.entities).toEqual(["People's Bank of China", 'China'])
})

test('the limit caps the topics, hottest first', () => {
  expect(storyTopics(corpus, NOW, stories, 2).map((t) => t.id)).toEqual(['topic_story:chips-1', 'topic_story:bank'])
})

test('a topic not told in the last two weeks is not hot, however few topics are', () => {
  // Twenty days on, nothing was told in the two weeks before: no hot topic, not the least cold one.
  expect(storyTopics(corpus, NOW + 20 * DAY, stories)).toEqual([])
  // 12 days 23 hours on, the two weeks start an hour before chips-3 (a day before NOW): its thread is hot,
  // counted whole (its three documents), the bank and the loose document are not.
  const later = storyTopics(corpus, NOW + 13 * DAY - 3_600_000, stories)
  expect(later.map((t) => [t.id, t.mentionsLast7d, t.mentionsPrevious7d, t.documentCount])).toEqual([['topic_story:chips-1', 0, 2, 3]])
})
