/**
 * Forecasts: a daily series (all signals, or the mentions of one of the hot topics' entities) over the
 * last 28 days and its forecast for the next 7 or 14 days inside the 80 % and 95 % intervals, with the
 * method and its fitted parameters, and the backtest (MAE and MAPE against the naive forecast, skill)
 * that says how far to trust it. A history shorter than the method needs (the server says how many days
 * of data there were and how many it needs) gets no line and no backtest, only the reason.
 */
import { Link } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useMemo, useState } from 'react'
import { FORECAST_HISTORY_DAYS, ForecastHorizons, type ForecastSeries, formatNumber, MetricDefinitions, skillVerdict, tooShortToForecastText } from '../../domain/intelligence'
import { type Dashboard, type ForecastEntry, isFirstLoad, LoadStatus, selectForecast } from '../../projections/dashboard'
import type { BacktestBody, ForecastBody } from '../../protocol/intelligence'
import { loadForecast } from '../../streams/dashboard-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { formatDay } from './format'
import { ForecastChart } from './lazy-charts'
import { Panel } from './PulsePanels'
import { LoadFailure } from './LoadFailure'
import { LabelledSelect } from './LabelledSelect'

type Horizon = (typeof ForecastHorizons)[number]
const SIGNALS = 'signals'
const MENTIONS = 'mentions:'

interface ForecastPanelProps {
  ctx: IntentContext
  /** Entities the analyst can forecast the mentions of (the hot topics'). */
  entities: string[]
  /** Whether a contextual query is applied (forecasts do not take it: they say so). */
  queryMode: boolean
}

export function ForecastPanel({ ctx, entities, queryMode }: ForecastPanelProps) {
  const [choice, setChoice] = useState(SIGNALS)
  const [horizon, setHorizon] = useState<Horizon>(7)
  const entity = choice.startsWith(MENTIONS) ? choice.slice(MENTIONS.length) : null
  const series = useMemo<ForecastSeries>(() => ({ metric: entity === null ? 'signals' : 'mentions', entity, horizonDays: horizon }), [entity, horizon])
  const retry = useCallback(() => void loadForecast(ctx, series), [ctx, series])
  useEffect(retry, [retry])

  const { dashboard } = useModels()
  const select = useCallback((s: Dashboard) => selectForecast(s, series), [series])
  const entry = useReadModel(dashboard, select)
  // The chosen entity stays a choice even when the hot topics change under it.
  const options = entity !== null && !entities.includes(entity) ? [entity, ...entities] : entities
  const seriesId = useId()
  const what = entity === null ? 'signals' : `mentions of ${entity}`

  return (
    <Panel
      title="Forecasts"
      className="dash-forecast"
      busy={entry?.forecast.status === LoadStatus.Loading}
      help={
        <>
          <p>{MetricDefinitions.forecast}</p>
          <p>{MetricDefinitions.skill}</p>
        </>
      }
    >
      <div className="dash-forecast-controls">
        <LabelledSelect label="Series" value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value={SIGNALS}>All signals</option>
          {options.length > 0 && (
            <optgroup label="Mentions of a hot topic's entity">
              {options.map((name) => (
                <option key={name} value={`${MENTIONS}${name}`}>
                  Mentions of {name}
                </option>
              ))}
            </optgroup>
          )}
        </LabelledSelect>
        <fieldset className="dash-segmented">
          <legend>Horizon</legend>
          {ForecastHorizons.map((h) => (
            <label key={h} className={h === horizon ? 'active' : ''}>
              <input type="radio" name={`${seriesId}-horizon`} value={h} checked={h === horizon} onChange={() => setHorizon(h)} />
              {h} days
            </label>
          ))}
        </fieldset>
        <p className="muted small dash-forecast-scope">
          {FORECAST_HISTORY_DAYS} days of history across all your documents{queryMode ? ' (the contextual query does not apply to forecasts)' : ''}.
        </p>
      </div>
      <ForecastBodyView entry={entry} what={what} horizon={horizon} onRetry={retry} />
    </Panel>
  )
}

function ForecastBodyView({ entry, what, horizon, onRetry }: { entry: ForecastEntry | null; what: string; horizon: number; onRetry: () => void }) {
  if (entry === null || isFirstLoad(entry.forecast)) {
    return (
      <div className="dash-forecast-loading" role="status">
        <span className="sr-only">Loading the forecast…</span>
        <div className="dash-skeleton dash-skeleton-chart" aria-hidden="true" />
      </div>
    )
  }
  const forecast = entry.forecast.body
  if (forecast === null) {
    return <LoadFailure onRetry={onRetry}>Could not load the forecast: {entry.forecast.error?.message ?? 'unknown error'}</LoadFailure>
  }
  const nothing = forecast.history.every((h) => h.value === 0)
  // No fit (answers recorded before the rule always had one): too little history for the method.
  const tooShort = !nothing && forecast.parameters === null
  return (
    <>
      {entry.forecast.status === LoadStatus.Failed && (
        <LoadFailure stale onRetry={onRetry}>
          Could not refresh the forecast: {entry.forecast.error?.message}
        </LoadFailure>
      )}
      {nothing ? (
        <div className="dash-panel-empty muted">
          <p>
            No {what} in the last {forecast.history.length} days: nothing to forecast yet.
          </p>
          <Link to="/" className="btn">
            Add sources in a workspace
          </Link>
        </div>
      ) : tooShort ? (
        <div className="dash-panel-empty muted dash-forecast-short">
          <p>{tooShortToForecastText(forecast.dataDays ?? 0, forecast.minimumDays ?? 0)}</p>
          <p className="small">
            {forecast.history.length} days of {what} were read; the days before the first one with any do not count as data.
          </p>
        </div>
      ) : (
        <div className="dash-forecast-body">
          <ForecastChart body={forecast} label={`History and ${horizon}-day forecast of ${what} per day, with 80 % and 95 % intervals`} />
          <ForecastFacts body={forecast} what={what} />
        </div>
      )}
      {/* A backtest of an all-zero or too short history says nothing: the naive forecast is exact, or there is no fit to test. */}
      {!nothing && !tooShort && <Backtest entry={entry} horizon={horizon} onRetry={onRetry} />}
    </>
  )
}

