/**
 * When sources run, as rows: a data source is due when it is active and its `next_run_at` has passed.
 * The status moves of the sources manager set it (play and resume: due now; pause: never), the scheduler
 * claims due sources (moving `next_run_at` one interval on, or to NULL for a sandbox source, which runs
 * once), and a finished run records its outcome. Everything takes `now` from the injected clock.
 *
 * Only these functions and the statements they use (queries/schedule.ts) write next_run_at,
 * failures_in_a_row and the run columns of a data source.
 */
import type { Queryable } from '../../../platform/db/database'
import { type DataSourceRow, toDataSource } from '../queries'
import { iso } from '../../../platform/db/rows'
import { isRunnableKind, pollIntervalOf, type PollIntervals, DEFAULT_POLL_INTERVAL_SECONDS } from './intervals'
import { advanceDue, markRunFailed, markRunSucceeded, type RunnableSourceRow, setNextRunAt, setSchedule } from './queries/schedule'

export type { RunnableSourceRow }

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
  await setSchedule(tx, tenantId, source.id, due ? new Date(now).toISOString() : null, due)
}

/** A changed poll interval takes effect from the last run (or now), never in the past. */
export async function rescheduleInterval(tx: Queryable, tenantId: string, source: RunnableSourceRow, now: number, intervals: PollIntervals): Promise<void> {
  if (source.status !== 'active' || !isProjectSource(source) || source.next_run_at === null) return
  const lastRun = source.last_run_at === null ? now : Date.parse(iso(source.last_run_at) as string)
  const next = Math.max(now, lastRun + pollIntervalOf(source, intervals) * 1000)
  await setNextRunAt(tx, tenantId, source.id, new Date(next).toISOString())
}

export interface DueSource {
  tenantId: string
  dataSourceId: string
  /** The due time claimed: with the source, it names the run (its job id derives from both). */
  dueAt: string
}

/**
 * Claims one due source: moves its next_run_at on (project) or clears it (sandbox: one run) if nobody
 * else did since it was read. Null when another scheduler claimed it first.
 */
export async function claimDue(tx: Queryable, source: RunnableSourceRow & { tenant_id: string }, now: number, intervals: PollIntervals): Promise<DueSource | null> {
  const dueAt = iso(source.next_run_at) as string
  const next = isProjectSource(source) ? new Date(now + pollIntervalOf(source, intervals) * 1000).toISOString() : null
  const claimed = await advanceDue(tx, source.tenant_id, source.id, dueAt, next)
  return claimed ? { tenantId: source.tenant_id, dataSourceId: source.id, dueAt } : null
}

/**
 * A run that read its source: last_run_at now, no error. A sandbox source has had its one run and
 * becomes processed (spec §3 status), unless it was paused or deleted meanwhile.
 */
export async function recordSuccess(db: Queryable, tenantId: string, source: Pick<DataSourceRow, 'id' | 'project_id'>, now: number): Promise<void> {
  await markRunSucceeded(db, tenantId, source.id, new Date(now).toISOString(), !isProjectSource(source))
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
  const status = await markRunFailed(db, tenantId, source.id, { at: new Date(now).toISOString(), message, transient, limit, scheduled: isProjectSource(source) })
  return status === 'error' ? 'error' : 'active'
}
