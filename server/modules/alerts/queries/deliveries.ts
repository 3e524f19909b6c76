/** Webhook calls to make (alert_deliveries, migration 021), taken by the worker when due (webhooks.ts). */
import type { Queryable } from '../../../platform/db/database'
import { iso } from '../../../platform/db/rows'

export interface DeliveryRow {
  tenant_id: string
  id: string
  alert_id: string
  url: string
  secret: string
  body: string
  attempts: number
}

export async function insertDelivery(tx: Queryable, tenantId: string, d: { id: string; alertId: string; url: string; secret: string; body: string; at: number }): Promise<void> {
  await tx.query(`INSERT INTO alert_deliveries (tenant_id, id, alert_id, url, secret, body, next_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT DO NOTHING`, [
    tenantId,
    d.id,
    d.alertId,
    d.url,
    d.secret,
    d.body,
    iso(d.at),
  ])
}

/**
 * Takes up to `limit` due deliveries and leases them until `leaseUntil` (their next_at moves there), so the
 * call is made outside any transaction and another worker skips them; a worker that dies mid-call leaves them
 * due again when the lease ends.
 */
export async function leaseDueDeliveries(db: Queryable, now: number, leaseUntil: number, limit: number): Promise<DeliveryRow[]> {
  const rows = await db.query<DeliveryRow>(
    `UPDATE alert_deliveries d SET next_at = $2
      WHERE (d.tenant_id, d.id) IN (SELECT tenant_id, id FROM alert_deliveries WHERE status = 'pending' AND next_at <= $1 ORDER BY next_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
      RETURNING d.tenant_id, d.id, d.alert_id, d.url, d.secret, d.body, d.attempts`,
    [iso(now), iso(leaseUntil), limit],
  )
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
}

/** Records an attempt: delivered, failed for good, or pending again at `nextAt`. */
export async function recordAttempt(db: Queryable, tenantId: string, id: string, outcome: { status: 'delivered' | 'failed' | 'pending'; error: string | null; nextAt: number }): Promise<void> {
  await db.query(`UPDATE alert_deliveries SET attempts = attempts + 1, status = $3, last_error = $4, next_at = $5 WHERE tenant_id = $1 AND id = $2`, [
    tenantId,
    id,
    outcome.status,
    outcome.error,
    iso(outcome.nextAt),
  ])
}

export async function deliveriesOfAlert(db: Queryable, tenantId: string, alertId: string): Promise<Array<{ status: string; attempts: number; last_error: string | null; next_at: string }>> {
  const rows = await db.query<{ status: string; attempts: number; last_error: string | null; next_at: string }>(
    `SELECT status, attempts, last_error, next_at FROM alert_deliveries WHERE tenant_id = $1 AND alert_id = $2 ORDER BY id`,
    [tenantId, alertId],
  )
  return rows.map((r) => ({ ...r, attempts: Number(r.attempts), next_at: iso(r.next_at) ?? '' }))
}
