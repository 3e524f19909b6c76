/**
 * Fair-queue test support: pg-boss over a test database with the stage queues, documents queued as the
 * pipeline queues them (their event row, then insertJobs in one transaction), and jobs taken as a worker
 * takes them (pg-boss's own fetch, then the claim).
 */
import PgBoss from 'pg-boss'
import { expect } from 'vitest'
import type { Database } from '../../../server/platform/db/database'
import type { HandlerKey } from '../../../server/modules/pipeline/contract'
import { claimFairJob } from '../../../server/modules/pipeline/fair-queue'
import { bossDb, BOSS_SCHEMA, insertJobs, type JobPolicy, type StageJob, stageJobSchema } from '../../../server/modules/pipeline/queue'
import { insertEvent } from '../../../server/modules/session-data/queries'

export const QUEUES = ['Core_ContentIngestor', 'Core_EventOrchestrator'] as const satisfies readonly HandlerKey[]
export type Queue = (typeof QUEUES)[number]

/** One retry, at once: what the model calls a retry. */
export const POLICY: JobPolicy = { expireInSeconds: 300, retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false }

/** pg-boss with the stage queues, installed on `db` (its workers are not started: tests fetch by hand). */
export async function openBoss(db: Database): Promise<PgBoss> {
  const boss = new PgBoss({ db: bossDb(db), supervise: false, schedule: false, migrate: true })
  boss.on('error', (error) => console.error('[pg-boss]', error))
  await boss.start()
  for (const q of QUEUES) if (!(await boss.getQueue(q))) await boss.createQueue(q, { name: q })
  return boss
}

/** Empties the queues, the fair-queue state, the events and their sources. */
export async function resetQueues(db: Database): Promise<void> {
  await db.query(`DELETE FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[])`, [QUEUES])
  await db.exec('TRUNCATE pipeline_fair_queues, pipeline_fair_lanes, pipeline_fair_sources, events, data_sources CASCADE')
}

export interface Doc {
  tenantId: string
  eventId: string
  /** The data source of its event (an RSS feed unless `kind` says otherwise); '' for none. */
  source: string
  kind?: string
}

export const stageJob = (d: Pick<Doc, 'tenantId' | 'eventId'>): StageJob => ({ tenantId: d.tenantId, eventId: d.eventId, run: 'ingest', contentHash: 'h' })

/** Queues documents as one transaction of the pipeline would: their events (new ones), then their jobs. */
export async function enqueue(db: Database, boss: PgBoss, queue: Queue, docs: readonly Doc[], options: { fresh?: boolean } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    for (const d of docs) {
      if (d.source !== '') {
        await tx.query(
          `INSERT INTO data_sources (tenant_id, id, kind, display_name, status, research_id, session_id, owner_user_id, created_at, updated_at)
           VALUES ($1, $2, $3, $2, 'active', 'res_1', 'ses_1', 'u1', now(), now()) ON CONFLICT (tenant_id, id) DO NOTHING`,
          [d.tenantId, d.source, d.kind ?? 'rss'],
        )
      }
      await insertEvent(tx, d.tenantId, {
        id: d.eventId,
        researchId: null,
        sessionId: null,
        projectId: null,
        dataSourceId: d.source === '' ? null : d.source,
        type: 'text',
        eventType: 'text',
        title: null,
        status: 'processing',
        payload: {},
        contentHash: null,
        uploadedAt: null,
        now: Date.parse('2026-11-20T09:00:00Z'),
      })
    }
    await insertJobs(
      boss,
      tx,
      docs.map((d) => ({ key: queue, job: stageJob(d), ...(options.fresh ? { fresh: true } : {}) })),
      POLICY,
    )
  })
  await nextMillisecond(db, docs)
}

/**
 * Waits (a few quick statements) until the database clock has passed these documents' `created_on`: pg-boss
 * orders jobs of equal priority by it, and PGlite's clock counts milliseconds, so two transactions in one
 * millisecond would tie and fall to their ids. Each `enqueue` is thus older than the next, as it would be.
 */
async function nextMillisecond(db: Database, docs: readonly Doc[]): Promise<void> {
  const ids = docs.map((d) => d.eventId)
  const [row] = await db.query<{ at: string | null }>(`SELECT max(created_on)::text AS at FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[]) AND data->>'eventId' = ANY($2::text[])`, [QUEUES, ids])
  if (!row?.at) return
  while (!(await db.query<{ past: boolean }>(`SELECT clock_timestamp() > $1::timestamptz AS past`, [row.at]))[0]?.past) {}
}

/**
 * Makes every waiting job of the queues due now. pg-boss takes only jobs whose `start_after` is before
 * the statement's `now()`, and PGlite's clock counts milliseconds: a job queued in the same millisecond
 * would not be seen yet. The order (priority, created_on, id) does not involve `start_after`.
 */
export async function makeDue(db: Database): Promise<void> {
  await db.query(`UPDATE ${BOSS_SCHEMA}.job SET start_after = now() - interval '1 hour' WHERE name = ANY($1::text[]) AND state < 'active'`, [QUEUES])
}

export interface Taken {
  /** pg-boss's id of the job the worker took. */
  id: string
  /** Its data when fetched, and what the claim says to run (another document of its tenant, maybe). */
  fetched: StageJob
  runs: StageJob
  retryCount: number
}

/** Takes the next job of `queue` as a worker does: pg-boss's fetch, then the claim. Null when none waits. */
export async function take(db: Database, boss: PgBoss, queue: Queue, options: { rebaseAt?: number } = {}): Promise<Taken | null> {
  await makeDue(db)
  const [job] = await boss.fetch<unknown>(queue, { batchSize: 1, includeMetadata: true })
  if (!job) return null
  const claim = await claimFairJob(db, queue, job.id, options)
  expect(claim, `claim of ${job.id}`).not.toBeNull()
  return { id: job.id, fetched: stageJobSchema.parse(job.data), runs: stageJobSchema.parse(claim?.data), retryCount: job.retryCount }
}
