/** The watches table (migration 021): a user's watches, every statement scoped by tenant and, where it reads, by user. */
import type { Queryable } from '../../../platform/db/database'
import { iso } from '../../../platform/db/rows'

export interface WatchRow {
  id: string
  user_id: string
  kind: 'entity' | 'search' | 'category'
  label: string
  entity_id: string | null
  entity_keys: string[]
  query: string | null
  category: string | null
  min_urgency: number | null
  scope_kind: 'tenant' | 'workspace' | 'project'
  scope_research_id: string | null
  scope_id: string | null
  webhook_url: string | null
  webhook_secret: string | null
  created_at: string
  scope_label: string
  alert_count: number
}

/** The columns a watch is written with. */
export type WatchFields = Omit<WatchRow, 'created_at' | 'scope_label' | 'alert_count' | 'user_id' | 'id'>

const SELECT = `SELECT w.id, w.user_id, w.kind, w.label, w.entity_id, w.entity_keys, w.query, w.category, w.min_urgency, w.scope_kind,
       w.scope_research_id, w.scope_id, w.webhook_url, w.webhook_secret, w.created_at,
       CASE w.scope_kind WHEN 'tenant' THEN 'Whole team'
         WHEN 'project' THEN coalesce((SELECT p.display_name FROM projects p WHERE p.tenant_id = w.tenant_id AND p.id = w.scope_id), 'A deleted project')
         ELSE coalesce((SELECT r.title || ' / ' || coalesce(s.title, 'Workspace') FROM sessions s JOIN researches r ON r.tenant_id = s.tenant_id AND r.id = s.research_id
                         WHERE s.tenant_id = w.tenant_id AND s.id = w.scope_id), 'A deleted workspace') END AS scope_label,
       (SELECT count(*) FROM alerts a WHERE a.tenant_id = w.tenant_id AND a.watch_id = w.id)::int AS alert_count
  FROM watches w`

export async function userWatches(db: Queryable, tenantId: string, userId: string): Promise<WatchRow[]> {
  return (await db.query<WatchRow>(`${SELECT} WHERE w.tenant_id = $1 AND w.user_id = $2 ORDER BY w.created_at DESC, w.id DESC`, [tenantId, userId])).map(fixRow)
}

export async function userWatch(db: Queryable, tenantId: string, userId: string, id: string): Promise<WatchRow | null> {
  const [row] = await db.query<WatchRow>(`${SELECT} WHERE w.tenant_id = $1 AND w.user_id = $2 AND w.id = $3`, [tenantId, userId, id])
  return row ? fixRow(row) : null
}

/** The tenant's watches whose scope holds a document of this workspace and project. */
export async function watchesInScope(db: Queryable, tenantId: string, where: { sessionId: string | null; projectId: string | null }): Promise<WatchRow[]> {
  const rows = await db.query<WatchRow>(
    `${SELECT} WHERE w.tenant_id = $1 AND (w.scope_kind = 'tenant' OR (w.scope_kind = 'workspace' AND w.scope_id = $2) OR (w.scope_kind = 'project' AND w.scope_id = $3))
      ORDER BY w.created_at, w.id`,
    [tenantId, where.sessionId, where.projectId],
  )
  return rows.map(fixRow)
}

export async function insertWatch(tx: Queryable, tenantId: string, userId: string, id: string, w: WatchFields, now: number): Promise<void> {
  await tx.query(
    `INSERT INTO watches (tenant_id, id, user_id, kind, label, entity_id, entity_keys, query, category, min_urgency, scope_kind, scope_research_id, scope_id, webhook_url, webhook_secret, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)`,
    [tenantId, id, userId, ...fieldValues(w), iso(now)],
  )
}

/** Replaces what a watch watches; false when the user has no such watch. */
export async function updateWatch(tx: Queryable, tenantId: string, userId: string, id: string, w: WatchFields, now: number): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE watches SET kind = $4, label = $5, entity_id = $6, entity_keys = $7::jsonb, query = $8, category = $9, min_urgency = $10, scope_kind = $11,
            scope_research_id = $12, scope_id = $13, webhook_url = $14, webhook_secret = $15, updated_at = $16
      WHERE tenant_id = $1 AND user_id = $3 AND id = $2 RETURNING id`,
    [tenantId, id, userId, ...fieldValues(w), iso(now)],
  )
  return rows.length > 0
}

export async function deleteWatch(tx: Queryable, tenantId: string, userId: string, id: string): Promise<boolean> {
  return (await tx.query(`DELETE FROM watches WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING id`, [tenantId, userId, id])).length > 0
}

/** Whether the tenant has the workspace (of that research) or the project a scope names. */
export async function scopeExists(db: Queryable, tenantId: string, scope: { kind: 'workspace' | 'project'; researchId?: string; id: string }): Promise<boolean> {
  const rows =
    scope.kind === 'project'
      ? await db.query(`SELECT 1 FROM projects WHERE tenant_id = $1 AND id = $2`, [tenantId, scope.id])
      : await db.query(`SELECT 1 FROM sessions WHERE tenant_id = $1 AND id = $2 AND research_id = $3`, [tenantId, scope.id, scope.researchId ?? ''])
  return rows.length > 0
}

export async function userWebhook(db: Queryable, tenantId: string, userId: string): Promise<{ url: string; secret: string } | null> {
  const [row] = await db.query<{ url: string; secret: string }>(`SELECT url, secret FROM alert_webhooks WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId])
  return row ?? null
}

/** Sets the user's webhook (its secret kept when the address is the same), or clears it. */
export async function setUserWebhook(tx: Queryable, tenantId: string, userId: string, hook: { url: string; secret: string } | null): Promise<void> {
  if (!hook) {
    await tx.query(`DELETE FROM alert_webhooks WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId])
    return
  }
  await tx.query(
    `INSERT INTO alert_webhooks (tenant_id, user_id, url, secret) VALUES ($1, $2, $3, $4)
     ON CONFLICT (tenant_id, user_id) DO UPDATE SET secret = CASE WHEN alert_webhooks.url = EXCLUDED.url THEN alert_webhooks.secret ELSE EXCLUDED.secret END, url = EXCLUDED.url`,
    [tenantId, userId, hook.url, hook.secret],
  )
}

function fieldValues(w: WatchFields): unknown[] {
  return [w.kind, w.label, w.entity_id, JSON.stringify(w.entity_keys), w.query, w.category, w.min_urgency, w.scope_kind, w.scope_research_id, w.scope_id, w.webhook_url, w.webhook_secret]
}

function fixRow(row: WatchRow): WatchRow {
  return { ...row, created_at: iso(row.created_at) ?? '', min_urgency: row.min_urgency === null ? null : Number(row.min_urgency), alert_count: Number(row.alert_count) }
}
