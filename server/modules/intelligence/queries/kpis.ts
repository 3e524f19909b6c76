/**
 * The SQL of the KPI bindings, scoped by tenant in every statement (kpis.ts says when their values are
 * computed, and how a refresh locks them).
 */
import type { KpiBinding, KpiDefinitionIds } from '../../../../src/protocol/intelligence'
import type { Queryable } from '../../../platform/db/database'

export type KpiDefinitionId = (typeof KpiDefinitionIds)[number]
export type KpiContextType = KpiBinding['contextType']

export interface KpiBindingRow {
  tenant_id: string
  id: string
  context_id: string
  context_type: KpiContextType
  kpi_definition_id: string
  current_value: number | string | null
  manual: boolean
  updated_at: Date | string
}

/** Whether a context id is a research or a project of the tenant, and which. */
export async function contextTypeOf(db: Queryable, tenantId: string, contextId: string): Promise<KpiContextType | null> {
  const rows = await db.query<{ type: KpiContextType }>(
    `SELECT 'research' AS type FROM researches WHERE tenant_id = $1 AND id = $2
     UNION ALL SELECT 'project' AS type FROM projects WHERE tenant_id = $1 AND id = $2`,
    [tenantId, contextId],
  )
  return rows[0]?.type ?? null
}

export async function listKpiBindings(db: Queryable, tenantId: string, contextId: string | null): Promise<KpiBindingRow[]> {
  return contextId
    ? db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND context_id = $2 ORDER BY created_at, id`, [tenantId, contextId])
    : db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 ORDER BY created_at, id`, [tenantId])
}

export async function getKpiBinding(db: Queryable, tenantId: string, id: string): Promise<KpiBindingRow | undefined> {
  return (await db.query<KpiBindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]
}

/** Inserts a binding without a value yet; false when the context already has this KPI. */
export async function insertKpiBinding(
  db: Queryable,
  tenantId: string,
  b: { id: string; contextId: string; contextType: KpiContextType; kpiDefinitionId: KpiDefinitionId; now: number },
): Promise<boolean> {
  const at = new Date(b.now).toISOString()
  const rows = await db.query(
    `INSERT INTO kpi_bindings (tenant_id, id, context_id, context_type, research_id, project_id, kpi_definition_id, current_value, manual, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, false, $8, $8)
     ON CONFLICT (tenant_id, context_id, kpi_definition_id) DO NOTHING RETURNING id`,
    [tenantId, b.id, b.contextId, b.contextType, b.contextType === 'research' ? b.contextId : null, b.contextType === 'project' ? b.contextId : null, b.kpiDefinitionId, at],
  )
  return rows.length > 0
}

/** A number makes the binding manual with that value; null hands it back to the pipeline (value kept until recomputed). */
export async function setKpiBindingValue(db: Queryable, tenantId: string, id: string, value: number | null, now: number): Promise<boolean> {
  const rows = await db.query(
    value === null
      ? `UPDATE kpi_bindings SET manual = false, updated_at = $3 WHERE tenant_id = $1 AND id = $2 RETURNING id`
      : `UPDATE kpi_bindings SET manual = true, current_value = $4, updated_at = $3 WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    value === null ? [tenantId, id, new Date(now).toISOString()] : [tenantId, id, new Date(now).toISOString(), value],
  )
  return rows.length > 0
}

export async function deleteKpiBinding(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await db.query(`DELETE FROM kpi_bindings WHERE tenant_id = $1 AND id = $2 RETURNING id`, [tenantId, id])).length > 0
}

/** Locks (in id order, until the transaction ends) the non-manual bindings of these contexts and these ids; answers them. */
export async function lockComputedBindings(
  tx: Queryable,
  tenantId: string,
  select: { contextIds: string[]; ids: string[] },
): Promise<Array<Pick<KpiBindingRow, 'id' | 'context_id' | 'kpi_definition_id'>>> {
  return tx.query<Pick<KpiBindingRow, 'id' | 'context_id' | 'kpi_definition_id'>>(
    `SELECT id, context_id, kpi_definition_id FROM kpi_bindings
      WHERE tenant_id = $1 AND NOT manual AND (context_id = ANY($2::text[]) OR id = ANY($3::text[]))
      ORDER BY id FOR UPDATE`,
    [tenantId, select.contextIds, select.ids],
  )
}

/** Writes a computed value (null: nothing to measure) to a binding. */
export async function writeComputedValue(tx: Queryable, tenantId: string, id: string, value: number | null, now: number): Promise<void> {
  await tx.query(`UPDATE kpi_bindings SET current_value = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, value, new Date(now).toISOString()])
}
