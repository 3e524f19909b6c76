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
import { commitResearch, commitWorkspace } from './service'

export async function commitRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  route(app, researchCommitContract, async ({ params, body, request }) => {
    const target = body.commitAction === 'createNewProject' ? { create: body.newProjectDetails } : { existing: body.targetProjectId }
    const projectId = await commitResearch(deps, authOf(request), params.id, target)
    return { projectId, message: `Research committed to project ${projectId}` }
  })

  route(app, sessionCommitContract, async ({ params, body, request }) => {
    const projectId = await commitWorkspace(deps, authOf(request), { sessionId: params.id }, body)
    return { projectId, message: `Workspace committed to project ${projectId}` }
  })

  route(app, researchSessionCommitContract, async ({ params, body, request }) => {
    const projectId = await commitWorkspace(deps, authOf(request), { sessionId: params.sid, researchId: params.id }, body)
    return { projectId, message: `Workspace committed to project ${projectId}` }
  })
}
