/**
 * Data sources (spec §3, §4, §7): create for a workspace (researchId + sessionId) or a project
 * (projectId), list (filtered by projectId, or researchId and sessionId), read, update (PUT {status}
 * moves draft → active, active → paused, paused → active; error and processed take no action), delete.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DataSourceKinds, DataSourceStatuses, sourceDetailsSchema } from '../../src/protocol/entities'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { ApiError, conflict, notFound } from '../http/errors'
import { writableSession } from '../http/guards'
import { getProject } from '../repos/projects'
import { deleteDataSource, getDataSource, insertDataSource, listDataSources, toDataSource, updateDataSource } from '../repos/data-sources'

export const InvalidContextMessage = 'Invalid context: must specify either projectId or both researchId and sessionId'

/** The status moves the manager's buttons make: play, pause, resume. */
const allowedMoves: Record<string, readonly string[]> = { draft: ['active'], active: ['paused'], paused: ['active'] }

export async function dataSourceRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, ids } = deps
  const params = z.object({ id: z.string() })

  app.post(
    '/datasources',
    {
      schema: {
        body: z.object({
          displayName: z.string().transform((s) => s.trim()).pipe(z.string().min(1, 'displayName must not be blank').max(200)),
          kind: z.enum(DataSourceKinds),
          researchId: z.string().nullish(),
          sessionId: z.string().nullish(),
          projectId: z.string().nullish(),
          sourceDetails: sourceDetailsSchema.default({}),
          pollIntervalSeconds: z.number().int().min(60).max(86_400).nullish(),
        }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request)
      const b = request.body
      const now = clock.now()
      const isProject = Boolean(b.projectId)
      if (!isProject && !(b.researchId && b.sessionId)) throw new ApiError(400, 'VALIDATION_ERROR', InvalidContextMessage)
      if (isProject) {
        if (!(await getProject(db, auth.tenantId, b.projectId as string))) throw notFound('Project')
      } else {
        const session = await writableSession(db, auth.tenantId, b.sessionId as string, now)
        if (session.research_id !== b.researchId) throw notFound('Session')
      }
      const id = ids.next('src')
      await insertDataSource(db, auth.tenantId, {
        id,
        kind: b.kind,
        displayName: b.displayName,
        status: 'draft',
        researchId: isProject ? null : (b.researchId ?? null),
        sessionId: isProject ? null : (b.sessionId ?? null),
        projectId: b.projectId ?? null,
        sourceDetails: stripNulls(b.sourceDetails),
        pollIntervalSeconds: b.pollIntervalSeconds ?? null,
        ownerUserId: auth.uid,
        now,
      })
      return reply.status(201).send(toDataSource((await getDataSource(db, auth.tenantId, id))!))
    },
  )

  app.get(
    '/datasources',
    { schema: { querystring: z.object({ projectId: z.string().optional(), researchId: z.string().optional(), sessionId: z.string().optional() }) } },
    async (request) => {
      const auth = authOf(request)
      return { items: (await listDataSources(db, auth.tenantId, request.query)).map(toDataSource) }
    },
  )

  app.get('/datasources/:id', { schema: { params } }, async (request) => {
    const row = await getDataSource(db, authOf(request).tenantId, request.params.id)
    if (!row) throw notFound('Data source')
    return toDataSource(row)
  })

  app.put(
    '/datasources/:id',
    {
      schema: {
        params,
        body: z.object({
          status: z.enum(DataSourceStatuses).optional(),
          displayName: z.string().transform((s) => s.trim()).pipe(z.string().min(1).max(200)).optional(),
          sourceDetails: sourceDetailsSchema.optional(),
          pollIntervalSeconds: z.number().int().min(60).max(86_400).nullish(),
        }),
      },
    },
    async (request) => {
      const auth = authOf(request)
      const current = await getDataSource(db, auth.tenantId, request.params.id)
      if (!current) throw notFound('Data source')
      const b = request.body
      const now = clock.now()
      if (current.session_id && current.project_id === null) await writableSession(db, auth.tenantId, current.session_id, now)
      if (b.status !== undefined && b.status !== current.status && !(allowedMoves[current.status] ?? []).includes(b.status)) {
        throw conflict(`A ${current.status} source cannot become ${b.status}`)
      }
      const updated = await updateDataSource(db, auth.tenantId, current.id, {
        ...(b.status !== undefined ? { status: b.status } : {}),
        ...(b.displayName !== undefined ? { displayName: b.displayName } : {}),
        ...(b.sourceDetails !== undefined ? { sourceDetails: stripNulls(b.sourceDetails) } : {}),
        ...('pollIntervalSeconds' in b ? { pollIntervalSeconds: b.pollIntervalSeconds ?? null } : {}),
        // Resuming a failed run clears its error.
        ...(b.status === 'active' ? { lastError: null } : {}),
        now,
      })
      return toDataSource(updated!)
    },
  )

  app.delete('/datasources/:id', { schema: { params } }, async (request) => {
    if (!(await deleteDataSource(db, authOf(request).tenantId, request.params.id))) throw notFound('Data source')
    return { message: 'Data source deleted successfully' }
  })
}

function stripNulls(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== undefined))
}
