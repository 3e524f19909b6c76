/**
 * The requests the dashboard and the briefings make, each as its route handler runs it (the same service
 * functions in the same order, minus HTTP): if a handler changes, change its line here.
 */
import { sessionStoriesSchema } from '../../src/protocol/stories'
import { backtestRequestSchema, forecastRequestSchema, motifsRequestSchema } from '../../src/protocol/intelligence'
import { COMPARISON_MS, loadCorpus } from '../../server/modules/intelligence/corpus'
import { backtest, forecastSeries } from '../../server/modules/intelligence/forecast'
import { boardCandidates, computePulse, firstIngested } from '../../server/modules/intelligence/pulse'
import { extractMotifs, participantSequences } from '../../server/modules/intelligence/sequences'
import { briefingFor } from '../../server/modules/intelligence/briefing-scope'
import { liveStoryDocuments } from '../../server/modules/intelligence/queries/signals'
import { contextCorpus, pulseOf, researchView, seriesOf } from '../../server/modules/intelligence/service'
import { storyTopics } from '../../server/modules/intelligence/story-topics'
import { placesOf, timelineOf } from '../../server/modules/intelligence/time-place'
import { getSession } from '../../server/modules/researches'
import { boardStoryFacts, documentStories } from '../../server/modules/stories'
import { sessionStoryBodies } from '../../server/modules/stories/queries'
import type { Queryable } from '../../server/platform/db/database'

export interface Scope {
  tenantId: string
  now: number
  researchId: string
  sessionId: string
}

/** The dashboard's series request, as src/streams/dashboard-intents.ts sends it to both (signals, 28 days, 7 ahead). */
const SERIES = { metric: 'signals', historyDays: 28, horizonDays: 7 } as const

export interface Request {
  name: string
  route: string
  /** One request; or, with `prepare`, what `prepare` answers is timed (for a part of a request). */
  run: (db: Queryable, s: Scope) => Promise<unknown>
  prepare?: (db: Queryable, s: Scope) => Promise<() => Promise<unknown>>
}

export const requests: readonly Request[] = [
  {
    name: 'baseline: bare SQL read of the rows',
    route: 'events and frames, no parsing',
    run: (db, s) =>
      db.query(
        `SELECT e.*, (SELECT json_agg(f.body) FROM action_frames f WHERE f.tenant_id = e.tenant_id AND f.event_id = e.id) AS frames FROM events e WHERE e.tenant_id = $1 AND e.status = 'completed'`,
        [s.tenantId],
      ),
  },
  { name: 'corpus read (SQL + alias merge)', route: 'loadCorpus', run: (db, s) => loadCorpus(db, s.tenantId) },
  {
    name: 'dashboard pulse (kept as documents arrive)',
    route: 'POST /dashboard/pulse',
    // pulse-routes.ts
    run: (db, s) => pulseOf(db, s.tenantId, s.now, null),
  },
  {
    name: '  of which its hot topics',
    route: 'the stories told in the last 14 days',
    run: async () => undefined,
    // The one part of a kept pulse that reads documents: the stories told in the last two weeks, whole.
    prepare: async (db, s) => async () => {
      const ids = await liveStoryDocuments(db, s.tenantId, s.now - COMPARISON_MS, s.now)
      return storyTopics(await loadCorpus(db, s.tenantId, { eventIds: ids }), s.now, await documentStories(db, s.tenantId, ids))
    },
  },
  {
    name: 'the same pulse from the whole corpus',
    route: 'computePulse (before 017)',
    // What the route did before the pulse was kept, for comparison: the same figures, every document read.
    run: async (db, s) => {
      const corpus = await loadCorpus(db, s.tenantId)
      const candidates = boardCandidates(corpus)
      const stories = await boardStoryFacts(db, s.tenantId, [...candidates.risk, ...candidates.opportunity])
      const ids = corpus.documents.map((d) => d.id)
      return computePulse(corpus, s.now, null, firstIngested(corpus), stories, await documentStories(db, s.tenantId, ids))
    },
  },
  {
    name: 'research briefing',
    route: 'GET /briefing/research/:id',
    // graph-routes.ts: the route's one call
    run: (db, s) => briefingFor(db, s.tenantId, 'research', s.researchId),
  },
  {
    name: "workspace's stories",
    route: 'GET /researches/:id/sessions/:sid/stories',
    // stories/routes.ts
    run: async (db, s) => {
      if (!(await getSession(db, s.tenantId, s.researchId, s.sessionId))) throw new Error(`no session ${s.sessionId}`)
      return sessionStoriesSchema.parse({ stories: await sessionStoryBodies(db, s.tenantId, s.sessionId) })
    },
  },
  { name: 'research graph', route: 'GET /researches/:id/graph', run: async (db, s) => (await researchView(db, s.tenantId, s.researchId)).whole() },
  {
    name: 'forecast (signals, 28 days)',
    route: 'POST /prospective/forecast',
    run: async (db, s) => {
      const body = forecastRequestSchema.parse(SERIES)
      return forecastSeries((await seriesOf(db, s.tenantId, body, s.now)).history, body.horizonDays)
    },
  },
  {
    name: 'backtest (signals, 28 days)',
    route: 'POST /prospective/backtest',
    run: async (db, s) => {
      const body = backtestRequestSchema.parse(SERIES)
      const { history } = await seriesOf(db, s.tenantId, body, s.now)
      return backtest(
        history.map((p) => p.value),
        body.horizonDays,
        body.minTrainDays,
      )
    },
  },
  {
    name: 'motifs',
    route: 'POST /prospective/motifs::extract',
    run: async (db, s) => {
      const { minLength, maxLength, minSupport, limit, contextId } = motifsRequestSchema.parse({})
      return extractMotifs(participantSequences(await contextCorpus(db, s.tenantId, contextId)), { minSupport, minLength, maxLength, limit })
    },
  },
  // time-place-routes.ts: computed per request (the dates were resolved at analysis; geocoding is index look-ups).
  { name: 'workspace timeline', route: 'GET /timeline?scope=workspace', run: (db, s) => timelineOf(db, s.tenantId, { scope: 'workspace', id: s.sessionId }) },
  { name: 'workspace map', route: 'GET /places?scope=workspace', run: (db, s) => placesOf(db, s.tenantId, { scope: 'workspace', id: s.sessionId }) },
]

/** Median of `times` runs after one warm-up (ms). */
export async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  const samples: number[] = []
  await run()
  for (let k = 0; k < times; k++) {
    const t = performance.now()
    await run()
    samples.push(performance.now() - t)
  }
  return percentile(samples, 0.5)
}

/** The p-quantile of samples (nearest rank). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!
}
