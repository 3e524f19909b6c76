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
import { getProject, insertProject, listProjects, type ProjectRow, toProject } from './queries'
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
    const rows = await db.query<ProjectRow>(
      `UPDATE projects SET display_name = COALESCE($3, display_name),
         description = CASE WHEN $4::boolean THEN $5 ELSE description END,
         status = COALESCE($6, status), updated_at = $7
       WHERE tenant_id = $1 AND id = $2 RETURNING *`,
      [auth.tenantId, params.id, b.displayName ?? null, 'description' in b, b.description?.trim() || null, b.status ?? null, new Date(clock.now()).toISOString()],
    )
    if (!rows[0]) throw notFound('Project')
    return toProject(rows[0])
  })

  route(app, projectDeleteContract, async ({ params, request }) => {
    const auth = authOf(request)
    // Its sources and its own documents, wherever they were copied (server/modules/retention/erase.ts).
    if (!(await eraseProject(db, auth.tenantId, params.id, clock.now()))) throw notFound('Project')
    return { message: 'Project deleted successfully' }
  })
}
