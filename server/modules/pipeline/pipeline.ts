/**
 * The pipeline (ARCHITECTURE.md §6): a source's processing is a chain of pg-boss jobs, one queue per
 * handler key, each stage idempotent and speaking only through the live log.
 *
 *   ingest ─▶ Core_ContentIngestor ─▶ Core_EventOrchestrator ─▶ Core_FrameEnricher ─▶ (processing-complete)
 *             ─▶ Core_AliasEnricher ─▶ Core_ContextUpdater ─▶ Core_ContextPairVerifier
 *             ─▶ Core_UncertaintyResolver ─▶ Core_HypothesisAF
 *   reprocess ─▶ Core_EventOrchestrator (run reprocess-<n>) ─▶ Core_AliasEnricher ─▶ …
 *
 * Ordering: one document's messages are emitted by one stage at a time, so they reach its session's log
 * in the order of spec §4; documents interleave freely. `ingest` resolves once the event row, the
 * skeleton message and the first job have committed together. Duplicates: see journal.ts (a job run
 * twice appends each of its messages once and leaves one set of frames).
 *
 * Fairness: jobs are served fairly across tenants and across each tenant's sources (fair-queue.ts): a
 * worker claims the job it took, which may swap in another document of the same tenant.
 *
 * Breakers: before a job runs, its (tenant, handler) breaker is checked; while it is open the job is
 * parked instead (breakers.ts). Provider failures and jobs that throw count towards it. A document whose
 * job of the main chain is parked or replayed is told on its session's log: `status-update` with phase
 * `parked` (and why the breaker is open, `reason`, and which, `handlerKey`) or `resumed`.
 *
 * Sources that run (server/modules/data-sources/runner): active sources are polled through two more queues
 * (Source_Scheduler, Source_Poller) and every new item enters through `ingest` like any other.
 *
 * Roles: `start({workers: true})` runs the workers (and pg-boss maintenance, which retries jobs whose
 * worker died); `start({workers: false})` only queues (an API process). Any number of either may share a
 * PostgreSQL server.
 *
 * Giving up: a job that fails its last attempt ends its run (journal.ts `abandonRun`: the document in
 * error, told once). When the last attempt expires instead (its worker died or is stuck), no handler sees
 * it fail: right after the upkeep round in which pg-boss failed it, the pipeline gives its run up the same
 * way, so no document waits for ever.
 *
 * This file composes the parts: the worker pool (worker-pool.ts: pg-boss and its workers), the commands
 * (commands.ts: ingest, reprocess), the table of stages (stages/index.ts), the breakers and what parking
 * tells (parking.ts), and the source runner. It owns one thing itself: what running a job means.
 */
import type PgBoss from 'pg-boss'
import type { Analyser } from '../../analysis/index'
import type { Clock, Ids } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { DELETIONS_CHANNEL, parseDeletionNotice } from '../retention'
import { createSourceReaders } from '../../sources/index'
// Sources that run (issue 7): scheduled polls of project sources, one run of sandbox sources.
import { createSourceRunner, feedReadersOf, type SourceRunner, type SourceRunnerOptions } from '../data-sources'
import { type Breakers, type BreakerSettings, createBreakers } from './breakers'
import { ingestCommand, reprocessCommand } from './commands'
import { type HandlerKey, HandlerKeys, type Pipeline } from './contract'
import { claimFairJob } from './fair-queue'
import { abandonRun, type JournalDeps, MemoCache, runStage } from './journal'
import { parkingAnnouncer } from './parking'
import { expiredLastAttempts } from './queries/boss-jobs'
import { DEFAULT_JOB_POLICY, type JobPolicy, stageJobSchema } from './queue'
import type { DocumentReaders } from './stages/content-ingestor'
import { abandonEffect, type StageTable, stageTable } from './stages/index'
import { createWorkerPool, type WorkerPool } from './worker-pool'

export { HandlerKeys, type HandlerKey } from './contract'
export { DEFAULT_BREAKER_SETTINGS } from './breakers'
export { DEFAULT_JOB_POLICY } from './queue'

export interface PipelineLog {
  info(obj: object, msg?: string): void
  error(obj: object, msg?: string): void
}

export interface PipelineOptions {
  db: Database
  clock: Clock
  ids: Ids
  analyser: Analyser
  /** Document and web-page readers; default: createSourceReaders() (the environment's configuration). */
  sources?: DocumentReaders
  log?: PipelineLog
  jobs?: Partial<JobPolicy> & {
    /** Workers per queue in this process. */
    concurrency?: number
    /** How often an idle worker looks for jobs nobody woke it for (retries, other processes' jobs). */
    pollingIntervalSeconds?: number
    /** How often pg-boss looks for jobs whose worker died (with `expireInSeconds`: crash recovery time). */
    maintenanceIntervalSeconds?: number
    /** How long pg-boss keeps finished jobs in its archive (PIPELINE_RETENTION_DAYS; pg-boss's default 7 days). */
    archiveRetentionSeconds?: number
  }
  breakers?: Partial<BreakerSettings>
  /** Sources that run: readers, intervals, the scheduler's cron (null in tests that tick by hand). */
  sourceRuns?: SourceRunnerOptions
}

