/**
 * The dashboard aggregate: the pulse of spec §2 "Dashboard pulse view" (Query mode / Global mode),
 * forecasts with their backtests, the recurring action sequences (motifs) of the tenant's participants,
 * and the KPIs bound to a research or project.
 *
 * Every load is one `*.requested` followed by exactly one answer for the same `requestId` (loaded or
 * failed); for a forecast both `forecast.*` and `backtest.*` answer the one request. KPI changes are
 * published only once the server confirmed them (`kpi.bindingCreated` / `Updated` / `Deleted`) or as one
 * `kpi.changeFailed`. Times (`at`, epoch ms) and ids come with the events.
 */
import { z } from 'zod'
import { backtestBodySchema, forecastBodySchema, kpiBindingSchema, kpiDefinitionSchema, motifsBodySchema, pulseBodySchema } from '../protocol/intelligence'

const failure = {
  /** The HTTP status, or null when the server was not reached. */
  httpStatus: z.number().nullable(),
  code: z.string(),
  /** Why, in the analyst's words. */
  message: z.string(),
}

// ---- pulse ----------------------------------------------------------------------------------------

/** Query mode when a contextual query is applied, else Global mode (spec §2). */
export const pulseTarget = {
  requestId: z.string(),
  /** The applied contextual query (trimmed), or null in Global mode. */
  query: z.string().nullable(),
  at: z.number(),
}

/** The dashboard asked for the pulse of one mode (and query). */
export const pulseRequested = z.object({ type: z.literal('pulse.requested'), ...pulseTarget })
/** The server answered the pulse figures for that mode. */
export const pulseLoaded = z.object({ type: z.literal('pulse.loaded'), ...pulseTarget, body: pulseBodySchema })
/** The pulse could not be loaded. */
export const pulseFailed = z.object({ type: z.literal('pulse.failed'), ...pulseTarget, ...failure })

// ---- forecast and backtest ------------------------------------------------------------------------

/** The series a forecast is about: all signals, or the mentions of one entity, over a horizon. */
export const forecastSeriesSchema = z.object({
  metric: z.enum(['signals', 'mentions']),
  /** For mentions: the entity's name. */
  entity: z.string().nullable(),
  horizonDays: z.number().int().min(1),
})
export type ForecastSeries = z.infer<typeof forecastSeriesSchema>

const forecastTarget = { requestId: z.string(), series: forecastSeriesSchema, at: z.number() }

/** The analyst chose a series and horizon; its forecast and backtest were asked for together. */
export const forecastRequested = z.object({ type: z.literal('forecast.requested'), ...forecastTarget })
/** The forecast (history, point forecasts and 80 %/95 % intervals) arrived. */
export const forecastLoaded = z.object({ type: z.literal('forecast.loaded'), ...forecastTarget, body: forecastBodySchema })
/** The forecast could not be computed or loaded. */
export const forecastFailed = z.object({ type: z.literal('forecast.failed'), ...forecastTarget, ...failure })
/** The backtest of the same series arrived: how the method did against the naive forecast. */
export const backtestLoaded = z.object({ type: z.literal('backtest.loaded'), ...forecastTarget, body: backtestBodySchema })
/** The backtest could not be computed or loaded (the forecast may still have arrived). */
export const backtestFailed = z.object({ type: z.literal('backtest.failed'), ...forecastTarget, ...failure })

// ---- recurring action sequences (motifs) ---------------------------------------------------------

/** The dashboard asked for the recurring action sequences across all the tenant's documents (default parameters). */
export const motifsRequested = z.object({ type: z.literal('motifs.requested'), requestId: z.string(), at: z.number() })
/** The server answered the recurring action sequences and how many participant histories it read. */
export const motifsLoaded = z.object({ type: z.literal('motifs.loaded'), requestId: z.string(), body: motifsBodySchema, at: z.number() })
/** The recurring action sequences could not be loaded. */
export const motifsFailed = z.object({ type: z.literal('motifs.failed'), requestId: z.string(), ...failure, at: z.number() })

// ---- KPIs -----------------------------------------------------------------------------------------

/** The KPI definitions were asked for. */
export const kpiDefinitionsRequested = z.object({ type: z.literal('kpi.definitionsRequested'), requestId: z.string(), at: z.number() })
/** The server's KPI definitions arrived. */
export const kpiDefinitionsLoaded = z.object({ type: z.literal('kpi.definitionsLoaded'), requestId: z.string(), definitions: z.array(kpiDefinitionSchema), at: z.number() })
/** The KPI definitions could not be loaded. */
export const kpiDefinitionsFailed = z.object({ type: z.literal('kpi.definitionsFailed'), requestId: z.string(), ...failure, at: z.number() })

const contextTarget = { requestId: z.string(), contextId: z.string(), at: z.number() }
/** The KPIs bound to a research or project were asked for. */
export const kpiBindingsRequested = z.object({ type: z.literal('kpi.bindingsRequested'), ...contextTarget })
/** The KPIs bound to that research or project arrived (the complete list, oldest first). */
export const kpiBindingsLoaded = z.object({ type: z.literal('kpi.bindingsLoaded'), ...contextTarget, bindings: z.array(kpiBindingSchema) })
/** The KPIs of that context could not be loaded. */
export const kpiBindingsFailed = z.object({ type: z.literal('kpi.bindingsFailed'), ...contextTarget, ...failure })

