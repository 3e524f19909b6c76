/**
 * The per-tenant circuit breaker operations of spec §7 (`/ops/breakers`), as bodies on the wire.
 *
 * `GET /ops/breakers/{tenantId}/{handlerKey}`, `POST /ops/breakers/enable` and `POST /ops/breakers/disable`
 * answer the breaker's status; `POST /ops/breakers/replay` answers the status plus `replayed`, how many
 * parked jobs went back onto the queue. The status is spec §3 "Breaker status" (`breakerStatusSchema`)
 * plus which breaker it is and why it is open (`reason`: 'failure_threshold', the reason given to
 * disable, or null when closed). Those extra fields are optional so an older server still parses.
 */
import { z } from 'zod'
import { breakerStatusSchema } from './entities'

/** Why a breaker is open, as the server reports it; a disable may also carry a free-text reason. */
export const BreakerReasons = { ManualDisable: 'manual_disable', FailureThreshold: 'failure_threshold' } as const

/** Parked jobs one Replay Parked asks for (spec §9: 50 in the screens). */
export const BREAKER_REPLAY_LIMIT = 50

// What each operation takes: its contract, src/protocol/http/breakers.ts.

/** The answer of status, enable and disable. */
export const breakerStatusBodySchema = breakerStatusSchema.extend({
  tenantId: z.string().nullish(),
  handlerKey: z.string().nullish(),
  reason: z.string().nullish(),
})
export type BreakerStatusBody = z.infer<typeof breakerStatusBodySchema>

/** The answer of replay: the status after it, and how many parked jobs were queued again. */
export const breakerReplayBodySchema = breakerStatusBodySchema.extend({ replayed: z.number().int().min(0) })
export type BreakerReplayBody = z.infer<typeof breakerReplayBodySchema>