function ForecastFacts({ body, what }: { body: ForecastBody; what: string }) {
  const p = body.parameters
  const first = body.forecast[0]
  const last = body.forecast.at(-1)
  const point = (f: ForecastBody['forecast'][number]) => `${f.value.toFixed(2)} (80 %: ${f.lower80.toFixed(2)}–${f.upper80.toFixed(2)}; 95 %: ${f.lower95.toFixed(2)}–${f.upper95.toFixed(2)})`
  return (
    <div className="dash-forecast-facts">
      <dl className="dash-facts">
        <dt>Method</dt>
        <dd>{body.method}</dd>
        {p && (
          <>
            <dt>Parameters</dt>
            <dd className="mono small">
              α {p.alpha.toFixed(2)} · β {p.beta.toFixed(2)} · level {formatNumber(p.level, 2)} · trend {formatNumber(p.trend, 2)} · residual SD {p.residualSd.toFixed(2)}
            </dd>
          </>
        )}
        {first && (
          <>
            <dt>Next day ({formatDay(first.date)})</dt>
            <dd>{point(first)}</dd>
          </>
        )}
        {last && last !== first && (
          <>
            <dt>
              Day {body.forecast.length} ({formatDay(last.date)})
            </dt>
            <dd>{point(last)}</dd>
          </>
        )}
      </dl>
      <details className="dash-forecast-values">
        <summary>Forecast values ({what} per day)</summary>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Forecast</th>
              <th scope="col">80 % interval</th>
              <th scope="col">95 % interval</th>
            </tr>
          </thead>
          <tbody>
            {body.forecast.map((f) => (
              <tr key={f.date}>
                <th scope="row">{formatDay(f.date)}</th>
                <td>{f.value.toFixed(2)}</td>
                <td>
                  {f.lower80.toFixed(2)}–{f.upper80.toFixed(2)}
                </td>
                <td>
                  {f.lower95.toFixed(2)}–{f.upper95.toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  )
}

function Backtest({ entry, horizon, onRetry }: { entry: ForecastEntry; horizon: number; onRetry: () => void }) {
  const backtest = entry.backtest
  const headingId = useId()
  let content
  if (isFirstLoad(backtest)) content = <p className="muted small">Backtesting…</p>
  else if (backtest.body === null) {
    content = (
      <p className="small">
        Backtest unavailable: {backtest.error?.message ?? 'unknown error'}.{' '}
        {entry.forecast.status !== LoadStatus.Failed && (
          <button type="button" className="btn small-btn" onClick={onRetry}>
            Retry
          </button>
        )}
      </p>
    )
  } else content = <BacktestFigures body={backtest.body} horizon={horizon} />
  return (
    <section className="dash-backtest" aria-labelledby={headingId}>
      <h4 id={headingId}>How far to trust it</h4>
      {content}
    </section>
  )
}

function BacktestFigures({ body, horizon }: { body: BacktestBody; horizon: number }) {
  if (body.origins === 0) {
    return (
      <p className="muted small">
        Not enough history yet to backtest a forecast {horizon} days ahead
        {body.minimumDays ? `: every past day tested needs ${body.minimumDays} days of data before it and the day ${horizon} days after it.` : '.'}
      </p>
    )
  }
  const mape = (m: number | null) => (m === null ? '—' : `${m.toFixed(1)} %`)
  const skill = body.skill
  const better =
    skill === null ? '' : skill > 0 ? ` (${Math.round(skill * 100)} % lower error than naive)` : skill < 0 ? ` (${Math.round(-skill * 100)} % higher error than naive)` : ' (the same error as naive)'
  return (
    <>
      <dl className="dash-facts dash-backtest-figures">
        <dt>MAE</dt>
        <dd>
          {body.model.mae.toFixed(2)} <span className="muted">vs naive {body.naive.mae.toFixed(2)}</span>
        </dd>
        <dt>MAPE</dt>
        <dd>
          {mape(body.model.mape)} <span className="muted">vs naive {mape(body.naive.mape)}</span>
        </dd>
        <dt>Skill</dt>
        <dd className={`dash-skill ${skill === null ? '' : skill >= 0.1 ? 'dash-up' : skill <= -0.1 ? 'dash-down' : 'dash-flat'}`}>
          {skill === null ? '—' : formatNumber(skill, 2)}
          {better}
        </dd>
      </dl>
      <p className="small">
        <strong>{skillVerdict(skill)}</strong>{' '}
        <span className="muted">
          Errors of the forecast {horizon} days ahead at {body.origins} past {body.origins === 1 ? 'day' : 'days'}. {body.method}.
        </span>
      </p>
    </>
  )
}
