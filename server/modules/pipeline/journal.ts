/**
 * The stage-run journal: what makes a stage job safe to run twice (a crash and pg-boss's retry, a
 * duplicate delivery, a handler that outlived its expiry while its retry started).
 *
 * - A run is keyed by (tenant, event, run, stage, content hash); a run already `done` is skipped.
 * - The n-th message a run emits is appended only if the run has appended fewer than n so far: the
 *   counter is bumped with a compare-and-set in the message's own transaction, so two copies of a run
 *   racing each other append it once between them, and a retry resumes after the last message that made it.
 *   A batch of messages claims its positions together, in one transaction with its write.
 * - Memoised results are first-writer-wins: racing copies both continue with the same value. Recent
 *   memos are also kept in process (MemoCache), so the stages after the orchestrator need not read the
 *   analysis back from the database when they run where it was made.
 * - Finishing marks the run done, applies the outcome's write and queues the next jobs in one
 *   transaction; only the copy that flips the run to done does so.
 *
 * The statements are in queries/journal.ts.
 */
import type { z } from 'zod'
import type { Clock, Ids } from '../../platform/core/runtime'
import type { Database, Queryable } from '../../platform/db/database'
import { appendLiveMessage, appendLiveMessages, notifyLive, notifyLiveOnCommit } from '../live'
import { recordDocumentOutcome } from '../data-sources'
import { type EventRow, getEvent, updateEvent } from '../session-data'
import type { HandlerKey } from './contract'
import { claimPositions, markRunAbandoned, markRunFinished, openRunRow, type RunKey, selectMemo, storeMemo } from './queries/journal'
import type { QueuedJob, StageJob } from './queue'
import type { MessageAmendment, Stage, StageContext, StageMessage, StageOutcome } from './stage'

export interface JournalDeps {
  db: Database
  clock: Clock
  ids: Ids
  /** Queues jobs inside the given transaction. */
  enqueue: (tx: Queryable, jobs: QueuedJob[]) => Promise<void>
  /** Tells workers of these queues that jobs are waiting (after commit). */
  /** Wakes workers of those queues for jobs just queued (of `tenantId`, when one team's). */
  wake: (keys: HandlerKey[], tenantId?: string) => Promise<void>
  memos?: MemoCache
}

/** Runs `stage` for `job` unless this run is done already; null when there was nothing to do. */
export async function runStage(deps: JournalDeps, key: HandlerKey, job: StageJob, stage: Stage): Promise<StageOutcome | null> {
  const event = await getEvent(deps.db, job.tenantId, job.eventId)
  // The card was deleted meanwhile: nothing left to process.
  if (!event) return null
  const run = await openRun(deps.db, key, job, deps.clock.now())
  if (run.state === 'done') return null
  const outcome = await stage(job, stageContext(deps, key, job, event, run))
  await finishRun(deps, key, job, outcome)
  return outcome
}

/** What giving up on a run tells the card: the document failed, the reprocess failed, or nothing. */
export type AbandonEffect = 'fail-document' | 'fail-reprocess' | 'none'

/**
 * Ends a run that cannot succeed (its last retry failed): marks it done and, once, tells the card:
 * `processing-error` with the card in error, or a failed reprocess with the card left as it was.
 */