export interface PipelineService extends Pipeline {
  breakers: Breakers
  /** Polls of active sources (server/modules/data-sources/runner): the data-sources routes start and stop them. */
  sourceRuns: SourceRunner
  /**
   * `recoverHeldJobs`: this process is the only one that works on this database (PGlite), so a job found
   * active at start was held by a run that died; it is queued again at once instead of after the stall
   * timeout (with separate workers on PostgreSQL another process may still hold it: the timeout decides).
   * Resolves with how many such jobs were queued again.
   */
  start(options: { workers: boolean; recoverHeldJobs?: boolean }): Promise<{ recoveredJobs: number }>
  /**
   * Stops this process's stage workers from taking more jobs (running ones go on; `stop` waits for them).
   * Ingests still queue work, for the next start or other processes. A shutdown calls it first, so closing
   * the HTTP server does not wait for the whole queue to drain behind the requests in flight.
   */
  stopTakingJobs(): Promise<void>
  /** Stops taking jobs, lets running ones finish (up to `timeoutMs`). The database stays open. */
  stop(options?: { timeoutMs?: number }): Promise<void>
  /** Resolves when no job of any queue is waiting or running (parked jobs do not count). */
  drain(options?: { timeoutMs?: number }): Promise<void>
}

export const GENERIC_FAILURE = 'An error occurred during document processing'

export { PARKING_PHASES } from './parking'

export function createPipeline(options: PipelineOptions): PipelineService {
  const { db, clock, ids, analyser } = options
  const log = options.log ?? consoleLog
  const policy: JobPolicy = { ...DEFAULT_JOB_POLICY, ...pick(options.jobs ?? {}, ['expireInSeconds', 'retryLimit', 'retryDelaySeconds', 'retryBackoff']) }
  const sources = options.sources ?? createSourceReaders()
  const sourceRuns = createSourceRunner(
    { db, clock, log, policy, ingest: (request) => ingest(request), readers: options.sourceRuns?.readers ?? feedReadersOf(sources) ?? createSourceReaders() },
    options.sourceRuns,
  )
  const memos = new MemoCache()
  const pool: WorkerPool = createWorkerPool({
    db,
    log,
    policy,
    concurrency: options.jobs?.concurrency ?? 2,
    pollingIntervalSeconds: options.jobs?.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.jobs?.maintenanceIntervalSeconds ?? 30,
    archiveRetentionSeconds: options.jobs?.archiveRetentionSeconds,
    sourceRuns,
    handle: (key, job) => runJob(key, job),
    afterUpkeep: () => giveUpExpiredRuns(),
    // A deleted document's analysis leaves this process's memory too (issue 16).
    listeners: [
      {
        channel: DELETIONS_CHANNEL,
        onNotice: (payload) => {
          const notice = parseDeletionNotice(payload)
          if (notice) memos.forgetEvents(notice.tenantId, notice.eventIds)
        },
      },
    ],
  })
  const commands = { db, clock, ids, enqueue: pool.enqueue, wake: pool.wake }
  const ingest = ingestCommand(commands)
  const journal: JournalDeps = { db, clock, ids, enqueue: pool.enqueue, wake: pool.wake, memos }
  const announce = parkingAnnouncer(db, log)
  const breakers = createBreakers({
    db,
    clock,
    settings: options.breakers ?? {},
    requeue: pool.enqueue,
    wake: pool.wake,
    announce: (tx, key, jobs, what) => announce(tx, clock.now(), key, jobs, what),
  })
  const stageFor: StageTable = stageTable({ sources, analyser })

  /**
   * One job: the tenant's fair queue may swap in another of its documents (fair-queue.ts); an open breaker
   * parks it; else its stage runs, and a failure counts towards the breaker. After its last retry a job
   * that failed is given up, with what that does to its document.
   */
  async function runJob(key: HandlerKey, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const claimed = await claimFairJob(db, key, job.id).catch((error: unknown) => {
      log.error({ err: error, queue: key, jobId: job.id }, 'fair-queue claim failed; running the job as fetched')
      return null
    })
    const parsed = stageJobSchema.safeParse(claimed ? claimed.data : job.data)
    if (!parsed.success) {
      log.error({ queue: key, jobId: job.id }, 'dropping a job whose data is not a stage job')
      return
    }
    const data = parsed.data
    const openFor = await breakers.openReason(data.tenantId, key)
    if (openFor !== null) {
      await breakers.park(data.tenantId, key, data, openFor)
      return
    }
    try {
      const outcome = await runStage(journal, key, data, stageFor(key, data))
      if (outcome?.failure) await breakers.recordFailure(data.tenantId, key, outcome.failure)
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      log.error({ err: error, queue: key, eventId: data.eventId, attempt: job.retryCount }, 'stage failed')
      await breakers.recordFailure(data.tenantId, key, message).catch((e: unknown) => log.error({ err: e }, 'could not record a breaker failure'))
      if (job.retryCount < job.retryLimit) throw error
      await abandonRun(journal, key, data, GENERIC_FAILURE, abandonEffect(key, data))
    }
  }

  /**
   * Runs whose last attempt expired (the worker holding it died, or outlived the expiry) are given up as a
   * final failure is: without this their document would wait for ever, since no handler saw them fail.
   */
  async function giveUpExpiredRuns(): Promise<void> {
    for (const row of await expiredLastAttempts(db, HandlerKeys, 100)) {
      const job = stageJobSchema.safeParse(row.data)
      const key = HandlerKeys.find((k) => k === row.queue)
      if (!job.success || !key) continue
      log.error({ queue: key, eventId: job.data.eventId }, 'stage given up: its last attempt expired')
      await abandonRun(journal, key, job.data, GENERIC_FAILURE, abandonEffect(key, job.data))
    }
  }

  return {
    breakers,
    sourceRuns,
    start: pool.start,
    stopTakingJobs: pool.stopTakingJobs,
    stop: pool.stop,
    drain: pool.drain,
    ingest,
    reprocess: reprocessCommand(commands),
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {}
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k]
  return out
}

const consoleLog: PipelineLog = {
  info: () => {},
  error: (obj, msg) => console.error(`[pipeline] ${msg ?? ''}`, obj),
}
