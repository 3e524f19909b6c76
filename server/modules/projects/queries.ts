/** Projects: permanent homes for sources that run by themselves. Scoped by tenant. */
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'

export interface ProjectRow {
  id: string
  display_name: string
  description: string | null
  status: string
  owner_user_id: string
  created_at: Date | string
  updated_at: Date | string
}

export const toProject = (r: ProjectRow) => ({
  id: r.id,
  displayName: r.display_name,
  description: r.description,
  status: r.status,
  ownerUserId: r.owner_user_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
})

export async function insertProject(db: Queryable, tenantId: string, p: { id: string; displayName: string; description: string | null; ownerUserId: string; now: number }) {
  const at = new Date(p.now).toISOString()
  await db.query(`INSERT INTO projects (tenant_id, id, display_name, description, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`, [
    tenantId,
    p.id,
    p.displayName,
    p.description,
    p.ownerUserId,
    at,
  ])
}

export async function getProject(db: Queryable, tenantId: string, id: string): Promise<ProjectRow | undefined> {
  return (await db.query<ProjectRow>(`SELECT * FROM projects WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]
}

export async function listProjects(db: Queryable, tenantId: string): Promise<ProjectRow[]> {
  return db.query<ProjectRow>(`SELECT * FROM projects WHERE tenant_id = $1 ORDER BY created_at DESC, id`, [tenantId])
}