export async function abandonRun(deps: JournalDeps, key: HandlerKey, job: StageJob, message: string, effect: AbandonEffect): Promise<void> {
  const event = await getEvent(deps.db, job.tenantId, job.eventId)
  if (!event) return
  const now = deps.clock.now()
  await openRun(deps.db, key, job, now)
  const appended = await deps.db.transaction(async (tx) => {
    const flipped = await markRunAbandoned(tx, runKey(key, job), iso(now))
    if (!flipped || effect === 'none' || !event.session_id) {
      if (flipped && effect === 'fail-document') {
        await updateEvent(tx, job.tenantId, job.eventId, { status: 'error', error: message, now })
        await recordDocumentOutcome(tx, job.tenantId, event.data_source_id, { error: message }, now)
      }
      return null
    }
    const base = { tenantId: job.tenantId, sessionId: event.session_id, at: now, eventId: event.id }
    if (effect === 'fail-reprocess') {
      return appendLiveMessage(tx, { ...base, type: 'genesis_event_updated', data: { eventId: event.id, trigger: 'manual_reprocess', stage: 'failed', percentage: 0, error: message } })
    }
    await updateEvent(tx, job.tenantId, job.eventId, { status: 'error', error: message, now })
    await recordDocumentOutcome(tx, job.tenantId, event.data_source_id, { error: message }, now)
    return appendLiveMessage(tx, { ...base, type: 'processing-error', data: errorData(event, message) })
  })
  if (appended && event.session_id) await notifyLive(deps.db, { tenantId: job.tenantId, sessionId: event.session_id, id: String(appended.id) })
}

/** The stored memo `name` of a stage's run for this job (the frame enricher reads the orchestrator's analysis). */
export async function readMemo<T>(deps: Pick<JournalDeps, 'db' | 'memos'>, key: HandlerKey, job: StageJob, name: string, schema: z.ZodType<T>): Promise<T | null> {
  const cached = deps.memos?.get(memoKey(key, job, name), schema)
  if (cached !== undefined) return cached
  const parsed = schema.safeParse(await selectMemo(deps.db, runKey(key, job), name))
  return parsed.success ? remember(deps, key, job, name, schema, parsed.data) : null
}

/**
 * Memoised values of recent runs, by run key and name: the stages after the orchestrator read its
 * analysis from here instead of the database when they run in the same process. Sound because a stored
 * memo never changes (first writer wins) and entries are only ever filled with the stored value.
 */
export class MemoCache {
  private readonly entries = new Map<string, { schema: z.ZodType<unknown>; value: unknown }>()
  constructor(private readonly capacity = 64) {}

  get<T>(key: string, schema: z.ZodType<T>): T | undefined {
    const entry = this.entries.get(key)
    if (!entry || entry.schema !== schema) return undefined
    // Refresh its place: the map's order is the eviction order.
    this.entries.delete(key)
    this.entries.set(key, entry)
    // Safe: the value was produced or validated by this very schema object when it was stored.
    return entry.value as T
  }

  set<T>(key: string, schema: z.ZodType<T>, value: T): void {
    this.entries.delete(key)
    this.entries.set(key, { schema, value })
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string)
  }

  /** Drops every memo of these documents: they were deleted, and what was analysed of them goes too. */
  forgetEvents(tenantId: string, eventIds: readonly string[]): void {
    // A key starts with its tenant and event (memoKey), so a prefix names all of a document's memos.
    const prefixes = eventIds.map((eventId) => memoKeyPrefix(tenantId, eventId))
    for (const key of [...this.entries.keys()]) if (prefixes.some((p) => key.startsWith(p))) this.entries.delete(key)
  }

  get size(): number {
    return this.entries.size
  }
}

/** `processing-error` data for an event: the error, and the file name when it was a file. */
export function errorData(event: EventRow, message: string): { eventId: string; error: string; filename?: string } {
  const filename = event.payload.originalFilename
  return { eventId: event.id, error: message, ...(typeof filename === 'string' ? { filename } : {}) }
}

interface OpenRun {
  state: 'running' | 'done'
  emitted: number
  memo: Record<string, unknown>
}

async function openRun(db: Queryable, key: HandlerKey, job: StageJob, now: number): Promise<OpenRun> {
  const row = await openRunRow(db, runKey(key, job), iso(now))
  const memo = row?.memo
  return {
    state: row?.state === 'done' ? 'done' : 'running',
    emitted: Number(row?.emitted ?? 0),
    memo: memo !== null && typeof memo === 'object' && !Array.isArray(memo) ? (memo as Record<string, unknown>) : {},
  }
}

