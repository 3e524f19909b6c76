/**
 * Time and place (src/protocol/http/time-place.ts), every answer from the caller's tenant only:
 *
 * - GET /timeline?scope=workspace|project|entity|story&id=&from=&to=   frames and stories by the day they happened
 * - GET /places?scope=…&id=&from=&to=                                  markers by place, and the names left unplotted
 */
import type { FastifyInstance } from 'fastify'
import { placesContract, timelineContract } from '../../../src/protocol/http/time-place'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import type { ModuleDeps } from '../../platform/module'
import { keptReads } from './read-cache'
import { placesOf, timelineOf } from './time-place'

export async function timePlaceRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const kept = keptReads(db)
  route(app, timelineContract, async ({ query, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['timeline', query], () => timelineOf(db, tenantId, query))
  })
  route(app, placesContract, async ({ query, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['places', query], () => placesOf(db, tenantId, query))
  })
}
