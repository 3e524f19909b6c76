/**
 * The dashboard read model: the pulse per mode and query, forecasts and backtests per series, the
 * recurring action sequences, KPI definitions and bindings per context; stale and duplicate answers, sign-out, and the properties of
 * STYLE.md that fit events published once (live fold = batch fold, a duplicate changes nothing, no
 * input throws).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { type ForecastSeries, forecastKey } from '../../src/domain/intelligence'
import { dashboard, emptyDashboard, isFirstLoad, kpiBindingsOf, MAX_KEPT, selectForecast, selectKpiContext, selectMotifs, selectPulse } from '../../src/projections/dashboard'
import { type BacktestBody, type ForecastBody, type KpiBinding, type MotifsBody, pulseBodySchema, type PulseBody } from '../../src/protocol/intelligence'
import { propertySeed } from '../arbitraries'
import { envelopes, foldLive } from '../helpers'

const pulseBody = (documentCount = 4, query: string | null = null): PulseBody =>
  pulseBodySchema.parse({
    generatedAt: '2026-11-20T10:00:00.000Z',
    mode: query === null ? 'global' : 'query',
    query,
    documentCount,
    hotTopics: [],
    riskLeaderboard: [],
    opportunityLeaderboard: [],
    signalVelocity: { totalSignals: 3, signalsLast24h: 1, signalsLast7d: 3, signalsPrevious7d: 0, averageVelocity: 0.43, series: [] },
    pestleDistribution: [{ category: 'Economic', count: documentCount }],
  })

const requested = (requestId: string, query: string | null = null, at = 1_000): DomainEvent => ({ type: 'pulse.requested', requestId, query, at })
const loaded = (requestId: string, query: string | null = null, body = pulseBody(), at = 2_000): DomainEvent => ({ type: 'pulse.loaded', requestId, query, body, at })
const failed = (requestId: string, query: string | null = null, message = 'Server error - database unavailable'): DomainEvent => ({
  type: 'pulse.failed',
  requestId,
  query,
  httpStatus: 500,
  code: 'INTERNAL_ERROR',
  message,
  at: 3_000,
})

const SIGNALS_7: ForecastSeries = { metric: 'signals', entity: null, horizonDays: 7 }
const forecastBody: ForecastBody = {
  method: "Holt's linear trend",
  parameters: { alpha: 0.5, beta: 0.1, level: 3, trend: 0.2, residualSd: 1 },
  metric: 'signals',
  entity: null,
  history: [{ date: '2026-11-19', value: 3 }],
  forecast: [{ date: '2026-11-20', value: 3.2, lower80: 1.9, upper80: 4.5, lower95: 1.2, upper95: 5.2 }],
}
const backtestBody: BacktestBody = { method: 'Rolling origin', origins: 14, model: { mae: 1.2, mape: 30 }, naive: { mae: 1.5, mape: 41 }, skill: 0.2 }

const motifsBody = (n = 2): MotifsBody => ({
  method: 'Contiguous action-type subsequences',
  sequences: 4,
  motifs: Array.from({ length: n }, (_, i) => ({ sequence: ['impose_tariff', `step_${i}`], support: 2, participants: ['BYD', 'China'] })),
})
const motifsRequested = (requestId: string): DomainEvent => ({ type: 'motifs.requested', requestId, at: 1_000 })
const motifsLoaded = (requestId: string, body = motifsBody(), at = 2_000): DomainEvent => ({ type: 'motifs.loaded', requestId, body, at })
const motifsFailed = (requestId: string): DomainEvent => ({ type: 'motifs.failed', requestId, httpStatus: 500, code: 'INTERNAL_ERROR', message: 'Server error - database unavailable', at: 3_000 })

const binding = (id: string, over: Partial<KpiBinding> = {}): KpiBinding => ({
  id,
  contextId: 'r1',
  contextType: 'research',
  kpiDefinitionId: 'documents_processed',
  currentValue: 4,
  manual: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
})
const bindingsRequested = (requestId: string, contextId = 'r1'): DomainEvent => ({ type: 'kpi.bindingsRequested', requestId, contextId, at: 1 })
const bindingsLoaded = (requestId: string, bindings: KpiBinding[], contextId = 'r1'): DomainEvent => ({ type: 'kpi.bindingsLoaded', requestId, contextId, bindings, at: 2 })

const fold = (events: DomainEvent[], from = dashboard.initial) => foldLive(dashboard, events, from, 'api')

describe('pulse', () => {
  test('requested → loading with nothing to show; loaded → ready with the figures', () => {
    const s1 = fold([requested('p1')])
    const entry = selectPulse(s1, null)
    expect(entry).toMatchObject({ query: null, status: 'loading', body: null, error: null })
    expect(isFirstLoad(entry)).toBe(true)
    const s2 = fold([loaded('p1')], s1)
    expect(selectPulse(s2, null)).toMatchObject({ status: 'ready', loadedAt: 2_000, body: pulseBody() })
    expect(isFirstLoad(selectPulse(s2, null))).toBe(false)
  })

  test('Global mode and each query are kept apart; the query is keyed trimmed', () => {
    const s = fold([requested('p1'), requested('p2', 'EV tariffs'), loaded('p2', 'EV tariffs', pulseBody(2, 'EV tariffs')), loaded('p1')])
    expect(selectPulse(s, null)?.body?.documentCount).toBe(4)
    expect(selectPulse(s, 'EV tariffs')?.body?.documentCount).toBe(2)
    expect(selectPulse(s, '  EV tariffs ')?.body?.mode).toBe('query')
    expect(selectPulse(s, 'other')).toBeNull()
  })

  test("only the latest request's answer is applied; a late answer to an older one changes nothing", () => {
    const s1 = fold([requested('p1'), requested('p2')])
    const s2 = fold([loaded('p1', null, pulseBody(9))], s1)
    expect(s2).toBe(s1)
    const s3 = fold([loaded('p2', null, pulseBody(5))], s2)
    expect(selectPulse(s3, null)?.body?.documentCount).toBe(5)
  })

  test('a duplicate answer, or an answer nobody asked for, changes nothing', () => {
    const s = fold([requested('p1'), loaded('p1')])
    expect(fold([loaded('p1')], s)).toBe(s)
    expect(fold([failed('p1')], s)).toBe(s)
    expect(fold([loaded('zz', 'never asked')], s)).toBe(s)
    expect(fold([requested('p1')], s)).toBe(s)
  })

  test('a reload keeps the last figures; a failed reload keeps them beside the error', () => {
    const s1 = fold([requested('p1'), loaded('p1', null, pulseBody(4)), requested('p2')])
    expect(selectPulse(s1, null)).toMatchObject({ status: 'loading', body: { documentCount: 4 }, loadedAt: 2_000 })
    expect(isFirstLoad(selectPulse(s1, null))).toBe(false)
    const s2 = fold([failed('p2')], s1)
    expect(selectPulse(s2, null)).toMatchObject({ status: 'failed', body: { documentCount: 4 }, error: { message: 'Server error - database unavailable', httpStatus: 500 } })
    // Retry clears the error while it runs, and a success replaces the figures.
    const s3 = fold([requested('p3'), loaded('p3', null, pulseBody(6))], s2)
    expect(selectPulse(s3, null)).toMatchObject({ status: 'ready', error: null, body: { documentCount: 6 } })
  })

  test(`at most ${MAX_KEPT} queries are kept, the least recently asked for going first`, () => {
    const events = Array.from({ length: MAX_KEPT + 3 }, (_, i) => requested(`p${i}`, `q${i}`))
    const s = fold([...events, requested('again', 'q1')])
    expect(s.pulseOrder).toHaveLength(MAX_KEPT)
    expect(Object.keys(s.pulses)).toHaveLength(MAX_KEPT)
    expect(selectPulse(s, 'q0')).toBeNull()
    expect(selectPulse(s, 'q1')).not.toBeNull() // asked for again: kept
    expect(selectPulse(s, 'q2')).toBeNull()
    expect(s.pulseOrder.at(-1)).toBe('q1')
  })

  test('signing out empties the model', () => {
    const s = fold([requested('p1'), loaded('p1'), { type: 'auth.signedOut' }])
    expect(s).toEqual(emptyDashboard)
    expect(fold([{ type: 'auth.signedOut' }])).toBe(dashboard.initial)
  })
})

describe('forecast and backtest', () => {
  const asked: DomainEvent = { type: 'forecast.requested', requestId: 'f1', series: SIGNALS_7, at: 1 }

  test('one request, two answers arriving on their own', () => {
    const s1 = fold([asked])
    expect(selectForecast(s1, SIGNALS_7)).toMatchObject({ forecast: { status: 'loading' }, backtest: { status: 'loading' } })
    const s2 = fold([{ type: 'backtest.loaded', requestId: 'f1', series: SIGNALS_7, body: backtestBody, at: 2 }], s1)
    expect(selectForecast(s2, SIGNALS_7)).toMatchObject({ forecast: { status: 'loading' }, backtest: { status: 'ready', body: { skill: 0.2 } } })
    const s3 = fold([{ type: 'forecast.failed', requestId: 'f1', series: SIGNALS_7, httpStatus: 503, code: 'X', message: 'down', at: 3 }], s2)
    expect(selectForecast(s3, SIGNALS_7)).toMatchObject({ forecast: { status: 'failed', error: { message: 'down' } }, backtest: { status: 'ready' } })
  })

  test('series are keyed by metric, entity and horizon; stale answers are dropped', () => {
    const mentions: ForecastSeries = { metric: 'mentions', entity: 'BYD', horizonDays: 14 }
    expect(forecastKey(mentions)).not.toBe(forecastKey({ ...mentions, entity: 'Volkswagen' }))
    expect(forecastKey(mentions)).not.toBe(forecastKey({ ...mentions, horizonDays: 7 }))
    // An entity given with the signals metric does not make another series.
    expect(forecastKey({ metric: 'signals', entity: 'BYD', horizonDays: 7 })).toBe(forecastKey(SIGNALS_7))
    const s = fold([asked, { type: 'forecast.requested', requestId: 'f2', series: SIGNALS_7, at: 2 }])
    const after = fold([{ type: 'forecast.loaded', requestId: 'f1', series: SIGNALS_7, body: forecastBody, at: 3 }], s)
    expect(after).toBe(s)
    const done = fold([{ type: 'forecast.loaded', requestId: 'f2', series: SIGNALS_7, body: forecastBody, at: 4 }], s)
    expect(selectForecast(done, SIGNALS_7)?.forecast.body?.method).toBe("Holt's linear trend")
    expect(selectForecast(done, mentions)).toBeNull()
  })
})

describe('recurring action sequences', () => {
  test('nothing before asked for; requested → loading; loaded → ready with the sequences', () => {
    expect(selectMotifs(dashboard.initial)).toBeNull()
    expect(isFirstLoad(selectMotifs(dashboard.initial))).toBe(true)
    const s1 = fold([motifsRequested('m1')])
    expect(selectMotifs(s1)).toEqual({ requestId: 'm1', status: 'loading', body: null, loadedAt: null, error: null })
    expect(isFirstLoad(selectMotifs(s1))).toBe(true)
    const s2 = fold([motifsLoaded('m1')], s1)
    expect(selectMotifs(s2)).toEqual({ requestId: 'm1', status: 'ready', body: motifsBody(), loadedAt: 2_000, error: null })
    // None recurring is an answer too.
    expect(selectMotifs(fold([motifsRequested('m1'), motifsLoaded('m1', motifsBody(0))]))?.body?.motifs).toEqual([])
  })

  test('a failure keeps the last sequences beside the reason; Retry clears it while it runs', () => {
    const first = fold([motifsRequested('m1'), motifsFailed('m1')])
    expect(selectMotifs(first)).toMatchObject({ status: 'failed', body: null, error: { message: 'Server error - database unavailable', httpStatus: 500, code: 'INTERNAL_ERROR', at: 3_000 } })
    const s1 = fold([motifsRequested('m1'), motifsLoaded('m1'), motifsRequested('m2')])
    expect(selectMotifs(s1)).toMatchObject({ status: 'loading', body: motifsBody(), loadedAt: 2_000 })
    expect(isFirstLoad(selectMotifs(s1))).toBe(false)
    const s2 = fold([motifsFailed('m2')], s1)
    expect(selectMotifs(s2)).toMatchObject({ status: 'failed', body: motifsBody(), error: { message: 'Server error - database unavailable' } })
    const s3 = fold([motifsRequested('m3'), motifsLoaded('m3', motifsBody(1), 4_000)], s2)
    expect(selectMotifs(s3)).toMatchObject({ status: 'ready', error: null, loadedAt: 4_000, body: motifsBody(1) })
  })

  test('only the latest request’s answer applies; a duplicate or unasked-for answer changes nothing', () => {
    const s = fold([motifsRequested('m1'), motifsRequested('m2')])
    expect(fold([motifsLoaded('m1')], s)).toBe(s)
    const done = fold([motifsLoaded('m2')], s)
    expect(fold([motifsLoaded('m2')], done)).toBe(done)
    expect(fold([motifsFailed('m2')], done)).toBe(done)
    expect(fold([motifsRequested('m2')], done)).toBe(done)
    expect(fold([motifsLoaded('zz')])).toBe(dashboard.initial)
  })

  test('they leave the rest of the dashboard alone, and signing out empties them', () => {
    const s1 = fold([requested('p1'), loaded('p1')])
    const s2 = fold([motifsRequested('m1'), motifsLoaded('m1')], s1)
    expect(s2.pulses).toBe(s1.pulses)
    expect(s2.kpi).toBe(s1.kpi)
    const out = fold([{ type: 'auth.signedOut' }], s2)
    expect(out).toEqual(emptyDashboard)
    expect(selectMotifs(out)).toBeNull()
  })
})

describe('KPIs', () => {
  test('definitions load once asked for', () => {
    const s = fold([
      { type: 'kpi.definitionsRequested', requestId: 'd1', at: 1 },
      { type: 'kpi.definitionsLoaded', requestId: 'd1', definitions: [{ id: 'documents_processed', name: 'Documents processed', description: '…', unit: 'documents', decimals: 0 }], at: 2 },
    ])
    expect(s.kpi.definitions).toMatchObject({ status: 'ready', body: [{ id: 'documents_processed' }] })
    expect(fold([{ type: 'kpi.definitionsLoaded', requestId: 'other', definitions: [], at: 3 }], s)).toBe(s)
  })

  test("a context's bindings: loaded, created, updated, deleted, in the server's order", () => {
    let s = fold([bindingsRequested('b1'), bindingsLoaded('b1', [binding('k1'), binding('k2', { kpiDefinitionId: 'average_urgency', currentValue: 0.5 })])])
    const ids = () => kpiBindingsOf(selectKpiContext(s, 'r1'), s.kpi.bindings).map((b) => b.id)
    expect(ids()).toEqual(['k1', 'k2'])
    s = fold([{ type: 'kpi.bindingCreated', binding: binding('k3', { kpiDefinitionId: 'signals_per_day' }), at: 3 }], s)
    expect(ids()).toEqual(['k1', 'k2', 'k3'])
    s = fold([{ type: 'kpi.bindingUpdated', binding: binding('k2', { kpiDefinitionId: 'average_urgency', currentValue: 0.9, manual: true, updatedAt: 'later' }), at: 4 }], s)
    expect(s.kpi.bindings.k2).toMatchObject({ currentValue: 0.9, manual: true })
    expect(ids()).toEqual(['k1', 'k2', 'k3'])
    s = fold([{ type: 'kpi.bindingDeleted', bindingId: 'k1', contextId: 'r1', at: 5 }], s)
    expect(ids()).toEqual(['k2', 'k3'])
    expect(s.kpi.bindings.k1).toBeUndefined()
  })

  test('a reload replaces the list: what the server no longer has goes', () => {
    const s1 = fold([bindingsRequested('b1'), bindingsLoaded('b1', [binding('k1'), binding('k2')])])
    const s2 = fold([bindingsRequested('b2'), bindingsLoaded('b2', [binding('k2')])], s1)
    expect(kpiBindingsOf(selectKpiContext(s2, 'r1'), s2.kpi.bindings).map((b) => b.id)).toEqual(['k2'])
    expect(s2.kpi.bindings.k1).toBeUndefined()
    // Another context's bindings are its own.
    const s3 = fold([bindingsRequested('b3', 'p1'), bindingsLoaded('b3', [binding('k9', { contextId: 'p1', contextType: 'project' })], 'p1')], s2)
    expect(kpiBindingsOf(selectKpiContext(s3, 'p1'), s3.kpi.bindings).map((b) => b.id)).toEqual(['k9'])
    expect(kpiBindingsOf(selectKpiContext(s3, 'r1'), s3.kpi.bindings).map((b) => b.id)).toEqual(['k2'])
  })

  test('a failed change is kept on its context until the next confirmed change', () => {
    const s1 = fold([bindingsRequested('b1'), bindingsLoaded('b1', [binding('k1')])])
    const s2 = fold([{ type: 'kpi.changeFailed', change: 'add', contextId: 'r1', bindingId: null, httpStatus: 409, code: 'CONFLICT', message: 'Already bound', at: 3 }], s1)
    expect(selectKpiContext(s2, 'r1')?.changeError).toMatchObject({ change: 'add', message: 'Already bound' })
    const s3 = fold([{ type: 'kpi.bindingUpdated', binding: binding('k1', { currentValue: 7, manual: true }), at: 4 }], s2)
    expect(selectKpiContext(s3, 'r1')?.changeError).toBeNull()
  })

  test('duplicates of confirmations change nothing', () => {
    const created: DomainEvent = { type: 'kpi.bindingCreated', binding: binding('k3'), at: 3 }
    const deleted: DomainEvent = { type: 'kpi.bindingDeleted', bindingId: 'k1', contextId: 'r1', at: 4 }
    const s = fold([bindingsRequested('b1'), bindingsLoaded('b1', [binding('k1')]), created, deleted])
    expect(fold([created], s)).toBe(s)
    expect(fold([deleted], s)).toBe(s)
    expect(fold([bindingsLoaded('b1', [])], s)).toBe(s)
  })
})

// ---- properties -----------------------------------------------------------------------------------

const requestIds = fc.constantFrom('r1', 'r2', 'r3')
const queries = fc.constantFrom(null, 'EV', ' EV ', 'grid')
const contexts = fc.constantFrom('r1', 'p1')
const series = fc.constantFrom<ForecastSeries>(SIGNALS_7, { metric: 'mentions', entity: 'BYD', horizonDays: 14 })
const bindingArb = fc
  .record({ id: fc.constantFrom('k1', 'k2', 'k3'), contextId: contexts, value: fc.option(fc.integer({ min: 0, max: 9 })), manual: fc.boolean() })
  .map(({ id, contextId, value, manual }) => binding(id, { contextId, currentValue: value, manual }))
const failure = { httpStatus: 500, code: 'INTERNAL_ERROR', message: 'down' }
const dashboardEvent: fc.Arbitrary<DomainEvent> = fc.oneof(
  fc.tuple(requestIds, queries).map(([id, q]): DomainEvent => requested(id, q)),
  fc.tuple(requestIds, queries, fc.nat(9)).map(([id, q, n]): DomainEvent => loaded(id, q, pulseBody(n))),
  fc.tuple(requestIds, queries).map(([id, q]): DomainEvent => failed(id, q)),
  fc.tuple(requestIds, series).map(([requestId, s]): DomainEvent => ({ type: 'forecast.requested', requestId, series: s, at: 1 })),
  fc.tuple(requestIds, series).map(([requestId, s]): DomainEvent => ({ type: 'forecast.loaded', requestId, series: s, body: forecastBody, at: 2 })),
  fc.tuple(requestIds, series).map(([requestId, s]): DomainEvent => ({ type: 'backtest.failed', requestId, series: s, ...failure, at: 2 })),
  requestIds.map((id): DomainEvent => motifsRequested(id)),
  fc.tuple(requestIds, fc.nat(3)).map(([id, n]): DomainEvent => motifsLoaded(id, motifsBody(n))),
  requestIds.map((id): DomainEvent => motifsFailed(id)),
  fc.tuple(requestIds, contexts).map(([id, c]): DomainEvent => bindingsRequested(id, c)),
  fc.tuple(requestIds, contexts, fc.array(bindingArb, { maxLength: 3 })).map(
    ([id, c, bs]): DomainEvent =>
      bindingsLoaded(
        id,
        bs.map((b) => ({ ...b, contextId: c })),
        c,
      ),
  ),
  bindingArb.map((b): DomainEvent => ({ type: 'kpi.bindingCreated', binding: b, at: 3 })),
  bindingArb.map((b): DomainEvent => ({ type: 'kpi.bindingUpdated', binding: b, at: 3 })),
  fc.tuple(fc.constantFrom('k1', 'k2', 'k3'), contexts).map(([bindingId, contextId]): DomainEvent => ({ type: 'kpi.bindingDeleted', bindingId, contextId, at: 4 })),
  contexts.map((contextId): DomainEvent => ({ type: 'kpi.changeFailed', change: 'set', contextId, bindingId: 'k1', ...failure, at: 5 })),
  fc.constant<DomainEvent>({ type: 'auth.signedOut' }),
)

describe('dashboard properties', () => {
  test('the live fold equals the batch fold', () => {
    fc.assert(
      fc.property(fc.array(dashboardEvent, { maxLength: 40 }), fc.integer({ min: 1, max: 10 }), (events, chunk) => {
        const live = fold(events)
        let batched = dashboard.initial
        const envs = envelopes(events, 'api')
        for (let i = 0; i < envs.length; i += chunk) batched = dashboard.applyAll(batched, envs.slice(i, i + chunk))
        expect(batched).toEqual(live)
      }),
      { seed: propertySeed('dashboard live = batch'), numRuns: 300 },
    )
  })

  test('applying any event a second time right away changes nothing', () => {
    let changed = 0
    fc.assert(
      fc.property(fc.array(dashboardEvent, { maxLength: 30 }), dashboardEvent, (before, event) => {
        const s = fold(before)
        const once = fold([event], s)
        if (once !== s) changed++
        expect(fold([event], once)).toBe(once)
      }),
      { seed: propertySeed('dashboard duplicate'), numRuns: 300 },
    )
    // Not vacuous: most events did change the state the first time.
    expect(changed).toBeGreaterThan(50)
  })
})
