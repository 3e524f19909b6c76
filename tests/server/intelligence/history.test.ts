/**
 * Figures that need history behind them say when there is too little (issue 20): a hot topic first
 * mentioned less than 14 days ago is new rather than "+22 (0 the week before)" (topics.ts), signal
 * velocity's trend waits for a tenant history of 14 days (pulse.ts), and Holt's forecast and its backtest
 * need MIN_FORECAST_DAYS (14) days of data counted from the first day with any (forecast.ts). Pure: small
 * corpora and series written out here, with the figures worked out by hand. Last, the rule that dates a
 * briefing's key events (briefing.ts).
 */
import { describe, expect, test } from 'vitest'
import { mergeEntities } from '../../../server/modules/intelligence/aliases'
import type { Corpus, CorpusDocument, CorpusFrame } from '../../../server/modules/intelligence/corpus'
import { datedOf, whenOf } from '../../../server/modules/intelligence/briefing'
import { backtest, dataDays, forecastSeries, MIN_FORECAST_DAYS } from '../../../server/modules/intelligence/forecast'
import { signalVelocity } from '../../../server/modules/intelligence/pulse'
import { hotTopics } from '../../../server/modules/intelligence/topics'

const DAY = 86_400_000
const NOW = Date.parse('2026-11-20T12:00:00Z')
const isoAt = (ms: number) => new Date(ms).toISOString()

function doc(id: string, at: number, entity: string, mentions: number): CorpusDocument {
  return {
    id,
    researchId: null,
    sessionId: null,
    projectId: null,
    title: id,
    summary: '',
    at,
    pestleCategory: 'Economic',
    knowledgeArea: null,
    impactSeverity: 0.5,
    scores: {},
    entities: [{ eventId: id, text: entity, kind: 'organisation', aliases: [], mentions }],
  }
}

function corpusOf(documents: CorpusDocument[]): Corpus {
  return {
    documents,
    frames: [],
    documentsById: new Map(documents.map((d) => [d.id, d])),
    framesByDocument: new Map(),
    entities: mergeEntities(documents.flatMap((d) => d.entities)),
  }
}

/** Signals (frames) at the given times. */
const signalsAt = (...times: number[]) => times.map((at, i) => ({ id: `f${i}`, at }) as CorpusFrame)

/** `days` dated points ending on 2026-11-20 with the given values. */
const dated = (values: number[]) => values.map((value, i) => ({ date: isoAt(Date.parse('2026-11-20') - (values.length - 1 - i) * DAY).slice(0, 10), value }))

describe('hot topics: new, or compared week on week', () => {
  test('a topic first mentioned 2 days ago is new, dated by its first mention', () => {
    // Volkswagen ×22 two days ago: 22 this week, 0 the week before. Its delta is that arithmetic, but the
    // week before never watched it: new, not "+22".
    const [topic] = hotTopics(corpusOf([doc('fresh', NOW - 2 * DAY, 'Volkswagen', 22)]), NOW)
    expect(topic).toMatchObject({ title: 'Volkswagen', mentionsLast7d: 22, mentionsPrevious7d: 0, isNew: true, firstMentionedAt: '2026-11-18T12:00:00.000Z' })
  })

  test('a topic with mentions 10 and 20 days ago has a delta', () => {
    // 20 days ago ×2 (before both windows), 10 days ago ×1 (in the week before, (now − 14 d, now − 7 d]),
    // none this week: 0 − 1 = −1, from a history older than the 14 days compared.
    const [topic] = hotTopics(corpusOf([doc('old', NOW - 20 * DAY, 'Siemens', 2), doc('mid', NOW - 10 * DAY, 'Siemens', 1)]), NOW)
    expect(topic).toMatchObject({ title: 'Siemens', mentionsLast7d: 0, mentionsPrevious7d: 1, momentumDelta7d: -1, isNew: false, firstMentionedAt: '2026-10-31T12:00:00.000Z' })
  })

  test('the edge: first mentioned exactly 14 days ago is compared; a moment later than that is new', () => {
    expect(hotTopics(corpusOf([doc('edge', NOW - 14 * DAY, 'Bosch', 1)]), NOW)[0]?.isNew).toBe(false)
    expect(hotTopics(corpusOf([doc('edge', NOW - 14 * DAY + 1, 'Bosch', 1)]), NOW)[0]?.isNew).toBe(true)
  })
})

