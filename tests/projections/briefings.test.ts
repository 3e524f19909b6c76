/**
 * The briefings read model: an object's latest request and its answers (briefing and, for an action
 * frame, its uncertainties and what tends to follow it), stale and duplicate answers, not found versus failed, the cap on objects
 * kept, sign-out, and the properties of STYLE.md that fit events published once.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type BriefingType, briefingKey, briefingNotFoundText, BriefingTypeLabels, BriefingTypes, nothingFollowedText } from '../../src/domain/briefing'
import { type DomainEvent, domainEventSchema } from '../../src/domain/events'
import { BriefingStatus, briefings, emptyBriefings, isBriefingLoading, isPredictionLoading, isUncertaintiesLoading, MAX_BRIEFINGS, selectBriefing } from '../../src/projections/briefings'
import { projections } from '../../src/projections/registry'
import type { BriefingBody, PredictBody, Uncertainty } from '../../src/protocol/intelligence'
import { propertySeed } from '../arbitraries'
import { envelopes, foldLive } from '../helpers'

const body = (type: BriefingType, id: string, title = `Briefing ${id}`): BriefingBody => ({
  type,
  id,
  briefing: { title, executiveSummary: 'In short.', narrative: 'It went like this.', keyEvents: [{ timestamp: '2026-11-20T09:00:00Z', description: 'Something happened' }] },
  detailedMetrics: { documents: 3, averageUrgency: 0.62, trend: 'rising' },
  graph: { nodes: [{ id, kind: 'frame', label: 'Impose tariff' }], edges: [] },
})
type Target = { type?: BriefingType; id?: string; at?: number }
const base = (requestId: string, o: Target = {}) => ({ requestId, briefingType: o.type ?? 'research', id: o.id ?? 'r1', at: o.at ?? 1_000 })
const requested = (requestId: string, o: Target = {}): DomainEvent => ({ type: 'briefing.requested', ...base(requestId, o) })
const loaded = (requestId: string, o: Target & { title?: string } = {}): DomainEvent => ({
  type: 'briefing.loaded',
  ...base(requestId, { at: 2_000, ...o }),
  body: body(o.type ?? 'research', o.id ?? 'r1', o.title),
})
const failed = (requestId: string, httpStatus: number | null, o: Target = {}): DomainEvent => ({
  type: 'briefing.failed',
  ...base(requestId, { at: 2_500, ...o }),
  httpStatus,
  code: httpStatus === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR',
  message: httpStatus === 404 ? 'Research not found' : 'Server error - boom',
})
const flagged: Uncertainty[] = [{ kind: 'low_confidence', message: 'Confidence 0.31 is below 0.5' }]
const uncertainties = (requestId: string, items = flagged, o: Target = {}): DomainEvent => ({
  type: 'briefing.uncertaintiesLoaded',
  ...base(requestId, { type: 'actionframe', id: 'af1', at: 2_100, ...o }),
  items,
})
const uncertaintiesFailed = (requestId: string, o: Target = {}): DomainEvent => ({
  type: 'briefing.uncertaintiesFailed',
  ...base(requestId, { type: 'actionframe', id: 'af1', at: 2_100, ...o }),
  httpStatus: 500,
  code: 'INTERNAL_ERROR',
  message: 'Server error - boom',
})
const follows = (n = 2): PredictBody => ({
  seed: { frameId: 'af1', actionType: 'impose_tariff' },
  method: 'First-order transitions',
  observedTransitions: n,
  predictions: n === 0 ? [] : [{ actionType: 'retaliate', probability: 1, support: n }],
})
const predictionRequested = (requestId: string, o: Target = {}): DomainEvent => ({
  type: 'briefing.predictionRequested',
  ...base(requestId, { type: 'actionframe', id: 'af1', at: 3_000, ...o }),
})
const predicted = (requestId: string, body = follows(), o: Target = {}): DomainEvent => ({
  type: 'briefing.predictionLoaded',
  ...base(requestId, { type: 'actionframe', id: 'af1', at: 2_200, ...o }),
  body,
})
const predictionFailed = (requestId: string, o: Target = {}): DomainEvent => ({
  type: 'briefing.predictionFailed',
  ...base(requestId, { type: 'actionframe', id: 'af1', at: 2_200, ...o }),
  httpStatus: 503,
  code: 'AI_TIMEOUT',
  message: 'The analysis service is not available',
})
const frame: Target = { type: 'actionframe', id: 'af1' }

const fold = (events: DomainEvent[], from = briefings.initial) => foldLive(briefings, events, from, 'local')
const entryOf = (events: DomainEvent[], type: BriefingType = 'research', id = 'r1') => selectBriefing(fold(events), type, id)

describe('briefing domain', () => {
  test("the spec's five types with its labels, in its order, then Story (issue 20); the texts", () => {
    expect(BriefingTypes).toEqual(['causalcontext', 'actionframe', 'entity', 'project', 'research', 'story'])
    expect(BriefingTypes.map((t) => BriefingTypeLabels[t])).toEqual(['Causal Context', 'Action Frame', 'Entity', 'Project', 'Research', 'Story'])
    expect(briefingKey('entity', 'Volkswagen')).toBe('entity:Volkswagen')
    expect(briefingNotFoundText('actionframe', 'af_9')).toBe('No Action Frame with ID af_9')
    expect(nothingFollowedText('Sign agreement')).toBe('No action has followed a Sign agreement yet in your documents.')
    expect(nothingFollowedText('Impose tariff')).toBe('No action has followed an Impose tariff yet in your documents.')
  })

  test('every briefing event is a valid domain event', () => {
    for (const e of [requested('q'), loaded('q'), failed('q', 404), uncertainties('q'), uncertaintiesFailed('q'), predictionRequested('q'), predicted('q'), predictionFailed('q')]) {
      expect(domainEventSchema.safeParse(e).success).toBe(true)
    }
  })

  test('the projection is registered', () => {
    expect(projections).toContain(briefings)
  })
})

describe('briefings read model', () => {
  test('a request is loading; its answer is the briefing', () => {
    const loading = entryOf([requested('q1')])
    expect(loading).toMatchObject({ key: 'research:r1', briefingType: 'research', id: 'r1', status: BriefingStatus.Loading, body: null, uncertainties: null })
    expect(isBriefingLoading(loading)).toBe(true)
    const done = entryOf([requested('q1'), loaded('q1', { title: 'EV tariffs' })])
    expect(done?.status).toBe(BriefingStatus.Loaded)
    expect(done?.body?.briefing.title).toBe('EV tariffs')
    expect(done?.loadedAt).toBe(2_000)
    expect(isBriefingLoading(done)).toBe(false)
    expect(selectBriefing(fold([requested('q1')]), 'project', 'r1')).toBeNull()
    expect(isBriefingLoading(null)).toBe(false)
  })

  test('objects are kept apart by type and id', () => {
    const s = fold([requested('a'), requested('b', { type: 'project', id: 'r1' }), loaded('b', { type: 'project', id: 'r1' })])
    expect(selectBriefing(s, 'research', 'r1')?.status).toBe(BriefingStatus.Loading)
    expect(selectBriefing(s, 'project', 'r1')?.status).toBe(BriefingStatus.Loaded)
    expect(s.order).toEqual(['project:r1', 'research:r1'])
  })

  test('only the answer to the latest request applies; a stale or unknown answer changes nothing', () => {
    const before = fold([requested('old'), requested('new')])
    expect(briefings.apply(before, envelopes([loaded('old')], 'api')[0]!)).toBe(before)
    expect(briefings.apply(before, envelopes([loaded('never', { id: 'zzz' })], 'api')[0]!)).toBe(before)
    const after = fold([requested('old'), requested('new'), loaded('new', { title: 'New' }), loaded('old', { title: 'Old' }), failed('old', 500)])
    expect(selectBriefing(after, 'research', 'r1')?.body?.briefing.title).toBe('New')
    expect(selectBriefing(after, 'research', 'r1')?.status).toBe(BriefingStatus.Loaded)
  })

  test('a duplicate request or answer changes nothing', () => {
    const events = [requested('q1'), loaded('q1')]
    const once = fold(events)
    for (const e of events) expect(briefings.apply(once, envelopes([e])[0]!)).toBe(once)
    const withU = fold([requested('q1', frame), uncertainties('q1')])
    expect(briefings.apply(withU, envelopes([uncertainties('q1')])[0]!)).toBe(withU)
    const withP = fold([requested('q1', frame), predicted('q1'), predictionRequested('p1'), predictionFailed('p1')])
    for (const e of [predicted('q1'), predictionRequested('p1'), predictionFailed('p1')]) expect(briefings.apply(withP, envelopes([e])[0]!)).toBe(withP)
  })

  test('a new request keeps the last briefing while it runs (refresh, Back)', () => {
    const s = entryOf([requested('q1'), loaded('q1', { title: 'First' }), requested('q2')])
    expect(s?.status).toBe(BriefingStatus.Loading)
    expect(s?.body?.briefing.title).toBe('First')
    expect(isBriefingLoading(s)).toBe(true)
  })

  test('404 is not found and drops the briefing; another failure keeps it, with the reason', () => {
    const gone = entryOf([requested('q1'), loaded('q1'), requested('q2'), failed('q2', 404)])
    expect(gone?.status).toBe(BriefingStatus.NotFound)
    expect(gone?.body).toBeNull()
    expect(gone?.error).toEqual({ httpStatus: 404, code: 'NOT_FOUND', message: 'Research not found', at: 2_500 })
    const broken = entryOf([requested('q1'), loaded('q1'), requested('q2'), failed('q2', 500)])
    expect(broken?.status).toBe(BriefingStatus.Failed)
    expect(broken?.body).not.toBeNull()
    expect(broken?.error?.message).toBe('Server error - boom')
    // The next success clears the failure.
    expect(entryOf([requested('q1'), failed('q1', null), requested('q2'), loaded('q2')])?.error).toBeNull()
  })

  test('an action frame carries its uncertainties, answered apart from its briefing', () => {
    const waiting = entryOf([requested('q1', frame), loaded('q1', frame)], 'actionframe', 'af1')
    expect(waiting?.status).toBe(BriefingStatus.Loaded)
    expect(isUncertaintiesLoading(waiting)).toBe(true)
    const done = entryOf([requested('q1', frame), uncertainties('q1'), loaded('q1', frame)], 'actionframe', 'af1')
    expect(done?.uncertainties).toEqual({ requestId: 'q1', settled: true, items: flagged, error: null })
    expect(isUncertaintiesLoading(done)).toBe(false)
    const broken = entryOf([requested('q1', frame), uncertaintiesFailed('q1')], 'actionframe', 'af1')
    expect(broken?.uncertainties?.error?.message).toBe('Server error - boom')
    // A stale uncertainties answer is ignored; the new request keeps the old items until it answers.
    const again = entryOf([requested('q1', frame), uncertainties('q1'), requested('q2', frame), uncertainties('q1', [])], 'actionframe', 'af1')
    expect(again?.uncertainties).toMatchObject({ requestId: 'q2', settled: false, items: flagged })
    // Other types have none, and ignore uncertainties answers.
    const research = fold([requested('q1')])
    expect(selectBriefing(research, 'research', 'r1')?.uncertainties).toBeNull()
    expect(briefings.apply(research, envelopes([uncertainties('q1', flagged, { type: 'research', id: 'r1' })])[0]!)).toBe(research)
  })

  test('an action frame carries what tends to follow it, answered apart from its briefing', () => {
    const waiting = entryOf([requested('q1', frame), loaded('q1', frame)], 'actionframe', 'af1')
    expect(waiting?.prediction).toEqual({ requestId: 'q1', settled: false, body: null, error: null })
    expect(isPredictionLoading(waiting)).toBe(true)
    const done = entryOf([requested('q1', frame), predicted('q1'), loaded('q1', frame)], 'actionframe', 'af1')
    expect(done?.prediction).toEqual({ requestId: 'q1', settled: true, body: follows(), error: null })
    expect(isPredictionLoading(done)).toBe(false)
    // Nothing followed is an answer like any other.
    expect(entryOf([requested('q1', frame), predicted('q1', follows(0))], 'actionframe', 'af1')?.prediction?.body?.predictions).toEqual([])
    const broken = entryOf([requested('q1', frame), predictionFailed('q1')], 'actionframe', 'af1')
    expect(broken?.prediction).toMatchObject({ settled: true, body: null, error: { httpStatus: 503, code: 'AI_TIMEOUT', message: 'The analysis service is not available', at: 2_200 } })
    // A stale answer is ignored; a new briefing request asks again and keeps the last prediction meanwhile.
    const again = entryOf([requested('q1', frame), predicted('q1'), requested('q2', frame), predicted('q1', follows(7))], 'actionframe', 'af1')
    expect(again?.prediction).toMatchObject({ requestId: 'q2', settled: false, body: follows() })
    // Other types have none, and ignore prediction answers and retries.
    const research = fold([requested('q1')])
    expect(selectBriefing(research, 'research', 'r1')?.prediction).toBeNull()
    expect(briefings.apply(research, envelopes([predicted('q1', follows(), { type: 'research', id: 'r1' })])[0]!)).toBe(research)
    expect(briefings.apply(research, envelopes([predictionRequested('p1', { type: 'research', id: 'r1' })])[0]!)).toBe(research)
    // A retry for a frame never asked for changes nothing.
    expect(briefings.apply(research, envelopes([predictionRequested('p1')])[0]!)).toBe(research)
  })

  test('Retry asks for the prediction alone: only its answer applies, the briefing is left as it was', () => {
    const failedOnce = fold([requested('q1', frame), loaded('q1', frame), uncertainties('q1'), predictionFailed('q1')])
    const retrying = fold([predictionRequested('p1')], failedOnce)
    const entry = selectBriefing(retrying, 'actionframe', 'af1')
    expect(entry?.prediction).toEqual({ requestId: 'p1', settled: false, body: null, error: null })
    expect(isPredictionLoading(entry)).toBe(true)
    expect(entry?.request).toEqual(selectBriefing(failedOnce, 'actionframe', 'af1')?.request)
    expect(entry?.uncertainties).toBe(selectBriefing(failedOnce, 'actionframe', 'af1')?.uncertainties)
    expect(retrying.order).toBe(failedOnce.order)
    // The first request's late answer no longer applies; the retry's does.
    expect(briefings.apply(retrying, envelopes([predicted('q1')])[0]!)).toBe(retrying)
    const done = fold([predicted('p1', follows(4))], retrying)
    expect(selectBriefing(done, 'actionframe', 'af1')?.prediction).toMatchObject({ requestId: 'p1', settled: true, body: follows(4), error: null })
    // A failed retry keeps the last prediction beside the reason.
    const kept = fold([predictionRequested('p2'), predictionFailed('p2')], done)
    expect(selectBriefing(kept, 'actionframe', 'af1')?.prediction).toMatchObject({ settled: true, body: follows(4), error: { code: 'AI_TIMEOUT' } })
  })

  test(`at most ${MAX_BRIEFINGS} objects are kept, the least recently requested leaving first`, () => {
    const events: DomainEvent[] = []
    for (let i = 0; i <= MAX_BRIEFINGS; i++) events.push(requested(`q${i}`, { id: `r${i}` }))
    // Asking for r0 again keeps it; r1 is then the least recent and leaves.
    events.push(requested('again', { id: 'r0' }), requested('last', { id: 'new' }))
    const s = fold(events)
    expect(Object.keys(s.byKey)).toHaveLength(MAX_BRIEFINGS)
    expect(s.order).toHaveLength(MAX_BRIEFINGS)
    expect(s.byKey['research:r0']).toBeDefined()
    expect(s.byKey['research:r1']).toBeUndefined()
    expect(s.byKey['research:r2']).toBeUndefined()
    expect(s.order[0]).toBe('research:new')
    // An answer for an object no longer kept changes nothing.
    expect(briefings.apply(s, envelopes([loaded('q1', { id: 'r1' })])[0]!)).toBe(s)
  })

  test('signing out empties it', () => {
    const s = fold([requested('q1'), loaded('q1')])
    expect(fold([{ type: 'auth.signedOut' }], s)).toEqual(emptyBriefings)
    expect(briefings.apply(emptyBriefings, envelopes([{ type: 'auth.signedOut' }], 'auth')[0]!)).toBe(emptyBriefings)
  })

  test('untouched objects are shared with the previous state', () => {
    const s1 = fold([requested('a'), loaded('a'), requested('b', frame)])
    const s2 = fold([loaded('b', frame)], s1)
    expect(s2.byKey['research:r1']).toBe(s1.byKey['research:r1'])
    expect(s2.byKey['actionframe:af1']).not.toBe(s1.byKey['actionframe:af1'])
  })
})

describe('briefings read model properties', () => {
  const targets = fc.constantFrom<Target>({ type: 'research', id: 'r1' }, { type: 'actionframe', id: 'af1' }, { type: 'entity', id: 'Volkswagen' })
  const ids = fc.constantFrom('q1', 'q2', 'q3', 'q4')
  const answer = (requestId: string, t: Target): fc.Arbitrary<DomainEvent> =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(loaded(requestId, t)) },
      fc.constantFrom(404, 500, null).map((status) => failed(requestId, status, t)),
      fc.constant(uncertainties(requestId, flagged, t)),
      fc.constant(uncertaintiesFailed(requestId, t)),
      { weight: 2, arbitrary: fc.constantFrom(0, 3).map((n) => predicted(requestId, follows(n), t)) },
      fc.constant(predictionFailed(requestId, t)),
    )
  // Steps: a request with an answer, a request alone, a prediction retry with an answer, an answer alone
  // (stale or unknown), or a sign-out.
  const step: fc.Arbitrary<DomainEvent[]> = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(ids, targets).chain(([q, t]) => answer(q, t).map((a) => [requested(q, t), a])) },
    { weight: 1, arbitrary: fc.tuple(ids, targets).chain(([q, t]) => answer(q, t).map((a) => [predictionRequested(q, t), a])) },
    { weight: 2, arbitrary: fc.tuple(ids, targets).map(([q, t]) => [requested(q, t)]) },
    { weight: 2, arbitrary: fc.tuple(ids, targets).chain(([q, t]) => answer(q, t).map((a) => [a])) },
    { weight: 1, arbitrary: fc.constant<DomainEvent[]>([{ type: 'auth.signedOut' }]) },
  )
  const logs = fc.array(step, { maxLength: 25 }).map((steps) => steps.flat())

  test('the live fold equals the batch fold, and no input throws', () => {
    let loadedSome = 0
    let predictedSome = 0
    fc.assert(
      fc.property(logs, fc.integer({ min: 1, max: 10 }), (events, chunk) => {
        const envs = envelopes(events, 'local')
        const live = envs.reduce((s, e) => briefings.apply(s, e), briefings.initial)
        let batched = briefings.initial
        for (let i = 0; i < envs.length; i += chunk) batched = briefings.applyAll(batched, envs.slice(i, i + chunk))
        expect(batched).toEqual(live)
        if (Object.values(live.byKey).some((e) => e.body !== null)) loadedSome++
        if (Object.values(live.byKey).some((e) => e.prediction?.body != null)) predictedSome++
      }),
      { seed: propertySeed('briefings live = batch'), numRuns: 300 },
    )
    // Not vacuous: generated logs do reach loaded briefings, and loaded predictions.
    expect(loadedSome).toBeGreaterThan(75)
    expect(predictedSome).toBeGreaterThan(10)
  })

  test('delivering every event twice in a row ends where delivering it once does', () => {
    fc.assert(
      fc.property(logs, (events) => {
        expect(fold(events.flatMap((e) => [e, e]))).toEqual(fold(events))
      }),
      { seed: propertySeed('briefings duplicates'), numRuns: 300 },
    )
  })
})
