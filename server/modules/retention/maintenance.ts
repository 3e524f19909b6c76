/**
 * Retention and the embedded database's upkeep (issue 16), run every MAINTENANCE_MINUTES by the processes
 * that run workers (`npm start`, `npm run worker`); each step is idempotent, so several workers on one
 * PostgreSQL server may run it side by side.
 *
 * 1. Retention (`pruneExpired`), on both databases:
 *    - live messages older than LIVE_LOG_RETENTION_DAYS, each session's log from its start (live/log.ts);
 *    - after PIPELINE_RETENTION_DAYS: finished stage runs (their memos keep whole analyses), pg-boss's
 *      archived jobs (pg-boss drops them after the same time while it supervises), breaker failures, the
 *      input of a document that finished without its ingestor consuming it; at once: parked jobs whose
 *      document is gone;
 *    - with CONTENT_RETENTION_DAYS above 0, stored full text not analysed for that long (reprocess then
 *      answers that the document has no stored content).
 * 2. PGlite only (it has no autovacuum; a PostgreSQL server has its own):
 *    - `VACUUM ANALYZE` every DB_VACUUM_MINUTES, so dead rows are reused rather than piling up.
 *    - After a deletion (erase.ts counts them in `maintenance_state`), at most every DB_PURGE_MINUTES, the
 *      purge: ANALYZE (statistics sample column values), VACUUM FULL (every table and index written anew,
 *      the old files truncated), then WAL switched and checkpointed twice with WAL recycling off, so old
 *      segments, which hold page images of the deleted rows, are removed rather than renamed for reuse.
 *      Afterwards no file under DATA_DIR/db holds deleted content (tests/server/retention/erase.test.ts).
 *
 * Measured with `npm run bench:vacuum` (PGlite 0.3, 2 shared cores): a 10,000-document workspace with
 * 100,000 frames, 150,000 live messages, stored texts and stage runs (640 MB on disk): VACUUM ANALYZE
 * 1.1–1.5 s (mostly ANALYZE's sampling; VACUUM alone is tens of ms once the visibility map knows the clean
 * pages); deleting a document 15 ms; the purge 7 s, after which the folder is 330 MB. The server waits
 * meanwhile (PGlite is one connection), hence VACUUM hourly and a purge only when something was deleted,
 * at most hourly: deleted content leaves the data folder's files within about 75 minutes.
 */
import type { ServerConfig } from '../../platform/config'
import type { Clock } from '../../platform/core/runtime'
import type { Database, Queryable } from '../../platform/db/database'
import { pruneLiveLogBefore } from '../live'
import { sweepOrphanBlobs } from '../pipeline'
import { BOSS_SCHEMA } from '../pipeline'
import { bossInstalled, PURGE_TASK } from './erase'

export interface MaintenanceSettings {
  liveLogRetentionMs: number
  pipelineRetentionMs: number
  /** 0: stored content is kept as long as its document. */
  contentRetentionMs: number
  intervalMs: number
  vacuumEveryMs: number
  purgeEveryMs: number
}

export function maintenanceSettings(
  config: Pick<ServerConfig, 'LIVE_LOG_RETENTION_DAYS' | 'PIPELINE_RETENTION_DAYS' | 'CONTENT_RETENTION_DAYS' | 'MAINTENANCE_MINUTES' | 'DB_VACUUM_MINUTES' | 'DB_PURGE_MINUTES'>,
): MaintenanceSettings {
  return {
    liveLogRetentionMs: config.LIVE_LOG_RETENTION_DAYS * DAY_MS,
    pipelineRetentionMs: config.PIPELINE_RETENTION_DAYS * DAY_MS,
    contentRetentionMs: config.CONTENT_RETENTION_DAYS * DAY_MS,
    intervalMs: config.MAINTENANCE_MINUTES * MINUTE_MS,
    vacuumEveryMs: config.DB_VACUUM_MINUTES * MINUTE_MS,
    purgeEveryMs: config.DB_PURGE_MINUTES * MINUTE_MS,
  }
}

/** What one pass removed (rows) and did. */
export interface MaintenanceReport {
  liveMessages: number
  stageRuns: number
  bossJobs: number
  breakerFailures: number
  parkedJobs: number
  inputs: number
  contents: number
  /** Parts of large values whose row never committed (server/modules/pipeline/blobs.ts). */
  orphanBlobParts: number
  vacuumed: boolean
  purged: boolean
}

