/**
 * The breaker operations of spec §7, mounted under /api/v1 by the composition root; what each takes and
 * answers is its contract (src/protocol/http/breakers.ts). A caller acts on its own tenant only: any other
 * tenant's breaker answers 404, as if it did not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { breakerDisableContract, breakerEnableContract, breakerReplayContract, breakerStatusContract } from '../../../src/protocol/http/breakers'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, notFound } from '../../platform/http/errors'
import { MANUAL_DISABLE } from './breakers'
import type { BreakerControl, Pipeline } from './contract'

export async function breakerRoutes(app: FastifyInstance, deps: { pipeline?: Pipeline | null }): Promise<void> {
  const control = (): BreakerControl => {
    const breakers = deps.pipeline?.breakers
    if (!breakers) throw new ApiError(503, 'SERVICE_UNAVAILABLE', 'The pipeline is not available in this process')
    return breakers
  }
  /** The caller's tenant, if it is the one named; 404 otherwise. */
  const ownTenant = (request: FastifyRequest, tenantId: string): string => {
    const auth = authOf(request)
    if (tenantId.toLowerCase() !== auth.tenantId.toLowerCase()) throw notFound('Breaker')
    return auth.tenantId
  }

  route(app, breakerStatusContract, async ({ params: { tenantId, handlerKey }, request }) => control().status(ownTenant(request, tenantId), handlerKey))

  route(app, breakerEnableContract, async ({ body: { tenantId, handlerKey }, request }) => control().enable(ownTenant(request, tenantId), handlerKey))

  route(app, breakerDisableContract, async ({ body: { tenantId, handlerKey, reason }, request }) => control().disable(ownTenant(request, tenantId), handlerKey, reason?.trim() || MANUAL_DISABLE))

  route(app, breakerReplayContract, async ({ body: { tenantId, handlerKey, limit }, request }) => {
    const tenant = ownTenant(request, tenantId)
    const { replayed } = await control().replay(tenant, handlerKey, limit)
    return { replayed, ...(await control().status(tenant, handlerKey)) }
  })
}