function stageContext(deps: JournalDeps, key: HandlerKey, job: StageJob, event: EventRow, run: OpenRun): StageContext {
  const { db, clock } = deps
  const params = runKey(key, job)
  let position = 0
  return {
    clock,
    ids: deps.ids,
    db,
    tenantId: job.tenantId,
    event,
    async emit(messages: StageMessage | readonly StageMessage[], write?: (tx: Queryable) => Promise<void | MessageAmendment>) {
      const batch: readonly StageMessage[] = Array.isArray(messages) ? messages : [messages as StageMessage]
      const n = position
      position += batch.length
      // Appended by an earlier attempt of this run (a batch goes whole or not at all): the write went with it.
      if (n < run.emitted) return
      const at = clock.now()
      await db.transaction(async (tx) => {
        // A racing copy of this run got there first.
        if (!(await claimPositions(tx, params, n, iso(at), batch.length))) return
        const amend = write ? await write(tx) : undefined
        if (!event.session_id) return
        const messages = batch.map((original) => {
          const m = amend ? amend(original) : original
          return { type: m.type, data: m.data as Record<string, unknown>, at, eventId: event.id }
        })
        const last = (await appendLiveMessages(tx, job.tenantId, event.session_id, messages)).at(-1)
        if (last) await notifyLiveOnCommit(tx, { tenantId: job.tenantId, sessionId: event.session_id, id: String(last.id) })
      })
    },
    async memo<T>(name: string, schema: z.ZodType<T>, compute: () => Promise<T>): Promise<T> {
      const cached = deps.memos?.get(memoKey(key, job, name), schema)
      if (cached !== undefined) return cached
      if (name in run.memo) {
        const kept = schema.safeParse(run.memo[name])
        if (kept.success) return remember(deps, key, job, name, schema, kept.data)
      }
      const value = await compute()
      const row = await storeMemo(db, params, name, JSON.stringify(value), iso(clock.now()))
      // First writer wins: a racing copy that stored its value first decides for both.
      if (row?.mine === false) {
        const stored = schema.safeParse(row.value)
        if (stored.success) return remember(deps, key, job, name, schema, stored.data)
      }
      return remember(deps, key, job, name, schema, value)
    },
    async recall<T>(stage: HandlerKey, name: string, schema: z.ZodType<T>): Promise<T | null> {
      return readMemo(deps, stage, job, name, schema)
    },
  }
}

async function finishRun(deps: JournalDeps, key: HandlerKey, job: StageJob, outcome: StageOutcome): Promise<void> {
  const next: QueuedJob[] = outcome.next.map((n) => ({ key: n.key, job: { ...job, contentHash: n.contentHash } }))
  const finished = await deps.db.transaction(async (tx) => {
    const flipped = await markRunFinished(tx, runKey(key, job), outcome.failure ? 'failed' : 'completed', iso(deps.clock.now()), JSON.stringify(outcome.record ?? {}))
    if (!flipped) return false
    if (outcome.write) await outcome.write(tx)
    await deps.enqueue(tx, next)
    return true
  })
  if (finished && next.length > 0)
    await deps.wake(
      next.map((n) => n.key),
      job.tenantId,
    )
}

function remember<T>(deps: Pick<JournalDeps, 'memos'>, key: HandlerKey, job: StageJob, name: string, schema: z.ZodType<T>, value: T): T {
  deps.memos?.set(memoKey(key, job, name), schema, value)
  return value
}

const memoKey = (key: HandlerKey, job: StageJob, name: string) => JSON.stringify([job.tenantId, job.eventId, job.run, key, job.contentHash, name])
const memoKeyPrefix = (tenantId: string, eventId: string) => `${JSON.stringify([tenantId, eventId]).slice(0, -1)},`

function runKey(key: HandlerKey, job: StageJob): RunKey {
  return [job.tenantId, job.eventId, job.run, key, job.contentHash]
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}
