/**
 * Dashboard intents (spec §2 "Dashboard pulse view", §7 `/dashboard/pulse`, `/prospective/forecast`,
 * `/prospective/backtest`, `/prospective/motifs:extract`, `/kpi/*`).
 *
 * Loads publish `*.requested` at once and then exactly one answer for the same request id (see
 * src/domain/intelligence.ts): the view shows a skeleton, the figures, or the failure with Retry. The
 * pulse in Global mode is asked for with `{}`, in Query mode with `{query}`. A forecast asks for the
 * forecast and the backtest of the same series together; each answers on its own. The recurring action
 * sequences are asked for with `{}` (the server's defaults, across all the tenant's documents).
 *
 * KPI changes publish only what the server confirmed (the binding it answered), or one
 * `kpi.changeFailed` plus a toast saying what failed and why. Load failures raise no toast: the panel
 * that asked shows them where the figures would be.
 */
import type { DomainEvent } from '../domain/events'
import { dashboardFailureText, FORECAST_HISTORY_DAYS, type ForecastSeries, type KpiChange, normaliseQuery } from '../domain/intelligence'
import {
  backtestContract,
  forecastContract,
  kpiBindContract,
  kpiBindingsContract,
  kpiDefinitionsContract,
  kpiSetValueContract,
  kpiUnbindContract,
  motifsContract,
  pulseContract,
} from '../protocol/http/intelligence'
import type { KpiBinding } from '../protocol/intelligence'
import { ApiError } from './api-client'
import { call } from './call'
import { type IntentContext, toast } from './intents'

/** Loads the pulse: Global mode without a query (or a blank one), else Query mode. Resolves true when it arrived. */
export async function loadPulse(ctx: IntentContext, query?: string | null): Promise<boolean> {
  const q = normaliseQuery(query)
  const requestId = ctx.nextId('pulse')
  ctx.core.bus.publish({ type: 'pulse.requested', requestId, query: q, at: ctx.now() }, 'local')
  return answer(
    ctx,
    async () => ({ type: 'pulse.loaded', requestId, query: q, body: await call(ctx.api, pulseContract, { body: q === null ? {} : { query: q } }), at: ctx.now() }),
    (failure) => ({ type: 'pulse.failed', requestId, query: q, ...failure, at: ctx.now() }),
  )
}

/** Loads the forecast of a series over its horizon and the backtest that says how far to trust it. */
export async function loadForecast(ctx: IntentContext, series: ForecastSeries): Promise<void> {
  const requestId = ctx.nextId('forecast')
  const base = { requestId, series }
  ctx.core.bus.publish({ type: 'forecast.requested', ...base, at: ctx.now() }, 'local')
  const selector = {
    metric: series.metric,
    ...(series.metric === 'mentions' && series.entity ? { entity: series.entity } : {}),
    historyDays: FORECAST_HISTORY_DAYS,
    horizonDays: series.horizonDays,
  }
  await Promise.all([
    answer(
      ctx,
      async () => ({ type: 'forecast.loaded', ...base, body: await call(ctx.api, forecastContract, { body: selector }), at: ctx.now() }),
      (failure) => ({ type: 'forecast.failed', ...base, ...failure, at: ctx.now() }),
    ),
    answer(
      ctx,
      async () => ({ type: 'backtest.loaded', ...base, body: await call(ctx.api, backtestContract, { body: selector }), at: ctx.now() }),
      (failure) => ({ type: 'backtest.failed', ...base, ...failure, at: ctx.now() }),
    ),
  ])
}

/** Loads the recurring action sequences of the tenant's participants, with the server's default parameters. */
export async function loadMotifs(ctx: IntentContext): Promise<boolean> {
  const requestId = ctx.nextId('motifs')
  ctx.core.bus.publish({ type: 'motifs.requested', requestId, at: ctx.now() }, 'local')
  return answer(
    ctx,
    async () => ({ type: 'motifs.loaded', requestId, body: await call(ctx.api, motifsContract, { body: {} }), at: ctx.now() }),
    (failure) => ({ type: 'motifs.failed', requestId, ...failure, at: ctx.now() }),
  )
}

/** Loads the KPI definitions (name, description, unit, decimals). */
export async function loadKpiDefinitions(ctx: IntentContext): Promise<void> {
  const requestId = ctx.nextId('kpi-definitions')
  ctx.core.bus.publish({ type: 'kpi.definitionsRequested', requestId, at: ctx.now() }, 'local')
  await answer(
    ctx,
    async () => ({ type: 'kpi.definitionsLoaded', requestId, definitions: (await call(ctx.api, kpiDefinitionsContract, {})).items, at: ctx.now() }),
    (failure) => ({ type: 'kpi.definitionsFailed', requestId, ...failure, at: ctx.now() }),
  )
}

