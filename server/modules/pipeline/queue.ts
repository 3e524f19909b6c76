/**
 * pg-boss 10 over our `Database`, on PGlite and PostgreSQL alike (ENV-NOTES.md): pg-boss talks to the
 * store through `executeSql`, so its jobs can be inserted inside our own transactions (a stage's writes,
 * its "done" mark and its next jobs commit together or not at all).
 *
 * Queues are named after the handler keys. A job's data is a `StageJob` (plus its fair-queue note, which
 * stageJobSchema strips); its pg-boss id is derived from (queue, tenant, event, run, content hash), so
 * queueing the same next stage twice leaves one job while the first is still in pg-boss's job table.
 * Replays of parked jobs take fresh ids.
 *
 * Order: fair across tenants and across the sources of a tenant (fair-queue.ts), not first come first
 * served: priorities are assigned here, and a worker claims what its job runs (`claimFairJob`).
 *
 * Waking: pg-boss workers poll; after a commit that queued jobs we wake this process's workers of those
 * queues at once and NOTIFY `JOBS_CHANNEL` so worker processes sharing a PostgreSQL server wake too.
 */
import { createHash, randomUUID } from 'node:crypto'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { DEFAULT_JOB_POLICY as JOB_POLICY_DEFAULTS } from '../../platform/config'
import type { Database, Queryable } from '../../platform/db/database'
import type { HandlerKey } from './contract'
import { FAIR_NOTE, fairTags } from './fair-queue'

export const JOBS_CHANNEL = 'sightline_jobs'
export const BOSS_SCHEMA = 'pgboss'

/** What every stage job carries: whose event, which run of the chain, which content. */
export const stageJobSchema = z.object({
  tenantId: z.string().min(1),
  eventId: z.string().min(1),
  /** 'ingest' for the chain started by ingest; 'reprocess-<n>' for the n-th reprocess. */
  run: z.string().min(1),
  contentHash: z.string().min(1),
})
export type StageJob = z.infer<typeof stageJobSchema>

export const INGEST_RUN = 'ingest'

/** Retry and expiry of every job (defaults in server/platform/config.ts). */
export interface JobPolicy {
  /** A job active this long is taken for dead (its worker crashed) and retried. */
  expireInSeconds: number
  retryLimit: number
  retryDelaySeconds: number
  retryBackoff: boolean
}

export const DEFAULT_JOB_POLICY: JobPolicy = JOB_POLICY_DEFAULTS

export interface QueuedJob {
  key: HandlerKey
  job: StageJob
  /** A fresh id instead of the derived one (replays). */
  fresh?: boolean
}

/** Lets a stopped pipeline's pg-boss go quiet: SQL still in flight is counted, later SQL does nothing. */
export interface SqlGate {
  closed: boolean
  pending: number
}

/**
 * pg-boss's `db` option over one of our connections (the database, or a transaction's `Queryable`).
 * With a gate, statements issued after it closed are not run (a worker loop that outlives `stop()` must
 * not touch a database its owner is about to close; its job is recovered by expiry like a crashed one's).
 */
export function bossDb(db: Queryable & { exec?: Database['exec'] }, gate?: SqlGate): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (!gate) return run(db, text, values)
      if (gate.closed) return { rows: [] }
      gate.pending++
      try {
        return await run(db, text, values)
      } finally {
        gate.pending--
      }
    },
  } as PgBoss.Db
}

/**
 * Inserts jobs through the given connection (inside the caller's transaction when it is one), tagged for
 * fair service across tenants and their sources (fair-queue.ts) in that same transaction.
 */
export async function insertJobs(boss: PgBoss, tx: Queryable, jobs: QueuedJob[], policy: JobPolicy): Promise<void> {
  if (jobs.length === 0) return
  const fair = await fairTags(tx, jobs)
  await boss.insert(
    jobs.map((j, i) => ({
      id: j.fresh ? randomUUID() : jobId(j.key, j.job),
      name: j.key,
      data: { ...j.job, [FAIR_NOTE]: fair[i]?.note },
      priority: fair[i]?.priority ?? 0,
      expireInSeconds: policy.expireInSeconds,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
    })),
    { db: bossDb(tx) },
  )
}

/** A UUID derived from the job's identity, so the same next stage queued twice is one job. */
export function jobId(key: HandlerKey, job: StageJob): string {
  const h = createHash('sha256')
    .update(JSON.stringify([key, job.tenantId, job.eventId, job.run, job.contentHash]))
    .digest('hex')
  // Shaped as a version-4 UUID (pg-boss stores ids as uuid).
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

// A semicolon followed by more SQL: pg-boss's scripts. (Its single statements end without one.)
const MULTI_STATEMENT = /;\s*\S/

/** One statement with parameters through query(); a parameterless script through exec(). */
async function run(db: Queryable & { exec?: Database['exec'] }, text: string, values?: unknown[]): Promise<{ rows: unknown[] }> {
  if (values !== undefined) return { rows: (await db.query(text, values)) ?? [] }
  // Without parameters pg-boss sends scripts (schema creation, maintenance wrapped in BEGIN … COMMIT):
  // PGlite's query() takes one statement, so a script goes through exec(); no script's rows are read.
  if (db.exec && MULTI_STATEMENT.test(text)) {
    await db.exec(text)
    return { rows: [] }
  }
  try {
    return { rows: (await db.query(text)) ?? [] }
  } catch (error) {
    if (db.exec && (error as { code?: string }).code === '42601') {
      await db.exec(text)
      return { rows: [] }
    }
    throw error
  }
}
