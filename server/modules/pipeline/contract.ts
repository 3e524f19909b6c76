/**
 * What the API asks of the pipeline, and nothing more: routes enqueue work and answer 202 at once; the
 * pipeline creates the card (skeleton first) and reports everything else on the live channel.
 */

import { BreakerKeys, type Provenance } from '../../../src/protocol/entities'

/** The pipeline's handlers: one queue and one circuit breaker each (the spec's breaker keys). */
export const HandlerKeys = BreakerKeys
export type HandlerKey = (typeof HandlerKeys)[number]

/**
 * What to ingest, with what the caller knows of where it comes from (a feed item's publisher, date and
 * headline; the channel it came through): the card's provenance starts from it (./provenance.ts).
 */
export type IngestInput = (
  | { kind: 'text'; text: string; title?: string | null }
  | { kind: 'url'; url: string }
  | { kind: 'document'; fileName: string; contentType?: string | null; bytes: Buffer }
) & {
  provenance?: Provenance
}

export interface IngestRequest {
  tenantId: string
  userId: string
  researchId: string | null
  sessionId: string | null
  projectId: string | null
  dataSourceId: string
  input: IngestInput
}

export interface Pipeline {
  /** Records the event and queues its processing; resolves once the skeleton is on the live log. */
  ingest(request: IngestRequest): Promise<{ eventId: string }>
  /** Runs the analysis of an existing event again; progress arrives as genesis_event_updated. */
  reprocess(request: { tenantId: string; eventId: string }): Promise<void>
  /** The per-tenant circuit breakers of the handlers (absent from pipelines that have none, e.g. fakes). */
  breakers?: BreakerControl
}

/** Spec §3 "Breaker status", plus which breaker it is and why it is open. */
export interface BreakerStatus {
  tenantId: string
  handlerKey: HandlerKey
  isOpen: boolean
  /** Failures in the last 10 minutes, since the breaker was last enabled. */
  rollingFailuresLast10m: number
  parkedCount: number
  /** Seconds until a tripped breaker closes by itself; 0 when closed or held open by hand. */
  openTtlSeconds: number
  /** 'failure_threshold', or the reason given to disable ('manual_disable' by default); null when closed. */
  reason: string | null
  recentErrors: Array<{ timestamp: string; message: string }>
}

/** What the ops routes ask of the breakers (spec §7 /ops/breakers). */
export interface BreakerControl {
  status(tenantId: string, handlerKey: HandlerKey): Promise<BreakerStatus>
  /** Closes the breaker and forgets the failures counted so far. */
  enable(tenantId: string, handlerKey: HandlerKey): Promise<BreakerStatus>
  /** Holds the breaker open until enabled; jobs arriving meanwhile are parked. */
  disable(tenantId: string, handlerKey: HandlerKey, reason: string): Promise<BreakerStatus>
  /** Queues up to `limit` parked jobs again, oldest first (they park again if the breaker is still open). */
  replay(tenantId: string, handlerKey: HandlerKey, limit?: number): Promise<{ replayed: number }>
}
