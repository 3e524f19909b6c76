/**
 * Circuit breakers, one per (tenant, handler key), with all their state in the database (so it survives
 * a restart and every worker process sees the same breaker).
 *
 * - A failure of a handler (an analysis provider error, or a job that threw) is recorded with its time
 *   and message. When the failures of the last `windowMs` (10 minutes; only those since the last enable)
 *   reach `threshold`, the breaker opens for `openTtlMs` and then closes by itself; the next failure
 *   while the window still holds `threshold` opens it again at once (half-open by another name).
 * - `disable` holds it open until `enable`; `enable` closes it and forgets the failures so far.
 * - A job arriving while its breaker is open is parked: stored with its data, completed in pg-boss, not
 *   run. `replay` moves up to `limit` parked jobs (oldest first) back onto their queue, with fresh job
 *   ids; a job replayed into a still-open breaker parks again.
 * - Parking and replaying are told (`announce`), in the same transaction as the parked row, so the client
 *   can say a document waits and why, and that it goes on: the live log never disagrees with the queue.
 *
 * The statements are in queries/breakers.ts.
 */
import type { Clock } from '../../platform/core/runtime'
import type { Database, Queryable } from '../../platform/db/database'
import type { BreakerControl, BreakerStatus, HandlerKey } from './contract'
import {
  type BreakerRow,
  countFailures,
  countParked,
  deleteFailures,
  deleteFailuresBefore,
  ensureBreakerRow,
  insertFailure,
  insertParkedJob,
  readBreaker,
  recentFailures,
  takeParkedJobs,
  tripBreaker,
  upsertBreaker,
} from './queries/breakers'
import { type QueuedJob, type StageJob, stageJobSchema } from './queue'
import { DEFAULT_REPLAY_LIMIT, MAX_REPLAY_LIMIT } from '../../../src/protocol/http/breakers'

export { DEFAULT_REPLAY_LIMIT, MAX_REPLAY_LIMIT }

export interface BreakerSettings {
  /** Failures within the window that open the breaker. */
  threshold: number
  windowMs: number
  /** How long a tripped breaker stays open. */
  openTtlMs: number
  /** How many of the latest failures the status lists. */
  recentErrorCount: number
}

export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = { threshold: 5, windowMs: 10 * 60_000, openTtlMs: 300_000, recentErrorCount: 10 }

export const MANUAL_DISABLE = 'manual_disable'
export const FAILURE_THRESHOLD = 'failure_threshold'

export interface Breakers extends BreakerControl {
  isOpen(tenantId: string, key: HandlerKey): Promise<boolean>
  /** Why the breaker is open ('manual_disable', 'failure_threshold' or the reason given to disable), or null when closed. */
  openReason(tenantId: string, key: HandlerKey): Promise<string | null>
  /** Parks a job that arrived while the breaker was open (`reason`: why it is open, for the announcement). */
  park(tenantId: string, key: HandlerKey, job: StageJob, reason?: string): Promise<void>
  recordFailure(tenantId: string, key: HandlerKey, message: string): Promise<void>
}

