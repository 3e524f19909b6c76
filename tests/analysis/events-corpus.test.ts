/**
 * The shared event-coded corpus (tests/analysis/events-corpus.ts): how it is scored, on sentences of our
 * own with their codings (so the scoring is checked on every machine), and, where this machine has the
 * corpus, the figures the local analyser reaches on it, rounded down: a change that makes who-did-what-
 * to-whom worse fails here. Raise them as the analyser gets better (issue 18's targets: full-event recall
 * 0.70, source 0.90, target 0.85, category 0.70, at most 0.10 frames per no-event sentence, 5 % frames
 * without an actor).
 */
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../server/analysis'
import { type CodedSentence, corpusDir, loadCodedSentences, matches, scoreEvents } from './events-corpus'

const REACHED = { sourceRecall: 0.895, targetRecall: 0.875, categoryAccuracy: 0.875, fullEventRecall: 0.71, framesWithoutActor: 0.045, framesPerNoEventSentence: 1.35 }

const analyse = (r: CodedSentence) => analyseLocal(r.text, { referenceDate: '2025-03-05' })
const categoryOf = (f: { cameo?: { code: string } }) => f.cameo?.code ?? null

const coded = (id: string, text: string, events: Array<[string[], string[], string | null]>, extra: Partial<CodedSentence> = {}): CodedSentence => ({
  id,
  text,
  events: events.map(([source, target, root]) => ({
    source: { code: 'X', names: source },
    target: { code: 'Y', names: target },
    cameo: '000',
    codebook: root === null ? 'test' : 'CAMEO',
    cameoRoot: root,
    category: root,
  })),
  noEvent: events.length === 0,
  testGroup: 'DEMO',
  date: '20250305',
  ...extra,
})

describe('scoring against coded sentences', () => {
  test('names match as whole words either way, case and possessives aside', () => {
    expect(matches("Gondor's army", ['Gondor'])).toBe(true)
    expect(matches('Prime Minister', ["Dagolath's first Deputy Prime Minister Telemar"])).toBe(true)
    expect(matches('Gondorian', ['Gondor'])).toBe(false)
    expect(matches('', ['Gondor'])).toBe(false)
  })

  test('a source must act, a target must be acted on, and the full event needs both in one frame with the category', () => {
    const s = scoreEvents(
      [
        coded('right', 'Rebels fired shells at the border town.', [[['Rebels'], ['border town'], '19']]),
        // The victim is named as the one acting: neither the source nor the full event is found.
        coded('reversed', 'The border town was shelled by rebels.', [[['border town'], ['rebels'], '19']]),
        coded('none', 'The weather was mild.', []),
      ],
      analyse,
      categoryOf,
    )
    expect(s.events).toBe(2)
    expect(s.sourceRecall).toBe(0.5)
    expect(s.targetRecall).toBe(0.5)
    expect(s.fullEventRecall).toBe(0.5)
    expect(s.noEventSentences).toBe(1)
    expect(s.misses.map((m) => m.id)).toEqual(['reversed'])
  })

  test("a joint act's second agent is the first's counterpart: 'A and B postponed their meeting' is coded both ways", () => {
    const s = scoreEvents(
      [
        coded('joint', 'Gondor and Osgiliath postponed their meeting.', [
          [['Gondor'], ['Osgiliath'], '16'],
          [['Osgiliath'], ['Gondor'], '16'],
        ]),
      ],
      analyse,
      categoryOf,
    )
    expect(s.sourceRecall).toBe(1)
    expect(s.targetRecall).toBe(1)
    expect(s.fullEventRecall).toBe(1)
    // One agent alone is not its own counterpart.
    const alone = scoreEvents([coded('alone', 'Gondor postponed the meeting.', [[['Gondor'], ['Gondor'], '16']])], analyse, categoryOf)
    expect(alone.targetRecall).toBe(0)
  })

  test('a paired event (a visit and its receiving, a meeting each way) is one frame: its other direction stands for it', () => {
    const paired = (text: string) =>
      coded('paired', text, [
        [['Romendacil'], ['Gondor'], '04'],
        [['Gondor'], ['Romendacil'], '04'],
      ])
    const s = scoreEvents([paired('Romendacil arrived in Gondor on Monday for talks.')], analyse, categoryOf)
    expect(s.sourceRecall).toBe(1)
    expect(s.targetRecall).toBe(1)
    expect(s.fullEventRecall).toBe(1)
    // Only when both directions are coded, and only a frame with both sides: a lone visit is not a hosting.
    const lone = scoreEvents([coded('lone', 'Romendacil arrived in Gondor on Monday.', [[['Gondor'], ['Romendacil'], '04']])], analyse, categoryOf)
    expect(lone.sourceRecall).toBe(0)
    const oneSide = scoreEvents([paired('Romendacil arrived on Monday for talks.')], analyse, categoryOf)
    expect(oneSide.targetRecall).toBe(0)
  })

  test('a wrong category misses the full event and counts against category accuracy', () => {
    const s = scoreEvents([coded('cat', 'France condemned the raid.', [[['France'], ['raid'], '19']])], analyse, categoryOf)
    expect(s.sourceRecall).toBe(1)
    expect(s.categoryAccuracy).toBe(0)
    expect(s.fullEventRecall).toBe(0)
  })
})

const dir = corpusDir()
describe.skipIf(dir === null)('the shared corpus (where this machine has it)', () => {
  test('the local analyser stays at the figures it reached', () => {
    const records = loadCodedSentences(dir!)
    expect(records.length).toBe(284)
    const s = scoreEvents(records, (r) => analyseLocal(r.text, { referenceDate: `${r.date.slice(0, 4)}-${r.date.slice(4, 6)}-${r.date.slice(6, 8)}` }), categoryOf)
    expect(s.sourceRecall).toBeGreaterThanOrEqual(REACHED.sourceRecall)
    expect(s.targetRecall).toBeGreaterThanOrEqual(REACHED.targetRecall)
    expect(s.categoryAccuracy).toBeGreaterThanOrEqual(REACHED.categoryAccuracy)
    expect(s.fullEventRecall).toBeGreaterThanOrEqual(REACHED.fullEventRecall)
    expect(s.framesWithoutActor).toBeLessThanOrEqual(REACHED.framesWithoutActor)
    expect(s.framesPerNoEventSentence).toBeLessThanOrEqual(REACHED.framesPerNoEventSentence)
  })
})
