/**
 * Independent corroboration on the merger story (server/analysis/stories/families.ts, contradictions.ts,
 * credibility.ts, reliability.ts): the two wire copies are one family, the pasted Ledger text is the Ledger's
 * family; each frame's Admiralty grade follows the rule table from its supporting and contradicting families;
 * contested frames point at each other with the reason; the sources' records move their grades.
 *
 * Families (worked by hand): Coastline Media = {harbour, evening} (one owner, and near-duplicates anyway);
 * ledger.example = {ledger, paste} (the paste is an exact duplicate of the Ledger); courier.example = {courier}.
 *
 * | claim                                   | reported by (families)         | contradicted by            | S | C | grade |
 * |-----------------------------------------|--------------------------------|----------------------------|---|---|-------|
 * | 1 ministry approved the merger (05)     | Coastline, Ledger              | Courier (negation)         | 2 | 1 | 3     |
 * |   … the Courier's denial of it          | Courier                        | Coastline, Ledger          | 1 | 2 | 5     |
 * | 2 police detained 38 protesters (17)    | Coastline                      | Ledger (25: figures)       | 1 | 1 | 4     |
 * |   … the Ledger's 25                     | Ledger                         | Coastline (38)             | 1 | 1 | 4     |
 * | 3 Kessel keeps Norland's depots (03)    | Coastline, Ledger, Courier     | —                          | 3 | 0 | 1     |
 * | 4 dock union criticised ministry (11)   | Coastline, Courier             | —                          | 2 | 0 | 2     |
 * | 5 "the deal is expected to close"       | no actor                       |                            |   |   | 6     |
 * | 6 Ana Brand called it a good day (01)   | Ledger, no record (F)          | —                          | 1 | 0 | 6     |
 */
import { describe, expect, test } from 'vitest'
import type { SourceGradeName, StoryDocument } from '../../../server/analysis/stories'
import {
  assessCredibility,
  compareFrames,
  contestedMarks,
  EMPTY_RECORD,
  familiesOf,
  findContradictions,
  gradeSource,
  gradesOf,
  ownerOf,
  sourceOutcomes,
  tallyOutcomes,
} from '../../../server/analysis/stories'
import { EVENT_DAY, frame, MERGER, OWNERS, T0 } from './corpus'

describe('publisher families', () => {
  test('the wire copies are one family, the paste is the Ledger’s, the Courier is alone', () => {
    expect(Object.fromEntries(familiesOf(MERGER, OWNERS))).toEqual({
      harbour: 'owner:Coastline Media',
      evening: 'owner:Coastline Media',
      ledger: 'publisher:ledger.example',
      paste: 'publisher:ledger.example',
      courier: 'publisher:courier.example',
    })
  })

  test('without the owner map the wire copies are still one family: they are copies of one text', () => {
    const families = familiesOf(MERGER)
    expect(families.get('harbour')).toBe('publisher:eveningpost.example')
    expect(families.get('evening')).toBe('publisher:eveningpost.example')
    expect(new Set(families.values()).size).toBe(3)
  })

  test('owners are looked up by domain and its parents; no publisher means the one family of unnamed texts', () => {
    expect(ownerOf({ publisher: 'https://news.HarbourTimes.example/a/b', sourceKey: 'x' }, OWNERS)).toBe('owner:Coastline Media')
    expect(ownerOf({ publisher: 'ledger.example', sourceKey: 'x' }, OWNERS)).toBe('publisher:ledger.example')
    // Texts with no publisher (pasted, uploaded) are one family: who published each is unknown.
    expect(ownerOf({ publisher: null, sourceKey: 'paste:analyst' }, OWNERS)).toBe('source:unnamed')
    expect(ownerOf({ publisher: null, sourceKey: 'upload:report' }, OWNERS)).toBe('source:unnamed')
  })
})

