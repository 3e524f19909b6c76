/**
 * Projects (spec §7): create (name plus optional description), list, read, update, delete with its sources.
 * What each takes and answers is its contract (src/protocol/http/projects.ts).
 */
import type { FastifyInstance } from 'fastify'
import { projectCreateContract, projectDeleteContract, projectGetContract, projectListContract, projectUpdateContract } from '../../../src/protocol/http/projects'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { getProject, insertProject, listProjects, toProject, updateProject } from './queries'
import { eraseProject } from '../retention'

export async function projectRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock, ids } = deps

  route(app, projectCreateContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const id = ids.next('prj')
    await insertProject(db, auth.tenantId, { id, displayName: body.displayName, description: body.description?.trim() || null, ownerUserId: auth.uid, now: clock.now() })
    return reply.status(201).send(toProject((await getProject(db, auth.tenantId, id))!))
  })

  route(app, projectListContract, async ({ request }) => {
    const auth = authOf(request)
    return { items: (await listProjects(db, auth.tenantId)).map(toProject) }
  })

  route(app, projectGetContract, async ({ params, request }) => {
    const row = await getProject(db, authOf(request).tenantId, params.id)
    if (!row) throw notFound('Project')
    return toProject(row)
  })

  route(app, projectUpdateContract, async ({ params, body: b, request }) => {
    const auth = authOf(request)
    const row = await updateProject(db, auth.tenantId, params.id, {
      displayName: b.displayName ?? null,
      replaceDescription: 'description' in b,
      description: b.description?.trim() || null,
      status: b.status ?? null,
      now: clock.now(),
    })
    if (!row) throw notFound('Project')
    return toProject(row)
  })

  route(app, projectDeleteContract, async ({ params, request }) => {
    const auth = authOf(request)
    // Its sources and its own documents, wherever they were copied (server/modules/retention/erase.ts).
    if (!(await eraseProject(db, auth.tenantId, params.id, clock.now()))) throw notFound('Project')
    return { message: 'Project deleted successfully' }
  })
}
