/**
 * Ingest quotas (issue 17): how much one team (tenant) may put into the pipeline, so that a flood from one
 * stays its own problem. Every way a new document is created asks here first: the ingest routes (/ingest,
 * /ingest-url, /upload) and the runs of scheduled sources. Bundle imports do not: they queue no work (their
 * documents arrive finished or in error), and reprocessing creates no document.
 *
 * Two limits, per tenant, shared by every process on the database:
 * - queued documents: documents accepted and not yet finished (completed or in error), counted from
 *   `events.status` (a partial index holds just those rows). A document that finishes frees its place.
 * - ingest rate: a token bucket of `burst` tokens refilled at `perMinute` a minute; each new document
 *   takes one. Its state is one row per tenant (`ingest_allowances`), taken by one conditional upsert, so
 *   two processes never spend one token twice.
 *
 * A refusal writes nothing (no token taken, no row of the tenant touched) and says which limit, in the
 * product's words (src/domain/rules/quotas.ts), and when to try again. An admitted creation that fails
 * gives its token back. Time comes from the injected clock.
 *
 * Races: within a process an admission holds its place in the queue count until its document is written,
 * so concurrent requests cannot all take the last place; across processes (scale-out) the count is read,
 * not locked, and requests arriving at once at the limit may overshoot it by as many as are in flight.
 */
import { type QuotaLimit, QuotaLimits, QuotaMessages } from '../../../src/domain/rules/quotas'
import type { Clock } from '../../platform/core/runtime'
import type { IngestLimits } from '../../platform/config'
import type { Queryable } from '../../platform/db/database'
import { bucketLevel, giveTokenBack, takeToken, unfinishedDocuments } from './queries'

export type { IngestLimits } from '../../platform/config'

/**
 * How long a team at its queue limit is asked to wait: which of its documents finishes next, and when, is
 * not known, but analyses take seconds each, so within half a minute some will have.
 */
export const QUEUE_RETRY_SECONDS = 30

export interface QuotaRefusal {
  limit: QuotaLimit
  retryAfterSeconds: number
  message: string
}

export type Admitted<T> = { ok: true; value: T } | ({ ok: false } & QuotaRefusal)

export interface IngestQuotas {
  readonly limits: IngestLimits
  /**
   * Runs `create` (which writes one new document) if the tenant may add one, and resolves to its result;
   * otherwise resolves to the refusal without running it. A `create` that throws gives its token back.
   */
  admit<T>(tenantId: string, create: () => Promise<T>): Promise<Admitted<T>>
}

export function createIngestQuotas(deps: { db: Queryable; clock: Clock; limits: IngestLimits }): IngestQuotas {
  const { db, clock } = deps
  const limits: IngestLimits = { queuedDocuments: Math.max(0, deps.limits.queuedDocuments), perMinute: Math.max(0, deps.limits.perMinute), burst: Math.max(1, deps.limits.burst) }
  const perSecond = limits.perMinute / 60
  // Admissions of this process whose document may not be written yet, per tenant.
  const inFlight = new Map<string, number>()
  const hold = (tenantId: string, by: number) => {
    const n = (inFlight.get(tenantId) ?? 0) + by
    if (n > 0) inFlight.set(tenantId, n)
    else inFlight.delete(tenantId)
  }

  return {
    limits,
    async admit(tenantId, create) {
      hold(tenantId, 1) // before the count is read, so a request counting meanwhile sees this one
      try {
        if (limits.queuedDocuments > 0) {
          const others = (inFlight.get(tenantId) ?? 1) - 1
          const waiting = (await unfinishedDocuments(db, tenantId, limits.queuedDocuments)) + others
          if (waiting >= limits.queuedDocuments) {
            return refused(QuotaLimits.Queue, QUEUE_RETRY_SECONDS, QuotaMessages.queue(Math.min(waiting, limits.queuedDocuments), QUEUE_RETRY_SECONDS))
          }
        }
        if (limits.perMinute > 0) {
          const now = clock.now()
          if (!(await takeToken(db, tenantId, now, limits.burst, perSecond))) {
            const wait = await secondsUntilToken(db, tenantId, now, limits.burst, perSecond)
            return refused(QuotaLimits.Rate, wait, QuotaMessages.rate(limits.perMinute, wait))
          }
        }
        try {
          return { ok: true, value: await create() }
        } catch (error) {
          if (limits.perMinute > 0) await giveTokenBack(db, tenantId, limits.burst).catch(() => {})
          throw error
        }
      } finally {
        hold(tenantId, -1)
      }
    },
  }
}

function refused(limit: QuotaLimit, retryAfterSeconds: number, message: string): { ok: false } & QuotaRefusal {
  return { ok: false, limit, retryAfterSeconds, message }
}

/** Seconds until the bucket holds a whole token again (at least 1). */
async function secondsUntilToken(db: Queryable, tenantId: string, now: number, burst: number, perSecond: number): Promise<number> {
  const level = await bucketLevel(db, tenantId, now, burst, perSecond)
  return Math.max(1, Math.ceil((1 - level) / perSecond))
}