describe('credibility', () => {
  const grades = Object.fromEntries(assessCredibility(MERGER, { owners: OWNERS }).map((c) => [c.frameId, c.grade]))

  test('each frame’s grade follows the table above', () => {
    expect(grades).toEqual({
      'harbour#1': 3,
      'harbour#2': 4,
      'harbour#3': 1,
      'harbour#4': 2,
      'harbour#5': 6,
      'evening#1': 3,
      'evening#2': 4,
      'evening#3': 1,
      'evening#4': 2,
      'evening#5': 6,
      'ledger#1': 3,
      'ledger#2': 4,
      'ledger#3': 1,
      'ledger#4': 6,
      'courier#1': 5,
      'courier#2': 1,
      'courier#3': 2,
    })
  })

  test('the syndicated copies count once: the depots claim has 3 families from 4 reports', () => {
    const c = assessCredibility(MERGER, { owners: OWNERS }).find((x) => x.frameId === 'ledger#3')!
    expect(c.supportingFamilies).toEqual(['owner:Coastline Media', 'publisher:courier.example', 'publisher:ledger.example'])
    expect(c.evidence.map((e) => `${e.stance}:${e.frameId}`)).toEqual(['supports:ledger#3', 'supports:courier#2', 'supports:evening#3', 'supports:harbour#3'])
    expect(c.explanation).toMatch(/^1 \(confirmed\): reported by 3 independent families/)
  })

  test('the evidence lists which sources said what, and why a contradiction contradicts', () => {
    const c = assessCredibility(MERGER, { owners: OWNERS }).find((x) => x.frameId === 'harbour#1')!
    expect(c.rule).toBe(3)
    expect(c.contradictingFamilies).toEqual(['publisher:courier.example'])
    expect(c.evidence.map((e) => [e.frameId, e.sourceKey, e.family, e.stance])).toEqual([
      ['harbour#1', 'harbourtimes.example', 'owner:Coastline Media', 'supports'],
      ['courier#1', 'courier.example', 'publisher:courier.example', 'contradicts'],
      ['evening#1', 'eveningpost.example', 'owner:Coastline Media', 'supports'],
      ['ledger#1', 'ledger.example', 'publisher:ledger.example', 'supports'],
    ])
    expect(c.evidence[1]!.sentence).toMatch(/has not approved the merger/)
    expect(c.evidence[1]!.disagreements?.map((d) => d.reason)).toEqual(['negation'])
  })
})