/** Loads the KPIs bound to a research or project. */
export async function loadKpiBindings(ctx: IntentContext, contextId: string): Promise<void> {
  const requestId = ctx.nextId('kpi-bindings')
  ctx.core.bus.publish({ type: 'kpi.bindingsRequested', requestId, contextId, at: ctx.now() }, 'local')
  await answer(
    ctx,
    async () => {
      const body = await call(ctx.api, kpiBindingsContract, { query: { contextId } })
      // Only this context's: a server that ignored the filter must not put other contexts' KPIs here.
      const bindings = body.items.filter((b) => b.contextId === contextId)
      return { type: 'kpi.bindingsLoaded', requestId, contextId, bindings, at: ctx.now() }
    },
    (failure) => ({ type: 'kpi.bindingsFailed', requestId, contextId, ...failure, at: ctx.now() }),
  )
}

/** Binds a KPI to a research or project; its value is computed at once. Resolves true on success. */
export async function addKpi(ctx: IntentContext, contextId: string, kpiDefinitionId: string): Promise<boolean> {
  return change(ctx, 'add', contextId, null, async () => {
    const binding = await call(ctx.api, kpiBindContract, { body: { contextId, kpiDefinitionId } })
    return { type: 'kpi.bindingCreated', binding, at: ctx.now() }
  })
}

/** Sets a KPI's value by hand; the pipeline then leaves it alone. Resolves true on success. */
export async function setKpiValue(ctx: IntentContext, binding: KpiBinding, value: number): Promise<boolean> {
  return change(ctx, 'set', binding.contextId, binding.id, () => update(ctx, binding, value))
}

/** Hands a manual KPI back to the pipeline, which computes it again at once. Resolves true on success. */
export async function resetKpi(ctx: IntentContext, binding: KpiBinding): Promise<boolean> {
  return change(ctx, 'reset', binding.contextId, binding.id, () => update(ctx, binding, null))
}

/** Removes a KPI from its context. Resolves true on success. */
export async function removeKpi(ctx: IntentContext, binding: KpiBinding): Promise<boolean> {
  return change(ctx, 'remove', binding.contextId, binding.id, async () => {
    try {
      await call(ctx.api, kpiUnbindContract, { params: { id: binding.id } })
    } catch (error) {
      // Not there (removed in another tab): what the analyst asked for is already so.
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    return { type: 'kpi.bindingDeleted', bindingId: binding.id, contextId: binding.contextId, at: ctx.now() }
  })
}

/** The analyst's words for why a dashboard request failed. */
function dashboardErrorReason(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? `Network error: ${error.message}` : 'Network error'
  if (error.status === 401) return 'Authentication required'
  if (error.status === 404) return error.message && error.code === 'NOT_FOUND' ? `${error.message.replace(/\.$/, '')} (it may have been deleted)` : 'Not found'
  if (error.status === 409) return error.message || 'Already there'
  if (error.status === 429) return 'Too many requests - please wait a moment and try again'
  if (error.status >= 500 && error.code !== 'INVALID_RESPONSE') return error.message ? `Server error - ${error.message}` : 'Server error - please try again'
  return error.message || `Request failed (${error.status})`
}

// ---- helpers --------------------------------------------------------------------------------------

/** One load's answer: the event `load` makes of what arrived, else the failure `failed` makes. Resolves true when it arrived. */
async function answer(ctx: IntentContext, load: () => Promise<DomainEvent>, failed: (failure: Failure) => DomainEvent): Promise<boolean> {
  try {
    ctx.core.bus.publish(await load(), 'api')
    return true
  } catch (error) {
    ctx.core.bus.publish(failed(failureOf(error)), 'local')
    return false
  }
}

type Failure = { httpStatus: number | null; code: string; message: string }

function failureOf(error: unknown): Failure {
  return {
    httpStatus: error instanceof ApiError ? error.status : null,
    code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
    message: dashboardErrorReason(error),
  }
}

async function update(ctx: IntentContext, binding: KpiBinding, currentValue: number | null): Promise<DomainEvent> {
  const updated = await call(ctx.api, kpiSetValueContract, { params: { id: binding.id }, body: { currentValue } })
  return { type: 'kpi.bindingUpdated', binding: updated, at: ctx.now() }
}

async function change(ctx: IntentContext, what: KpiChange, contextId: string, bindingId: string | null, perform: () => Promise<DomainEvent>): Promise<boolean> {
  let confirmed: DomainEvent
  try {
    confirmed = await perform()
  } catch (error) {
    const failure = failureOf(error)
    ctx.core.bus.publish({ type: 'kpi.changeFailed', change: what, contextId, bindingId, ...failure, at: ctx.now() }, 'local')
    toast(ctx, 'error', dashboardFailureText(what, failure.message))
    return false
  }
  ctx.core.bus.publish(confirmed, 'api')
  return true
}