describe('signal velocity: a trend only with a whole week before this one', () => {
  test('an account 2 days old is not "rising" from nothing', () => {
    // 3 signals this week, 0 the week before, the first document 2 days ago.
    const v = signalVelocity(signalsAt(NOW - 2 * DAY, NOW - DAY, NOW - DAY), NOW, NOW - 2 * DAY)
    expect(v).toMatchObject({ signalsLast7d: 3, signalsPrevious7d: 0, comparable: false, trend: 'stable', historyStartedAt: '2026-11-18T12:00:00.000Z' })
  })

  test('the same week on an account 20 days old is rising: the week before was watched and quiet', () => {
    const v = signalVelocity(signalsAt(NOW - 2 * DAY, NOW - DAY, NOW - DAY), NOW, NOW - 20 * DAY)
    expect(v).toMatchObject({ signalsLast7d: 3, signalsPrevious7d: 0, comparable: true, trend: 'rising' })
  })

  test('exactly 14 days of history compares; no documents at all do not', () => {
    expect(signalVelocity(signalsAt(NOW - 10 * DAY), NOW, NOW - 14 * DAY)).toMatchObject({ comparable: true, trend: 'falling' })
    expect(signalVelocity([], NOW, null)).toMatchObject({ comparable: false, trend: 'stable', historyStartedAt: null })
  })
})

describe("Holt's forecast: no line from fewer than 14 days of data", () => {
  test('days of data run from the first day with any to the last', () => {
    expect(MIN_FORECAST_DAYS).toBe(14)
    expect(dataDays([0, 0, 0, 5])).toBe(1)
    expect(dataDays([1, 0, 0])).toBe(3)
    expect(dataDays([0, 0])).toBe(0)
  })

  test('3 daily points: no fit, no line, and how many days there were', () => {
    expect(forecastSeries(dated([1, 2, 3]), 7)).toEqual({ fit: null, forecast: [], dataDays: 3 })
  })

  test('28 days all zeros but today is one day of data; 15 quiet days then 13 days of counts are 13', () => {
    expect(forecastSeries(dated([...Array<number>(27).fill(0), 9]), 7)).toMatchObject({ fit: null, forecast: [], dataDays: 1 })
    const thirteen = [...Array<number>(15).fill(0), ...Array.from({ length: 13 }, (_, i) => i + 1)]
    expect(forecastSeries(dated(thirteen), 7)).toMatchObject({ fit: null, forecast: [], dataDays: 13 })
  })

  test('14 days of a line: the line goes on', () => {
    // 1…14: every (α, β) of the grid fits it exactly; level 14, trend 1, no residual.
    const { fit, forecast, dataDays: days } = forecastSeries(dated(Array.from({ length: 14 }, (_, i) => i + 1)), 2)
    expect(days).toBe(14)
    expect(fit).toMatchObject({ level: 14, trend: 1, residualSd: 0 })
    expect(forecast.map((p) => [p.date, p.value, p.lower95, p.upper95])).toEqual([
      ['2026-11-21', 15, 15, 15],
      ['2026-11-22', 16, 16, 16],
    ])
  })
})

describe('the backtest: no origin before its training days hold 14 days of data', () => {
  test('a line of 16 days, one day ahead: origins at days 14 and 15 only', () => {
    // minTrainDays 3 would allow t = 3…15, but the fit needs 14 days: t = 14 forecasts day 15 (15), t = 15
    // day 16 (16), both exact; naive says 14 and 15, one off each: MAE 1, MAPE (1/15 + 1/16)/2 = 6.46 %.
    const line = Array.from({ length: 16 }, (_, i) => i + 1)
    expect(backtest(line, 1, 3)).toEqual({ origins: 2, model: { mae: 0, mape: 0 }, naive: { mae: 1, mape: 6.46 }, skill: 1, dataDays: 16, minimumDays: 14 })
  })

  test('leading zeros push the first origin back; too short a history has none', () => {
    // 2 quiet days then 1…14: the 14th day of data is the 16th day, so the one origin t = 16 needs 17 days.
    expect(backtest([0, 0, ...Array.from({ length: 14 }, (_, i) => i + 1)], 1, 3)).toMatchObject({ origins: 0, dataDays: 14, minimumDays: 14 })
    expect(backtest([0, 0, ...Array.from({ length: 15 }, (_, i) => i + 1)], 1, 3)).toMatchObject({ origins: 1, model: { mae: 0 }, naive: { mae: 1 } })
    expect(backtest([1, 2, 3], 1, 1)).toMatchObject({ origins: 0, dataDays: 3 })
  })
})

describe('a briefing key event is dated by when it happened', () => {
  const f = (occurredOn: string | null, temporality: string) => ({ occurredOn, temporality, at: Date.parse('2026-11-25T09:30:00Z') }) as CorpusFrame
  test("its own date when its sentence names one, 'expected' when that date is planned, else its report's time", () => {
    expect([whenOf(f('2026-11-21', 'past')), datedOf(f('2026-11-21', 'past'))]).toEqual(['2026-11-21', 'occurred'])
    expect([whenOf(f('2027-03-01', 'planned')), datedOf(f('2027-03-01', 'planned'))]).toEqual(['2027-03-01', 'expected'])
    expect([whenOf(f(null, 'past')), datedOf(f(null, 'past'))]).toEqual(['2026-11-25T09:30:00.000Z', 'reported'])
  })
})
