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
import { defineProjection, edit, type Tx } from './define-projection'

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

export const dashboard = defineProjection<Dashboard>({
  name: 'dashboard',
  initial: emptyDashboard,
  on: {
    'pulse.requested': (tx, e) => {
      const key = pulseKey(e.query)
      const current = tx.state.pulses[key]
      if (current?.requestId === e.requestId) return
      const s = tx.draft()
      edit(tx, s, 'pulses')[key] = { query: e.query, ...requested(current, e.requestId) }
      s.pulseOrder = keep(s.pulseOrder, key, edit(tx, s, 'pulses'))
    },
    'pulse.loaded': (tx, e) => answerPulse(tx, e),
    'pulse.failed': (tx, e) => answerPulse(tx, e),

    'forecast.requested': (tx, e) => {
      const key = forecastKey(e.series)
      const current = tx.state.forecasts[key]
      if (current?.forecast.requestId === e.requestId) return
      const s = tx.draft()
      edit(tx, s, 'forecasts')[key] = { series: e.series, forecast: requested(current?.forecast, e.requestId), backtest: requested(current?.backtest, e.requestId) }
      s.forecastOrder = keep(s.forecastOrder, key, edit(tx, s, 'forecasts'))
    },
    'forecast.loaded': (tx, e) => answerForecast(tx, e, 'forecast'),
    'forecast.failed': (tx, e) => answerForecast(tx, e, 'forecast'),
    'backtest.loaded': (tx, e) => answerForecast(tx, e, 'backtest'),
    'backtest.failed': (tx, e) => answerForecast(tx, e, 'backtest'),

    'motifs.requested': (tx, e) => {
      const current = tx.state.motifs
      if (current?.requestId === e.requestId) return
      tx.draft().motifs = requested(current ?? undefined, e.requestId)
    },
    'motifs.loaded': (tx, e) => {
      const next = answered(tx.state.motifs, e)
      if (next) tx.draft().motifs = next
    },
    'motifs.failed': (tx, e) => {
      const next = answered(tx.state.motifs, e)
      if (next) tx.draft().motifs = next
    },

    'kpi.definitionsRequested': (tx, e) => {
      const current = tx.state.kpi.definitions
      if (current?.requestId === e.requestId) return
      edit(tx, tx.draft(), 'kpi').definitions = requested(current ?? undefined, e.requestId)
    },
    'kpi.definitionsLoaded': (tx, e) => {
      const next = answered(tx.state.kpi.definitions, { requestId: e.requestId, at: e.at, body: e.definitions })
      if (next) edit(tx, tx.draft(), 'kpi').definitions = next
    },
    'kpi.definitionsFailed': (tx, e) => {
      const next = answered(tx.state.kpi.definitions, e)
      if (next) edit(tx, tx.draft(), 'kpi').definitions = next
    },

    'kpi.bindingsRequested': (tx, e) => {
      const current = tx.state.kpi.contexts[e.contextId]
      if (current?.requestId === e.requestId) return
      edit(tx, kpiOf(tx), 'contexts')[e.contextId] = {
        ...requested(current, e.requestId),
        bindingIds: current?.bindingIds ?? [],
        changeError: current?.changeError ?? null,
      }
    },
    'kpi.bindingsLoaded': (tx, e) => {
      const current = tx.state.kpi.contexts[e.contextId]
      const next = answered(current, { requestId: e.requestId, at: e.at, body: null })
      if (!current || !next) return
      const kpi = kpiOf(tx)
      const bindings = edit(tx, kpi, 'bindings')
      for (const id of current.bindingIds) delete bindings[id]
      for (const b of e.bindings) bindings[b.id] = b
      edit(tx, kpi, 'contexts')[e.contextId] = { ...current, ...next, bindingIds: e.bindings.map((b) => b.id) }
    },
    'kpi.bindingsFailed': (tx, e) => {
      const current = tx.state.kpi.contexts[e.contextId]
      const next = answered(current, e)
      if (current && next) edit(tx, kpiOf(tx), 'contexts')[e.contextId] = { ...current, ...next }
    },
    'kpi.bindingCreated': (tx, e) => upsertBinding(tx, e.binding),
    'kpi.bindingUpdated': (tx, e) => upsertBinding(tx, e.binding),
    'kpi.bindingDeleted': (tx, e) => {
      const context = tx.state.kpi.contexts[e.contextId]
      const listed = context?.bindingIds.includes(e.bindingId) ?? false
      if (!tx.state.kpi.bindings[e.bindingId] && !listed && !context?.changeError) return
      const kpi = kpiOf(tx)
      if (tx.state.kpi.bindings[e.bindingId]) delete edit(tx, kpi, 'bindings')[e.bindingId]
      if (context) edit(tx, kpi, 'contexts')[e.contextId] = { ...context, bindingIds: context.bindingIds.filter((id) => id !== e.bindingId), changeError: null }
    },
    'kpi.changeFailed': (tx, e) => {
      const context = tx.state.kpi.contexts[e.contextId]
      if (!context) return
      const changeError = { change: e.change, bindingId: e.bindingId, message: e.message, code: e.code, httpStatus: e.httpStatus, at: e.at }
      if (sameFailure(context.changeError, changeError)) return
      edit(tx, kpiOf(tx), 'contexts')[e.contextId] = { ...context, changeError }
    },

    'auth.signedOut': (tx) => {
      if (isEmpty(tx.state)) return
      Object.assign(tx.draft(), emptyDashboard)
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

function requested<T>(current: Loadable<T> | undefined, requestId: string): Loadable<T> {
  return { requestId, status: LoadStatus.Loading, body: current?.body ?? null, loadedAt: current?.loadedAt ?? null, error: null }
}

/** The load after an answer, or null when the answer is stale, a duplicate or unasked for. */
function answered<T>(current: Loadable<T> | null | undefined, e: Answer<T>): Loadable<T> | null {
  if (!current || current.requestId !== e.requestId || current.status !== LoadStatus.Loading) return null
  if ('body' in e) return { ...current, status: LoadStatus.Ready, body: e.body, loadedAt: e.at, error: null }
  return { ...current, status: LoadStatus.Failed, error: { message: e.message, code: e.code, httpStatus: e.httpStatus, at: e.at } }
}

function answerPulse(tx: Tx<Dashboard>, e: EventOf<'pulse.loaded' | 'pulse.failed'>): void {
  const key = pulseKey(e.query)
  const current = tx.state.pulses[key]
  const next = answered(current, e)
  if (current && next) edit(tx, tx.draft(), 'pulses')[key] = { ...next, query: current.query }
}

function answerForecast(tx: Tx<Dashboard>, e: EventOf<'forecast.loaded' | 'forecast.failed' | 'backtest.loaded' | 'backtest.failed'>, half: 'forecast' | 'backtest'): void {
  const key = forecastKey(e.series)
  const current = tx.state.forecasts[key]
  const next = answered<ForecastBody | BacktestBody>(current?.[half], e)
  if (current && next) edit(tx, tx.draft(), 'forecasts')[key] = { ...current, [half]: next }
}

function upsertBinding(tx: Tx<Dashboard>, binding: KpiBinding): void {
  const existing = tx.state.kpi.bindings[binding.id]
  const context = tx.state.kpi.contexts[binding.contextId]
  const listed = context?.bindingIds.includes(binding.id) ?? false
  if (existing && sameBinding(existing, binding) && (!context || listed) && !context?.changeError) return
  const kpi = kpiOf(tx)
  edit(tx, kpi, 'bindings')[binding.id] = binding
  if (context) edit(tx, kpi, 'contexts')[binding.contextId] = { ...context, bindingIds: listed ? context.bindingIds : [...context.bindingIds, binding.id], changeError: null }
}

function sameBinding(a: KpiBinding, b: KpiBinding): boolean {
  return a.contextId === b.contextId && a.kpiDefinitionId === b.kpiDefinitionId && a.currentValue === b.currentValue && a.manual === b.manual && a.updatedAt === b.updatedAt
}

function sameFailure(a: KpiContextEntry['changeError'], b: NonNullable<KpiContextEntry['changeError']>): boolean {
  return a !== null && a.change === b.change && a.bindingId === b.bindingId && a.message === b.message && a.code === b.code && a.httpStatus === b.httpStatus && a.at === b.at
}

/** Whether the state is the empty one (itself, or a copy sharing all its parts, as sign-out leaves it). */
function isEmpty(s: Dashboard): boolean {
  return (Object.keys(emptyDashboard) as Array<keyof Dashboard>).every((k) => s[k] === emptyDashboard[k])
}

function kpiOf(tx: Tx<Dashboard>): Dashboard['kpi'] {
  return edit(tx, tx.draft(), 'kpi')
}

/** `order` with `key` moved last, dropping the oldest keys (and their entries) beyond MAX_KEPT. */
function keep(order: string[], key: string, entries: Record<string, unknown>): string[] {
  const next = [...order.filter((k) => k !== key), key]
  while (next.length > MAX_KEPT) delete entries[next.shift() as string]
  return next
}
