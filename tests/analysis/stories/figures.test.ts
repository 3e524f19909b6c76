/**
 * Figures and claims (server/analysis/stories/figures.ts, claims.ts): which numbers a sentence gives with their
 * units and hedges, when two lists conflict, how names and claims compare; and that no input makes the engine throw.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { StoryDocument } from '../../../server/analysis/stories'
import { actorKey, assessCredibility, buildStories, claimOf, figuresConflict, figuresOf, findContradictions, mainClaimOf, sameClaim } from '../../../server/analysis/stories'
import { propertySeed } from '../../arbitraries'
import { frame, HOUR, T0 } from './corpus'

describe('figuresOf', () => {
  test.each([
    ['Police detained 38 protesters.', [[38, 'protester', 'exact']]],
    ['a deal valued at 2.4 billion dollars', [[2.4e9, 'usd', 'exact']]],
    ['the $2.4bn tie-up', [[2.4e9, 'usd', 'exact']]],
    ['a €300 million loan', [[3e8, 'eur', 'exact']]],
    [
      'gives it 38% of the market, up from 25 per cent',
      [
        [38, '%', 'exact'],
        [25, '%', 'exact'],
      ],
    ],
    ['at least 12 people were killed', [[12, 'dead', 'atLeast']]],
    ['about 4,000 people work there', [[4000, 'people', 'about']]],
    ['up to thirty wounded', [[30, 'injured', 'atMost']]],
    ['rates rose 0.5 percentage points', [[0.5, 'pp', 'exact']]],
  ])('%j', (text, expected) => {
    expect(figuresOf(text).map((f) => [f.value, f.unit, f.bound])).toEqual(expected)
  })

  test.each([['in 2019 the floods'], ['two officials told the Courier'], ['on 3rd March'], ['one of the largest'], ['at 10 am'], ['Route 66']])('%j gives no figure', (text) => {
    expect(figuresOf(text)).toEqual([])
  })

  test('conflicts need a shared unit and no compatible pair', () => {
    expect(figuresConflict(figuresOf('38% of the market'), figuresOf('25% of the market'))?.unit).toBe('%')
    // Rounding (within 2 %) and hedges (about: 10 %) are compatible.
    expect(figuresConflict(figuresOf('38% of the market'), figuresOf('38.4% of the market'))).toBeNull()
    expect(figuresConflict(figuresOf('about 4,000 people'), figuresOf('4,300 people'))).toBeNull()
    expect(figuresConflict(figuresOf('fewer than 20 dead'), figuresOf('30 dead'))?.unit).toBe('dead')
    // Different units are never compared.
    expect(figuresConflict(figuresOf('38 protesters'), figuresOf('25 police officers'))).toBeNull()
  })
})

describe('claims', () => {
  test('names compare without case, "the", possessives or punctuation; a two-word tail is the same actor', () => {
    expect(actorKey("The Dock Workers' Union")).toBe('dock workers union')
    expect(actorKey("Valdoria's Trade Ministry")).toBe('valdoria trade ministry')
    const claim = (agent: string) => claimOf({ agents: [agent], category: '05', patients: [] })!
    expect(sameClaim(claim("Valdoria's trade ministry"), claim('the Trade Ministry'))).toBe(true)
    // A one-word tail names no one in particular.
    expect(sameClaim(claim('defence ministry'), claim('ministry'))).toBe(false)
    expect(sameClaim(claim('defence ministry'), claim('trade ministry'))).toBe(false)
  })

  test('patients: both absent or one shared; the category must agree', () => {
    const c = (patients: string[], category = '05') => claimOf({ agents: ['Trade Ministry'], category, patients })!
    expect(sameClaim(c(['Kessel Rail', 'Norland Freight']), c(['Norland Freight']))).toBe(true)
    expect(sameClaim(c([]), c([]))).toBe(true)
    expect(sameClaim(c([]), c(['Norland Freight']))).toBe(false)
    expect(sameClaim(c(['Norland Freight']), c(['Norland Freight'], '17'))).toBe(false)
    expect(claimOf({ agents: [], category: '05', patients: [] })).toBeNull()
    expect(claimOf({ agents: ['x'], category: null, patients: [] })).toBeNull()
  })

  test("a transfer told from the receiving side is the same claim: its receiver is the other's patient", () => {
    const c = (agents: string[], patients: string[], category = '07') => claimOf({ agents, category, patients })!
    const provides = c(["Germany's Economy Ministry"], ['Thyssenkrupp'])
    const receives = c(['Thyssenkrupp'], [])
    expect(sameClaim(receives, provides)).toBe(true)
    expect(sameClaim(provides, receives)).toBe(true)
    // Another receiver, a receiver with a patient of its own, or another category is another claim.
    expect(sameClaim(c(['Salzgitter'], []), provides)).toBe(false)
    expect(sameClaim(c(['Thyssenkrupp'], ['Duisburg']), provides)).toBe(false)
    expect(sameClaim(c(['Thyssenkrupp'], [], '19'), c(['Germany'], ['Thyssenkrupp'], '19'))).toBe(false)
  })

  test('buildStories joins the giving and the receiving report of one aid package', () => {
    const report = (id: string, at: number, text: string, agents: string[], patients: string[]): StoryDocument => ({
      id,
      publisher: `${id}.example`,
      sourceKey: `${id}.example`,
      publishedAt: at,
      ingestedAt: at,
      title: text,
      text,
      frames: [frame(id, 1, { agents, category: '07', patients, sentence: text })],
    })
    const giving = report('giving', T0, "Germany's Economy Ministry will provide 1.2 billion euros in loan guarantees to Thyssenkrupp.", ["Germany's Economy Ministry"], ['Thyssenkrupp'])
    const receiving = report('receiving', T0 + 20 * HOUR, 'Thyssenkrupp will receive state loan guarantees, the ministry confirmed.', ['Thyssenkrupp'], [])
    const elsewhere = report('elsewhere', T0 + 20 * HOUR, 'Salzgitter will receive state loan guarantees.', ['Salzgitter'], [])
    expect(buildStories([giving, receiving, elsewhere]).map((st) => st.documentIds)).toEqual([['giving', 'receiving'], ['elsewhere']])
  })

  test('the main claim: the most frequent, statements passed over, the first on a tie', () => {
    const doc = (frames: ReturnType<typeof frame>[]) => ({ frames, publishedAt: T0, ingestedAt: T0 })
    const said = frame('d', 1, { agents: ['officials'], category: '01', patients: [], sentence: 'officials said' })
    const said2 = { ...said, id: 'd#2' }
    const act = frame('d', 3, { agents: ['Police'], category: '17', patients: ['protesters'], sentence: 'police detained protesters', occurredAt: T0 - 86_400_000 })
    expect(mainClaimOf(doc([said, said2, act]))).toEqual({ claim: { agents: ['police'], category: '17', patients: ['protesters'] }, frameIds: ['d#3'], eventAt: T0 - 86_400_000 })
    expect(mainClaimOf(doc([said, said2]))?.frameIds).toEqual(['d#1', 'd#2'])
    expect(mainClaimOf(doc([said]))?.eventAt).toBe(T0)
    expect(mainClaimOf(doc([]))).toBeNull()
  })
})

describe('no input throws', () => {
  test('property: arbitrary texts, names, categories and times go through every entry point', () => {
    const frameArb = fc.record({
      agents: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
      patients: fc.array(fc.string({ maxLength: 12 }), { maxLength: 3 }),
      category: fc.option(fc.constantFrom('01', '05', '17', 'zz', '')),
      negated: fc.boolean(),
      effect: fc.option(fc.constantFrom('positive' as const, 'negative' as const)),
      sentence: fc.string({ maxLength: 80 }),
      occurredAt: fc.option(fc.integer({ min: 0, max: 4e12 })),
    })
    const docArb = fc.record({
      text: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', '   ', 'Advertisement', '38% of 12 dead, $3bn')),
      publisher: fc.option(fc.constantFrom('a.example', 'www.b.example', 'http://', '')),
      at: fc.integer({ min: 0, max: 4e12 }),
      frames: fc.array(frameArb, { maxLength: 4 }),
    })
    let stories = 0
    fc.assert(
      fc.property(fc.array(docArb, { maxLength: 8 }), (specs) => {
        const docs: StoryDocument[] = specs.map((s, i) => ({
          id: `d${i}`,
          publisher: s.publisher,
          sourceKey: s.publisher ?? `s${i}`,
          publishedAt: s.at,
          ingestedAt: s.at,
          title: '',
          text: s.text,
          frames: s.frames.map((f, j) => ({ ...f, id: `d${i}#${j}`, documentId: `d${i}`, description: f.sentence })),
        }))
        stories += buildStories(docs).length
        findContradictions(docs)
        const grades = assessCredibility(docs).map((c) => c.grade)
        expect(grades.every((g) => g >= 1 && g <= 6)).toBe(true)
      }),
      { seed: propertySeed('stories no throw'), numRuns: 150 },
    )
    expect(stories).toBeGreaterThan(0)
  })
})
