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

/** A project's fields as given (a missing one is kept; `description` is replaced when `replaceDescription`); none when it is not there. */
export async function updateProject(
  db: Queryable,
  tenantId: string,
  id: string,
  p: { displayName: string | null; replaceDescription: boolean; description: string | null; status: string | null; now: number },
): Promise<ProjectRow | undefined> {
  const rows = await db.query<ProjectRow>(
    `UPDATE projects SET display_name = COALESCE($3, display_name),
       description = CASE WHEN $4::boolean THEN $5 ELSE description END,
       status = COALESCE($6, status), updated_at = $7
     WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [tenantId, id, p.displayName, p.replaceDescription, p.description, p.status, new Date(p.now).toISOString()],
  )
  return rows[0]
}

/** What a commit moves: one workspace's material, or a whole research's. */
export type CommitScope = { sessionId: string } | { researchId: string }

/** The scope's sources not yet in a project become the project's (permanent, automated). */
export async function moveSourcesToProject(tx: Queryable, tenantId: string, scope: CommitScope, projectId: string, now: number): Promise<void> {
  await tx.query(`UPDATE data_sources SET project_id = $3, research_id = NULL, session_id = NULL, updated_at = $4 WHERE tenant_id = $1 AND ${scopeColumn(scope)} = $2 AND project_id IS NULL`, [
    tenantId,
    scopeKey(scope),
    projectId,
    new Date(now).toISOString(),
  ])
}

/** The scope's documents are shared with the project. */
export async function shareDocumentsWithProject(tx: Queryable, tenantId: string, scope: CommitScope, projectId: string, now: number): Promise<void> {
  await tx.query(`UPDATE events SET project_id = $3, updated_at = $4 WHERE tenant_id = $1 AND ${scopeColumn(scope)} = $2`, [tenantId, scopeKey(scope), projectId, new Date(now).toISOString()])
}

/** The scope's workspaces read 'committed'. */
export async function markWorkspacesCommitted(tx: Queryable, tenantId: string, scope: CommitScope, now: number): Promise<void> {
  await tx.query(`UPDATE sessions SET status = 'committed', updated_at = $3 WHERE tenant_id = $1 AND ${'sessionId' in scope ? 'id' : 'research_id'} = $2`, [
    tenantId,
    scopeKey(scope),
    new Date(now).toISOString(),
  ])
}

/** The research reads 'committed'. */
export async function markResearchCommitted(tx: Queryable, tenantId: string, researchId: string, now: number): Promise<void> {
  await tx.query(`UPDATE researches SET status = 'committed', updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, researchId, new Date(now).toISOString()])
}

const scopeColumn = (scope: CommitScope) => ('sessionId' in scope ? 'session_id' : 'research_id')
const scopeKey = (scope: CommitScope) => ('sessionId' in scope ? scope.sessionId : scope.researchId)
