/**
 * The per-tenant circuit breaker operations of spec §7 (`/ops/breakers`). Each answers the breaker's
 * status (src/protocol/breakers.ts); replay adds `replayed`, how many parked jobs went back onto the queue.
 * A caller acts on its own tenant only: any other tenant's breaker answers 404, as if it did not exist.
 */
import { z } from 'zod'
import { breakerReplayBodySchema, breakerStatusBodySchema } from '../breakers'
import { BreakerKeys } from '../entities'
import { contract } from './contract'

/** Parked jobs a replay may ask for at most, and how many when it does not say. */
export const MAX_REPLAY_LIMIT = 1000
export const DEFAULT_REPLAY_LIMIT = 50

/** Which breaker: the tenant and the handler key. */
const target = { tenantId: z.string().trim().min(1, 'tenantId is required'), handlerKey: z.enum(BreakerKeys) }

export const breakerStatusContract = contract('GET /ops/breakers/:tenantId/:handlerKey', "A breaker's status: open or closed, recent failures and errors, parked jobs", {
  params: z.object(target),
  responses: { 200: breakerStatusBodySchema },
})

export const breakerEnableContract = contract('POST /ops/breakers/enable', 'Close a breaker: its handler takes jobs again', { body: z.object(target), responses: { 200: breakerStatusBodySchema } })

export const breakerDisableContract = contract('POST /ops/breakers/disable', 'Hold a breaker open, with a reason (manual_disable when none is given)', {
  body: z.object({ ...target, reason: z.string().max(200).nullish() }),
  responses: { 200: breakerStatusBodySchema },
})

export const breakerReplayContract = contract('POST /ops/breakers/replay', 'Queue up to limit parked jobs of a breaker again', {
  body: z.object({ ...target, limit: z.coerce.number().int().min(1).max(MAX_REPLAY_LIMIT).default(DEFAULT_REPLAY_LIMIT) }),
  responses: { 200: breakerReplayBodySchema },
})
