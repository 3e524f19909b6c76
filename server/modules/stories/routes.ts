/**
 * The stories of a workspace's documents, read from the stories table as kept, and a source's reliability
 * as the analyst sets it (src/protocol/http/stories.ts); the rules are grades.ts'.
 */
import type { FastifyInstance } from 'fastify'
import { dataSourcesReliabilityContract, sessionStoriesContract, sourceGradeClearContract, sourceGradeGetContract, sourceGradeSetContract } from '../../../src/protocol/http/stories'
import { sessionStoriesSchema } from '../../../src/protocol/stories'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import type { ModuleDeps } from '../../platform/module'
import { getSession } from '../researches'
import { clearSourceGrade, dataSourcesReliability, setSourceGrade, sourceReliability } from './grades'
import { sessionStoryBodies } from './queries'

export async function storiesRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  route(app, sessionStoriesContract, async ({ params, request }) => {
    const auth = authOf(request)
    if (!(await getSession(deps.db, auth.tenantId, params.id, params.sid))) throw notFound('Session')
    // Stored as the wire sends them; parsed again so a body an older server wrote cannot go out malformed.
    return sessionStoriesSchema.parse({ stories: await sessionStoryBodies(deps.db, auth.tenantId, params.sid) })
  })

  route(app, dataSourcesReliabilityContract, async ({ request }) => ({ items: await dataSourcesReliability(deps.db, authOf(request).tenantId) }))

  route(app, sourceGradeGetContract, async ({ params, request }) => sourceReliability(deps.db, authOf(request).tenantId, params.key))

  route(app, sourceGradeSetContract, async ({ params, body, request }) => setSourceGrade(deps.db, authOf(request).tenantId, params.key, body, deps.clock.now()))

  route(app, sourceGradeClearContract, async ({ params, request }) => clearSourceGrade(deps.db, authOf(request).tenantId, params.key, deps.clock.now()))
}
