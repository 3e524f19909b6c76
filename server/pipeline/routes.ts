/**
 * The breaker operations of spec §7, mounted under /api/v1 by the composition root:
 * `GET /ops/breakers/{tenantId}/{handlerKey}`, `POST /ops/breakers/enable` {tenantId, handlerKey},
 * `POST /ops/breakers/disable` {tenantId, handlerKey, reason}, `POST /ops/breakers/replay`
 * {tenantId, handlerKey, limit}. Each answers the breaker's status (replay adds `replayed`). A caller acts
 * on its own tenant only: any other tenant's breaker answers 404, as if it did not exist.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { authOf } from '../auth/plugin'
import { ApiError, notFound } from '../http/errors'
import { DEFAULT_REPLAY_LIMIT, MANUAL_DISABLE, MAX_REPLAY_LIMIT } from './breakers'
import { type BreakerControl, HandlerKeys, type Pipeline } from './contract'

const target = { tenantId: z.string().trim().min(1, 'tenantId is required'), handlerKey: z.enum(HandlerKeys) }

export async function breakerRoutes(api: FastifyInstance, deps: { pipeline?: Pipeline | null }): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()

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

  app.get('/ops/breakers/:tenantId/:handlerKey', { schema: { params: z.object(target) } }, async (request) => {
    const { tenantId, handlerKey } = request.params
    return control().status(ownTenant(request, tenantId), handlerKey)
  })

  app.post('/ops/breakers/enable', { schema: { body: z.object(target) } }, async (request) => {
    const { tenantId, handlerKey } = request.body
    return control().enable(ownTenant(request, tenantId), handlerKey)
  })

  app.post(
    '/ops/breakers/disable',
    { schema: { body: z.object({ ...target, reason: z.string().max(200).nullish() }) } },
    async (request) => {
      const { tenantId, handlerKey, reason } = request.body
      return control().disable(ownTenant(request, tenantId), handlerKey, reason?.trim() || MANUAL_DISABLE)
    },
  )

  app.post(
    '/ops/breakers/replay',
    { schema: { body: z.object({ ...target, limit: z.coerce.number().int().min(1).max(MAX_REPLAY_LIMIT).default(DEFAULT_REPLAY_LIMIT) }) } },
    async (request) => {
      const { tenantId, handlerKey, limit } = request.body
      const tenant = ownTenant(request, tenantId)
      const { replayed } = await control().replay(tenant, handlerKey, limit)
      return { replayed, ...(await control().status(tenant, handlerKey)) }
    },
  )
}
