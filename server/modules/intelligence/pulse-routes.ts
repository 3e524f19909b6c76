/**
 * POST /dashboard/pulse {query?}: the dashboard's figures (spec §2) for the caller's tenant at the server's
 * time. Without a query (Global mode) they are read from what the pipeline keeps as documents complete
 * (signals.ts); a non-blank query is Query mode: only documents matching it (PostgreSQL full-text search,
 * see corpus.ts) count, and its figures are computed from them. The definitions are in pulse.ts and
 * topics.ts. How long the tenant has been collecting is the tenant's, whatever the mode: in Query mode the
 * signal trend is compared only once the tenant's first document is two weeks old, as in Global mode.
 */
import type { FastifyInstance } from 'fastify'
import { pulseContract } from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { keptReads } from './read-cache'
import { pulseOf } from './service'

export async function pulseRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps
  const kept = keptReads(db)
  route(app, pulseContract, async ({ body, request }) => {
    const { tenantId } = authOf(request)
    const query = body.query?.trim() || null
    const now = clock.now()
    return kept(tenantId, ['pulse', query], () => pulseOf(db, tenantId, now, query), now)
  })
}
