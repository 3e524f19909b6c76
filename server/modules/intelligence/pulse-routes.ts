/**
 * POST /dashboard/pulse {query?}: the dashboard's figures (spec §2), computed from the caller's tenant's
 * completed documents at the server's time. A non-blank query is Query mode: only documents matching it
 * (PostgreSQL full-text search, see corpus.ts) count. The definitions are in pulse.ts and topics.ts.
 * How long the tenant has been collecting is the tenant's, whatever the mode: in Query mode the signal
 * trend is compared only once the tenant's first document is two weeks old, as in Global mode.
 */
import type { FastifyInstance } from 'fastify'
import { pulseContract } from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { loadCorpus } from './corpus'
import { boardStoryFacts, documentStories } from '../stories'
import { boardCandidates, computePulse, firstIngested } from './pulse'
import { firstIngestedAt } from './queries'

export async function pulseRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, pulseContract, async ({ body, request }) => {
    const query = body.query?.trim() || null
    const tenantId = authOf(request).tenantId
    const corpus = await loadCorpus(db, tenantId, { query })
    // In Global mode the corpus is the whole history; a query's corpus starts where its first match does.
    const historyFrom = query ? await firstIngestedAt(db, tenantId) : firstIngested(corpus)
    // The boards read by story: the stories of their candidates, then each story once (pulse.ts).
    const candidates = boardCandidates(corpus)
    const stories = await boardStoryFacts(db, tenantId, [...candidates.risk, ...candidates.opportunity])
    // Hot topics are stories and threads of stories (story-topics.ts).
    return computePulse(corpus, clock.now(), query, historyFrom, stories, await documentStories(db, tenantId))
  })
}
