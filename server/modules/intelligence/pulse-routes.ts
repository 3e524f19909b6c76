/**
 * POST /dashboard/pulse {query?}: the dashboard's figures (spec §2), computed from the caller's tenant's
 * completed documents at the server's time. A non-blank query is Query mode: only documents matching it
 * (PostgreSQL full-text search, see corpus.ts) count. The definitions are in pulse.ts and topics.ts.
 */
import type { FastifyInstance } from 'fastify'
import { pulseContract } from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { loadCorpus } from './corpus'
import { computePulse } from './pulse'

export async function pulseRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, pulseContract, async ({ body, request }) => {
    const query = body.query?.trim() || null
    const corpus = await loadCorpus(db, authOf(request).tenantId, { query })
    return computePulse(corpus, clock.now(), query)
  })
}
