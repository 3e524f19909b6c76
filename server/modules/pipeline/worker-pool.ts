/**
 * The pipeline's worker pool: pg-boss's lifecycle and the workers that take its jobs. It opens pg-boss
 * (retrying the race of processes installing its schema together), creates every queue, and, in a
 * process that works (`start({workers: true})`), runs `concurrency` general workers per handler queue and
 * one spare (worker-slots.ts). Each job runs in its team's lane of the embedded store (server/platform/db/pglite.ts)
 * through `handle`; what a job does is the pipeline's (pipeline.ts), not the pool's.
 *
 * Wake-ups: a committed job wakes a worker of this process at once, and other processes' workers through
 * JOBS_CHANNEL (PostgreSQL); a worker that had work looks again at once instead of sleeping a polling
 * interval. `stop` waits for the jobs in hand (up to its timeout) and closes the SQL gate after them.
 */
import PgBoss from 'pg-boss'
import { type Database, inLane, type Queryable } from '../../platform/db/database'
import type { SourceRunner } from '../data-sources'
import { HandlerKeys, type HandlerKey } from './contract'
import { requeueHeldJobs, unfinishedJobs } from './queries/boss-jobs'
import { bossDb, type JobPolicy, JOBS_CHANNEL, type QueuedJob, insertJobs, type SqlGate } from './queue'
import { createWorkerSlots } from './worker-slots'
import { SOURCE_RUN_QUEUES } from '../data-sources'

export interface PoolLog {
  error(obj: object, msg?: string): void
}

export interface WorkerPoolOptions {
  db: Database
  log: PoolLog
  policy: JobPolicy
  /** Workers per queue in this process. */
  concurrency: number
  pollingIntervalSeconds: number
  maintenanceIntervalSeconds: number
  archiveRetentionSeconds?: number
  sourceRuns: SourceRunner
  /** Runs one job of a handler queue; a throw fails the job (pg-boss retries it by its policy). */
  handle(key: HandlerKey, job: PgBoss.JobWithMetadata<unknown>): Promise<void>
  /**
   * After each round of pg-boss's upkeep (in the one working process that ran it): its expiry has just
   * failed for good the jobs whose last attempt stalled, and no handler saw them fail.
   */
  afterUpkeep(): Promise<void>
  /** Channels listened to while the workers run (with their handlers). */
  listeners?: Array<{ channel: string; onNotice(payload: string): void }>
}

export interface WorkerPool {
  /** The started pg-boss; throws before `start`. */
  boss(): PgBoss
  /** Queues jobs in the caller's transaction, by the pool's policy. */
  enqueue(tx: Queryable, jobs: QueuedJob[]): Promise<void>
  /** Wakes a worker of each queue: this process's at once, other processes' by notice. */
  wake(keys: HandlerKey[], tenantId?: string): Promise<void>
  start(options: { workers: boolean; recoverHeldJobs?: boolean }): Promise<{ recoveredJobs: number }>
  stopTakingJobs(): Promise<void>
  stop(options?: { timeoutMs?: number }): Promise<void>
  drain(options?: { timeoutMs?: number }): Promise<void>
}

