/**
 * Forecasts of a daily count series (POST /prospective/forecast and /prospective/backtest), pure.
 *
 * The series: `signals` = frames per UTC day (dated by their document's ingestion), `mentions` = one
 * alias-merged entity's mentions per UTC day (dated the same way), over `historyDays` days ending today,
 * days without any as 0.
 *
 * The model: Holt's linear trend (double exponential smoothing).
 * - Start: level ℓ₁ = y₁, trend b₁ = y₂ − y₁ (so a straight line is followed from the start).
 * - Step t ≥ 2: the one-step forecast is ŷₜ = ℓₜ₋₁ + bₜ₋₁, its error eₜ = yₜ − ŷₜ; then
 *   ℓₜ = α·yₜ + (1 − α)(ℓₜ₋₁ + bₜ₋₁) and bₜ = β(ℓₜ − ℓₜ₋₁) + (1 − β)bₜ₋₁.
 *   The error at t = 2 is zero by construction (b₁ was read off y₂), so errors are counted from t = 3.
 * - α and β: the pair of {0.1, 0.2, …, 0.9}² with the smallest sum of squared one-step errors (ties: the
 *   smaller α, then the smaller β).
 * - h days ahead: ŷₙ₊ₕ = ℓₙ + h·bₙ, with variance σ²[1 + Σⱼ₌₁ʰ⁻¹ α²(1 + jβ)²], σ being the residual
 *   standard deviation: the root mean square of the one-step errors (their mean taken as 0, as the model
 *   has it). The 80 % and 95 % intervals are ŷ ± z·σₕ with z = probit(0.9) and probit(0.975).
 * - Counts cannot be negative: the forecast and every bound are clipped at 0.
 * - How much history: a series' days of data run from its first day with any count to its last day (the
 *   zeros before it are days nobody was counting, not quiet days: a series that is all zeros but today has
 *   one day of data). Below MIN_FORECAST_DAYS (14, src/protocol/intelligence.ts says why) there is no fit
 *   and no forecast line: the answer says how many days there were and how many the method needs.
 *
 * The backtest (rolling origin): for each origin t from minTrainDays to n − h whose first t days hold at
 * least MIN_FORECAST_DAYS days of data (the forecast's own floor), fit (α, β included) on the first t
 * days, forecast h days ahead and compare the h-th forecast with the actual count; the same for
 * the naive forecast (the last observed count). MAE = mean |error|; MAPE = mean |error| / actual × 100
 * over the non-zero actuals only (null when there are none); skill = 1 − MAE(model) / MAE(naive) (null
 * when the naive MAE is 0). Figures on the wire are rounded to 2 decimals.
 */
import { mean, probit, rootMeanSquare } from 'simple-statistics'
import { type BacktestBody, type ForecastBody, MIN_FORECAST_DAYS } from '../../../src/protocol/intelligence'
import type { MergedEntity } from './aliases'
import { type Corpus, dailyCounts } from './corpus'

export const HOLT_METHOD = `Holt's linear trend (double exponential smoothing); alpha and beta by grid search (0.1–0.9) minimising one-step-ahead squared error; intervals from the residual standard deviation; needs at least ${MIN_FORECAST_DAYS} days of data, counted from the first day with any`
export const BACKTEST_METHOD = "Rolling-origin backtest of Holt's linear trend against the naive forecast (last observed value)"

const GRID = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((i) => i / 10)
const Z80 = probit(0.9)
const Z95 = probit(0.975)

export interface HoltFit {
  alpha: number
  beta: number
  level: number
  trend: number
  /** One-step-ahead errors, from the third point on. */
  errors: number[]
  /** Root mean square of `errors` (0 when there are none). */
  residualSd: number
}

export type ForecastPoint = ForecastBody['forecast'][number]

export { MIN_FORECAST_DAYS }

/** Days of data in a series: from its first non-zero value to its end (0 when it is all zeros). */
export function dataDays(values: readonly number[]): number {
  const first = values.findIndex((v) => v !== 0)
  return first === -1 ? 0 : values.length - first
}

/** Frames per UTC day over the `days` days ending with the day of `now`. */
export function signalSeries(corpus: Corpus, now: number, days: number): Array<{ date: string; value: number }> {
  return dailyCounts(corpus.frames, now, days).map((p) => ({ date: p.date, value: p.count }))
}

/** One entity's mentions per UTC day (by its documents' ingestion days) over the `days` days ending today. */
export function mentionSeries(corpus: Corpus, entity: MergedEntity, now: number, days: number): Array<{ date: string; value: number }> {
  const times = [...entity.byDocument].flatMap(([id, count]) => {
    const doc = corpus.documentsById.get(id)
    return doc ? [{ at: doc.at, count }] : []
  })
  return dailyCounts(times, now, days).map((p) => ({ date: p.date, value: p.count }))
}

