/**
 * Researches and their workspaces (spec §7): create (with a first workspace named 'Workspace' plus
 * month and day), list (x-page-size, newest first), get, delete; workspaces listed, created, deleted.
 * Workspaces expire SESSION_TTL_DAYS after creation; writes to an expired one answer 410.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { firstWorkspaceName } from '../../src/domain/rules/session'
import { pageLimitSchema, pagingQuerySchema } from '../../src/protocol/api'
import { researchTagsSchema, TextBounds } from '../../src/protocol/input-text'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { notFound } from '../http/errors'
import { headerNumber } from '../http/paging'
import { refreshKpiBindings } from '../intelligence/kpis'
import {
  getResearch,
  getSession,
  insertResearch,
  insertSession,
  listResearches,
  listSessions,
  toResearch,
  toSession,
  touchResearch,
} from '../repos/researches'
import { decodeToken, encodeToken } from '../repos/rows'
import { eraseResearch, eraseSession } from '../retention/erase'

const DAY_MS = 86_400_000

const listQuery = pagingQuerySchema.extend({ continuationToken: z.string().max(1000).optional() })

const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `${field} must not be blank`).max(max))

export async function researchRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, ids } = deps
  const ttl = () => deps.config.SESSION_TTL_DAYS * DAY_MS

  app.post(
    '/researches',
    {
      schema: {
        body: z.object({
          title: trimmed('title', TextBounds.title),
          description: z.string().max(TextBounds.description).nullish(),
          tags: researchTagsSchema,
        }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request)
      const now = clock.now()
      const researchId = ids.next('res')
      const sessionId = ids.next('ses')
      await db.transaction(async (tx) => {
        await insertResearch(tx, auth.tenantId, { id: researchId, title: request.body.title, description: request.body.description ?? null, tags: request.body.tags, ownerUserId: auth.uid, now })
        await insertSession(tx, auth.tenantId, { id: sessionId, researchId, title: firstWorkspaceName(now), ownerUserId: auth.uid, now, expiresAt: now + ttl() })
      })
      const row = await getResearch(db, auth.tenantId, researchId)
      const session = await getSession(db, auth.tenantId, researchId, sessionId)
      return reply.status(201).send({ ...toResearch(row!, auth.tenantId), sessions: [toSession(session!, auth.tenantId, now)] })
    },
  )

  app.get('/researches', { schema: { querystring: listQuery } }, async (request) => {
    const auth = authOf(request)
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? request.query.limit ?? 100
    const offset = request.query.offset ?? decodeToken(request.query.continuationToken ?? request.headers['x-continuation-token'])
    const rows = await listResearches(db, auth.tenantId, limit + 1, offset)
    const more = rows.length > limit
    return {
      items: rows.slice(0, limit).map((r) => toResearch(r, auth.tenantId)),
      ...(more ? { continuationToken: encodeToken(offset + limit) } : {}),
    }
  })

  app.get('/researches/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    const row = await getResearch(db, auth.tenantId, request.params.id)
    if (!row) throw notFound('Research')
    return toResearch(row, auth.tenantId)
  })

  app.delete('/researches/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    // Everything of it, wherever it was copied (server/retention/erase.ts).
    if (!(await eraseResearch(db, auth.tenantId, request.params.id, clock.now()))) throw notFound('Research')
    return { message: 'Research deleted successfully' }
  })

  app.get(
    '/researches/:id/sessions',
    { schema: { params: z.object({ id: z.string() }), querystring: listQuery } },
    async (request) => {
      const auth = authOf(request)
      if (!(await getResearch(db, auth.tenantId, request.params.id))) throw notFound('Research')
      const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? request.query.limit ?? 10
      const offset = request.query.offset ?? decodeToken(request.query.continuationToken ?? request.headers['x-continuation-token'])
      const rows = await listSessions(db, auth.tenantId, request.params.id, limit + 1, offset)
      const now = clock.now()
      return {
        items: rows.slice(0, limit).map((s) => toSession(s, auth.tenantId, now)),
        ...(rows.length > limit ? { continuationToken: encodeToken(offset + limit) } : {}),
      }
    },
  )

  app.post(
    '/researches/:id/sessions',
    { schema: { params: z.object({ id: z.string() }), body: z.object({ title: trimmed('title', TextBounds.title) }) } },
    async (request, reply) => {
      const auth = authOf(request)
      const researchId = request.params.id
      if (!(await getResearch(db, auth.tenantId, researchId))) throw notFound('Research')
      const now = clock.now()
      const id = ids.next('ses')
      await db.transaction(async (tx) => {
        await insertSession(tx, auth.tenantId, { id, researchId, title: request.body.title, ownerUserId: auth.uid, now, expiresAt: now + ttl() })
        await touchResearch(tx, auth.tenantId, researchId, now)
      })
      return reply.status(201).send(toSession((await getSession(db, auth.tenantId, researchId, id))!, auth.tenantId, now))
    },
  )

  app.get('/researches/:id/sessions/:sid', { schema: { params: z.object({ id: z.string(), sid: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    const row = await getSession(db, auth.tenantId, request.params.id, request.params.sid)
    if (!row) throw notFound('Session')
    return toSession(row, auth.tenantId, clock.now())
  })

  app.delete('/researches/:id/sessions/:sid', { schema: { params: z.object({ id: z.string(), sid: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    if (!(await eraseSession(db, auth.tenantId, request.params.id, request.params.sid, clock.now()))) throw notFound('Session')
    await touchResearch(db, auth.tenantId, request.params.id, clock.now())
    await refreshKpiBindings(db, auth.tenantId, { researchId: request.params.id }, clock.now())
    return { message: 'Session deleted successfully' }
  })
}
