/**
 * The statements of the circuit breakers (pipeline_breakers, their failures and the jobs parked behind
 * them); ../breakers.ts holds when a breaker opens and closes. Times are ISO strings; every statement is
 * scoped by tenant and handler key.
 */
import type { Queryable } from '../../../platform/db/database'
import type { HandlerKey } from '../contract'

export interface BreakerRow {
  manual_open: boolean
  reason: string | null
  opened_until: Date | string | null
  reset_at: Date | string | null
}

/** The breaker's row (locked for the transaction with `lock`), or null when it has none. */
export async function readBreaker(q: Queryable, tenantId: string, key: HandlerKey, lock = false): Promise<BreakerRow | null> {
  const rows = await q.query<BreakerRow>(`SELECT manual_open, reason, opened_until, reset_at FROM pipeline_breakers WHERE tenant_id = $1 AND handler_key = $2${lock ? ' FOR UPDATE' : ''}`, [
    tenantId,
    key,
  ])
  return rows[0] ?? null
}

/** Sets the breaker's state; a null `resetAt` keeps the one it had. */
export async function upsertBreaker(
  q: Queryable,
  tenantId: string,
  key: HandlerKey,
  fields: { manualOpen: boolean; reason: string | null; openedUntil: string | null; resetAt: string | null },
  at: string,
): Promise<void> {
  await q.query(
    `INSERT INTO pipeline_breakers (tenant_id, handler_key, manual_open, reason, opened_until, reset_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (tenant_id, handler_key) DO UPDATE SET manual_open = EXCLUDED.manual_open, reason = EXCLUDED.reason, opened_until = EXCLUDED.opened_until,
         reset_at = COALESCE(EXCLUDED.reset_at, pipeline_breakers.reset_at), updated_at = EXCLUDED.updated_at`,
    [tenantId, key, fields.manualOpen, fields.reason, fields.openedUntil, fields.resetAt, at],
  )
}

/** Creates the breaker's row, closed, unless it has one. */
export async function ensureBreakerRow(q: Queryable, tenantId: string, key: HandlerKey, at: string): Promise<void> {
  await q.query(`INSERT INTO pipeline_breakers (tenant_id, handler_key, updated_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, handler_key) DO NOTHING`, [tenantId, key, at])
}

/** Opens the breaker until `openedUntil` for `reason`. */
export async function tripBreaker(q: Queryable, tenantId: string, key: HandlerKey, openedUntil: string, reason: string, at: string): Promise<void> {
  await q.query(`UPDATE pipeline_breakers SET opened_until = $3, reason = $4, updated_at = $5 WHERE tenant_id = $1 AND handler_key = $2`, [tenantId, key, openedUntil, reason, at])
}

export async function insertFailure(q: Queryable, tenantId: string, key: HandlerKey, at: string, message: string): Promise<void> {
  await q.query(`INSERT INTO pipeline_breaker_failures (tenant_id, handler_key, at, message) VALUES ($1, $2, $3, $4)`, [tenantId, key, at, message])
}

export async function deleteFailuresBefore(q: Queryable, tenantId: string, key: HandlerKey, before: string): Promise<void> {
  await q.query(`DELETE FROM pipeline_breaker_failures WHERE tenant_id = $1 AND handler_key = $2 AND at < $3`, [tenantId, key, before])
}

export async function deleteFailures(q: Queryable, tenantId: string, key: HandlerKey): Promise<void> {
  await q.query(`DELETE FROM pipeline_breaker_failures WHERE tenant_id = $1 AND handler_key = $2`, [tenantId, key])
}

/** Failures recorded after `from`. */
export async function countFailures(q: Queryable, tenantId: string, key: HandlerKey, from: string): Promise<number> {
  const rows = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM pipeline_breaker_failures WHERE tenant_id = $1 AND handler_key = $2 AND at > $3`, [tenantId, key, from])
  return Number(rows[0]?.n ?? 0)
}

/** The latest `limit` failures recorded after `from`, newest first. */
export async function recentFailures(q: Queryable, tenantId: string, key: HandlerKey, from: string, limit: number): Promise<Array<{ at: Date | string; message: string }>> {
  return q.query<{ at: Date | string; message: string }>(`SELECT at, message FROM pipeline_breaker_failures WHERE tenant_id = $1 AND handler_key = $2 AND at > $3 ORDER BY at DESC, id DESC LIMIT $4`, [
    tenantId,
    key,
    from,
    limit,
  ])
}

/** Keeps a job (its data as JSON) behind the breaker. */
export async function insertParkedJob(q: Queryable, tenantId: string, key: HandlerKey, data: string, at: string): Promise<void> {
  await q.query(`INSERT INTO pipeline_parked_jobs (tenant_id, handler_key, data, parked_at) VALUES ($1, $2, $3, $4)`, [tenantId, key, data, at])
}

export async function countParked(q: Queryable, tenantId: string, key: HandlerKey): Promise<number> {
  const rows = await q.query<{ n: string | number }>(`SELECT count(*) AS n FROM pipeline_parked_jobs WHERE tenant_id = $1 AND handler_key = $2`, [tenantId, key])
  return Number(rows[0]?.n ?? 0)
}

/** Deletes and returns up to `limit` of the oldest parked jobs no other transaction holds (in no given order). */
export async function takeParkedJobs(tx: Queryable, tenantId: string, key: HandlerKey, limit: number): Promise<Array<{ id: string | number; data: unknown }>> {
  return tx.query<{ id: string | number; data: unknown }>(
    // Materialised: as an IN (subquery) the planner may rescan it per row and take more than `limit`.
    `WITH picked AS MATERIALIZED (
             SELECT id FROM pipeline_parked_jobs WHERE tenant_id = $1 AND handler_key = $2 ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
           DELETE FROM pipeline_parked_jobs p USING picked WHERE p.tenant_id = $1 AND p.handler_key = $2 AND p.id = picked.id
           RETURNING p.id, p.data`,
    [tenantId, key, limit],
  )
}
