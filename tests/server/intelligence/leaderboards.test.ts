/**
 * Which frames the dashboard's leaderboards may show (server/modules/intelligence/pulse.ts, direction.ts): a
 * risk is something bad happening, an opportunity something good, read from the frame's impacts and its
 * tone together; a neutral or mixed frame is on neither board and no frame is on both; background (dated
 * more than 180 days before its document's latest dated frame), what did not happen and the telling of an
 * event (a statement) are on neither. With stories, each story stands once, and an exact copy's frame does not
 * stand for a story its original's frame is on the board for.
 */
import { describe, expect, test } from 'vitest'
import type { Corpus, CorpusDocument, CorpusFrame } from '../../../server/modules/intelligence/corpus'
import { effectSign, frameDirection } from '../../../server/modules/intelligence/direction'
import { backgroundFrames, type BoardStories, computePulse } from '../../../server/modules/intelligence/pulse'

const NOW = Date.parse('2026-11-20T12:00:00Z')

function frame(id: string, sentiment: number, occurredOn: string | null, impacts: CorpusFrame['impacts'] = []): CorpusFrame {
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
    roles: [],
    cameo: null,
    resources: [],
    impacts,
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
  return {
    documents: [doc],
    frames,
    documentsById: new Map([['doc', doc]]),
    framesByDocument: new Map([['doc', frames]]),
    entities: { entities: [], resolve: () => undefined, byId: new Map(), ofSpelling: () => undefined },
  }
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

describe('the direction of a frame: its impacts and its tone together', () => {
  const ids = (entries: Array<{ id: string }>) => entries.map((e) => e.id)

  test('effects that name a harm or a gain have a direction; a domain alone has none', () => {
    expect(['humanitarian', 'negative economic impact', 'job losses', 'Damage to crops', 'negative growth'].map(effectSign)).toEqual([-1, -1, -1, -1, -1])
    expect(['positive', 'economic growth', 'Benefit to farmers', 'recovery'].map(effectSign)).toEqual([1, 1, 1, 1])
    expect(['economic', 'political', 'market', 'quantitative', 'legal'].map(effectSign)).toEqual([0, 0, 0, 0, 0])
  })

  test('negative impacts and a negative tone: on the risk board only', () => {
    // "A bomb killed 12 people": a humanitarian toll (magnitude 0.7) told at −0.5.
    const killed = frame('bomb killed 12 people', -0.5, null, [{ effect: 'humanitarian', magnitude: 0.7 }])
    const pulse = computePulse(corpusOf([killed]), NOW)
    expect(ids(pulse.riskLeaderboard)).toEqual(['bomb killed 12 people'])
    expect(ids(pulse.opportunityLeaderboard)).toEqual([])
    // The board says which impact put it there, beside its tone.
    expect(pulse.riskLeaderboard[0]?.directedImpacts).toEqual([{ effect: 'humanitarian', magnitude: 0.7, sign: -1 }])
  })

  test('a positive tone about a harm is mixed: on neither board', () => {
    // "Rescuers pulled 30 from the rubble; 12 were killed": told at +0.6, a humanitarian toll of 0.7.
    const mixed = frame('rescue amid deaths', 0.6, null, [{ effect: 'humanitarian', magnitude: 0.7 }])
    expect(frameDirection(mixed)).toBe('mixed')
    const pulse = computePulse(corpusOf([mixed]), NOW)
    expect(ids(pulse.riskLeaderboard)).toEqual([])
    expect(ids(pulse.opportunityLeaderboard)).toEqual([])
  })

  test('impacts decide a flat tone; a domain-only impact leaves it to the tone', () => {
    const frames = [
      frame('plant closure costs jobs', 0, null, [{ effect: 'job losses', magnitude: 0.5 }]),
      frame('harvest recovers', 0.1, null, [{ effect: 'economic growth', magnitude: 0.4 }]),
      frame('tariffs at stake', -0.1, null, [{ effect: 'economic', magnitude: 0.9 }]),
      // −0.6 + 0.2 = −0.4: more harm than gain.
      frame('merger with layoffs and savings', 0, null, [
        { effect: 'layoffs', magnitude: 0.6 },
        { effect: 'cost savings', magnitude: 0.2 },
      ]),
    ]
    const pulse = computePulse(corpusOf(frames), NOW)
    expect(ids(pulse.riskLeaderboard).sort()).toEqual(['merger with layoffs and savings', 'plant closure costs jobs'])
    expect(ids(pulse.opportunityLeaderboard)).toEqual(['harvest recovers'])
    // Only impacts with a direction are listed; a domain alone ('economic') is not.
    const merger = pulse.riskLeaderboard.find((e) => e.id === 'merger with layoffs and savings')
    expect(merger?.directedImpacts).toEqual([
      { effect: 'layoffs', magnitude: 0.6, sign: -1 },
      { effect: 'cost savings', magnitude: 0.2, sign: 1 },
    ])
  })

  test('no frame stands on both boards, over every tone and impact on a grid', () => {
    const effects = ['humanitarian', 'growth', 'economic', null] as const
    const frames = [-1, -0.5, -0.25, -0.1, 0, 0.1, 0.25, 0.5, 1].flatMap((sentiment) =>
      effects.map((effect, i) => frame(`s${sentiment}-e${i}`, sentiment, null, effect ? [{ effect, magnitude: 0.5 }] : [])),
    )
    // Not vacuous: the grid holds frames of every direction.
    expect(new Set(frames.map(frameDirection))).toEqual(new Set(['adverse', 'favourable', 'mixed', 'none']))
    // Each frame alone, so the top five of a board never hides one.
    for (const f of frames) {
      const pulse = computePulse(corpusOf([f]), NOW)
      const on = [pulse.riskLeaderboard.length, pulse.opportunityLeaderboard.length]
      const direction = frameDirection(f)
      expect(on, `${f.id}: ${direction}`).toEqual(direction === 'adverse' ? [1, 0] : direction === 'favourable' ? [0, 1] : [0, 0])
    }
  })
})

describe('boards by story', () => {
  // An article and an analyst's paste of it: one story, the paste an exact copy (listed, not assessed again).
  // The two frames tie; the copy's id sorts first, as a random id may.
  const story = { id: 'story:herald', title: 'Port authority sells Marrow Bay terminal', sources: 3, independentSources: 2 }
  const original = { ...frame('herald-f1', 0.64, null), eventId: 'herald' }
  const copy = { ...frame('a-paste-f1', 0.64, null), eventId: 'a-paste' }
  const facts = (copies: string[]): BoardStories => ({
    byEvent: new Map([
      ['herald', story],
      ['a-paste', story],
    ]),
    byFrame: new Map([['herald-f1', { grade: 3, contested: true }]]),
    copies: new Set(copies),
  })

  test("the original's frame stands for the story, with its grade and contested mark, not its copy's", () => {
    const pulse = computePulse(corpusOfDocuments([original, copy]), NOW, null, NOW, facts(['a-paste']))
    expect(pulse.opportunityLeaderboard).toHaveLength(1)
    expect(pulse.opportunityLeaderboard[0]).toMatchObject({ id: 'herald-f1', story, credibility: { grade: 3, contested: true } })
  })

  test("a copy's frame stands for its story when no other document of the story is on the board", () => {
    const pulse = computePulse(corpusOfDocuments([copy]), NOW, null, NOW, facts(['a-paste']))
    expect(pulse.opportunityLeaderboard.map((e) => [e.id, e.story?.id])).toEqual([['a-paste-f1', 'story:herald']])
  })
})

/** Each frame's document (its eventId) as a document of the corpus. */
function corpusOfDocuments(frames: CorpusFrame[]): Corpus {
  const base = corpusOf([]).documents[0]!
  const documents = [...new Set(frames.map((f) => f.eventId))].map((id) => ({ ...base, id }))
  return {
    documents,
    frames,
    documentsById: new Map(documents.map((d) => [d.id, d])),
    framesByDocument: new Map(documents.map((d) => [d.id, frames.filter((f) => f.eventId === d.id)])),
    entities: { entities: [], resolve: () => undefined, byId: new Map(), ofSpelling: () => undefined },
  }
}