describe('contradictions', () => {
  const pairs = findContradictions(MERGER)

  test('the denial against each report of the approval, and 25 protesters against each copy’s 38', () => {
    expect(pairs.map((p) => [p.a.frameId, p.b.frameId, p.disagreements.map((d) => d.reason).join('+')])).toEqual([
      ['courier#1', 'evening#1', 'negation'],
      ['courier#1', 'harbour#1', 'negation'],
      ['courier#1', 'ledger#1', 'negation'],
      ['evening#2', 'ledger#2', 'figures'],
      ['harbour#2', 'ledger#2', 'figures'],
    ])
    expect(pairs[4]!.disagreements[0]!.detail).toBe('38 protesters against 25 protesters')
  })

  test('contested marks point both ways', () => {
    const marks = contestedMarks(pairs)
    expect(marks.get('harbour#2')?.map((m) => m.frameId)).toEqual(['ledger#2'])
    expect(marks.get('ledger#2')?.map((m) => m.frameId)).toEqual(['evening#2', 'harbour#2'])
    expect(marks.get('courier#1')?.map((m) => m.frameId)).toEqual(['evening#1', 'harbour#1', 'ledger#1'])
    expect(marks.get('ledger#1')?.map((m) => [m.frameId, m.disagreements[0]!.reason])).toEqual([['courier#1', 'negation']])
    // Frames nobody disputes carry no mark.
    expect(marks.has('ledger#3')).toBe(false)
  })

  test('opposite outcomes and dates a day apart contradict; dates beyond 72 h are another occasion', () => {
    const base = { agents: ['Trade Ministry'], category: '05', patients: ['Norland Freight'], sentence: 'The trade ministry approved the merger.' }
    const a = frame('a', 1, { ...base, effect: 'positive', occurredAt: EVENT_DAY })
    expect(compareFrames(a, frame('b', 1, { ...base, effect: 'negative', occurredAt: EVENT_DAY }))).toEqual({
      kind: 'contradicts',
      disagreements: [{ reason: 'outcome', detail: 'a positive outcome against a negative one' }],
    })
    expect(compareFrames(a, frame('b', 1, { ...base, occurredAt: EVENT_DAY + 86_400_000 }))).toEqual({
      kind: 'contradicts',
      disagreements: [{ reason: 'date', detail: '2026-03-03 against 2026-03-04' }],
    })
    expect(compareFrames(a, frame('b', 1, { ...base, occurredAt: EVENT_DAY + 4 * 86_400_000 }))).toEqual({ kind: 'unrelated' })
    // No outcome or no date on one side is no disagreement.
    expect(compareFrames(a, frame('b', 1, base))).toEqual({ kind: 'supports' })
  })

  test('statements: said on Tuesday and confirmed on Wednesday are two statements, not a dispute; one statement told twice supports', () => {
    const base = { agents: ["Germany's Economy Ministry"], category: '01', patients: [] }
    const said = frame('a', 1, { ...base, effect: 'positive', occurredAt: EVENT_DAY, sentence: 'The ministry said on Tuesday it would provide guarantees.' })
    const confirmed = frame('b', 1, { ...base, effect: 'negative', occurredAt: EVENT_DAY + 86_400_000, sentence: 'The ministry confirmed on Wednesday that the guarantees were approved.' })
    expect(compareFrames(said, confirmed)).toEqual({ kind: 'unrelated' })
    expect(compareFrames(said, frame('b', 1, { ...base, effect: 'negative', occurredAt: EVENT_DAY, sentence: 'The ministry said on Tuesday it would act.' }))).toEqual({ kind: 'supports' })
    expect(compareFrames(said, frame('b', 1, { ...base, sentence: 'The ministry said it would provide guarantees.' }))).toEqual({ kind: 'supports' })
  })

  test('two pasted texts are one voice: they do not confirm each other, and the explanation names outlets, not ids', () => {
    const claim = { agents: ['Marsh County Council'], category: '07', patients: ['flooded villages'] }
    const pasted = (id: string, text: string): StoryDocument => ({
      id,
      publisher: null,
      sourceKey: `paste:${id}`,
      publishedAt: null,
      ingestedAt: T0,
      title: text,
      text,
      frames: [frame(id, 1, { ...claim, sentence: text })],
    })
    const [first] = assessCredibility([pasted('a', 'Marsh County Council sent boats to the flooded villages.'), pasted('b', 'The council sent 40 boats and a field hospital to the villages.')])
    expect(first).toMatchObject({ grade: 6, supportingFamilies: ['source:unnamed'] })
    expect(first?.explanation).toBe('6 (cannot be judged): only pasted or uploaded texts report it, and none of its sources has a record yet (F).')
  })

  test('a transfer told from the receiving side is compared with the giving one', () => {
    const report = (id: string, text: string, f: Parameters<typeof frame>[2]): StoryDocument => ({
      id,
      publisher: null,
      sourceKey: `${id}.example`,
      publishedAt: T0,
      ingestedAt: T0,
      title: text,
      text,
      frames: [frame(id, 1, f)],
    })
    const giving = report('giving', 'The ministry will provide guarantees to Thyssenkrupp.', {
      agents: ['Economy Ministry'],
      category: '07',
      patients: ['Thyssenkrupp'],
      sentence: 'The ministry will provide guarantees to Thyssenkrupp.',
    })
    const receiving = report('receiving', 'Thyssenkrupp will not receive guarantees.', {
      agents: ['Thyssenkrupp'],
      category: '07',
      patients: [],
      negated: true,
      sentence: 'Thyssenkrupp will not receive guarantees.',
    })
    const pairs = findContradictions([giving, receiving])
    expect(pairs.map((p) => [p.a.frameId, p.b.frameId, p.disagreements[0]!.reason])).toEqual([['giving#1', 'receiving#1', 'negation']])
  })

  test('a toll that rose is not a denial; a different count is', () => {
    const base = { agents: ['Rebels'], category: '18', patients: ['village'] }
    const a = frame('a', 1, { ...base, sentence: 'Rebels attacked the village, killing at least 12 people.' })
    expect(compareFrames(a, frame('b', 1, { ...base, sentence: 'Rebels attacked the village; 30 dead.' })).kind).toBe('supports')
    const exact = frame('a', 1, { ...base, sentence: 'Rebels attacked the village, leaving twelve dead.' })
    expect(compareFrames(exact, frame('b', 1, { ...base, sentence: 'Rebels attacked the village; 30 dead.' }))).toMatchObject({
      kind: 'contradicts',
      disagreements: [{ reason: 'figures', detail: 'twelve dead against 30 dead' }],
    })
  })
})

