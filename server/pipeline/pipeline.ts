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
 * Sources that run (server/source-runner): active sources are polled through two more queues
 * (Source_Scheduler, Source_Poller) and every new item enters through `ingest` like any other.
 *
 * Roles: `start({workers: true})` runs the workers (and pg-boss maintenance, which retries jobs whose
 * worker died); `start({workers: false})` only queues (an API process). Any number of either may share a
 * PostgreSQL server.
 */
import { notAHeadline } from '../analysis/local/summary'
import PgBoss from 'pg-boss'
import type { Analyser } from '../analysis/index'
import type { Clock, Ids } from '../core/runtime'
import { type Database, inLane, type Queryable } from '../db/database'
import { conflict, notFound } from '../http/errors'
import { appendLiveMessage, notifyLive, notifyLiveOnCommit } from '../live/log'
import { getEvent, insertEvent } from '../repos/events'
import { DELETIONS_CHANNEL, parseDeletionNotice } from '../retention/notices'
import { createSourceReaders, DOCUMENT_MIME_TYPES, documentTypeOf } from '../sources/index'
// Sources that run (issue 7): scheduled polls of project sources, one run of sandbox sources.
import { createSourceRunner, feedReadersOf, SOURCE_RUN_QUEUES, type SourceRunner, type SourceRunnerOptions } from '../source-runner/runner'
import { type Breakers, type BreakerSettings, createBreakers } from './breakers'
import { HandlerKeys, type HandlerKey, type IngestInput, type IngestRequest, type Pipeline } from './contract'
import { claimFairJob } from './fair-queue'
import { abandonRun, type AbandonEffect, type JournalDeps, MemoCache, runStage } from './journal'
import {
  bossDb,
  DEFAULT_JOB_POLICY,
  type SqlGate,
  INGEST_RUN,
  insertJobs,
  type JobPolicy,
  JOBS_CHANNEL,
  type QueuedJob,
  requeueHeldJobs,
  type StageJob,
  stageJobSchema,
  unfinishedJobs,
} from './queue'
import type { Stage } from './stage'
import { contentIngestor, type DocumentReaders } from './stages/content-ingestor'
import { aliasEnricher, contextPairVerifier, contextUpdater, hypothesisAF, uncertaintyResolver } from './stages/enrichers'
import { eventOrchestrator } from './stages/event-orchestrator'
import { frameEnricher } from './stages/frame-enricher'
import { reprocessor, reprocessProgress } from './stages/reprocess'
import { inputHash, insertInput, getContent, nextReprocessNumber, stageInput } from './store'
import { createWorkerSlots } from './worker-slots'

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
  /** Polls of active sources (server/source-runner): the data-sources routes start and stop them. */
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

/** A queue's spare worker is woken, never polls on its own: an hour between looks is as good as never. */
const SPARE_POLLING_SECONDS = 3600

/** The `status-update` phases that say a document's job waits behind an open breaker, and that it goes on. */
export const PARKING_PHASES = { parked: 'parked', resumed: 'resumed' } as const

/** The handlers a document waits on before processing-complete: their parking is the document's. */
const ANNOUNCED_KEYS = ['Core_ContentIngestor', 'Core_EventOrchestrator', 'Core_FrameEnricher'] as const satisfies readonly HandlerKey[]