export function createBreakers(deps: {
  db: Database
  clock: Clock
  settings?: Partial<BreakerSettings>
  /** Queues jobs inside the given transaction. */
  requeue: (tx: Queryable, jobs: QueuedJob[]) => Promise<void>
  wake: (keys: HandlerKey[], tenantId?: string) => Promise<void>
  /**
   * Tells whoever waits on a job that it was parked (with why the breaker is open) or replayed: runs
   * inside the transaction that parks or replays it and returns what to do once that committed.
   */
  announce?: (tx: Queryable, key: HandlerKey, jobs: StageJob[], what: { parked: string } | 'replayed') => Promise<() => Promise<void>>
}): Breakers {
  const { db, clock } = deps
  const settings = { ...DEFAULT_BREAKER_SETTINGS, ...deps.settings }
  const iso = (ms: number) => new Date(ms).toISOString()

  /**
   * Failures count within the window. Those before the last enable are gone (enable deletes them), so
   * `reset_at` takes no part: as a cut-off it dropped a failure recorded in the same millisecond just after
   * an enable (found by tests/server/pipeline/breakers-model.test.ts).
   */
  const countingFrom = (now: number) => now - settings.windowMs

  const openNow = (row: BreakerRow | null, now: number) => Boolean(row?.manual_open) || (msOf(row?.opened_until) ?? -Infinity) > now

  async function upsert(tenantId: string, key: HandlerKey, fields: { manualOpen: boolean; reason: string | null; openedUntil: number | null; resetAt?: number }, q: Queryable = db) {
    const now = clock.now()
    await upsertBreaker(
      q,
      tenantId,
      key,
      {
        manualOpen: fields.manualOpen,
        reason: fields.reason,
        openedUntil: fields.openedUntil === null ? null : iso(fields.openedUntil),
        resetAt: fields.resetAt === undefined ? null : iso(fields.resetAt),
      },
      iso(now),
    )
  }

  const breakers: Breakers = {
    async isOpen(tenantId, key) {
      return openNow(await readBreaker(db, tenantId, key), clock.now())
    },

    async openReason(tenantId, key) {
      const row = await readBreaker(db, tenantId, key)
      if (!openNow(row, clock.now())) return null
      return row?.manual_open ? (row.reason ?? MANUAL_DISABLE) : FAILURE_THRESHOLD
    },

    async park(tenantId, key, job, reason = FAILURE_THRESHOLD) {
      const after = await db.transaction(async (tx) => {
        await insertParkedJob(tx, tenantId, key, JSON.stringify(job), iso(clock.now()))
        return deps.announce ? deps.announce(tx, key, [job], { parked: reason }) : null
      })
      await after?.()
    },

    async recordFailure(tenantId, key, message) {
      const now = clock.now()
      await db.transaction(async (tx) => {
        await ensureBreakerRow(tx, tenantId, key, iso(now))
        // The row lock serialises failures of one breaker across processes: it trips once.
        const row = await readBreaker(tx, tenantId, key, true)
        await insertFailure(tx, tenantId, key, iso(now), message.slice(0, 1000))
        await deleteFailuresBefore(tx, tenantId, key, iso(now - settings.windowMs))
        const failures = await countFailures(tx, tenantId, key, iso(countingFrom(now)))
        if (failures >= settings.threshold && !openNow(row, now)) await tripBreaker(tx, tenantId, key, iso(now + settings.openTtlMs), FAILURE_THRESHOLD, iso(now))
      })
    },

    async status(tenantId, key) {
      const now = clock.now()
      const row = await readBreaker(db, tenantId, key)
      const from = countingFrom(now)
      const open = openNow(row, now)
      const until = msOf(row?.opened_until)
      const recent = await recentFailures(db, tenantId, key, iso(from), settings.recentErrorCount)
      const parked = await countParked(db, tenantId, key)
      return {
        tenantId,
        handlerKey: key,
        isOpen: open,
        rollingFailuresLast10m: await countFailures(db, tenantId, key, iso(from)),
        parkedCount: parked,
        openTtlSeconds: open && !row?.manual_open && until !== null ? Math.max(0, Math.ceil((until - now) / 1000)) : 0,
        reason: open ? (row?.manual_open ? (row.reason ?? MANUAL_DISABLE) : FAILURE_THRESHOLD) : null,
        recentErrors: recent.map((r) => ({ timestamp: new Date(msOf(r.at) ?? 0).toISOString(), message: r.message })),
      } satisfies BreakerStatus
    },

    async enable(tenantId, key) {
      await db.transaction(async (tx) => {
        // The upsert takes the row lock recordFailure takes, so a failure is either deleted here or counted.
        await upsert(tenantId, key, { manualOpen: false, reason: null, openedUntil: null, resetAt: clock.now() }, tx)
        await deleteFailures(tx, tenantId, key)
      })
      return breakers.status(tenantId, key)
    },

    async disable(tenantId, key, reason) {
      await upsert(tenantId, key, { manualOpen: true, reason: reason.trim() || MANUAL_DISABLE, openedUntil: null })
      return breakers.status(tenantId, key)
    },

    async replay(tenantId, key, limit = DEFAULT_REPLAY_LIMIT) {
      const n = Math.min(Math.max(1, Math.floor(limit)), MAX_REPLAY_LIMIT)
      const { replayed, after } = await db.transaction(async (tx) => {
        const rows = await takeParkedJobs(tx, tenantId, key, n)
        const jobs = rows
          .sort((a, b) => Number(a.id) - Number(b.id))
          .map((r) => stageJobSchema.safeParse(r.data))
          .filter((p) => p.success)
          .map((p) => ({ key, job: p.data, fresh: true }))
        await deps.requeue(tx, jobs)
        const told =
          deps.announce && jobs.length > 0
            ? await deps.announce(
                tx,
                key,
                jobs.map((j) => j.job),
                'replayed',
              )
            : null
        return { replayed: jobs.length, after: told }
      })
      await after?.()
      if (replayed > 0) await deps.wake([key], tenantId)
      return { replayed }
    },
  }
  return breakers
}

function msOf(value: Date | string | null | undefined): number | null {
  if (value === null || value === undefined) return null
  const ms = value instanceof Date ? value.getTime() : Date.parse(value)
  return Number.isNaN(ms) ? null : ms
}