describe('source reliability', () => {
  const outcomes = sourceOutcomes(assessCredibility(MERGER, { owners: OWNERS }))

  test('the story’s outcomes per source: corroborated when another family supports and it is not outweighed', () => {
    const bySource = (key: string) => outcomes.filter((o) => o.sourceKey === key).map((o) => `${o.outcome}:${o.claimKey}`)
    // Claims 1, 3 and 4 (S = 2 > C = 1; S = 3; S = 2); claim 2 is C = S, which says nothing.
    expect(bySource('harbourtimes.example')).toEqual([
      'corroborated:dock workers union|11|trade ministry',
      'corroborated:kessel rail|03|norland freight',
      'corroborated:trade ministry|05|kessel rail+norland freight',
    ])
    // Claims 1 and 3; Ana Brand's quote is the Ledger's alone (S = 1).
    expect(bySource('ledger.example')).toEqual(['corroborated:kessel rail|03|norland freight', 'corroborated:trade ministry|05|kessel rail+norland freight'])
    // The denial (C = 2 > S = 1) counts against the Courier; its other two claims for it.
    expect(bySource('courier.example')).toEqual([
      'corroborated:dock workers union|11|trade ministry',
      'corroborated:kessel rail|03|norland freight',
      'contradicted:valdoria trade ministry|05|kessel rail+norland freight',
    ])
    expect(bySource('paste:analyst')).toEqual([])
  })

  test('grades before and after the record', () => {
    // Before: no record. Beta(2,2) prior mean 2/4 = 0.50, n = 0 < 3 → F.
    expect(gradeSource(EMPTY_RECORD)).toMatchObject({ grade: 'F', posteriorMean: 0.5, evidence: 0 })
    const records = tallyOutcomes(outcomes)
    // Harbour Times: k = 3, m = 0 → (3+2)/(3+4) = 5/7 = 0.714 → B (0.70 ≤ p < 0.85).
    expect(gradeSource(records.get('harbourtimes.example')!)).toMatchObject({ grade: 'B', evidence: 3 })
    expect(gradeSource(records.get('harbourtimes.example')!).posteriorMean).toBeCloseTo(5 / 7, 10)
    // Ledger: k = 2, m = 0 → n = 2 < 3 → still F (p = 4/6 = 0.67 does not count yet).
    expect(gradeSource(records.get('ledger.example')!)).toMatchObject({ grade: 'F', evidence: 2 })
    // Courier: k = 2, m = 1 → (2+2)/(3+4) = 4/7 = 0.571 → C.
    expect(gradeSource(records.get('courier.example')!)).toMatchObject({ grade: 'C', evidence: 3 })
    expect(gradeSource(records.get('courier.example')!).explanation).toBe(
      'C (fairly reliable): 2 of its 3 checked claims corroborated by independent sources, 1 contradicted; 0.57 corroborated on a Beta(2, 2) prior, C from 0.50 to 0.70.',
    )
  })

  test('the cuts: 10 clean corroborations make A, 3 contradictions and nothing else make E', () => {
    expect(gradeSource({ corroborated: 9, contradicted: 0 }).grade).toBe('B') // 11/13 = 0.846
    expect(gradeSource({ corroborated: 10, contradicted: 0 }).grade).toBe('A') // 12/14 = 0.857
    expect(gradeSource({ corroborated: 1, contradicted: 3 }).grade).toBe('D') // 3/8 = 0.375
    expect(gradeSource({ corroborated: 0, contradicted: 3 }).grade).toBe('E') // 2/7 = 0.286
  })

  test('a graded source lifts its lone claim from 6 to 3; the analyst’s override wins and lowers it to 4', () => {
    const lone = (sourceGrades: Map<string, SourceGradeName>) => assessCredibility(MERGER, { owners: OWNERS, sourceGrades }).find((c) => c.frameId === 'ledger#4')!
    // Record: 8 corroborated and 1 contradicted from earlier stories, plus this story's 2 → k = 10, m = 1:
    // (10+2)/(11+4) = 12/15 = 0.80 → B.
    const records = tallyOutcomes(outcomes, new Map([['ledger.example', { corroborated: 8, contradicted: 1 }]]))
    expect(records.get('ledger.example')).toEqual({ corroborated: 10, contradicted: 1 })
    expect(lone(gradesOf(records))).toMatchObject({ grade: 3, rule: 6 })
    const override = new Map([['ledger.example', { grade: 'E' as const, reason: 'ran an invented interview in January' }]])
    expect(lone(gradesOf(records, override))).toMatchObject({ grade: 4, rule: 7 })
    expect(gradeSource(records.get('ledger.example')!, override.get('ledger.example')!).explanation).toBe(
      'E (unreliable), set by the analyst: ran an invented interview in January. Its record alone would give B (usually reliable): 10 of its 11 checked claims corroborated by independent sources, 1 contradicted; 0.80 corroborated on a Beta(2, 2) prior, B from 0.70 to 0.85.',
    )
  })
})
