/**
 * The statements of retention and upkeep (../maintenance.ts decides when each runs), and the
 * `maintenance_state` rows that say when a task last ran and how much is pending for it.
 */
import type { Database, Queryable } from '../../../platform/db/database'
import { BOSS_SCHEMA } from '../../pipeline'

/** Finished stage runs last touched before `cutoff` (ISO); how many went. Running runs stay whatever their age. */
export async function deleteDoneStageRuns(q: Queryable, cutoff: string): Promise<number> {
  return countDeleted(q, `DELETE FROM pipeline_stage_runs WHERE state = 'done' AND updated_at < $1`, [cutoff])
}

export async function deleteBreakerFailuresBefore(q: Queryable, cutoff: string): Promise<number> {
  return countDeleted(q, `DELETE FROM pipeline_breaker_failures WHERE at < $1`, [cutoff])
}

/** Parked jobs whose document is gone. */
export async function deleteOrphanParkedJobs(q: Queryable): Promise<number> {
  return countDeleted(q, `DELETE FROM pipeline_parked_jobs p WHERE NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = p.tenant_id AND e.id = p.data->>'eventId')`, [])
}

/** Stored inputs of documents that completed or failed, stored before `cutoff`. */
export async function deleteFinishedInputs(q: Queryable, cutoff: string): Promise<number> {
  return countDeleted(
    q,
    `DELETE FROM pipeline_inputs i USING events e
       WHERE e.tenant_id = i.tenant_id AND e.id = i.event_id AND e.status IN ('completed', 'error') AND i.created_at < $1`,
    [cutoff],
  )
}

/** pg-boss's archived jobs archived before `cutoff` (its tables must exist). */
export async function deleteArchivedBossJobs(q: Queryable, cutoff: string): Promise<number> {
  return countDeleted(q, `DELETE FROM ${BOSS_SCHEMA}.archive WHERE archived_on < $1`, [cutoff])
}

/** Stored full text last analysed before `cutoff`. */
export async function deleteContentsBefore(q: Queryable, cutoff: string): Promise<number> {
  return countDeleted(q, `DELETE FROM pipeline_contents WHERE updated_at < $1`, [cutoff])
}

export interface TaskState {
  pending: number
  lastRunAt: number | null
}

export async function readTaskState(q: Queryable, task: string): Promise<TaskState> {
  const row = (await q.query<{ pending: string | number; last_run_at: Date | string | null }>(`SELECT pending, last_run_at FROM maintenance_state WHERE task = $1`, [task]))[0]
  return { pending: Number(row?.pending ?? 0), lastRunAt: row?.last_run_at == null ? null : new Date(row.last_run_at).getTime() }
}

/** One more piece of work is pending for the task. */
export async function addPending(q: Queryable, task: string): Promise<void> {
  await q.query(`INSERT INTO maintenance_state (task, pending) VALUES ($1, 1) ON CONFLICT (task) DO UPDATE SET pending = maintenance_state.pending + 1`, [task])
}

/** The task ran at `now` and did `done` of its pending work (what came meanwhile stays pending). */
export async function settlePending(q: Queryable, task: string, done: number, now: number): Promise<void> {
  await q.query(`UPDATE maintenance_state SET pending = pending - $2, last_run_at = $3 WHERE task = $1`, [task, done, new Date(now).toISOString()])
}

export async function markTaskRun(q: Queryable, task: string, now: number): Promise<void> {
  await q.query(`INSERT INTO maintenance_state (task, last_run_at) VALUES ($1, $2) ON CONFLICT (task) DO UPDATE SET last_run_at = EXCLUDED.last_run_at`, [task, new Date(now).toISOString()])
}

export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.exec('VACUUM ANALYZE')
}

export async function analyze(db: Database): Promise<void> {
  await db.exec('ANALYZE')
}

/** Every table and index written anew, the old files truncated. */
export async function vacuumFull(db: Database): Promise<void> {
  await db.exec('VACUUM FULL')
}

/** Removed WAL segments are deleted rather than renamed for reuse. */
export async function stopWalRecycling(db: Database): Promise<void> {
  await db.exec('SET wal_recycle = off')
}

/** Moves to a new WAL segment and checkpoints. */
export async function switchWalAndCheckpoint(db: Database): Promise<void> {
  await db.query('SELECT pg_switch_wal()')
  await db.exec('CHECKPOINT')
}

/** Runs a DELETE and counts the rows it removed. */
async function countDeleted(q: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  return Number((await q.query<{ n: string | number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*) AS n FROM gone`, params))[0]?.n ?? 0)
}
