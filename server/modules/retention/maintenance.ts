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
import type { Database } from '../../platform/db/database'
import { pruneLiveLogBefore } from '../live'
import { sweepOrphanBlobs } from '../pipeline'
import { PURGE_TASK } from './erase'
import { bossInstalled } from './queries/erase'
import {
  analyze,
  deleteArchivedBossJobs,
  deleteBreakerFailuresBefore,
  deleteContentsBefore,
  deleteDoneStageRuns,
  deleteFinishedInputs,
  deleteOrphanParkedJobs,
  markTaskRun,
  readTaskState,
  settlePending,
  stopWalRecycling,
  switchWalAndCheckpoint,
  vacuumAnalyze,
  vacuumFull,
} from './queries/maintenance'

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
  // Running runs stay whatever their age: a job parked behind a breaker for weeks resumes from them.
  const stageRuns = await deleteDoneStageRuns(db, cutoff)
  const breakerFailures = await deleteBreakerFailuresBefore(db, cutoff)
  const parkedJobs = await deleteOrphanParkedJobs(db)
  // Uploaded bytes of a document that ended without being read (its ingestor gave up) are not needed again.
  const inputs = await deleteFinishedInputs(db, cutoff)
  const bossJobs = (await bossInstalled(db)) ? await deleteArchivedBossJobs(db, cutoff) : 0
  const contents = settings.contentRetentionMs > 0 ? await deleteContentsBefore(db, new Date(now - settings.contentRetentionMs).toISOString()) : 0
  const orphanBlobParts = await sweepOrphanBlobs(db, now)
  return { liveMessages, stageRuns, bossJobs, breakerFailures, parkedJobs, inputs, contents, orphanBlobParts }
}

/** PGlite: VACUUM ANALYZE the whole database. */
export async function vacuumDatabase(db: Database): Promise<void> {
  if (db.dialect !== 'pglite') return
  await vacuumAnalyze(db)
}

/**
 * PGlite: rewrites the database's files without anything deleted (the purge of the header). Takes the
 * database for its duration (seconds on a big one).
 */
export async function purgeDeletedFromFiles(db: Database): Promise<void> {
  if (db.dialect !== 'pglite') return
  await analyze(db)
  await vacuumFull(db)
  // Removed segments are deleted instead of renamed for reuse with their old pages inside (pglite.ts sets
  // it when the store opens; again here so a purge stands on its own).
  await stopWalRecycling(db)
  // Twice: the first checkpoint may still need the segment the switch left; the second does not.
  for (let i = 0; i < 2; i++) await switchWalAndCheckpoint(db)
}

/** One pass: retention, then on PGlite the vacuum and the purge when they are due. */
export async function runMaintenance(db: Database, clock: Clock, settings: MaintenanceSettings): Promise<MaintenanceReport> {
  const now = clock.now()
  const pruned = await pruneExpired(db, now, settings)
  if (db.dialect !== 'pglite') return { ...pruned, vacuumed: false, purged: false }
  const purge = await readTaskState(db, PURGE_TASK)
  // A purge does all a vacuum does and more.
  const purged = purge.pending > 0 && due(purge.lastRunAt, now, settings.purgeEveryMs)
  if (purged) {
    await purgeDeletedFromFiles(db)
    // Deletions committed while it ran stay counted for the next one.
    await settlePending(db, PURGE_TASK, purge.pending, now)
  }
  const vacuum = await readTaskState(db, VACUUM_TASK)
  const vacuumed = !purged && due(vacuum.lastRunAt, now, settings.vacuumEveryMs)
  if (vacuumed) await vacuumDatabase(db)
  if (purged || vacuumed) await markTaskRun(db, VACUUM_TASK, now)
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
