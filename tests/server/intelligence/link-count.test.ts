/**
 * A briefing counts its scope's connections (frames sharing an actor) without making them
 * (graph.ts `linkCount`): the count is what `links()` makes, on random corpora of few or many actors.
 */
import fc from 'fast-check'
import { expect, test } from 'vitest'
import { mergeEntities } from '../../../server/modules/intelligence/aliases'
import type { Corpus, CorpusDocument, CorpusFrame } from '../../../server/modules/intelligence/corpus'
import { graphView } from '../../../server/modules/intelligence/graph'
import { propertySeed } from '../../arbitraries'

const ACTORS = ['Russia', 'Ukraine', 'European Union', 'NATO', 'Turkey', 'United Nations', 'Acme Corp', 'Port of Rotterdam']

function corpusOf(docs: string[][][]): Corpus {
  const documents: CorpusDocument[] = docs.map((_, i) => ({
    id: `d${i}`,
    researchId: null,
    sessionId: null,
    projectId: null,
    title: `d${i}`,
    summary: '',
    at: i,
    pestleCategory: null,
    knowledgeArea: null,
    impactSeverity: 0.5,
    scores: {},
    entities: [...new Set(docs[i]!.flat())].map((text) => ({ eventId: `d${i}`, text, kind: 'organisation', aliases: [], mentions: 1 })),
  }))
  const frames: CorpusFrame[] = docs.flatMap((frameActors, i) =>
    frameActors.map((actors, k) => ({
      id: `d${i}-f${k + 1}`,
      eventId: `d${i}`,
      actionIndex: k + 1,
      actionType: 'statement',
      description: '',
      summary: '',
      temporality: 'past',
      confidence: 0.5,
      urgency: 0,
      sentiment: 0,
      veracity: 1,
      negated: false,
      actors,
      roles: actors.map((text) => ({ text, role: 'agent' })),
      resources: [],
      cameo: null,
      impacts: [],
      occurredOn: null,
      at: i,
    })),
  )
  const framesByDocument = new Map<string, CorpusFrame[]>()
  for (const f of frames) framesByDocument.set(f.eventId, [...(framesByDocument.get(f.eventId) ?? []), f])
  return { documents, frames, documentsById: new Map(documents.map((d) => [d.id, d])), framesByDocument, entities: mergeEntities(documents.flatMap((d) => d.entities)) }
}

test('linkCount is how many connections links() makes', () => {
  const frameActors = fc.array(fc.constantFrom(...ACTORS), { maxLength: 4 })
  fc.assert(
    fc.property(fc.array(fc.array(frameActors, { maxLength: 5 }), { maxLength: 12 }), (docs) => {
      const view = graphView(corpusOf(docs))
      expect(view.linkCount()).toBe(view.links().length)
    }),
    { seed: propertySeed('linkCount equals links().length'), numRuns: 200 },
  )
})

test('a scope of one actor in every frame has a connection between every two frames', () => {
  const view = graphView(corpusOf(Array.from({ length: 30 }, () => [['Russia'], ['Russia', 'Ukraine']])))
  expect(view.linkCount()).toBe((60 * 59) / 2)
})
