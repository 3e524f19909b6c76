/**
 * The dashboard read model: the pulse per mode (Global, or Query mode per query), forecasts with their
 * backtests per series, the recurring action sequences (one load: the dashboard asks only with the
 * default parameters), and the KPI definitions and the KPIs bound to each research or project.
 *
 * Each load is keyed (the pulse by its query, a forecast by series and horizon, KPIs by context) and only
 * the answer to a key's latest request is applied: an answer to a superseded request, or one already
 * applied, changes nothing. A reload keeps the last answer (`body`) beside its new status, so the view
 * can keep showing figures while it refreshes or after a refresh failed. KPI bindings change only on the
 * server's confirmation. Signing out empties the model.
 *
 * Like the breakers, these events are published once by this tab's intents and never redelivered, so
 * the property we hold the fold to is "a duplicate event changes nothing".
 */
import type { EventOf } from '../domain/events'
import { type ForecastSeries, forecastKey, type KpiChange, pulseKey } from '../domain/intelligence'
import type { BacktestBody, ForecastBody, KpiBinding, KpiDefinition, MotifsBody, PulseBody } from '../protocol/intelligence'
import { castDraft, type Draft } from 'immer'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export const LoadStatus = {
  /** Asked for; no answer to the latest request yet. */
  Loading: 'loading',
  Ready: 'ready',
  Failed: 'failed',
} as const
export type LoadStatus = (typeof LoadStatus)[keyof typeof LoadStatus]

export interface Failure {
  message: string
  code: string
  httpStatus: number | null
  at: number
}

/** A load: its latest request, its status, and the last answer (kept while reloading or after a failure). */
export interface Loadable<T> {
  requestId: string
  status: LoadStatus
  body: T | null
  loadedAt: number | null
  error: Failure | null
}

export interface PulseEntry extends Loadable<PulseBody> {
  /** The applied query, or null in Global mode. */
  query: string | null
}

export interface ForecastEntry {
  series: ForecastSeries
  forecast: Loadable<ForecastBody>
  backtest: Loadable<BacktestBody>
}

export interface KpiContextEntry extends Loadable<null> {
  /** The context's bindings, oldest first (ids into `kpi.bindings`). */
  bindingIds: string[]
  /** The last refused or failed change, cleared by the next confirmed one. */
  changeError: (Failure & { change: KpiChange; bindingId: string | null }) | null
}

export interface Dashboard {
  pulses: Record<string, PulseEntry>
  /** Pulse keys, least recently requested first; at most MAX_KEPT. */
  pulseOrder: string[]
  forecasts: Record<string, ForecastEntry>
  forecastOrder: string[]
  /** The recurring action sequences across all the tenant's documents; null before asked for. */
  motifs: Loadable<MotifsBody> | null
  kpi: {
    definitions: Loadable<KpiDefinition[]> | null
    contexts: Record<string, KpiContextEntry>
    bindings: Record<string, KpiBinding>
  }
}

/** Queries and series kept at once: enough to go back and forth without reloading everything. */
export const MAX_KEPT = 20

export const emptyDashboard: Dashboard = {
  pulses: {},
  pulseOrder: [],
  forecasts: {},
  forecastOrder: [],
  motifs: null,
  kpi: { definitions: null, contexts: {}, bindings: {} },
}

type Answer<T> = { requestId: string; at: number } & ({ body: T } | { message: string; code: string; httpStatus: number | null })

export const dashboard = defineDraftProjection<Dashboard>({
  name: 'dashboard',
  initial: emptyDashboard,
  on: {
    'pulse.requested': (s, e) => {
      const key = pulseKey(e.query)
      const current = s.pulses[key]
      if (current?.requestId === e.requestId) return
      s.pulses[key] = { query: e.query, ...requested(current, e.requestId) }
      keep(s.pulseOrder, key, s.pulses)
    },
    'pulse.loaded': (s, e) => answerPulse(s, e),
    'pulse.failed': (s, e) => answerPulse(s, e),

    'forecast.requested': (s, e) => {
      const key = forecastKey(e.series)
      const current = s.forecasts[key]
      if (current?.forecast.requestId === e.requestId) return
      s.forecasts[key] = { series: e.series, forecast: requested(current?.forecast, e.requestId), backtest: requested(current?.backtest, e.requestId) }
      keep(s.forecastOrder, key, s.forecasts)
    },
    'forecast.loaded': (s, e) => answer(s.forecasts[forecastKey(e.series)]?.forecast, e),
    'forecast.failed': (s, e) => answer(s.forecasts[forecastKey(e.series)]?.forecast, e),
    'backtest.loaded': (s, e) => answer(s.forecasts[forecastKey(e.series)]?.backtest, e),
    'backtest.failed': (s, e) => answer(s.forecasts[forecastKey(e.series)]?.backtest, e),

    'motifs.requested': (s, e) => {
      if (s.motifs?.requestId !== e.requestId) s.motifs = requested(s.motifs ?? undefined, e.requestId)
    },
    'motifs.loaded': (s, e) => answer(s.motifs, e),
    'motifs.failed': (s, e) => answer(s.motifs, e),

    'kpi.definitionsRequested': (s, e) => {
      if (s.kpi.definitions?.requestId !== e.requestId) s.kpi.definitions = requested(s.kpi.definitions ?? undefined, e.requestId)
    },
    'kpi.definitionsLoaded': (s, e) => answer(s.kpi.definitions, { requestId: e.requestId, at: e.at, body: e.definitions }),
    'kpi.definitionsFailed': (s, e) => answer(s.kpi.definitions, e),

    'kpi.bindingsRequested': (s, e) => {
      const current = s.kpi.contexts[e.contextId]
      if (current?.requestId === e.requestId) return
      s.kpi.contexts[e.contextId] = { ...requested(current, e.requestId), bindingIds: current?.bindingIds ?? [], changeError: current?.changeError ?? null }
    },
    'kpi.bindingsLoaded': (s, e) => {
      const context = s.kpi.contexts[e.contextId]
      if (!context || !answer(context, { requestId: e.requestId, at: e.at, body: null })) return
      for (const id of context.bindingIds) delete s.kpi.bindings[id]
      for (const b of e.bindings) s.kpi.bindings[b.id] = b
      context.bindingIds = e.bindings.map((b) => b.id)
    },
    'kpi.bindingsFailed': (s, e) => answer(s.kpi.contexts[e.contextId], e),
    'kpi.bindingCreated': (s, e) => upsertBinding(s, e.binding),
    'kpi.bindingUpdated': (s, e) => upsertBinding(s, e.binding),
    'kpi.bindingDeleted': (s, e) => {
      delete s.kpi.bindings[e.bindingId]
      const context = s.kpi.contexts[e.contextId]
      if (!context) return
      if (context.bindingIds.includes(e.bindingId)) context.bindingIds = context.bindingIds.filter((id) => id !== e.bindingId)
      context.changeError = null
    },
    'kpi.changeFailed': (s, e) => {
      const context = s.kpi.contexts[e.contextId]
      const changeError = { change: e.change, bindingId: e.bindingId, message: e.message, code: e.code, httpStatus: e.httpStatus, at: e.at }
      if (context && !sameFailure(context.changeError, changeError)) context.changeError = changeError
    },

    'auth.signedOut': (s) => {
      assign(s, emptyDashboard)
    },
  },
})

