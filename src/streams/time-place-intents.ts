/**
 * Time-and-place intents (GET /timeline, GET /places; src/protocol/http/time-place.ts). `loadTimePlace`
 * publishes `timePlace.requested` at once and then exactly one answer for the same request id
 * (`timePlace.timelineLoaded`, `timePlace.placesLoaded` or `timePlace.failed`). The view shows failures
 * itself (not found, or failed with Retry), so no toast is raised.
 */
import type { DomainEvent } from '../domain/events'
import type { TimePlaceScope, TimePlaceView } from '../domain/time-place'
import { placesContract, timelineContract } from '../protocol/http/time-place'
import { briefingErrorReason } from './briefing-intents'
import { ApiError } from './api-client'
import { call } from './call'
import type { IntentContext } from './intents'

/** Loads the timeline or the map of one scope. Resolves true when it arrived. */
export async function loadTimePlace(ctx: IntentContext, view: TimePlaceView, scope: TimePlaceScope, id: string): Promise<boolean> {
  const base = { view, scope, id, requestId: ctx.nextId('timeplace') }
  ctx.core.bus.publish({ type: 'timePlace.requested', ...base, at: ctx.now() }, 'local')
  let answer: DomainEvent
  try {
    answer =
      view === 'timeline'
        ? { type: 'timePlace.timelineLoaded', ...base, view, body: await call(ctx.api, timelineContract, { query: { scope, id } }), at: ctx.now() }
        : { type: 'timePlace.placesLoaded', ...base, view, body: await call(ctx.api, placesContract, { query: { scope, id } }), at: ctx.now() }
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null
    answer = { type: 'timePlace.failed', ...base, httpStatus: status, code: error instanceof ApiError ? error.code : 'NETWORK', message: briefingErrorReason(error), at: ctx.now() }
  }
  ctx.core.bus.publish(answer, 'api')
  return answer.type !== 'timePlace.failed'
}
