/** Projects (spec §7): create (name plus optional description), list, read, update, delete with its sources. */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { TextBounds } from '../../src/protocol/input-text'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { notFound } from '../http/errors'
import { getProject, insertProject, listProjects, toProject } from '../repos/projects'
import { eraseProject } from '../retention/erase'

const name = z
  .string({ error: 'displayName is required' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Project name must not be blank').max(TextBounds.displayName))

export async function projectRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, ids } = deps
  const params = z.object({ id: z.string() })

  app.post('/projects', { schema: { body: z.object({ displayName: name, description: z.string().max(TextBounds.description).nullish() }) } }, async (request, reply) => {
    const auth = authOf(request)
    const id = ids.next('prj')
    await insertProject(db, auth.tenantId, { id, displayName: request.body.displayName, description: request.body.description?.trim() || null, ownerUserId: auth.uid, now: clock.now() })
    return reply.status(201).send(toProject((await getProject(db, auth.tenantId, id))!))
  })

  app.get('/projects', async (request) => {
    const auth = authOf(request)
    return { items: (await listProjects(db, auth.tenantId)).map(toProject) }
  })

  app.get('/projects/:id', { schema: { params } }, async (request) => {
    const row = await getProject(db, authOf(request).tenantId, request.params.id)
    if (!row) throw notFound('Project')
    return toProject(row)
  })

  app.put(
    '/projects/:id',
    { schema: { params, body: z.object({ displayName: name.optional(), description: z.string().max(TextBounds.description).nullish(), status: z.enum(['active', 'archived']).optional() }) } },
    async (request) => {
      const auth = authOf(request)
      const b = request.body
      const rows = await db.query<Parameters<typeof toProject>[0]>(
        `UPDATE projects SET display_name = COALESCE($3, display_name),
           description = CASE WHEN $4::boolean THEN $5 ELSE description END,
           status = COALESCE($6, status), updated_at = $7
         WHERE tenant_id = $1 AND id = $2 RETURNING *`,
        [auth.tenantId, request.params.id, b.displayName ?? null, 'description' in b, b.description?.trim() || null, b.status ?? null, new Date(clock.now()).toISOString()],
      )
      if (!rows[0]) throw notFound('Project')
      return toProject(rows[0])
    },
  )

  app.delete('/projects/:id', { schema: { params } }, async (request) => {
    const auth = authOf(request)
    // Its sources and its own documents, wherever they were copied (server/retention/erase.ts).
    if (!(await eraseProject(db, auth.tenantId, request.params.id, clock.now()))) throw notFound('Project')
    return { message: 'Project deleted successfully' }
  })
}