// ---- selectors ------------------------------------------------------------------------------------

export function selectPulse(s: Dashboard, query: string | null | undefined): PulseEntry | null {
  return s.pulses[pulseKey(query)] ?? null
}

export function selectForecast(s: Dashboard, series: ForecastSeries): ForecastEntry | null {
  return s.forecasts[forecastKey(series)] ?? null
}

export function selectMotifs(s: Dashboard): Loadable<MotifsBody> | null {
  return s.motifs
}

export function selectKpiDefinitions(s: Dashboard): Loadable<KpiDefinition[]> | null {
  return s.kpi.definitions
}

export function selectKpiContext(s: Dashboard, contextId: string): KpiContextEntry | null {
  return s.kpi.contexts[contextId] ?? null
}

export function selectKpiBindingsById(s: Dashboard): Record<string, KpiBinding> {
  return s.kpi.bindings
}

/** A context's bindings, oldest first (a new array: memoise on the context entry and the bindings map). */
export function kpiBindingsOf(context: KpiContextEntry | null, bindings: Record<string, KpiBinding>): KpiBinding[] {
  return (context?.bindingIds ?? []).map((id) => bindings[id]).filter((b): b is KpiBinding => b !== undefined)
}

/** Whether a load shows its skeleton: asked for and nothing to show yet. */
export function isFirstLoad(l: Loadable<unknown> | null): boolean {
  return l === null || (l.status === LoadStatus.Loading && l.loadedAt === null)
}

// ---- helpers --------------------------------------------------------------------------------------

function requested<T>(current: Loadable<T> | Draft<Loadable<T>> | undefined, requestId: string): Draft<Loadable<T>> {
  return castDraft({ requestId, status: LoadStatus.Loading, body: (current?.body ?? null) as T | null, loadedAt: current?.loadedAt ?? null, error: null })
}

/** Applies an answer to its load; false (and no change) when the answer is stale, a duplicate or unasked for. */
function answer<T>(load: Loadable<T> | null | undefined, e: Answer<T>): boolean {
  if (!load || load.requestId !== e.requestId || load.status !== LoadStatus.Loading) return false
  if ('body' in e) assign(load, { status: LoadStatus.Ready, body: e.body, loadedAt: e.at, error: null })
  else assign(load, { status: LoadStatus.Failed, error: { message: e.message, code: e.code, httpStatus: e.httpStatus, at: e.at } })
  return true
}

function answerPulse(s: Draft<Dashboard>, e: EventOf<'pulse.loaded' | 'pulse.failed'>): void {
  answer(s.pulses[pulseKey(e.query)], e)
}

function upsertBinding(s: Draft<Dashboard>, binding: KpiBinding): void {
  const existing = s.kpi.bindings[binding.id]
  const context = s.kpi.contexts[binding.contextId]
  const listed = context?.bindingIds.includes(binding.id) ?? false
  if (existing && sameBinding(existing, binding) && (!context || listed) && !context?.changeError) return
  s.kpi.bindings[binding.id] = binding
  if (context && !listed) context.bindingIds.push(binding.id)
  if (context) context.changeError = null
}

function sameBinding(a: KpiBinding, b: KpiBinding): boolean {
  return a.contextId === b.contextId && a.kpiDefinitionId === b.kpiDefinitionId && a.currentValue === b.currentValue && a.manual === b.manual && a.updatedAt === b.updatedAt
}

function sameFailure(a: KpiContextEntry['changeError'], b: NonNullable<KpiContextEntry['changeError']>): boolean {
  return a !== null && a.change === b.change && a.bindingId === b.bindingId && a.message === b.message && a.code === b.code && a.httpStatus === b.httpStatus && a.at === b.at
}

/** Moves `key` last in `order`, dropping the oldest keys (and their entries) beyond MAX_KEPT. */
function keep(order: string[], key: string, entries: Record<string, unknown>): void {
  const at = order.indexOf(key)
  if (at >= 0) order.splice(at, 1)
  order.push(key)
  for (const gone of order.splice(0, Math.max(0, order.length - MAX_KEPT))) delete entries[gone]
}
