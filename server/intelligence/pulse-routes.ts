/**
 * POST /dashboard/pulse {query?}: the dashboard's figures (spec §2), computed from the caller's tenant's
 * completed documents at the server's time. A non-blank query is Query mode: only documents matching it
 * (PostgreSQL full-text search, see corpus.ts) count. The definitions are in pulse.ts and topics.ts.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { pulseBodySchema, pulseRequestSchema } from '../../src/protocol/intelligence'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { loadCorpus } from './corpus'
import { computePulse } from './pulse'

export async function pulseRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock } = deps

  app.post('/dashboard/pulse', { schema: { body: pulseRequestSchema, response: { 200: pulseBodySchema } } }, async (request) => {
    const query = request.body.query?.trim() || null
    const corpus = await loadCorpus(db, authOf(request).tenantId, { query })
    return computePulse(corpus, clock.now(), query)
  })
}