/** The server bound a KPI to a context (its value computed at once). */
export const kpiBindingCreated = z.object({ type: z.literal('kpi.bindingCreated'), binding: kpiBindingSchema, at: z.number() })
/** The server took a manual value, or handed the KPI back to the pipeline and computed it again. */
export const kpiBindingUpdated = z.object({ type: z.literal('kpi.bindingUpdated'), binding: kpiBindingSchema, at: z.number() })
/** The server removed a KPI from its context. */
export const kpiBindingDeleted = z.object({ type: z.literal('kpi.bindingDeleted'), bindingId: z.string(), contextId: z.string(), at: z.number() })

/** What the analyst can do to the KPIs of a context. */
export const KpiChanges = ['add', 'set', 'reset', 'remove'] as const
export type KpiChange = (typeof KpiChanges)[number]
/** A KPI change was refused or failed; nothing changed on the server. */
export const kpiChangeFailed = z.object({
  type: z.literal('kpi.changeFailed'),
  change: z.enum(KpiChanges),
  contextId: z.string(),
  /** The binding changed, or null when adding. */
  bindingId: z.string().nullable(),
  ...failure,
  at: z.number(),
})

export const dashboardEvents = [
  pulseRequested,
  pulseLoaded,
  pulseFailed,
  forecastRequested,
  forecastLoaded,
  forecastFailed,
  backtestLoaded,
  backtestFailed,
  motifsRequested,
  motifsLoaded,
  motifsFailed,
  kpiDefinitionsRequested,
  kpiDefinitionsLoaded,
  kpiDefinitionsFailed,
  kpiBindingsRequested,
  kpiBindingsLoaded,
  kpiBindingsFailed,
  kpiBindingCreated,
  kpiBindingUpdated,
  kpiBindingDeleted,
  kpiChangeFailed,
] as const

// ---- rules and texts ------------------------------------------------------------------------------

/** Display limits of spec §9. */
export const DashboardLimits = { hotTopics: 3, leaderboard: 5, pestle: 6, entityChips: 6, chipChars: 30 } as const

/** Participants named beside a recurring action sequence at most; the rest are counted. */
export const MOTIF_PARTICIPANTS_SHOWN = 3

/** Horizons the analyst can forecast over (days). */
export const ForecastHorizons = [7, 14] as const
/** Days of history every forecast and backtest reads. */
export const FORECAST_HISTORY_DAYS = 28

/** The pulse's key in the read model: '' in Global mode, the trimmed query in Query mode. */
export function pulseKey(query: string | null | undefined): string {
  return query?.trim() ?? ''
}

/** A contextual query as it is applied: trimmed, at most 500 characters, null when blank. */
export function normaliseQuery(query: string | null | undefined): string | null {
  const q = (query ?? '').trim().slice(0, 500)
  return q === '' ? null : q
}

/** The forecast's key in the read model. */
export function forecastKey(s: ForecastSeries): string {
  return `${s.metric}|${s.metric === 'mentions' ? (s.entity ?? '') : ''}|${s.horizonDays}`
}

/**
 * How each figure of the pulse comes about (the header of src/protocol/intelligence.ts), in the
 * analyst's words: shown as help text so every number on the dashboard is explainable.
 */
