/**
 * Briefing intents (spec §2 "Briefing view", §7 `GET /briefing/{type}/{id}`,
 * `GET /action-frames/{id}/uncertainties` and `POST /prospective/predict-from-seed`).
 *
 * `loadBriefing` publishes `briefing.requested` at once and then exactly one briefing answer for the same
 * request id (`briefing.loaded` or `briefing.failed`); for an action frame it asks for the frame's
 * uncertainties and for what tends to follow it alongside, and publishes one uncertainties answer and one
 * prediction answer under that request id too (see src/domain/briefing.ts). `retryPrediction` asks for
 * the prediction alone: `briefing.predictionRequested` with a new request id, then one prediction answer.
 * Calling either again for the same object supersedes the earlier request: the read model applies only
 * the latest one's answers. Failures are the view's to show (not found, or failed with Retry), so no toast
 * is raised.
 */
import type { BriefingType } from '../domain/briefing'
import type { DomainEvent } from '../domain/events'
import { briefingContract, frameUncertaintiesContract, predictFromSeedContract } from '../protocol/http/intelligence'
import { ApiError } from './api-client'
import { call } from './call'
import type { IntentContext } from './intents'

/** Loads the briefing of one object. Resolves true when the briefing arrived. */
export async function loadBriefing(ctx: IntentContext, briefingType: BriefingType, rawId: string): Promise<boolean> {
  const id = rawId.trim()
  if (id === '') return false
  const base = { requestId: ctx.nextId('briefing'), briefingType, id }
  ctx.core.bus.publish({ type: 'briefing.requested', ...base, at: ctx.now() }, 'local')
  const uncertainties =
    briefingType === 'actionframe'
      ? answer(
          ctx,
          async (): Promise<DomainEvent> => {
            const body = await call(ctx.api, frameUncertaintiesContract, { params: { id } })
            return { type: 'briefing.uncertaintiesLoaded', ...base, items: body.items, at: ctx.now() }
          },
          (failure) => ({ type: 'briefing.uncertaintiesFailed', ...base, ...failure, at: ctx.now() }),
        )
      : Promise.resolve(true)
  const briefing = answer(
    ctx,
    async (): Promise<DomainEvent> => {
      const body = await call(ctx.api, briefingContract, { params: { type: briefingType, id } })
      return { type: 'briefing.loaded', ...base, body, at: ctx.now() }
    },
    (failure) => ({ type: 'briefing.failed', ...base, ...failure, at: ctx.now() }),
  )
  const prediction = briefingType === 'actionframe' ? predict(ctx, base) : Promise.resolve(true)
  const [loaded] = await Promise.all([briefing, uncertainties, prediction])
  return loaded
}

/** Asks again what tends to follow an action frame whose briefing was loaded. Resolves true when it arrived. */
export async function retryPrediction(ctx: IntentContext, rawFrameId: string): Promise<boolean> {
  const id = rawFrameId.trim()
  if (id === '') return false
  const base = { requestId: ctx.nextId('prediction'), briefingType: 'actionframe' as const, id }
  ctx.core.bus.publish({ type: 'briefing.predictionRequested', ...base, at: ctx.now() }, 'local')
  return predict(ctx, base)
}

/** The analyst's words for why a briefing request failed. */
export function briefingErrorReason(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? `Network error: ${error.message}` : 'Network error'
  if (error.status === 401) return 'Authentication required'
  if (error.status === 404) return error.message || 'Not found'
  if (error.status === 503) return error.message || 'The analysis service is not available'
  if (error.status >= 500 && error.code !== 'INVALID_RESPONSE') return error.message ? `Server error - ${error.message}` : 'Server error - please try again'
  return error.message || `Request failed (${error.status})`
}

type Failure = { httpStatus: number | null; code: string; message: string }
type Target = { requestId: string; briefingType: BriefingType; id: string }

/** Asks which action types followed the frame's action type, and publishes the answer under `base`. */
function predict(ctx: IntentContext, base: Target): Promise<boolean> {
  return answer(
    ctx,
    async (): Promise<DomainEvent> => {
      // The server's default limit (5): enough for a short list beside the briefing.
      const body = await call(ctx.api, predictFromSeedContract, { body: { frameId: base.id } })
      return { type: 'briefing.predictionLoaded', ...base, body, at: ctx.now() }
    },
    (failure) => ({ type: 'briefing.predictionFailed', ...base, ...failure, at: ctx.now() }),
  )
}

/** Runs one call and publishes its answer, or its failure. Resolves whether it succeeded. */
async function answer(ctx: IntentContext, call: () => Promise<DomainEvent>, failed: (f: Failure) => DomainEvent): Promise<boolean> {
  let event: DomainEvent
  try {
    event = await call()
  } catch (error) {
    const failure: Failure = {
      httpStatus: error instanceof ApiError ? error.status : null,
      code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
      message: briefingErrorReason(error),
    }
    ctx.core.bus.publish(failed(failure), 'local')
    return false
  }
  ctx.core.bus.publish(event, 'api')
  return true
}
