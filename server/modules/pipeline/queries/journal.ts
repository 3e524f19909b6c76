/**
 * The statements of the stage-run journal (pipeline_stage_runs); ../journal.ts holds its contract. A run is
 * named by its key, bound as $1–$5 in every statement.
 */
import type { Queryable } from '../../../platform/db/database'

/** (tenant, event, run, stage, content hash): one run of one stage. */
export type RunKey = [tenantId: string, eventId: string, run: string, stage: string, contentHash: string]

export interface RunRow {
  state: string
  emitted: number
  memo: unknown
}

/** Opens the run, or counts one more attempt of it; its state, messages emitted and memo. `at` is ISO. */
export async function openRunRow(q: Queryable, key: RunKey, at: string): Promise<RunRow | undefined> {
  const rows = await q.query<RunRow>(
    `INSERT INTO pipeline_stage_runs (tenant_id, event_id, run, stage, content_hash, started_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
     ON CONFLICT (tenant_id, event_id, run, stage, content_hash) DO UPDATE SET attempts = pipeline_stage_runs.attempts + 1, updated_at = EXCLUDED.updated_at
     RETURNING state, emitted, memo`,
    [...key, at],
  )
  return rows[0]
}

/** Flips a running run to done as abandoned; false when it was not running (another copy got there). */
export async function markRunAbandoned(tx: Queryable, key: RunKey, at: string): Promise<boolean> {
  const flipped = await tx.query(`UPDATE pipeline_stage_runs SET state = 'done', outcome = 'abandoned', updated_at = $6 WHERE ${RUN_KEY} AND state = 'running' RETURNING stage`, [...key, at])
  return flipped.length > 0
}

/** Flips a running run to done with its outcome and merges `record` (JSON) into its memo; false when it was not running. */
export async function markRunFinished(tx: Queryable, key: RunKey, outcome: 'failed' | 'completed', at: string, record: string): Promise<boolean> {
  const flipped = await tx.query(`UPDATE pipeline_stage_runs SET state = 'done', outcome = $6, updated_at = $7, memo = memo || $8::jsonb WHERE ${RUN_KEY} AND state = 'running' RETURNING stage`, [
    ...key,
    outcome,
    at,
    record,
  ])
  return flipped.length > 0
}

/**
 * Claims the run's next `count` message positions if it has emitted exactly `emitted` so far (a
 * compare-and-set) and is still running; false when a racing copy claimed them first or the run was given up.
 */
export async function claimPositions(tx: Queryable, key: RunKey, emitted: number, at: string, count: number): Promise<boolean> {
  // A run given up (abandoned) takes no more messages: a copy that outlived its expiry says nothing after the error.
  const claimed = await tx.query(`UPDATE pipeline_stage_runs SET emitted = emitted + $8, updated_at = $7 WHERE ${RUN_KEY} AND emitted = $6 AND state = 'running' RETURNING emitted`, [
    ...key,
    emitted,
    at,
    count,
  ])
  return claimed.length > 0
}

/** The stored memo `name` of the run (undefined when the run or the memo is missing). */
export async function selectMemo(q: Queryable, key: RunKey, name: string): Promise<unknown> {
  const rows = await q.query<{ value: unknown }>(`SELECT memo -> $6::text AS value FROM pipeline_stage_runs WHERE ${RUN_KEY}`, [...key, name])
  return rows[0]?.value
}

/**
 * Stores memo `name` (`value` as JSON) unless the run has it already: `mine` says whether the stored one is
 * this value, and `value` is the stored one when it is not. Undefined when the run has no row.
 */
export async function storeMemo(q: Queryable, key: RunKey, name: string, value: string, at: string): Promise<{ mine: boolean; value: unknown } | undefined> {
  const rows = await q.query<{ mine: boolean; value: unknown }>(
    `UPDATE pipeline_stage_runs SET memo = CASE WHEN memo ? $6::text THEN memo ELSE memo || jsonb_build_object($6::text, $7::jsonb) END, updated_at = $8
         WHERE ${RUN_KEY} RETURNING (memo -> $6::text) = $7::jsonb AS mine, CASE WHEN (memo -> $6::text) = $7::jsonb THEN NULL ELSE memo -> $6::text END AS value`,
    [...key, name, value, at],
  )
  return rows[0]
}

const RUN_KEY = 'tenant_id = $1 AND event_id = $2 AND run = $3 AND stage = $4 AND content_hash = $5'
