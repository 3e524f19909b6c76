/**
 * The statements on a data source's run columns (next_run_at, failures_in_a_row, last_run_at, last_error
 * and the run's status moves); ../schedule.ts holds when a source is due. Times are ISO strings.
 */
import type { Queryable } from '../../../../platform/db/database'
import type { DataSourceRow } from '../../queries'

/** A data source row with the runner's columns (migration 004). */
export type RunnableSourceRow = DataSourceRow & { next_run_at: Date | string | null; failures_in_a_row: number }

/** Sets when the source runs next (null: never); `forgetFailures` also clears its failures in a row. */
export async function setSchedule(tx: Queryable, tenantId: string, id: string, nextRunAt: string | null, forgetFailures: boolean): Promise<void> {
  await tx.query(`UPDATE data_sources SET next_run_at = $3, failures_in_a_row = CASE WHEN $4::boolean THEN 0 ELSE failures_in_a_row END WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    id,
    nextRunAt,
    forgetFailures,
  ])
}

export async function setNextRunAt(tx: Queryable, tenantId: string, id: string, nextRunAt: string): Promise<void> {
  await tx.query(`UPDATE data_sources SET next_run_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, nextRunAt])
}

/** Due sources, oldest first: the scheduler's scan, the one query across tenants. */
export async function dueSources(db: Queryable, now: number, limit: number): Promise<Array<RunnableSourceRow & { tenant_id: string }>> {
  return db.query<RunnableSourceRow & { tenant_id: string }>(
    `SELECT * FROM data_sources WHERE status = 'active' AND next_run_at IS NOT NULL AND next_run_at <= $1 ORDER BY next_run_at, tenant_id, id LIMIT $2`,
    [new Date(now).toISOString(), limit],
  )
}

/** Moves an active source's next run from `dueAt` to `next` if it is still due then; false when someone else moved it. */
export async function advanceDue(tx: Queryable, tenantId: string, id: string, dueAt: string, next: string | null): Promise<boolean> {
  const rows = await tx.query(`UPDATE data_sources SET next_run_at = $4 WHERE tenant_id = $1 AND id = $2 AND status = 'active' AND next_run_at = $3 RETURNING id`, [tenantId, id, dueAt, next])
  return rows.length > 0
}

/** Counts one ingested item on the source. */
export async function countIngested(tx: Queryable, tenantId: string, id: string, now: number): Promise<void> {
  await tx.query(`UPDATE data_sources SET items_ingested = items_ingested + 1, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, new Date(now).toISOString()])
}

/** A run read its source at `at`; with `oneRun` an active source is processed from now on. */
export async function markRunSucceeded(db: Queryable, tenantId: string, id: string, at: string, oneRun: boolean): Promise<void> {
  await db.query(
    `UPDATE data_sources SET last_run_at = $3, updated_at = $3, last_error = NULL, failures_in_a_row = 0,
       status = CASE WHEN $4::boolean AND status = 'active' THEN 'processed' ELSE status END
     WHERE tenant_id = $1 AND id = $2`,
    [tenantId, id, at, oneRun],
  )
}

/**
 * A run failed at `at` with `message`: an active source goes into error, unscheduled, unless the failure is
 * `transient`, below `limit` in a row and the source `scheduled` (a project's). Its status afterwards.
 */
export async function markRunFailed(
  db: Queryable,
  tenantId: string,
  id: string,
  failure: { at: string; message: string; transient: boolean; limit: number; scheduled: boolean },
): Promise<string | undefined> {
  const rows = await db.query<{ status: string }>(
    `UPDATE data_sources SET last_run_at = $3, updated_at = $3, last_error = $4, failures_in_a_row = failures_in_a_row + 1,
       status = CASE WHEN status = 'active' AND (NOT $5::boolean OR failures_in_a_row + 1 >= $6 OR NOT $7::boolean) THEN 'error' ELSE status END,
       next_run_at = CASE WHEN status = 'active' AND (NOT $5::boolean OR failures_in_a_row + 1 >= $6 OR NOT $7::boolean) THEN NULL ELSE next_run_at END
     WHERE tenant_id = $1 AND id = $2 RETURNING status`,
    [tenantId, id, failure.at, failure.message, failure.transient, failure.limit, failure.scheduled],
  )
  return rows[0]?.status
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
