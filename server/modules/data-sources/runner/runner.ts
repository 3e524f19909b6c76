/**
 * Sources that run (issue 7): the pg-boss side. Two queues beside the pipeline's handler queues:
 *
 *   pg-boss cron (every minute) ─▶ Source_Scheduler ─▶ Source_Poller (one job per due source) ─▶ pipeline.ingest
 *   play / resume (PUT /datasources/{id}) ─▶ kick() ─▶ Source_Scheduler (at once, not at the next minute)
 *
 * Why one cron and due times in our table rather than a pg-boss schedule per source: in pg-boss 10 a
 * schedule belongs to a queue (one each) and every queue is a partition table of its own, so a schedule
 * per source would mean a table per source. The cron only wakes the scheduler; which sources are due is
 * decided from `data_sources.next_run_at` with the injected clock (schedule.ts), so tests tick by hand.
 *
 * Quotas: a run that meets its tenant's ingest quota keeps the items it could not ingest and makes its
 * source due again when the quota says (poll.ts); the source stays active, nothing is marked failed.
 *
 * Duplicates: two schedulers (processes, or the cron and a kick) claim a due source by a conditional
 * UPDATE, committed with the poll job it queues, so only one queues it; items are claimed one by one
 * (dedupe.ts), so even two polls of one source running together ingest each item once.
 */
import { randomUUID } from 'node:crypto'
import type PgBoss from 'pg-boss'
import { z } from 'zod'
import { ingestLimitsFromEnv } from '../../../platform/config'
import type { Clock } from '../../../platform/core/runtime'
import type { Database } from '../../../platform/db/database'
import type { Pipeline } from '../../pipeline'
import { bossDb } from '../../pipeline'
import { createIngestQuotas, type IngestLimits } from '../../ingest'
import { DEFAULT_POLL_INTERVAL_SECONDS, type PollIntervals } from './intervals'
import type { FeedReaders } from './items'
import { runSource, type RunReport } from './poll'
import { dueSources } from './queries/schedule'
import { claimDue } from './schedule'

export const SourceRunQueues = { Scheduler: 'Source_Scheduler', Poller: 'Source_Poller' } as const
export const SOURCE_RUN_QUEUES: readonly string[] = Object.values(SourceRunQueues)

/** Every minute: the finest a pg-boss cron goes, and the shortest poll interval. */
export const DEFAULT_SCHEDULER_CRON = '* * * * *'

export interface SourceRunnerOptions {
  /** Feed, search, Telegram and Twitter readers; default: the pipeline's readers when they have them, else createSourceReaders(). */
  readers?: FeedReaders
  /** Default poll interval per kind (seconds). */
  intervals?: Partial<PollIntervals>
  /** The pg-boss cron that wakes the scheduler; null: none (tests call tick()). */
  cron?: string | null
  /** Transient read failures in a row before a project source goes to error (default 3). */
  failuresBeforeError?: number
  /** Sources claimed per tick at most (the rest wait for the next). */
  batchSize?: number
  /** The tenants' ingest quotas runs meet (issue 17); default: the environment's INGEST_* settings. */
  quotas?: IngestLimits
}

export interface SourceRunner {
  readonly intervals: PollIntervals
  readonly cron: string | null
  /** Creates the queues and the cron schedule; with workers, works the queues. Called by pipeline.start. */
  attach(boss: PgBoss, options: { workers: boolean; pollingIntervalSeconds: number }): Promise<void>
  /** Forgets the pg-boss instance (pipeline.stop stops its workers). */
  detach(): void
  /** The scheduler: claims every source due by the clock and queues one poll each; resolves to how many. */
  tick(): Promise<number>
  /** The poller: one run of one source, now. */
  poll(ref: { tenantId: string; dataSourceId: string }): Promise<RunReport>
  /** Asks for a scheduler pass at once (after play or resume) instead of at the next cron minute. */
  kick(): Promise<void>
  /** Jobs of the runner's queues being handled in this process. */
  inFlight(): number
}

export interface SourceRunnerDeps {
  db: Database
  clock: Clock
  ingest: Pipeline['ingest']
  readers: FeedReaders
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void }
  /** Retry and expiry of poll jobs. */
  policy: { expireInSeconds: number; retryLimit: number; retryDelaySeconds: number; retryBackoff: boolean }
}

const pollJobSchema = z.object({ tenantId: z.string().min(1), dataSourceId: z.string().min(1), dueAt: z.string() })

