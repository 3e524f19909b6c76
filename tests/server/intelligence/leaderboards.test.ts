/**
 * Which frames the dashboard's leaderboards may show (server/modules/intelligence/pulse.ts): a risk is something bad
 * happening, an opportunity something good; a neutral frame is on neither board and no frame is on both;
 * background (dated more than 180 days before its document's latest dated frame), what did not happen and
 * the telling of an event (a statement) are on neither.
 */
import { describe, expect, test } from 'vitest'
import type { Corpus, CorpusDocument, CorpusFrame } from '../../../server/modules/intelligence/corpus'
import { backgroundFrames, computePulse } from '../../../server/modules/intelligence/pulse'

const NOW = Date.parse('2026-11-20T12:00:00Z')

function frame(id: string, sentiment: number, occurredOn: string | null): CorpusFrame {
  return {
    id,
    eventId: 'doc',
    actionIndex: 0,
    actionType: 'Acquisition',
    description: id,
    summary: id,
    temporality: 'past',
    confidence: 0.8,
    urgency: 0.4,
    sentiment,
    veracity: 0.7,
    negated: false,
    actors: [],
    resources: [],
    occurredOn,
    at: NOW,
  }
}

function corpusOf(frames: CorpusFrame[]): Corpus {
  const doc: CorpusDocument = {
    id: 'doc',
    researchId: null,
    sessionId: null,
    projectId: null,
    title: 'Halvorsen to buy Kaasland',
    summary: '',
    at: NOW,
    pestleCategory: 'Economic',
    knowledgeArea: null,
    impactSeverity: 0.3,
    scores: {},
    entities: [],
  }
  return { documents: [doc], frames, documentsById: new Map([['doc', doc]]), framesByDocument: new Map([['doc', frames]]), entities: { entities: [], resolve: () => undefined, byId: new Map() } }
}

describe('leaderboards', () => {
  const frames = [
    frame('shares fell', -0.5, '2025-09-18'),
    frame('deal agreed', 0.4, '2025-09-17'),
    frame('will pay €34 a share', 0, '2025-09-17'),
    frame('bought a German rival in 2017', 0.6, '2017-01-01'),
    { ...frame('did not deny the movement', 0.46, '2025-09-17'), negated: true },
    { ...frame('Halvorsen said the deal was a great step', 0.7, '2025-09-17'), actionType: 'Statement' },
    frame('named an acting chief', 0.24, '2025-09-17'),
    frame('a worried word', -0.2, '2025-09-17'),
  ]

  test('a neutral frame (within 0.25 of zero) is on neither board, no frame on both, and background, what did not happen and a statement on neither', () => {
    const pulse = computePulse(corpusOf(frames), NOW)
    expect(pulse.riskLeaderboard.map((e) => e.id)).toEqual(['shares fell'])
    expect(pulse.opportunityLeaderboard.map((e) => e.id)).toEqual(['deal agreed'])
  })

  test("background is dated against the document's own latest dated frame, not against today", () => {
    expect([...backgroundFrames(frames)]).toEqual(['bought a German rival in 2017'])
    // A document whose every frame is years old keeps them: they are its news.
    expect([...backgroundFrames([frame('old news', -0.3, '2019-05-01'), frame('undated', -0.2, null)])]).toEqual([])
  })
})