export function createPipeline(options: PipelineOptions): PipelineService {
  const { db, clock, ids, analyser } = options
  const log = options.log ?? consoleLog
  const policy: JobPolicy = { ...DEFAULT_JOB_POLICY, ...pick(options.jobs ?? {}, ['expireInSeconds', 'retryLimit', 'retryDelaySeconds', 'retryBackoff']) }
  const concurrency = Math.max(1, options.jobs?.concurrency ?? 2)
  const pollingIntervalSeconds = options.jobs?.pollingIntervalSeconds ?? 2
  const maintenanceIntervalSeconds = options.jobs?.maintenanceIntervalSeconds ?? 30

  let boss: PgBoss | null = null
  let gate: SqlGate = { closed: false, pending: 0 }
  let running = false
  let stopping = false
  let inFlight = 0
  let unlisten: (() => Promise<void>) | null = null
  let unlistenDeletions: (() => Promise<void>) | null = null

  const requireBoss = () => {
    if (!boss) throw new Error('pipeline not started: call start() first')
    return boss
  }
  const enqueue = (tx: Queryable, jobs: QueuedJob[]) => insertJobs(requireBoss(), tx, jobs, policy)
  const slots = createWorkerSlots()
  const wakeLocal = (keys: Iterable<string>, tenantId?: string) => {
    for (const key of keys) {
      const worker = slots.toWake(key, tenantId)
      if (worker !== null) boss?.notifyWorker(worker)
    }
  }
  const wake = async (keys: HandlerKey[], tenantId?: string) => {
    wakeLocal(keys, tenantId)
    const unique = [...new Set(keys)]
    // Other processes' workers (PostgreSQL); in PGlite every worker is in this process.
    if (db.dialect === 'postgres') await db.notify(JOBS_CHANNEL, unique.join(',')).catch((error: unknown) => log.error({ err: error }, 'job wake-up failed'))
  }
  const journal: JournalDeps = { db, clock, ids, enqueue, wake, memos: new MemoCache() }
  const breakers = createBreakers({ db, clock, settings: options.breakers ?? {}, requeue: enqueue, wake, announce: (tx, key, jobs, what) => announceParking(tx, clock.now(), key, jobs, what) })
  // One function for the notifications after commit: the live hub wakes once per session, at its last message.
  async function announceParking(tx: Queryable, now: number, key: HandlerKey, jobs: StageJob[], what: { parked: string } | 'replayed') {
    const last = new Map<string, { tenantId: string; sessionId: string; id: string }>()
    // After processing-complete a parked enricher holds nothing up: the document is done.
    if ((ANNOUNCED_KEYS as readonly string[]).includes(key)) {
      for (const job of jobs) {
        const event = await getEvent(tx, job.tenantId, job.eventId)
        if (!event?.session_id) continue
        const data = what === 'replayed' ? { eventId: event.id, phase: PARKING_PHASES.resumed, handlerKey: key } : { eventId: event.id, phase: PARKING_PHASES.parked, reason: what.parked, handlerKey: key }
        const appended = await appendLiveMessage(tx, { tenantId: job.tenantId, sessionId: event.session_id, type: 'status-update', data, at: now, eventId: event.id })
        last.set(`${job.tenantId}\0${event.session_id}`, { tenantId: job.tenantId, sessionId: event.session_id, id: String(appended.id) })
      }
    }
    return async () => {
      for (const notice of last.values()) await notifyLive(db, notice).catch((error: unknown) => log.error({ err: error }, 'live notify failed'))
    }
  }

  const sources = options.sources ?? createSourceReaders()
  const stages: Record<HandlerKey, Stage> = {
    Core_ContentIngestor: contentIngestor({ sources }),
    Core_EventOrchestrator: eventOrchestrator({ analyser }),
    Core_FrameEnricher: frameEnricher(),
    Core_AliasEnricher: aliasEnricher(),
    Core_ContextUpdater: contextUpdater(),
    Core_ContextPairVerifier: contextPairVerifier(),
    Core_UncertaintyResolver: uncertaintyResolver(),
    Core_HypothesisAF: hypothesisAF(),
  }
  const reprocessStage = reprocessor({ analyser })
  // --- sources that run (issue 7): polls ingest through this pipeline's own ingest.
  const sourceRuns = createSourceRunner(
    { db, clock, log, policy, ingest: (request) => pipeline.ingest(request), readers: options.sourceRuns?.readers ?? feedReadersOf(sources) ?? createSourceReaders() },
    options.sourceRuns,
  )
  const stageFor = (key: HandlerKey, job: StageJob) => (key === 'Core_EventOrchestrator' && job.run !== INGEST_RUN ? reprocessStage : stages[key])

  /** A job runs in its team's lane of the embedded store's connection (server/db/pglite.ts). */
  function handle(key: HandlerKey, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const tenantId = (job.data as { tenantId?: unknown } | null)?.tenantId
    const team = typeof tenantId === 'string' ? tenantId : '?'
    return slots.track(key, team, () => inLane(`team:${team}`, () => handleJob(key, job)))
  }

  async function handleJob(key: HandlerKey, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    // Fair queues: the tenant's round robin of sources may put another of its documents into this job.
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

  async function run(key: HandlerKey, jobs: PgBoss.JobWithMetadata<unknown>[]): Promise<void> {
    for (const job of jobs) {
      inFlight++
      try {
        await handle(key, job)
      } finally {
        inFlight--
      }
    }
  }

  async function startWorkers({ workers, recoverHeldJobs = false }: { workers: boolean; recoverHeldJobs?: boolean }): Promise<{ recoveredJobs: number }> {
    if (running) return { recoveredJobs: 0 }
    gate = { closed: false, pending: 0 }
    const openBoss = async () => {
      const instance = new PgBoss({
        db: bossDb(db, gate),
        // pg-boss's timekeeper sends the source scheduler's cron jobs (issue 7); workers only.
        schedule: workers && sourceRuns.cron !== null,
        supervise: workers,
        migrate: true,
        maintenanceIntervalSeconds,
        ...(options.jobs?.archiveRetentionSeconds ? { deleteAfterSeconds: Math.max(1, Math.round(options.jobs.archiveRetentionSeconds)) } : {}),
        expireInSeconds: policy.expireInSeconds,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
      })
      instance.on('error', (error) => log.error({ err: error }, 'pg-boss error'))
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
    // Processes starting together on a new database race to install pg-boss's schema; the loser retries.
    for (let attempt = 1; ; attempt++) {
      try {
        boss = await openBoss()
        break
      } catch (error) {
        if (attempt >= 5) throw error
        await new Promise((r) => setTimeout(r, 300 * attempt))
      }
    }
    running = true
    stopping = false
    const recoveredJobs = recoverHeldJobs && workers ? await requeueHeldJobs(db) : 0
    await sourceRuns.attach(boss, { workers, pollingIntervalSeconds }) // issue 7: queues, cron, pollers
    if (!workers) return { recoveredJobs }
    for (const key of HandlerKeys) {
      const general: string[] = []
      for (let i = 0; i < concurrency; i++) {
        const self = { id: '' }
        self.id = await boss.work(key, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds }, async (jobs) => {
          await run(key, jobs)
          // Had work, so look again at once: pg-boss would otherwise sleep a polling interval while a
          // backlog waits (wake-ups that arrived during the job were folded into one).
          if (jobs.length > 0 && !stopping) boss?.notifyWorker(self.id)
        })
        general.push(self.id)
      }
      // The spare (worker-slots.ts): woken only for a team with nothing running here; it never polls on its
      // own, and its fetches stand in a lane of their own, not behind the general workers'.
      const spare = await inLane('spare', () => requireBoss().work(key, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: SPARE_POLLING_SECONDS }, (jobs) => run(key, jobs)))
      slots.register(key, general, spare)
    }
    unlisten = await db.listen(JOBS_CHANNEL, (payload) => wakeLocal(payload.split(',')))
    // A deleted document's analysis leaves this process's memory too (issue 16).
    unlistenDeletions = await db.listen(DELETIONS_CHANNEL, (payload) => {
      const notice = parseDeletionNotice(payload)
      if (notice) journal.memos?.forgetEvents(notice.tenantId, notice.eventIds)
    })
    return { recoveredJobs }
  }

  const pipeline: PipelineService = {
    breakers,
    sourceRuns,

    start(options) {
      // The queue's own statements (polling, upkeep, source runs) are a lane of their own; each job's, its team's.
      return inLane('queue', () => startWorkers(options))
    },

    async stopTakingJobs() {
      if (!running || !boss) return
      stopping = true
      for (const key of HandlerKeys) await boss.offWork(key)
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (!running || !boss) return
      stopping = true
      await unlisten?.()
      unlisten = null
      await unlistenDeletions?.()
      unlistenDeletions = null
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

    async ingest(request: IngestRequest) {
      const b = requireBoss()
      const now = clock.now()
      const eventId = ids.next('evt')
      const contentHash = inputHash(request.input)
      const card = cardFor(request.input)
      const job: StageJob = { tenantId: request.tenantId, eventId, run: INGEST_RUN, contentHash }
      // A large text or file goes in parts first (blobs.ts), so the transaction below stays short.
      const staged = await stageInput(db, request.tenantId, eventId, request.input)
      await db.transaction(async (tx) => {
        await insertEvent(tx, request.tenantId, {
          id: eventId,
          researchId: request.researchId,
          sessionId: request.sessionId,
          projectId: request.projectId,
          dataSourceId: request.dataSourceId,
          type: card.type,
          eventType: card.type,
          title: card.title,
          status: 'processing',
          payload: card.payload,
          contentHash: null,
          uploadedAt: now,
          now,
        })
        await insertInput(tx, request.tenantId, eventId, request.input, contentHash, now, staged)
        await insertJobs(b, tx, [{ key: 'Core_ContentIngestor', job }], policy)
        if (!request.sessionId) return
        const skeleton = await appendLiveMessage(tx, {
          tenantId: request.tenantId,
          sessionId: request.sessionId,
          type: 'genesis-event-skeleton',
          data: { eventId, eventType: card.type, ...(card.title ? { title: card.title } : {}), payload: card.payload, uploadedAt: new Date(now).toISOString() },
          at: now,
        })
        await notifyLiveOnCommit(tx, { tenantId: request.tenantId, sessionId: request.sessionId, id: String(skeleton.id) })
      })
      await wake(['Core_ContentIngestor'], request.tenantId)
      return { eventId }
    },

    async reprocess({ tenantId, eventId }) {
      const b = requireBoss()
      const event = await getEvent(db, tenantId, eventId)
      if (!event) throw notFound('Event')
      if (event.status !== 'completed' && event.status !== 'error') throw conflict('This document is still being processed')
      const content = await getContent(db, tenantId, eventId)
      if (!content) throw conflict('This document has no stored content to reprocess')
      const now = clock.now()
      const started = await db.transaction(async (tx) => {
        const n = await nextReprocessNumber(tx, tenantId, eventId)
        // Deleted since it was read: nothing to reprocess, and nothing may be said about it on the log.
        if (n === null) throw notFound('Event')
        const job: StageJob = { tenantId, eventId, run: `reprocess-${n}`, contentHash: content.contentHash }
        await insertJobs(b, tx, [{ key: 'Core_EventOrchestrator', job }], policy)
        if (!event.session_id) return null
        const m = reprocessProgress(eventId, 'starting', 0)
        return appendLiveMessage(tx, { tenantId, sessionId: event.session_id, type: m.type, data: m.data, at: now })
      })
      if (started && event.session_id) await notifyLive(db, { tenantId, sessionId: event.session_id, id: String(started.id) })
      await wake(['Core_EventOrchestrator'], tenantId)
    },
  }
  return pipeline
}

/** Stage effects when a run is given up after its last retry. */
const abandonEffect = (key: HandlerKey, job: StageJob): AbandonEffect =>
  key === 'Core_EventOrchestrator' && job.run !== INGEST_RUN
    ? 'fail-reprocess'
    : key === 'Core_ContentIngestor' || key === 'Core_EventOrchestrator' || key === 'Core_FrameEnricher'
      ? 'fail-document'
      : 'none'

/** The card a new input starts as (spec §3: type and payload facts known before any reading). */
function cardFor(input: IngestInput): { type: string; title: string | null; payload: Record<string, unknown> } {
  switch (input.kind) {
    case 'text':
      // Its first line names it until the analysis does (and for good if the analysis fails).
      return { type: 'text', title: input.title?.trim() || null, payload: { fileType: 'text/plain', fileSize: Buffer.byteLength(input.text, 'utf8'), ...headlineOf(input.text) } }
    case 'url':
      return { type: 'news_article', title: null, payload: { sourceUrl: input.url } }
    case 'document':
      return {
        type: 'document',
        title: null,
        payload: { originalFilename: input.fileName, fileType: input.contentType || mimeOf(input.fileName), fileSize: input.bytes.byteLength },
      }
  }
}

/**
 * A pasted text's first line as `title`, cut between characters at 120 (none for a text of blanks); a
 * stamp or byline above the headline ("Updated 09:12 GMT", "By Ana Whitfield") is passed over.
 */
function headlineOf(text: string): { title?: string } {
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l !== '')
  const line = lines.find((l) => !notAHeadline(l)) ?? lines[0]
  if (!line) return {}
  const chars = Array.from(line)
  return { title: chars.length > HEADLINE_CHARS ? `${chars.slice(0, HEADLINE_CHARS - 1).join('')}…` : line }
}

const HEADLINE_CHARS = 120

function mimeOf(fileName: string): string {
  try {
    return DOCUMENT_MIME_TYPES[documentTypeOf(fileName)]
  } catch {
    return 'application/octet-stream'
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {}
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k]
  return out
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

const consoleLog: PipelineLog = {
  info: () => {},
  error: (obj, msg) => console.error(`[pipeline] ${msg ?? ''}`, obj),
}
