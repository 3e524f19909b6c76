/**
 * The prospective routes over documents really ingested (the real pipeline, the local analyser, a manual
 * clock moved between ingests), called with real emulator accounts. Expected figures are worked out by
 * hand from the texts and days below; Holt's recursion is also checked on a tiny series by hand.
 *
 * Tenant "forecaster" (now = 2026-11-20 12:00 UTC): on each day 2026-11-05 + k (k = 0…15) one document
 * "Ghana cut interest rates." followed by the first k Nigeria sentences, one frame per sentence. So:
 *   signals per day   1 2 3 … 16   (a line)
 *   Nigeria mentions  0 1 2 … 15   (a line)
 *   Ghana mentions    1 1 1 … 1    (a constant)
 * 16 days: Holt's method needs 14 days of data (MIN_FORECAST_DAYS), and a backtest origin 14 days of
 * training data and a day after it.
 * Tenant "sequencer", one document a day (40 to 37 days ago), one frame per sentence:
 *   A (research res_seq)   Google, Apple, Microsoft announced new factories   Announcement ×3
 *   B (research res_seq)   Google, Apple launched…; Microsoft denied…        Launch, Launch, Opposition
 *   C (research res_seq)   Google denied…; Apple praised…                    Opposition, Response
 *   D (research res_other) Google praised…; Microsoft praised…               Response, Response
 * giving the sequences Google A→L→O→R, Apple A→L→R, Microsoft A→O→R.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { manualClock } from '../../../server/platform/core/runtime'
import { forecastSd, holt, pointForecast } from '../../../server/modules/intelligence/forecast'
import { insertResearch } from '../../../server/modules/researches/queries'
import type { BacktestBody, ForecastBody, MotifsBody, PredictBody } from '../../../src/protocol/intelligence'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack, tenantOf } from './support'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-20T12:00:00Z')

const GHANA = 'Ghana cut interest rates.'
const NIGERIA = [
  'Nigeria raised fuel prices.',
  'Nigeria expanded its refinery.',
  'Nigeria announced new factories.',
  'Nigeria launched a satellite.',
  'Nigeria signed a trade deal.',
  'Nigeria praised the agreement.',
  'Nigeria opened a new port.',
  'Nigeria built a railway.',
  'Nigeria hired new teachers.',
  'Nigeria approved a budget.',
  'Nigeria banned plastic bags.',
  'Nigeria repaid a loan.',
  'Nigeria sold its stake in an oil field.',
  'Nigeria closed its border.',
  'Nigeria planted a million trees.',
]
const FORECASTER_DAYS = NIGERIA.length + 1
const forecasterText = (k: number) => [GHANA, ...NIGERIA.slice(0, k)].join(' ')

const SEQUENCES = [
  { name: 'A', researchId: 'res_seq', text: 'Google announced new factories. Apple announced new factories. Microsoft announced new factories.' },
  { name: 'B', researchId: 'res_seq', text: 'Google launched a new search tool. Apple launched a new music service. Microsoft denied the claims.' },
  { name: 'C', researchId: 'res_seq', text: 'Google denied the claims. Apple praised the agreement.' },
  { name: 'D', researchId: 'res_other', text: 'Google praised the agreement. Microsoft praised the agreement.' },
] as const

/** The dates of the `days` days ending on 2026-11-20 (or after it, for a forecast). */
const datesFrom = (first: string, days: number) => Array.from({ length: days }, (_, i) => new Date(Date.parse(first) + i * DAY).toISOString().slice(0, 10))
const flat = (date: string, value: number) => ({ date, value, lower80: value, upper80: value, lower95: value, upper95: value })