/** Retention alone: deletes what has been kept long enough, on either database. */
export async function pruneExpired(
  db: Database,
  now: number,
  settings: Pick<MaintenanceSettings, 'liveLogRetentionMs' | 'pipelineRetentionMs' | 'contentRetentionMs'>,
): Promise<Omit<MaintenanceReport, 'vacuumed' | 'purged'>> {
  let liveMessages = 0
  // A batch of sessions at a time: a first run on an old database has a lot to cut.
  for (let n = -1; n !== 0; ) liveMessages += n = await pruneLiveLogBefore(db, now - settings.liveLogRetentionMs)
  const cutoff = new Date(now - settings.pipelineRetentionMs).toISOString()
  const count = async (sql: string, params: readonly unknown[]) => (await db.query<{ n: string | number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*) AS n FROM gone`, params))[0]?.n ?? 0
  // Running runs stay whatever their age: a job parked behind a breaker for weeks resumes from them.
  const stageRuns = Number(await count(`DELETE FROM pipeline_stage_runs WHERE state = 'done' AND updated_at < $1`, [cutoff]))
  const breakerFailures = Number(await count(`DELETE FROM pipeline_breaker_failures WHERE at < $1`, [cutoff]))
  const parkedJobs = Number(await count(`DELETE FROM pipeline_parked_jobs p WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = p.tenant_id AND e.id = p.data->>'eventId')`, []))
  // Uploaded bytes of a document that ended without being read (its ingestor gave up) are not needed again.
  const inputs = Number(
    await count(
      `DELETE FROM pipeline_inputs i USING events e
       WHERE e.tenant_id = i.tenant_id AND e.id = i.event_id AND e.status IN ('completed', 'error') AND i.created_at < $1`,
      [cutoff],
    ),
  )
  const bossJobs = (await bossInstalled(db)) ? Number(await count(`DELETE FROM ${BOSS_SCHEMA}.archive WHERE archived_on < $1`, [cutoff])) : 0
  const contents = settings.contentRetentionMs > 0 ? Number(await count(`DELETE FROM pipeline_contents WHERE updated_at < $1`, [new Date(now - settings.contentRetentionMs).toISOString()])) : 0
  const orphanBlobParts = await sweepOrphanBlobs(db, now)
  return { liveMessages, stageRuns, bossJobs, breakerFailures, parkedJobs, inputs, contents, orphanBlobParts }
}

/** PGlite: VACUUM ANALYZE the whole database. */
export async function vacuumDatabase(db: Database): Promise<void> {
  if (db.dialect !== 'pglite') return
  await db.exec('VACUUM ANALYZE')
}

/**
 * PGlite: rewrites the database's files without anything deleted (the purge of the header). Takes the
 * database for its duration (seconds on a big one).
 */
export async function purgeDeletedFromFiles(db: Database): Promise<void> {
  if (db.dialect !== 'pglite') return
  await db.exec('ANALYZE')
  await db.exec('VACUUM FULL')
  // Removed segments are deleted instead of renamed for reuse with their old pages inside (pglite.ts sets
  // it when the store opens; again here so a purge stands on its own).
  await db.exec('SET wal_recycle = off')
  // Twice: the first checkpoint may still need the segment the switch left; the second does not.
  for (let i = 0; i < 2; i++) {
    await db.query('SELECT pg_switch_wal()')
    await db.exec('CHECKPOINT')
  }
}

/** One pass: retention, then on PGlite the vacuum and the purge when they are due. */
export async function runMaintenance(db: Database, clock: Clock, settings: MaintenanceSettings): Promise<MaintenanceReport> {
  const now = clock.now()
  const pruned = await pruneExpired(db, now, settings)
  if (db.dialect !== 'pglite') return { ...pruned, vacuumed: false, purged: false }
  const purge = await taskState(db, PURGE_TASK)
  // A purge does all a vacuum does and more.
  const purged = purge.pending > 0 && due(purge.lastRunAt, now, settings.purgeEveryMs)
  if (purged) {
    await purgeDeletedFromFiles(db)
    // Deletions committed while it ran stay counted for the next one.
    await db.query(`UPDATE maintenance_state SET pending = pending - $2, last_run_at = $3 WHERE task = $1`, [PURGE_TASK, purge.pending, new Date(now).toISOString()])
  }
  const vacuum = await taskState(db, VACUUM_TASK)
  const vacuumed = !purged && due(vacuum.lastRunAt, now, settings.vacuumEveryMs)
  if (vacuumed) await vacuumDatabase(db)
  if (purged || vacuumed) await markRun(db, VACUUM_TASK, now)
  return { ...pruned, vacuumed, purged }
}

export interface Maintenance {
  /** A pass now (after the one in flight, if any). */
  runNow(): Promise<MaintenanceReport>
  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void>
}

/** Runs `runMaintenance` every `intervalMs`, starting one interval after the start. */
export function startMaintenance(deps: { db: Database; clock: Clock; config: Parameters<typeof maintenanceSettings>[0]; log?: { error(message: string, error: unknown): void } }): Maintenance {
  const settings = maintenanceSettings(deps.config)
  const log = deps.log ?? { error: (message: string, error: unknown) => console.error(message, error instanceof Error ? error.message : error) }
  let running: Promise<MaintenanceReport> | null = null
  let stopped = false
  const runNow = async (): Promise<MaintenanceReport> => {
    while (running) await running.catch(() => {})
    running = runMaintenance(deps.db, deps.clock, settings)
    try {
      return await running
    } finally {
      running = null
    }
  }
  const timer = setInterval(() => {
    if (stopped || running) return
    runNow().catch((error: unknown) => log.error('Maintenance (retention, vacuum) failed:', error))
  }, settings.intervalMs)
  timer.unref()
  return {
    runNow,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running?.catch(() => {})
    },
  }
}

const MINUTE_MS = 60_000
const DAY_MS = 86_400_000
const VACUUM_TASK = 'vacuum'

function due(lastRunAt: number | null, now: number, everyMs: number): boolean {
  return lastRunAt === null || now - lastRunAt >= everyMs
}

async function taskState(q: Queryable, task: string): Promise<{ pending: number; lastRunAt: number | null }> {
  const row = (await q.query<{ pending: string | number; last_run_at: Date | string | null }>(`SELECT pending, last_run_at FROM maintenance_state WHERE task = $1`, [task]))[0]
  return { pending: Number(row?.pending ?? 0), lastRunAt: row?.last_run_at == null ? null : new Date(row.last_run_at).getTime() }
}

async function markRun(q: Queryable, task: string, now: number): Promise<void> {
  await q.query(`INSERT INTO maintenance_state (task, last_run_at) VALUES ($1, $2) ON CONFLICT (task) DO UPDATE SET last_run_at = EXCLUDED.last_run_at`, [task, new Date(now).toISOString()])
}
