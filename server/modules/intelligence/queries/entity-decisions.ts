/** The SQL of the analyst's entity decisions (migration 022), scoped by tenant in every statement. */
import type { Queryable } from '../../../platform/db/database'
import { iso } from '../../../platform/db/rows'

export interface EntityDecisionRow {
  id: string
  action: 'merge' | 'split' | 'rename'
  name: string
  other: string | null
  keep: string | null
  decided_by: string
  decided_at: string
}

/** The tenant's decisions in the order they were taken. */
export async function entityDecisionRows(db: Queryable, tenantId: string): Promise<EntityDecisionRow[]> {
  const rows = await db.query<EntityDecisionRow & { decided_at: Date | string }>(
    `SELECT id, action, name, other, keep, decided_by, decided_at FROM entity_decisions WHERE tenant_id = $1 ORDER BY seq`,
    [tenantId],
  )
  return rows.map((r) => ({ ...r, decided_at: iso(r.decided_at)! }))
}

export async function insertEntityDecision(
  db: Queryable,
  tenantId: string,
  d: { id: string; action: EntityDecisionRow['action']; name: string; other: string | null; keep: string | null; decidedBy: string; at: number },
): Promise<void> {
  await db.query(`INSERT INTO entity_decisions (tenant_id, id, action, name, other, keep, decided_by, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [
    tenantId,
    d.id,
    d.action,
    d.name,
    d.other,
    d.keep,
    d.decidedBy,
    new Date(d.at).toISOString(),
  ])
}

/** Deletes one decision; the name it was recorded by, or null when the tenant has none by that id. */
export async function deleteEntityDecision(db: Queryable, tenantId: string, id: string): Promise<string | null> {
  return (await db.query<{ name: string }>(`DELETE FROM entity_decisions WHERE tenant_id = $1 AND id = $2 RETURNING name`, [tenantId, id]))[0]?.name ?? null
}
