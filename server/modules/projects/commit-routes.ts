/**
 * Promoting sandbox work to permanent projects (spec §1, §7). `POST /researches/{id}/commit` moves the
 * research's sources into a new project ({commitAction: 'createNewProject', newProjectDetails}) or an
 * existing one ({commitAction: 'commitToExistingProject', targetProjectId}); its documents become the
 * project's too and its workspaces read 'committed'. The workspace variants
 * (`POST /sessions/{id}/commit`, `/researches/{id}/sessions/{sid}/commit`, {commitSources, newTenantName})
 * do the same for one workspace, into a new project named `newTenantName`. Their contracts:
 * src/protocol/http/session-data.ts.
 */
import type { FastifyInstance } from 'fastify'
import { researchCommitContract, researchSessionCommitContract, sessionCommitContract } from '../../../src/protocol/http/session-data'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound, validation } from '../../platform/http/errors'
import { refreshKpiBindings } from '../intelligence'
import type { Queryable } from '../../platform/db/database'
import { getProject, insertProject } from './queries'
import { findSession, getResearch } from '../researches'

export async function commitRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock, ids } = deps

  route(app, researchCommitContract, async ({ params, body, request }) => {
    const auth = authOf(request)
    const research = await getResearch(db, auth.tenantId, params.id)
    if (!research) throw notFound('Research')
    const now = clock.now()
    const projectId = await db.transaction(async (tx) => {
      const target = await resolveTarget(tx, auth.tenantId, auth.uid, body.commitAction === 'createNewProject' ? { create: body.newProjectDetails } : { existing: body.targetProjectId }, ids, now)
      await moveToProject(tx, auth.tenantId, target, { researchId: research.id }, now)
      await tx.query(`UPDATE researches SET status = 'committed', updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [auth.tenantId, research.id, new Date(now).toISOString()])
      return target
    })
    await refreshKpiBindings(db, auth.tenantId, { researchId: research.id, projectId }, now)
    return { projectId, message: `Research committed to project ${projectId}` }
  })

  const sessionCommit = async (tenantId: string, uid: string, sessionId: string, body: { commitSources: boolean; newTenantName?: string | null }) => {
    const session = await findSession(db, tenantId, sessionId)
    if (!session) throw notFound('Session')
    const name = (body.newTenantName ?? '').trim() || session.title || 'Committed workspace'
    const now = clock.now()
    const projectId = await db.transaction(async (tx) => {
      const target = await resolveTarget(tx, tenantId, uid, { create: { displayName: name, description: null } }, ids, now)
      await moveToProject(tx, tenantId, target, { sessionId: session.id, moveSources: body.commitSources }, now)
      return target
    })
    await refreshKpiBindings(db, tenantId, { researchId: session.research_id, projectId }, now)
    return { projectId, message: `Workspace committed to project ${projectId}` }
  }

  route(app, sessionCommitContract, async ({ params, body, request }) => {
    const auth = authOf(request)
    return sessionCommit(auth.tenantId, auth.uid, params.id, body)
  })

  route(app, researchSessionCommitContract, async ({ params, body, request }) => {
    const auth = authOf(request)
    const session = await findSession(db, auth.tenantId, params.sid)
    if (!session || session.research_id !== params.id) throw notFound('Session')
    return sessionCommit(auth.tenantId, auth.uid, session.id, body)
  })
}

async function resolveTarget(
  tx: Queryable,
  tenantId: string,
  uid: string,
  target: { create: { displayName: string; description?: string | null } } | { existing: string },
  ids: ModuleDeps['ids'],
  now: number,
): Promise<string> {
  if ('existing' in target) {
    if (!target.existing) throw validation('targetProjectId', 'Select a project')
    if (!(await getProject(tx, tenantId, target.existing))) throw notFound('Project')
    return target.existing
  }
  const id = ids.next('prj')
  await insertProject(tx, tenantId, { id, displayName: target.create.displayName, description: target.create.description?.trim() || null, ownerUserId: uid, now })
  return id
}

/** Sources become the project's (permanent, automated); documents are shared with it; workspaces read committed. */
async function moveToProject(tx: Queryable, tenantId: string, projectId: string, scope: { researchId?: string; sessionId?: string; moveSources?: boolean }, now: number): Promise<void> {
  const at = new Date(now).toISOString()
  const where = scope.sessionId ? 'session_id = $2' : 'research_id = $2'
  const key = scope.sessionId ?? scope.researchId
  if (scope.moveSources !== false) {
    await tx.query(`UPDATE data_sources SET project_id = $3, research_id = NULL, session_id = NULL, updated_at = $4 WHERE tenant_id = $1 AND ${where} AND project_id IS NULL`, [
      tenantId,
      key,
      projectId,
      at,
    ])
  }
  await tx.query(`UPDATE events SET project_id = $3, updated_at = $4 WHERE tenant_id = $1 AND ${where}`, [tenantId, key, projectId, at])
  await tx.query(`UPDATE sessions SET status = 'committed', updated_at = $3 WHERE tenant_id = $1 AND ${scope.sessionId ? 'id' : 'research_id'} = $2`, [tenantId, key, at])
}
