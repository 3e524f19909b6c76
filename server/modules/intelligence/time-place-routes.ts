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
import { placesOf, timelineOf } from './time-place'

export async function timePlaceRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  route(app, timelineContract, async ({ query, request }) => timelineOf(db, authOf(request).tenantId, query))
  route(app, placesContract, async ({ query, request }) => placesOf(db, authOf(request).tenantId, query))
}