describe.each(dialects())('prospective analysis on %s', (dialect) => {
  let forecaster: TestUser
  let sequencer: TestUser
  let stranger: TestUser
  const clock = manualClock(NOW - 60 * DAY)
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  const sequenceEvents = new Map<string, string>()

  beforeAll(async () => {
    forecaster = await emulatorUser(`prospective-forecaster-${dialect}@gmail.com`)
    sequencer = await emulatorUser(`prospective-sequencer-${dialect}@gmail.com`)
    stranger = await emulatorUser(`prospective-stranger-${dialect}@gmail.com`)

    for (let k = 0; k < FORECASTER_DAYS; k++) {
      clock.set(Date.parse('2026-11-05T10:00:00Z') + k * DAY)
      await ingestText(stack.pipeline, forecaster, { researchId: 'res_1', sessionId: 'ses_forecast' }, forecasterText(k))
    }
    for (const id of ['res_seq', 'res_other']) await insertResearch(stack.db, tenantOf(sequencer), { id, title: id, description: null, tags: [], ownerUserId: sequencer.uid, now: NOW - 60 * DAY })
    for (const [i, doc] of SEQUENCES.entries()) {
      clock.set(NOW - (40 - i) * DAY)
      sequenceEvents.set(doc.name, await ingestText(stack.pipeline, sequencer, { researchId: doc.researchId, sessionId: `ses_${doc.researchId}` }, doc.text))
    }
    await stack.pipeline.drain()
    clock.set(NOW)
  }, 120_000)

  const post = (who: TestUser, url: string, payload: object) => call(who, 'POST', `/prospective/${url}`, payload)
  async function ok<T>(who: TestUser, url: string, payload: object): Promise<T> {
    const res = await post(who, url, payload)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<T>()
  }
  const frameOf = (doc: string, index: number) => `${sequenceEvents.get(doc)}-f${index}`

  test('the analyser read the texts as the header says', () => {
    for (let k = 0; k < FORECASTER_DAYS; k++) {
      const a = analyseLocal(forecasterText(k))
      expect(a.frames).toHaveLength(1 + k)
      expect(Object.fromEntries(a.entities.map((e) => [e.text, e.mentions.length]))).toEqual(k === 0 ? { Ghana: 1 } : { Ghana: 1, Nigeria: k })
    }
    expect(SEQUENCES.map((d) => analyseLocal(d.text).frames.map((f) => [f.actors.entries[0]?.text, f.actionType]))).toEqual([
      [
        ['Google', 'Announcement'],
        ['Apple', 'Announcement'],
        ['Microsoft', 'Announcement'],
      ],
      [
        ['Google', 'Launch'],
        ['Apple', 'Launch'],
        ['Microsoft', 'Opposition'],
      ],
      [
        ['Google', 'Opposition'],
        ['Apple', 'Response'],
      ],
      [
        ['Google', 'Response'],
        ['Microsoft', 'Response'],
      ],
    ])
  })

  describe("Holt's recursion, by hand", () => {
    test('y = 1, 2, 4 with α = β = 0.5', () => {
      // ℓ1 = 1, b1 = 2 − 1 = 1. t=2: ŷ = 2 (no error counted), ℓ = 0.5·2 + 0.5·2 = 2, b = 0.5·1 + 0.5·1 = 1.
      // t=3: ŷ = 3, e = 1, ℓ = 0.5·4 + 0.5·3 = 3.5, b = 0.5·1.5 + 0.5·1 = 1.25. σ = √(1²/1) = 1.
      const fit = holt([1, 2, 4], 0.5, 0.5)
      expect(fit).toEqual({ alpha: 0.5, beta: 0.5, level: 3.5, trend: 1.25, errors: [1], residualSd: 1 })
      expect(pointForecast(fit, 2)).toBe(6) // 3.5 + 2 · 1.25
      expect(forecastSd(fit, 1)).toBe(1)
      expect(forecastSd(fit, 2)).toBeCloseTo(1.25, 10) // √(1 + 0.25 · 1.5²)
      expect(forecastSd(fit, 3)).toBeCloseTo(Math.sqrt(1 + 0.25 * 1.5 ** 2 + 0.25 * 2 ** 2), 10)
    })
  })

  describe('POST /prospective/forecast', () => {
    test('signals on a line: the line goes on, with no residual and so no spread', async () => {
      const body = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'signals', historyDays: 14, horizonDays: 3 })
      expect(body.method).toMatch(/^Holt's linear trend \(double exponential smoothing\).*needs at least 14 days of data/)
      expect(body).toMatchObject({ metric: 'signals', entity: null, dataDays: 14, minimumDays: 14 })
      expect(body.history).toEqual(datesFrom('2026-11-07', 14).map((date, i) => ({ date, value: i + 3 })))
      // Every (α, β) of the grid fits a line; which one wins is down to rounding in the last bits.
      expect(body.parameters).toMatchObject({ level: 16, trend: 1, residualSd: 0 })
      expect(body.forecast).toEqual([flat('2026-11-21', 17), flat('2026-11-22', 18), flat('2026-11-23', 19)])
    })

    test('fewer than 14 days of data: no line, and how many days there were', async () => {
      // The last 7 days of the line are 7 days of data.
      const week = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'signals', historyDays: 7, horizonDays: 3 })
      expect(week).toMatchObject({ parameters: null, forecast: [], dataDays: 7, minimumDays: 14 })
      expect(week.history.map((p) => p.value)).toEqual([10, 11, 12, 13, 14, 15, 16])
      // Three days into the tenant's history (2026-11-07 12:00): 4 empty days, then 1, 2, 3: 3 daily points.
      clock.set(Date.parse('2026-11-07T12:00:00Z'))
      try {
        const three = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'signals', historyDays: 7, horizonDays: 7 })
        expect(three.history.map((p) => p.value)).toEqual([0, 0, 0, 0, 1, 2, 3])
        expect(three).toMatchObject({ parameters: null, forecast: [], dataDays: 3, minimumDays: 14 })
      } finally {
        clock.set(NOW)
      }
    })

    test("one entity's mentions, by any of its names; a constant stays constant", async () => {
      const nigeria = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'mentions', entity: 'nigeria', historyDays: 14, horizonDays: 2 })
      expect(nigeria).toMatchObject({ metric: 'mentions', entity: 'Nigeria', parameters: { level: 15, trend: 1, residualSd: 0 } })
      expect(nigeria.history.map((p) => p.value)).toEqual(Array.from({ length: 14 }, (_, i) => i + 2))
      expect(nigeria.forecast).toEqual([flat('2026-11-21', 16), flat('2026-11-22', 17)])
      // Over all 16 days Nigeria's first day has none: 15 days of data, still enough.
      expect(await ok<ForecastBody>(forecaster, 'forecast', { metric: 'mentions', entity: 'Nigeria', historyDays: 16, horizonDays: 1 })).toMatchObject({ dataDays: 15 })

      const ghana = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'mentions', entity: 'Ghana', historyDays: 14, horizonDays: 3 })
      expect(ghana.history.map((p) => p.value)).toEqual(Array<number>(14).fill(1))
      expect(ghana.parameters).toMatchObject({ level: 1, trend: 0, residualSd: 0 })
      expect(ghana.forecast.map((p) => p.value)).toEqual([1, 1, 1])
    })

    test('a bent series has residuals: intervals nest, widen with the horizon, and never go below 0', async () => {
      // 28 days: 12 empty days, then 1…16 (16 days of data).
      const body = await ok<ForecastBody>(forecaster, 'forecast', { metric: 'signals', horizonDays: 5 })
      expect(body.history).toHaveLength(28)
      expect(body.history.map((p) => p.value)).toEqual([...Array<number>(12).fill(0), ...Array.from({ length: 16 }, (_, i) => i + 1)])
      expect(body.dataDays).toBe(16)
      expect(body.parameters?.residualSd).toBeGreaterThan(0)
      for (const p of body.forecast) {
        expect(0 <= p.lower95 && p.lower95 <= p.lower80 && p.lower80 <= p.value && p.value <= p.upper80 && p.upper80 <= p.upper95).toBe(true)
      }
      const widths = body.forecast.map((p) => p.upper95 - p.value)
      expect(widths.every((w, i) => i === 0 || w > widths[i - 1]!)).toBe(true)
    })

    test('404 for an entity the tenant does not have, or a context that is not its own; 400 for bad requests', async () => {
      const unknown = await post(forecaster, 'forecast', { metric: 'mentions', entity: 'Atlantis' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: 'Entity "Atlantis" not found' })
      // The sequencer's research is not the forecaster's.
      expect((await post(forecaster, 'forecast', { contextId: 'res_seq' })).statusCode).toBe(404)
      expect((await post(stranger, 'forecast', { metric: 'mentions', entity: 'Nigeria' })).statusCode).toBe(404)

      const noEntity = await post(forecaster, 'forecast', { metric: 'mentions' })
      expect(noEntity.statusCode).toBe(400)
      expect(noEntity.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('entity') })
      for (const bad of [{ historyDays: 3 }, { horizonDays: 0 }, { horizonDays: 61 }, { metric: 'frames' }, { historyDays: 7.5 }]) {
        const res = await post(forecaster, 'forecast', bad)
        expect(res.statusCode, JSON.stringify(bad)).toBe(400)
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
      }
    })

    test('another tenant sees an empty history: no data, no line', async () => {
      const body = await ok<ForecastBody>(stranger, 'forecast', { historyDays: 7, horizonDays: 1 })
      expect(body.history.map((p) => p.value)).toEqual([0, 0, 0, 0, 0, 0, 0])
      expect(body).toMatchObject({ parameters: null, forecast: [], dataDays: 0, minimumDays: 14 })
    })
  })

  describe('POST /prospective/backtest', () => {
    test('on a line the model is exact and the naive forecast is one step behind: skill 1', async () => {
      // 16 days (1…16); the fit needs 14: origins t = 14, 15 forecast days 15, 16 (actuals 15, 16); naive says 14, 15.
      const one = await ok<BacktestBody>(forecaster, 'backtest', { metric: 'signals', historyDays: 16, horizonDays: 1, minTrainDays: 3 })
      expect(one.method).toMatch(/Holt/)
      expect(one).toMatchObject({ origins: 2, model: { mae: 0, mape: 0 }, naive: { mae: 1, mape: 6.46 }, skill: 1, dataDays: 16, minimumDays: 14 })
      expect(((1 / 15 + 1 / 16) / 2) * 100).toBeCloseTo(6.46, 2)

      // Two days ahead from t = 14 only: actual 16 against naive 14.
      const two = await ok<BacktestBody>(forecaster, 'backtest', { metric: 'signals', historyDays: 16, horizonDays: 2, minTrainDays: 3 })
      expect(two).toMatchObject({ origins: 1, model: { mae: 0, mape: 0 }, naive: { mae: 2, mape: 12.5 }, skill: 1 })
    })

    test('a constant: both exact, so no skill to speak of (null); too short or empty a series has no origin', async () => {
      const ghana = await ok<BacktestBody>(forecaster, 'backtest', { metric: 'mentions', entity: 'Ghana', historyDays: 16, minTrainDays: 3 })
      expect(ghana).toMatchObject({ origins: 2, model: { mae: 0, mape: 0 }, naive: { mae: 0, mape: 0 }, skill: null })
      // 7 days of data: minTrainDays 3 would allow 4 origins, the method's 14 days none.
      const week = await ok<BacktestBody>(forecaster, 'backtest', { metric: 'signals', historyDays: 7, minTrainDays: 3 })
      expect(week).toMatchObject({ origins: 0, dataDays: 7, minimumDays: 14 })
      const empty = await ok<BacktestBody>(stranger, 'backtest', { historyDays: 7, minTrainDays: 3 })
      expect(empty).toMatchObject({ origins: 0, model: { mae: 0, mape: null }, naive: { mae: 0, mape: null }, skill: null, dataDays: 0 })
    })

    test('400 when no origin is left; 404 for an unknown entity', async () => {
      const res = await post(forecaster, 'backtest', { historyDays: 7, horizonDays: 2, minTrainDays: 6 })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('minTrainDays') })
      expect((await post(forecaster, 'backtest', { minTrainDays: 2 })).statusCode).toBe(400)
      expect((await post(forecaster, 'backtest', { metric: 'mentions', entity: 'Atlantis' })).statusCode).toBe(404)
    })
  })

  describe('POST /prospective/predict-from-seed', () => {
    test('what follows the seed frame’s action type, over every participant', async () => {
      // From Announcement: Google → Launch, Apple → Launch, Microsoft → Opposition.
      const body = await ok<PredictBody>(sequencer, 'predict-from-seed', { frameId: frameOf('A', 1) })
      expect(body.method).toMatch(/count\(A→B\) \/ count\(A→·\)/)
      expect(body).toMatchObject({
        seed: { frameId: frameOf('A', 1), actionType: 'Announcement' },
        observedTransitions: 3,
        predictions: [
          { actionType: 'Launch', probability: 0.67, support: 2 },
          { actionType: 'Opposition', probability: 0.33, support: 1 },
        ],
      })
      const top = await ok<PredictBody>(sequencer, 'predict-from-seed', { frameId: frameOf('A', 1), limit: 1 })
      expect(top.predictions.map((p) => p.actionType)).toEqual(['Launch'])

      // From Opposition: Google → Response (its D frame, ingested later), Microsoft → Response.
      const opposition = await ok<PredictBody>(sequencer, 'predict-from-seed', { frameId: frameOf('B', 3) })
      expect(opposition).toMatchObject({ seed: { actionType: 'Opposition' }, observedTransitions: 2, predictions: [{ actionType: 'Response', probability: 1, support: 2 }] })

      // Nothing ever follows a Response.
      const last = await ok<PredictBody>(sequencer, 'predict-from-seed', { frameId: frameOf('C', 2) })
      expect(last).toMatchObject({ seed: { actionType: 'Response' }, observedTransitions: 0, predictions: [] })
    })

    test('404 for a frame that is not the caller’s; 400 for a bad body', async () => {
      const foreign = await post(stranger, 'predict-from-seed', { frameId: frameOf('A', 1) })
      expect(foreign.statusCode).toBe(404)
      expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Action frame not found' })
      expect((await post(sequencer, 'predict-from-seed', { frameId: 'evt_nope-f1' })).statusCode).toBe(404)
      expect((await post(sequencer, 'predict-from-seed', { frameId: '' })).statusCode).toBe(400)
      expect((await post(sequencer, 'predict-from-seed', { frameId: frameOf('A', 1), limit: 21 })).statusCode).toBe(400)
    })
  })

  describe('POST /prospective/motifs:extract', () => {
    test('the literal colon route is the one that answers', async () => {
      expect((await post(sequencer, 'motifs:extract', {})).statusCode).toBe(200)
      expect((await post(sequencer, 'motifs', {})).statusCode).toBe(404)
      expect((await post(sequencer, 'motifs:other', {})).statusCode).toBe(404)
    })

    test('runs shared by at least minSupport participants, most shared first', async () => {
      const body = await ok<MotifsBody>(sequencer, 'motifs:extract', {})
      expect(body.method).toMatch(/support = number of participants/)
      // Google A L O R, Apple A L R, Microsoft A O R: two pairs are shared by two participants, no triple is.
      expect(body).toMatchObject({
        sequences: 3,
        motifs: [
          { sequence: ['Announcement', 'Launch'], support: 2, participants: ['Apple', 'Google'] },
          { sequence: ['Opposition', 'Response'], support: 2, participants: ['Google', 'Microsoft'] },
        ],
      })
    })

    test('every triple once, in code-point order; within one research only its documents count', async () => {
      const triples = await ok<MotifsBody>(sequencer, 'motifs:extract', { minSupport: 1, minLength: 3, maxLength: 3 })
      expect(triples.motifs).toEqual([
        { sequence: ['Announcement', 'Launch', 'Opposition'], support: 1, participants: ['Google'] },
        { sequence: ['Announcement', 'Launch', 'Response'], support: 1, participants: ['Apple'] },
        { sequence: ['Announcement', 'Opposition', 'Response'], support: 1, participants: ['Microsoft'] },
        { sequence: ['Launch', 'Opposition', 'Response'], support: 1, participants: ['Google'] },
      ])
      const mixed = await ok<MotifsBody>(sequencer, 'motifs:extract', { minSupport: 1, limit: 3 })
      // Length 3 before length 2 at equal support; the two shared pairs lead.
      expect(mixed.motifs.map((m) => [m.sequence.join('>'), m.support])).toEqual([
        ['Announcement>Launch', 2],
        ['Opposition>Response', 2],
        ['Announcement>Launch>Opposition', 1],
      ])

      // Within res_seq (A, B, C): Google A L O, Apple A L R, Microsoft A O.
      const scoped = await ok<MotifsBody>(sequencer, 'motifs:extract', { contextId: 'res_seq' })
      expect(scoped).toEqual({ method: scoped.method, sequences: 3, motifs: [{ sequence: ['Announcement', 'Launch'], support: 2, participants: ['Apple', 'Google'] }] })
    })

    test('tenancy, 404 and 400', async () => {
      expect(await ok<MotifsBody>(stranger, 'motifs:extract', { minSupport: 1 })).toMatchObject({ sequences: 0, motifs: [] })
      expect((await post(stranger, 'motifs:extract', { contextId: 'res_seq' })).statusCode).toBe(404)
      const inverted = await post(sequencer, 'motifs:extract', { minLength: 3, maxLength: 2 })
      expect(inverted.statusCode).toBe(400)
      expect(inverted.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('maxLength') })
      for (const bad of [{ minSupport: 0 }, { minLength: 1 }, { maxLength: 7 }, { limit: 0 }]) {
        expect((await post(sequencer, 'motifs:extract', bad)).statusCode, JSON.stringify(bad)).toBe(400)
      }
    })
  })
})
