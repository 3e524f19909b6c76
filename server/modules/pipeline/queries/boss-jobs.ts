/** Statements on pg-boss's job table that pg-boss itself does not offer: counting and recovering jobs. */
import type { Queryable } from '../../../platform/db/database'
import { BOSS_SCHEMA } from '../queue'

/** Jobs of the given queues not yet finished (waiting, retrying or running). */
export async function unfinishedJobs(db: Queryable, queues: readonly string[]): Promise<number> {
  const rows = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${BOSS_SCHEMA}.job WHERE name = ANY($1::text[]) AND state < 'completed'`, [queues])
  return Number(rows[0]?.n ?? 0)
}

/**
 * Queues again, at once, every job left active (held by a worker) — for a start on a database no other
 * process works on, where such a job's worker died with the previous run. The attempt counts as one of its
 * retries (a job that kills its process must not loop forever); at the last one the stage ends its
 * document in error as on any final failure. Returns how many jobs were queued again.
 */
export async function requeueHeldJobs(db: Queryable): Promise<number> {
  const rows = await db.query<{ id: string }>(
    `UPDATE ${BOSS_SCHEMA}.job SET state = 'retry', start_after = now(), retry_count = LEAST(retry_count + 1, retry_limit)
     WHERE state = 'active' RETURNING id`,
  )
  return rows.length
}

/**
 * Stage jobs pg-boss failed for good (their last attempt expired: the worker holding it died, or outlived its
 * expiry) whose run no code of ours has given up yet: the run is missing or still running, and its
 * document is still there. Failed in the last day, at most `limit`; the caller gives each run up.
 */
export async function expiredLastAttempts(db: Queryable, queues: readonly string[], limit: number): Promise<Array<{ queue: string; data: unknown }>> {
  return db.query<{ queue: string; data: unknown }>(
    `SELECT j.name AS queue, j.data FROM ${BOSS_SCHEMA}.job j
       JOIN events e ON e.tenant_id = j.data->>'tenantId' AND e.id = j.data->>'eventId'
       LEFT JOIN pipeline_stage_runs r ON r.tenant_id = e.tenant_id AND r.event_id = e.id AND r.run = j.data->>'run' AND r.stage = j.name AND r.content_hash = j.data->>'contentHash'
      WHERE j.name = ANY($1::text[]) AND j.state = 'failed' AND j.completed_on > now() - interval '1 day' AND (r.state IS NULL OR r.state <> 'done')
      ORDER BY j.completed_on LIMIT $2`,
    [queues, limit],
  )
}