/** Holt's smoothing of `series` with given α and β. Needs at least one point. */
export function holt(series: number[], alpha: number, beta: number): HoltFit {
  const [first = 0, second = first] = series
  let level = first
  let trend = second - first
  const errors: number[] = []
  for (const [t, y] of series.entries()) {
    if (t === 0) continue
    const predicted = level + trend
    if (t >= 2) errors.push(y - predicted)
    const previous = level
    level = alpha * y + (1 - alpha) * predicted
    trend = beta * (level - previous) + (1 - beta) * trend
  }
  return { alpha, beta, level, trend, errors, residualSd: errors.length > 0 ? rootMeanSquare(errors) : 0 }
}

/** Holt's smoothing with the α, β of the grid that minimise the squared one-step errors. */
export function fitHolt(series: number[]): HoltFit {
  let best: HoltFit | null = null
  let bestSse = Infinity
  for (const alpha of GRID) {
    for (const beta of GRID) {
      const fit = holt(series, alpha, beta)
      const sse = fit.errors.reduce((sum, e) => sum + e * e, 0)
      if (sse < bestSse) {
        best = fit
        bestSse = sse
      }
    }
  }
  return best!
}

/** The raw h-step forecast (not clipped). */
export function pointForecast(fit: HoltFit, h: number): number {
  return fit.level + h * fit.trend
}

/** Standard deviation of the h-step forecast error. */
export function forecastSd(fit: HoltFit, h: number): number {
  let factor = 1
  for (let j = 1; j < h; j++) factor += fit.alpha ** 2 * (1 + j * fit.beta) ** 2
  return fit.residualSd * Math.sqrt(factor)
}

/**
 * Forecasts for the `horizon` days after the last of `history`, with 80 % and 95 % intervals; no fit and
 * no forecast when the history holds fewer than MIN_FORECAST_DAYS days of data.
 */
export function forecastSeries(history: Array<{ date: string; value: number }>, horizon: number): { fit: HoltFit | null; forecast: ForecastPoint[]; dataDays: number } {
  const values = history.map((p) => p.value)
  const days = dataDays(values)
  if (days < MIN_FORECAST_DAYS) return { fit: null, forecast: [], dataDays: days }
  const fit = fitHolt(values)
  const last = history.at(-1)?.date ?? '1970-01-01'
  const forecast = Array.from({ length: horizon }, (_, i) => {
    const h = i + 1
    const value = pointForecast(fit, h)
    const sd = forecastSd(fit, h)
    const clip = (x: number) => round2(Math.max(0, x))
    return {
      date: addDays(last, h),
      value: clip(value),
      lower80: clip(value - Z80 * sd),
      upper80: clip(value + Z80 * sd),
      lower95: clip(value - Z95 * sd),
      upper95: clip(value + Z95 * sd),
    }
  })
  return { fit, forecast, dataDays: days }
}

/** The forecast body's parameters, rounded; null without a fit. */
export function holtParameters(fit: HoltFit | null): ForecastBody['parameters'] {
  if (fit === null) return null
  return { alpha: fit.alpha, beta: fit.beta, level: round2(fit.level), trend: round2(fit.trend), residualSd: round2(fit.residualSd) }
}

/**
 * Rolling-origin evaluation of Holt against the naive forecast; needs minTrainDays + horizon ≤ series
 * length for any origin, and origins come only once the training days hold MIN_FORECAST_DAYS of data.
 */
export function backtest(series: number[], horizon: number, minTrainDays: number): Omit<BacktestBody, 'method'> {
  const pairs: Array<{ actual: number; model: number; naive: number }> = []
  const firstData = series.findIndex((v) => v !== 0)
  // The first t days hold t − firstData days of data: the earliest origin the forecast itself would accept.
  const earliest = firstData === -1 ? Number.POSITIVE_INFINITY : firstData + MIN_FORECAST_DAYS
  for (let t = Math.max(minTrainDays, earliest); t <= series.length - horizon; t++) {
    const train = series.slice(0, t)
    pairs.push({ actual: series[t - 1 + horizon]!, model: Math.max(0, pointForecast(fitHolt(train), horizon)), naive: train.at(-1)! })
  }
  const model = errorScores(pairs.map((p) => ({ actual: p.actual, predicted: p.model })))
  const naive = errorScores(pairs.map((p) => ({ actual: p.actual, predicted: p.naive })))
  return {
    origins: pairs.length,
    model: rounded(model),
    naive: rounded(naive),
    skill: naive.mae === 0 ? null : round2(1 - model.mae / naive.mae),
    dataDays: dataDays(series),
    minimumDays: MIN_FORECAST_DAYS,
  }
}

/** MAE and MAPE (percent, over non-zero actuals; null when none) of some forecasts. */
export function errorScores(pairs: Array<{ actual: number; predicted: number }>): { mae: number; mape: number | null } {
  if (pairs.length === 0) return { mae: 0, mape: null }
  const nonZero = pairs.filter((p) => p.actual !== 0)
  return {
    mae: mean(pairs.map((p) => Math.abs(p.actual - p.predicted))),
    mape: nonZero.length === 0 ? null : mean(nonZero.map((p) => Math.abs(p.actual - p.predicted) / Math.abs(p.actual))) * 100,
  }
}

function rounded(s: { mae: number; mape: number | null }) {
  return { mae: round2(s.mae), mape: s.mape === null ? null : round2(s.mape) }
}

function round2(x: number): number {
  return Math.round(x * 100) / 100
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
