/**
 * Researches and their workspaces (spec §7): create (with a first workspace named 'Workspace' plus
 * month and day), list (x-page-size, newest first), get, delete; workspaces listed, created, deleted.
 * Workspaces expire SESSION_TTL_DAYS after creation; writes to an expired one answer 410. What each takes
 * and answers is its contract (src/protocol/http/researches.ts).
 */
import type { FastifyInstance } from 'fastify'
import { pageLimitSchema } from '../../../src/protocol/api'
import {
  researchCreateContract,
  researchDeleteContract,
  researchGetContract,
  researchListContract,
  sessionCreateContract,
  sessionDeleteContract,
  sessionGetContract,
  sessionListContract,
} from '../../../src/protocol/http/researches'
import type { ModuleDeps } from '../../platform/module'
import type { ServerConfig } from '../../platform/config'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { headerNumber } from '../../platform/http/paging'
import { getResearch, getSession, listResearches, listSessions, toResearch, toSession } from './queries'
import { createResearch, createWorkspace, deleteWorkspace } from './service'
import { decodeToken, encodeToken } from '../../platform/db/rows'
import { eraseResearch } from '../retention'

const DAY_MS = 86_400_000

/** What this module's routes need beside the database, the clock and the ids. */
export type ResearchDeps = ModuleDeps & { config: Pick<ServerConfig, 'SESSION_TTL_DAYS'> }

export async function researchRoutes(app: FastifyInstance, deps: ResearchDeps): Promise<void> {
  const { db, clock } = deps
  const ttl = () => deps.config.SESSION_TTL_DAYS * DAY_MS

  route(app, researchCreateContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const { researchId, sessionId, now } = await createResearch(deps, auth, { title: body.title, description: body.description ?? null, tags: body.tags }, ttl())
    const row = await getResearch(db, auth.tenantId, researchId)
    const session = await getSession(db, auth.tenantId, researchId, sessionId)
    return reply.status(201).send({ ...toResearch(row!, auth.tenantId), sessions: [toSession(session!, auth.tenantId, now)] })
  })

  route(app, researchListContract, async ({ query, request }) => {
    const auth = authOf(request)
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? query.limit ?? 100
    const offset = query.offset ?? decodeToken(query.continuationToken ?? request.headers['x-continuation-token'])
    const rows = await listResearches(db, auth.tenantId, limit + 1, offset)
    const more = rows.length > limit
    return {
      items: rows.slice(0, limit).map((r) => toResearch(r, auth.tenantId)),
      ...(more ? { continuationToken: encodeToken(offset + limit) } : {}),
    }
  })

  route(app, researchGetContract, async ({ params, request }) => {
    const auth = authOf(request)
    const row = await getResearch(db, auth.tenantId, params.id)
    if (!row) throw notFound('Research')
    return toResearch(row, auth.tenantId)
  })

  route(app, researchDeleteContract, async ({ params, request }) => {
    const auth = authOf(request)
    // Everything of it, wherever it was copied (server/modules/retention/erase.ts).
    if (!(await eraseResearch(db, auth.tenantId, params.id, clock.now()))) throw notFound('Research')
    return { message: 'Research deleted successfully' }
  })

  route(app, sessionListContract, async ({ params, query, request }) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, params.id))) throw notFound('Research')
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? query.limit ?? 10
    const offset = query.offset ?? decodeToken(query.continuationToken ?? request.headers['x-continuation-token'])
    const rows = await listSessions(db, auth.tenantId, params.id, limit + 1, offset)
    const now = clock.now()
    return {
      items: rows.slice(0, limit).map((s) => toSession(s, auth.tenantId, now)),
      ...(rows.length > limit ? { continuationToken: encodeToken(offset + limit) } : {}),
    }
  })

  route(app, sessionCreateContract, async ({ params: { id: researchId }, body, request, reply }) => {
    const auth = authOf(request)
    const { sessionId, now } = await createWorkspace(deps, auth, researchId, body.title, ttl())
    return reply.status(201).send(toSession((await getSession(db, auth.tenantId, researchId, sessionId))!, auth.tenantId, now))
  })

  route(app, sessionGetContract, async ({ params, request }) => {
    const auth = authOf(request)
    const row = await getSession(db, auth.tenantId, params.id, params.sid)
    if (!row) throw notFound('Session')
    return toSession(row, auth.tenantId, clock.now())
  })

  route(app, sessionDeleteContract, async ({ params, request }) => {
    await deleteWorkspace(deps, authOf(request).tenantId, params.id, params.sid)
    return { message: 'Session deleted successfully' }
  })
}
