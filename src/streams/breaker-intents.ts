/**
 * Breaker intents for the Admin Access view (spec §7 `/ops/breakers`): load one or all eight breakers of
 * a tenant, enable, disable (reason 'manual_disable') and replay parked jobs (limit 50).
 *
 * Each call publishes `breaker.actionRequested` at once and then exactly one answer for the same
 * request id (see src/domain/breaker.ts), so a card knows when its request runs and which answer is its
 * latest. A failure is also a toast naming the action and the breaker; loading all eight raises one
 * toast for however many failed rather than eight.
 */
import { type BreakerAction, breakerFailureText, PipelineChainKeys } from '../domain/breaker'
import type { DomainEvent } from '../domain/events'
import { BREAKER_REPLAY_LIMIT, BreakerReasons, breakerReplayBodySchema, breakerStatusBodySchema } from '../protocol/breakers'
import { BreakerKeys, type BreakerKey } from '../protocol/entities'
import { ApiError } from './api-client'
import { type IntentContext, toast } from './intents'

/** Asks for one breaker's status. Resolves true when it arrived. */
export async function loadBreaker(ctx: IntentContext, tenantId: string, handlerKey: BreakerKey): Promise<boolean> {
  return (await run(ctx, tenantId, handlerKey, 'refresh', { quiet: false })).ok
}

/**
 * Asks for the status of all eight breakers at once; one toast if any of them failed. Failures of
 * requests a newer one has superseded (the view mounting twice in development) raise none.
 */
export async function loadAllBreakers(ctx: IntentContext, tenantId: string): Promise<void> {
  const outcomes = await Promise.all(BreakerKeys.map(async (key) => ({ key, outcome: await run(ctx, tenantId, key, 'refresh', { quiet: true }) })))
  const latest = ctx.core.models.breakers.get()
  const failed = outcomes.flatMap(({ key, outcome }) =>
    outcome.ok || latest.tenantId !== tenantId || latest.byKey[key].request?.requestId !== outcome.requestId ? [] : [{ key, reason: outcome.reason }],
  )
  const first = failed[0]
  if (first === undefined) return
  toast(ctx, 'error', failed.length === 1 ? breakerFailureText('refresh', first.key, first.reason) : `Failed to load ${failed.length} of ${BreakerKeys.length} breakers: ${first.reason}`)
}

/**
 * Asks, quietly, for the breakers a document passes through before it completes (a workspace opening,
 * to say when its processing is paused). No toast: a workspace that cannot tell says nothing.
 */
export async function loadPipelineBreakers(ctx: IntentContext, tenantId: string): Promise<void> {
  await Promise.all(PipelineChainKeys.map((key) => run(ctx, tenantId, key, 'refresh', { quiet: true })))
}

/** Closes the breaker and forgets its failures so far. Resolves true on success. */
export async function enableBreaker(ctx: IntentContext, tenantId: string, handlerKey: BreakerKey): Promise<boolean> {
  return (await run(ctx, tenantId, handlerKey, 'enable', { quiet: false })).ok
}

/** Holds the breaker open until enabled (reason 'manual_disable'); jobs arriving meanwhile park. */
export async function disableBreaker(ctx: IntentContext, tenantId: string, handlerKey: BreakerKey): Promise<boolean> {
  return (await run(ctx, tenantId, handlerKey, 'disable', { quiet: false })).ok
}

/** Queues up to 50 parked jobs again, oldest first. Resolves how many, or null when it failed. */
export async function replayParked(ctx: IntentContext, tenantId: string, handlerKey: BreakerKey): Promise<number | null> {
  const outcome = await run(ctx, tenantId, handlerKey, 'replay', { quiet: false })
  return outcome.ok && outcome.event.type === 'breaker.parkedReplayed' ? outcome.event.replayed : null
}

/** The analyst's words for why a breaker request failed (the toast appends them to what failed). */
function breakerErrorReason(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? `Network error: ${error.message}` : 'Network error'
  if (error.status === 401) return 'Authentication required'
  if (error.status === 404) return 'No such breaker for your tenant'
  if (error.status === 503) return error.message || 'The pipeline is not available'
  if (error.status >= 500 && error.code !== 'INVALID_RESPONSE') return error.message ? `Server error - ${error.message}` : 'Server error - please try again'
  return error.message || `Request failed (${error.status})`
}

type Outcome = { ok: true; event: DomainEvent } | { ok: false; requestId: string; reason: string }

/** One request: publishes the request, then its answer or its failure (a toast unless `quiet`). */
async function run(ctx: IntentContext, tenantId: string, handlerKey: BreakerKey, action: BreakerAction, options: { quiet: boolean }): Promise<Outcome> {
  const requestId = ctx.nextId('breaker')
  const base = { requestId, tenantId, handlerKey }
  ctx.core.bus.publish({ type: 'breaker.actionRequested', ...base, action, at: ctx.now() }, 'local')
  let answer: DomainEvent
  try {
    answer = await call(ctx, base, action)
  } catch (error) {
    const reason = breakerErrorReason(error)
    ctx.core.bus.publish(
      {
        type: 'breaker.actionFailed',
        ...base,
        action,
        httpStatus: error instanceof ApiError ? error.status : null,
        code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
        message: reason,
        at: ctx.now(),
      },
      'local',
    )
    if (!options.quiet) toast(ctx, 'error', breakerFailureText(action, handlerKey, reason))
    return { ok: false, requestId, reason }
  }
  ctx.core.bus.publish(answer, 'api')
  return { ok: true, event: answer }
}

async function call(ctx: IntentContext, base: { requestId: string; tenantId: string; handlerKey: BreakerKey }, action: BreakerAction): Promise<DomainEvent> {
  const { tenantId, handlerKey } = base
  const target = { tenantId, handlerKey }
  switch (action) {
    case 'refresh': {
      const status = await ctx.api.get(`/ops/breakers/${encodeURIComponent(tenantId)}/${encodeURIComponent(handlerKey)}`, breakerStatusBodySchema)
      return { type: 'breaker.statusLoaded', ...base, status, at: ctx.now() }
    }
    case 'enable': {
      const status = await ctx.api.send('POST', '/ops/breakers/enable', breakerStatusBodySchema, { body: target })
      return { type: 'breaker.enabled', ...base, status, at: ctx.now() }
    }
    case 'disable': {
      const reason = BreakerReasons.ManualDisable
      const status = await ctx.api.send('POST', '/ops/breakers/disable', breakerStatusBodySchema, { body: { ...target, reason } })
      return { type: 'breaker.disabled', ...base, reason, status, at: ctx.now() }
    }
    case 'replay': {
      const { replayed, ...status } = await ctx.api.send('POST', '/ops/breakers/replay', breakerReplayBodySchema, { body: { ...target, limit: BREAKER_REPLAY_LIMIT } })
      return { type: 'breaker.parkedReplayed', ...base, replayed, status, at: ctx.now() }
    }
  }
}