export function createSourceRunner(deps: SourceRunnerDeps, options: SourceRunnerOptions = {}): SourceRunner {
  const { db, clock, log } = deps
  const intervals: PollIntervals = { ...DEFAULT_POLL_INTERVAL_SECONDS, ...options.intervals }
  const cron = options.cron === undefined ? DEFAULT_SCHEDULER_CRON : options.cron
  const batchSize = options.batchSize ?? 200
  const quotas = createIngestQuotas({ db, clock, limits: options.quotas ?? ingestLimitsFromEnv() })
  const pollDeps = { db, clock, readers: deps.readers, ingest: deps.ingest, quotas, failuresBeforeError: options.failuresBeforeError ?? 3 }
  let boss: PgBoss | null = null
  let busy = 0
  const workers = new Map<string, string>()

  const requireBoss = () => {
    if (!boss) throw new Error('source runner not attached: start the pipeline first')
    return boss
  }
  const wakeLocal = (queue: string) => {
    const id = workers.get(queue)
    if (id) boss?.notifyWorker(id)
  }

  const runner: SourceRunner = {
    intervals,
    cron,

    async attach(instance, { workers: work, pollingIntervalSeconds }) {
      // The queues exist already: the pipeline creates them with its own (see SOURCE_RUN_QUEUES).
      boss = instance
      // The schedule is a row (upserted): any process may write it; the processes running pg-boss's
      // timekeeper (the workers) send its jobs, once per minute between them.
      // Processes starting together write this row at the same moment; a deadlock victim tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          if (cron) await instance.schedule(SourceRunQueues.Scheduler, cron, {}, { tz: 'UTC' })
          else await instance.unschedule(SourceRunQueues.Scheduler)
          break
        } catch (error) {
          if (attempt >= 5) throw error
          await new Promise((r) => setTimeout(r, 100 * attempt))
        }
      }
      if (!work) return
      const handle = async (queue: string, jobs: PgBoss.Job<unknown>[], run: (data: unknown) => Promise<void>) => {
        for (const job of jobs) {
          busy++
          try {
            await run(job.data)
          } finally {
            busy--
          }
        }
        if (jobs.length > 0 && boss) wakeLocal(queue)
      }
      const options = { batchSize: 1, pollingIntervalSeconds }
      workers.set(SourceRunQueues.Scheduler, await instance.work(SourceRunQueues.Scheduler, options, (jobs) => handle(SourceRunQueues.Scheduler, jobs, async () => void (await runner.tick()))))
      // Two pollers: one slow feed does not hold up every other source.
      for (let i = 0; i < 2; i++) {
        const id = await instance.work(SourceRunQueues.Poller, options, (jobs) =>
          handle(SourceRunQueues.Poller, jobs, async (data) => {
            const parsed = pollJobSchema.safeParse(data)
            if (!parsed.success) return log.error({ queue: SourceRunQueues.Poller }, 'dropping a job whose data is not a poll job')
            try {
              const report = await runner.poll(parsed.data)
              log.info({ ...parsed.data, ...report }, 'source run')
            } catch (error) {
              // Not a read failure (those are recorded on the source): the database or ingest. pg-boss retries.
              log.error({ err: error, ...parsed.data }, 'source run failed')
              throw error
            }
          }),
        )
        if (i === 0) workers.set(SourceRunQueues.Poller, id)
      }
    },

    detach() {
      boss = null
      workers.clear()
    },

    async tick() {
      const b = requireBoss()
      const now = clock.now()
      let queued = 0
      for (const source of await dueSources(db, now, batchSize)) {
        const claimed = await db.transaction(async (tx) => {
          const due = await claimDue(tx, source, now, intervals)
          if (!due) return false
          await b.insert(
            [
              {
                id: randomUUID(),
                name: SourceRunQueues.Poller,
                data: due,
                expireInSeconds: deps.policy.expireInSeconds,
                retryLimit: deps.policy.retryLimit,
                retryDelay: deps.policy.retryDelaySeconds,
                retryBackoff: deps.policy.retryBackoff,
              },
            ],
            { db: bossDb(tx) },
          )
          return true
        })
        if (claimed) queued++
      }
      if (queued > 0) wakeLocal(SourceRunQueues.Poller)
      return queued
    },

    poll(ref) {
      return runSource(pollDeps, ref)
    },

    async kick() {
      await requireBoss().send(SourceRunQueues.Scheduler, {})
      wakeLocal(SourceRunQueues.Scheduler)
    },

    inFlight: () => busy,
  }
  return runner
}

/** The runner a pipeline carries, if it has one (route tests use pipelines without). */
export function sourceRunnerOf(pipeline: Pipeline): SourceRunner | null {
  const runner = (pipeline as Pipeline & { sourceRuns?: SourceRunner }).sourceRuns
  return runner && typeof runner.kick === 'function' ? runner : null
}

/** The readers of a reader set, when it has them (the composition root passes the whole set). */
export function feedReadersOf(readers: unknown): FeedReaders | null {
  const r = readers as Partial<FeedReaders> | null | undefined
  return r && typeof r.readRssFeed === 'function' && typeof r.searchNews === 'function' && typeof r.readTelegramChannel === 'function' && typeof r.searchTwitter === 'function'
    ? (r as FeedReaders)
    : null
}