export const MetricDefinitions = {
  signal: 'A signal is one action frame of a completed document, dated when its document was ingested.',
  riskIndex:
    'Risk index = confidence × (0.4 · impact severity + 0.3 · urgency + 0.3 · (1 − sentiment) / 2), rounded to 2 decimals. Impact severity is the document’s score; urgency, sentiment and confidence are the frame’s. Negative sentiment raises the risk. The board holds frames whose news is adverse: an impact of the result names a harm (a loss, damage, a decline, deaths, injuries, disruption) or the sentiment is −0.25 or below, and neither points the other way. A frame whose impacts and tone disagree, or that has neither, stands on neither board, as do a statement, what did not happen and background; no frame stands on both boards. Each story stands once, by its strongest frame: the row says how many sources tell it and how many are independent, and that frame’s credibility (1 confirmed … 6 cannot be judged; Contested when a source says otherwise).',
  opportunityIndex:
    'Opportunity index = confidence × (0.4 · impact severity + 0.3 · urgency + 0.3 · (1 + sentiment) / 2), rounded to 2 decimals. Impact severity is the document’s score; urgency, sentiment and confidence are the frame’s. Positive sentiment raises the opportunity. The board holds frames whose news is favourable: an impact of the result names a gain (a benefit, growth, an improvement, a recovery) or the sentiment is 0.25 or above, and neither points the other way. A frame whose impacts and tone disagree, or that has neither, stands on neither board, as do a statement, what did not happen and background; no frame stands on both boards. Each story stands once, by its strongest frame: the row says how many sources tell it and how many are independent, and that frame’s credibility (1 confirmed … 6 cannot be judged; Contested when a source says otherwise).',
  momentum:
    'A topic is a story (the reports of one event) or a thread of stories about the same two leading actors; its title is its hottest story’s. Only topics told in the last 14 days are hot. Momentum 7d = the topic’s mentions in the last 7 days minus its mentions in the 7 days before. A mention is one occurrence of one of the topic’s entities in the text of one of its documents. A topic first mentioned less than 14 days ago is New: there is no whole week before to compare with, so the card says when it was first seen instead of a change.',
  velocity: 'Average velocity = signals of the last 7 days ÷ 7, per day.',
  trend:
    'Trend: rising when the last 7 days have at least 10 % more signals than the 7 days before (or the week before had none), falling when at least 10 % fewer, else stable. Until your first document is 14 days old there is no whole week before this one to compare with, and no trend is given.',
  pestle: 'Completed documents per PESTLE category (Political, Economic, Social, Technological, Legal, Environmental), most first.',
  forecast:
    'The forecast extends the daily series with the method below; the shaded bands are the 80 % and 95 % prediction intervals. The backtest refits the method at every past day and compares its error with the naive forecast (tomorrow = today). A forecast needs at least 14 days of data, counted from the first day with any: Holt’s method fits a level and a trend but no weekly rhythm, so it needs two whole weeks for a quiet weekend not to read as a trend, and enough past days to measure how wide its intervals are. With less, no forecast line is drawn.',
  skill: 'Skill = 1 − MAE(method) ÷ MAE(naive). Above 0 the method beats the naive forecast; at or below 0 it does not, so treat the forecast with caution.',
  motifs:
    'A participant is an entity named as an actor of action frames; its history is the action types of those frames in the order their documents were ingested. A recurring sequence is a run of action types that follow one another directly in the histories of at least two participants; its support is how many participants’ histories contain it.',
} as const

const DAY_MS = 86_400_000

/** 'today', 'yesterday', '3 days ago': how long before `now` (both ISO or ms) a time was, in whole days. */
export function daysAgoText(at: string | number, now: string | number): string {
  const days = Math.max(0, Math.floor((new Date(now).getTime() - new Date(at).getTime()) / DAY_MS))
  if (!Number.isFinite(days)) return 'recently'
  return days === 0 ? 'today' : days === 1 ? 'yesterday' : `${days} days ago`
}

/** A new topic's line in place of its momentum: 'first seen 2 days ago'. */
export function firstSeenText(firstMentionedAt: string, now: string | number): string {
  return `first seen ${daysAgoText(firstMentionedAt, now)}`
}

/** Signal velocity's trend before there is a whole week before this one. */
export function noTrendYetText(historyStartedAt: string | null | undefined, now: string | number): string {
  return historyStartedAt ? `Not yet a week to compare with: your first document arrived ${daysAgoText(historyStartedAt, now)}.` : 'Not yet a week to compare with: no documents yet.'
}

/** Why a forecast has no line. */
export function tooShortToForecastText(dataDays: number, minimumDays: number): string {
  return `Not enough history to forecast: ${dataDays} ${dataDays === 1 ? 'day' : 'days'} of data, the method needs ${minimumDays}.`
}

/** '+3', '−2' (a true minus sign) or '0'. */
export function formatSigned(n: number, decimals = 0): string {
  const text = Math.abs(n).toFixed(decimals)
  if (Number(text) === 0) return (0).toFixed(decimals)
  return n > 0 ? `+${text}` : `\u2212${text}`
}

/** A number with a true minus sign. */
export function formatNumber(n: number, decimals: number): string {
  const text = Math.abs(n).toFixed(decimals)
  return n < 0 && Number(text) !== 0 ? `\u2212${text}` : text
}

/** How far to trust a forecast, from its backtest skill. */
export function skillVerdict(skill: number | null): string {
  if (skill === null) return 'Skill unknown: the naive forecast made no error on this history.'
  if (skill >= 0.1) return 'Beats the naive forecast.'
  if (skill > -0.1) return 'About as good as the naive forecast: treat it with caution.'
  return 'Worse than the naive forecast: do not rely on it.'
}

/** A KPI's value with its definition's decimals; '—' while it has none. */
export function formatKpiValue(value: number | null, decimals: number): string {
  if (value === null) return '—'
  return formatNumber(value, decimals)
}

/** The text for a failed dashboard request: what failed, and why. */
export function dashboardFailureText(what: 'pulse' | 'forecast' | 'definitions' | 'bindings' | KpiChange, reason: string): string {
  const texts: Record<typeof what, string> = {
    pulse: 'Failed to load the dashboard pulse',
    forecast: 'Failed to load the forecast',
    definitions: 'Failed to load the KPI definitions',
    bindings: 'Failed to load the KPIs',
    add: 'Failed to add the KPI',
    set: 'Failed to set the KPI value',
    reset: 'Failed to reset the KPI to its computed value',
    remove: 'Failed to remove the KPI',
  }
  return reason ? `${texts[what]}: ${reason}` : texts[what]
}
