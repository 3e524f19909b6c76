/**
 * When sources run, as rows: a data source is due when it is active and its `next_run_at` has passed.
 * The status moves of the sources manager set it (play and resume: due now; pause: never), the scheduler
 * claims due sources (moving `next_run_at` one interval on, or to NULL for a sandbox source, which runs
 * once), and a finished run records its outcome. Everything takes `now` from the injected clock.
 *
 * Only these functions write next_run_at, failures_in_a_row and the run columns of a data source.
 */
import type { Queryable } from '../../../platform/db/database'
import { type DataSourceRow, toDataSource } from '../queries'
import { iso } from '../../../platform/db/rows'
import { isRunnableKind, pollIntervalOf, type PollIntervals, DEFAULT_POLL_INTERVAL_SECONDS } from './intervals'

/** A data source row with the runner's columns (migration 004). */
export type RunnableSourceRow = DataSourceRow & { next_run_at: Date | string | null; failures_in_a_row: number }

/** Project sources poll on a schedule; sandbox (workspace) sources run once when played. */
export const isProjectSource = (s: Pick<DataSourceRow, 'project_id'>) => s.project_id !== null

/** A data source as the API sends it, with when it runs next and at what interval. */
export function presentDataSource(row: DataSourceRow, intervals: PollIntervals = DEFAULT_POLL_INTERVAL_SECONDS) {
  const r = row as RunnableSourceRow
  const runs = isRunnableKind(row.kind)
  return {
    ...toDataSource(row),
    /** The interval polls use: `pollIntervalSeconds` when set, else the kind's default (null: does not poll). */
    effectivePollIntervalSeconds: runs && isProjectSource(row) ? pollIntervalOf(row, intervals) : null,
    /** When the next run is due (null: none is scheduled). */
    nextRunAt: iso(r.next_run_at ?? null),
  }
}

/**
 * Applies a status move to the schedule, in the transaction that made it: active (play, resume) makes the
 * source due now and forgets earlier failures; any other status unschedules it.
 */
export async function scheduleForStatus(tx: Queryable, tenantId: string, source: Pick<DataSourceRow, 'id' | 'kind' | 'status'>, now: number): Promise<void> {
  const due = source.status === 'active' && isRunnableKind(source.kind)
  await tx.query(`UPDATE data_sources SET next_run_at = $3, failures_in_a_row = CASE WHEN $4::boolean THEN 0 ELSE failures_in_a_row END WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    source.id,
    due ? new Date(now).toISOString() : null,
    due,
  ])
}

/** A changed poll interval takes effect from the last run (or now), never in the past. */
export async function rescheduleInterval(tx: Queryable, tenantId: string, source: RunnableSourceRow, now: number, intervals: PollIntervals): Promise<void> {
  if (source.status !== 'active' || !isProjectSource(source) || source.next_run_at === null) return
  const lastRun = source.last_run_at === null ? now : Date.parse(iso(source.last_run_at) as string)
  const next = Math.max(now, lastRun + pollIntervalOf(source, intervals) * 1000)
  await tx.query(`UPDATE data_sources SET next_run_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, source.id, new Date(next).toISOString()])
}

export interface DueSource {
  tenantId: string
  dataSourceId: string
  /** The due time claimed: with the source, it names the run (its job id derives from both). */
  dueAt: string
}

/** Due sources, oldest first: the scheduler's scan, the one query across tenants. */
export async function dueSources(db: Queryable, now: number, limit: number): Promise<Array<RunnableSourceRow & { tenant_id: string }>> {
  return db.query<RunnableSourceRow & { tenant_id: string }>(
    `SELECT * FROM data_sources WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= $1 ORDER BY next_run_at, tenant_id, id LIMIT $2`,
    [new Date(now).toISOString(), limit],
  )
}

/**
 * Claims one due source: moves its next_run_at on (project) or clears it (sandbox: one run) if nobody
 * else did since it was read. Null when another scheduler claimed it first.
 */