/** A queue's spare worker is woken, never polls on its own: an hour between looks is as good as never. */
const SPARE_POLLING_SECONDS = 3600
const MAX_OPEN_ATTEMPTS = 5

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const { db, log, policy, sourceRuns } = options
  const slots = createWorkerSlots()
  let boss: PgBoss | null = null
  let gate: SqlGate = { closed: false, pending: 0 }
  let running = false
  let stopping = false
  let inFlight = 0
  let unlisteners: Array<() => Promise<void>> = []

  const requireBoss = () => {
    if (!boss) throw new Error('pipeline not started: call start() first')
    return boss
  }
  const wakeLocal = (keys: Iterable<string>, tenantId?: string) => {
    for (const key of keys) {
      const worker = slots.toWake(key, tenantId)
      if (worker !== null) boss?.notifyWorker(worker)
    }
  }

  async function run(key: HandlerKey, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    for (const job of jobs) {
      inFlight++
      try {
        const tenantId = (job.data as { tenantId?: unknown } | null)?.tenantId
        const team = typeof tenantId === 'string' ? tenantId : '?'
        await slots.track(key, team, () => inLane(`team:${team}`, () => options.handle(key, job)))
      } finally {
        inFlight--
      }
    }
  }

  async function upkeep(): Promise<void> {
    if (stopping) return
    inFlight++
    try {
      await inLane('queue', () => options.afterUpkeep())
    } catch (error) {
      log.error({ err: error }, 'after-upkeep work failed; the next round tries again')
    } finally {
      inFlight--
    }
  }

  async function openBoss(workers: boolean): Promise<PgBoss> {
    const instance = new PgBoss({
      db: bossDb(db, gate),
      // pg-boss's timekeeper sends the source scheduler's cron jobs (issue 7); workers only.
      schedule: workers && sourceRuns.cron !== null,
      supervise: workers,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
      ...(options.archiveRetentionSeconds ? { deleteAfterSeconds: Math.max(1, Math.round(options.archiveRetentionSeconds)) } : {}),
      expireInSeconds: policy.expireInSeconds,
      retryLimit: policy.retryLimit,
      retryDelay: policy.retryDelaySeconds,
      retryBackoff: policy.retryBackoff,
    })
    instance.on('error', (error) => log.error({ err: error }, 'pg-boss error'))
    if (workers) instance.on('maintenance', () => void upkeep())
    await instance.start()
    // Every queue is created here, inside the retry: processes starting together can deadlock on it.
    for (const key of [...HandlerKeys, ...SOURCE_RUN_QUEUES]) {
      try {
        if (!(await instance.getQueue(key))) await instance.createQueue(key, { name: key })
      } catch (error) {
        // Another process created it at the same moment.
        if (!(await instance.getQueue(key))) throw error
      }
    }
    return instance
  }

  /** Processes starting together on a new database race to install pg-boss's schema; the loser retries. */
  async function openWithRetries(workers: boolean): Promise<PgBoss> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await openBoss(workers)
      } catch (error) {
        if (attempt >= MAX_OPEN_ATTEMPTS) throw error
        await sleep(300 * attempt)
      }
    }
  }

  /** The general workers of a queue and its spare, registered with the slots. */
  async function startQueueWorkers(b: PgBoss, key: HandlerKey): Promise<void> {
    const { pollingIntervalSeconds } = options
    const general: string[] = []
    for (let i = 0; i < Math.max(1, options.concurrency); i++) {
      const self = { id: '' }
      self.id = await b.work(key, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async (jobs) => {
        await run(key, jobs)
        // Had work, so look again at once: pg-boss would otherwise sleep a polling interval while a
        // backlog waits (wake-ups that arrived during the job were folded into one).
        if (jobs.length > 0 && !stopping) boss?.notifyWorker(self.id)
      })
      general.push(self.id)
    }
    // The spare (worker-slots.ts): woken only for a team with nothing running here; it never polls on its
    // own, and its fetches stand in a lane of their own, not behind the general workers'.
    const spare = await inLane('spare', () => b.work(key, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: SPARE_POLLING_SECONDS }, (jobs) => run(key, jobs)))
    slots.register(key, general, spare)
  }

  async function startWorkers({ workers, recoverHeldJobs = false }: { workers: boolean; recoverHeldJobs?: boolean }): Promise<{ recoveredJobs: number }> {
    if (running) return { recoveredJobs: 0 }
    gate = { closed: false, pending: 0 }
    const b = await openWithRetries(workers)
    boss = b
    running = true
    stopping = false
    const recoveredJobs = recoverHeldJobs && workers ? await requeueHeldJobs(db) : 0
    await sourceRuns.attach(b, { workers, pollingIntervalSeconds: options.pollingIntervalSeconds }) // issue 7: queues, cron, pollers
    if (!workers) return { recoveredJobs }
    for (const key of HandlerKeys) await startQueueWorkers(b, key)
    unlisteners = [await db.listen(JOBS_CHANNEL, (payload) => wakeLocal(payload.split(',')))]
    for (const { channel, onNotice } of options.listeners ?? []) unlisteners.push(await db.listen(channel, onNotice))
    return { recoveredJobs }
  }

  return {
    boss: requireBoss,

    enqueue: (tx, jobs) => insertJobs(requireBoss(), tx, jobs, policy),

    async wake(keys, tenantId) {
      wakeLocal(keys, tenantId)
      // Other processes' workers (PostgreSQL); in PGlite every worker is in this process.
      if (db.dialect === 'postgres') await db.notify(JOBS_CHANNEL, [...new Set(keys)].join(',')).catch((error: unknown) => log.error({ err: error }, 'job wake-up failed'))
    },

    // The queue's own statements (polling, upkeep, source runs) are a lane of their own; each job's, its team's.
    start: (startOptions) => inLane('queue', () => startWorkers(startOptions)),

    async stopTakingJobs() {
      if (!running || !boss) return
      stopping = true
      for (const key of HandlerKeys) await boss.offWork(key)
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (!running || !boss) return
      stopping = true
      for (const unlisten of unlisteners) await unlisten()
      unlisteners = []
      // Graceful: pg-boss waits for the jobs its workers hold, up to the timeout, then fails the rest.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs })
      const until = Date.now() + timeoutMs
      while ((inFlight > 0 || sourceRuns.inFlight() > 0 || gate.pending > 0) && Date.now() < until) await sleep(10)
      gate.closed = true
      sourceRuns.detach()
      slots.clear()
      running = false
      boss = null
    },

    async drain({ timeoutMs = 60_000 } = {}) {
      const until = Date.now() + timeoutMs
      // Twice in a row: a stage's next job is committed before its own job completes, never after.
      let quiet = 0
      while (quiet < 2) {
        if (Date.now() > until) throw new Error(`pipeline did not drain within ${timeoutMs} ms`)
        const idle = inFlight === 0 && sourceRuns.inFlight() === 0 && (await unfinishedJobs(db, [...HandlerKeys, ...SOURCE_RUN_QUEUES])) === 0
        quiet = idle ? quiet + 1 : 0
        if (quiet < 2) await sleep(idle ? 5 : 20)
      }
    },
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
