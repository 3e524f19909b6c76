/**
 * The projects' rules, without HTTP: a commit moves a research's (or one workspace's) material into a new
 * project or an existing one, in one transaction, then refreshes the KPIs bound to both. Refusals are
 * thrown as `Refusal`s: a research, workspace or target project that is not the caller's is not found; an
 * existing-project commit without a target is invalid.
 */
import { missing, Refusal } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import type { ModuleDeps } from '../../platform/module'
import { refreshKpiBindings } from '../intelligence'
import { findSession, getResearch } from '../researches'
import { type CommitScope, getProject, insertProject, markResearchCommitted, markWorkspacesCommitted, moveSourcesToProject, shareDocumentsWithProject } from './queries'

/** Who commits: the caller's tenant and account. */
export interface Committer {
  tenantId: string
  uid: string
}

/** Where a commit goes: a project made for it, or one the tenant has. */
export type CommitTarget = { create: { displayName: string; description?: string | null } } | { existing: string }

/** Commits a whole research; answers the project it went to. */
export async function commitResearch(deps: ModuleDeps, who: Committer, researchId: string, target: CommitTarget): Promise<string> {
  const { db, clock, ids } = deps
  const research = await getResearch(db, who.tenantId, researchId)
  if (!research) throw missing('Research')
  const now = clock.now()
  const projectId = await db.transaction(async (tx) => {
    const project = await resolveTarget(tx, who, target, ids, now)
    await moveToProject(tx, who.tenantId, project, { researchId: research.id }, true, now)
    await markResearchCommitted(tx, who.tenantId, research.id, now)
    return project
  })
  await refreshKpiBindings(db, who.tenantId, { researchId: research.id, projectId }, now)
  return projectId
}

/** Commits one workspace into a new project named `newTenantName` (else the workspace's title); answers that project. */
export async function commitWorkspace(
  deps: ModuleDeps,
  who: Committer,
  workspace: { sessionId: string; researchId?: string },
  body: { commitSources: boolean; newTenantName?: string | null },
): Promise<string> {
  const { db, clock, ids } = deps
  const session = await findSession(db, who.tenantId, workspace.sessionId)
  if (!session || (workspace.researchId !== undefined && session.research_id !== workspace.researchId)) throw missing('Session')
  const name = (body.newTenantName ?? '').trim() || session.title || 'Committed workspace'
  const now = clock.now()
  const projectId = await db.transaction(async (tx) => {
    const project = await resolveTarget(tx, who, { create: { displayName: name, description: null } }, ids, now)
    await moveToProject(tx, who.tenantId, project, { sessionId: session.id }, body.commitSources, now)
    return project
  })
  await refreshKpiBindings(db, who.tenantId, { researchId: session.research_id, projectId }, now)
  return projectId
}

async function resolveTarget(tx: Queryable, who: Committer, target: CommitTarget, ids: ModuleDeps['ids'], now: number): Promise<string> {
  if ('existing' in target) {
    if (!target.existing) throw new Refusal('invalid', 'targetProjectId: Select a project')
    if (!(await getProject(tx, who.tenantId, target.existing))) throw missing('Project')
    return target.existing
  }
  const id = ids.next('prj')
  await insertProject(tx, who.tenantId, { id, displayName: target.create.displayName, description: target.create.description?.trim() || null, ownerUserId: who.uid, now })
  return id
}

/** Sources become the project's (permanent, automated); documents are shared with it; workspaces read committed. */
async function moveToProject(tx: Queryable, tenantId: string, projectId: string, scope: CommitScope, moveSources: boolean, now: number): Promise<void> {
  if (moveSources) await moveSourcesToProject(tx, tenantId, scope, projectId, now)
  await shareDocumentsWithProject(tx, tenantId, scope, projectId, now)
  await markWorkspacesCommitted(tx, tenantId, scope, now)
}