export async function claimDue(tx: Queryable, source: RunnableSourceRow & { tenant_id: string }, now: number, intervals: PollIntervals): Promise<DueSource | null> {
  const dueAt = iso(source.next_run_at) as string
  const next = isProjectSource(source) ? new Date(now + pollIntervalOf(source, intervals) * 1000).toISOString() : null
  const rows = await tx.query(`UPDATE data_sources SET next_run_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'active' AND next_run_at = $3 RETURNING id`, [
    source.tenant_id,
    source.id,
    dueAt,
    next,
  ])
  return rows.length > 0 ? { tenantId: source.tenant_id, dataSourceId: source.id, dueAt } : null
}

/** Counts one ingested item on the source. */
export async function countIngested(tx: Queryable, tenantId: string, id: string, now: number): Promise<void> {
  await tx.query(`UPDATE data_sources SET items_ingested = items_ingested + 1, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, new Date(now).toISOString()])
}

/**
 * A run that read its source: last_run_at now, no error. A sandbox source has had its one run and
 * becomes processed (spec §3 status), unless it was paused or deleted meanwhile.
 */
export async function recordSuccess(db: Queryable, tenantId: string, source: Pick<DataSourceRow, 'id' | 'project_id'>, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  await db.query(
    `UPDATE data_sources SET last_run_at = $3, updated_at = $3, last_error = NULL, failures_in_a_row = 0,
       status = CASE WHEN $4::boolean AND status = 'active' THEN 'processed' ELSE status END
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, source.id, at, !isProjectSource(source)],
  )
}

/**
 * A run that could not read its source. A transient failure (rate limit, timeout, 5xx) keeps the source
 * active with the error shown until it has happened `limit` runs in a row; any other failure puts it in
 * error at once, unscheduled until resumed. Only an active source changes status (a pause wins).
 */
export async function recordFailure(
  db: Queryable,
  tenantId: string,
  source: Pick<DataSourceRow, 'id' | 'project_id'>,
  message: string,
  transient: boolean,
  limit: number,
  now: number,
): Promise<'error' | 'active'> {
  const at = new Date(now).toISOString()
  const rows = await db.query<{ status: string }>(
    `UPDATE data_sources SET last_run_at = $3, updated_at = $3, last_error = $4, failures_in_a_row = failures_in_a_row + 1,
       status = CASE WHEN status = 'active' AND (NOT $5::boolean OR failures_in_a_row + 1 >= $6 OR NOT $7::boolean) THEN 'error' ELSE status END,
       next_run_at = CASE WHEN status = 'active' AND (NOT $5::boolean OR failures_in_a_row + 1 >= $6 OR NOT $7::boolean) THEN NULL ELSE next_run_at END
     WHERE tenant_id = $1 AND id = $2 RETURNING status`,
    [tenantId, source.id, at, message, transient, limit, isProjectSource(source)],
  )
  return rows[0]?.status === 'error' ? 'error' : 'active'
}

/**
 * A run that read its source but met its tenant's ingest quota: items wait (deferred) for the run due at
 * `retryAt`, or the regular one if sooner. Not a failure: the source stays active (a sandbox source too,
 * until its items are all in) with no error, and earlier failures are forgotten, as the read went well.
 */
export async function recordDeferred(db: Queryable, tenantId: string, source: Pick<DataSourceRow, 'id'>, retryAt: number, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  await db.query(
    `UPDATE data_sources SET last_run_at = $3, updated_at = $3, last_error = NULL, failures_in_a_row = 0,
       next_run_at = CASE WHEN status <> 'active' THEN next_run_at WHEN next_run_at IS NULL OR next_run_at > $4 THEN $4 ELSE next_run_at END
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, source.id, at, new Date(retryAt).toISOString()],
  )
}

/** A sandbox source whose workspace expired: it stops for good (its workspace is read-only). */
export async function recordExpired(db: Queryable, tenantId: string, id: string, message: string, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  await db.query(`UPDATE data_sources SET status = 'error', last_error = $3, next_run_at = NULL, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'active'`, [tenantId, id, message, at])
}
