/**
 * Scheduled sources past their team's ingest quota (issue 17 item 3), through the API and the real
 * pipeline on a real store: a run that meets the quota keeps what it found (deferred) and makes its source
 * due again when the quota says, never failing it; later runs take the kept items first, oldest first,
 * and in the end every item found is ingested exactly once, those the feed stopped listing included. The
 * clock is moved by hand and the scheduler ticked; the feed is served from 127.0.0.1.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { firebaseTokenVerifier } from '../../server/platform/auth/tokens'
import { manualClock, sequentialIds } from '../../server/platform/core/runtime'
import { createPipeline, type PipelineService } from '../../server/modules/pipeline/pipeline'
import { DEFAULT_POLL_INTERVAL_SECONDS } from '../../server/modules/data-sources/runner/intervals'
import { createSourceReaders, loadSourcesConfig } from '../../server/sources/index'
import { startServer, type TestServer } from '../sources/helpers/server'
import { openTestStore, switchableAnalyser, TEST_JOBS, type TestStore } from './pipeline/support'
import { dialects, emulatorUser, PROJECT_ID, type TestUser } from './support/harness'

const MINUTE = 60_000
/** Two documents a minute, two at once: a token every 30 s. */
const LIMITS = { queuedDocuments: 0, perMinute: 2, burst: 2 }

describe.each(dialects())('scheduled sources past a quota on %s', { timeout: 90_000 }, (dialect) => {
  let store: TestStore
  let server: TestServer
  let pipeline: PipelineService
  let app: FastifyInstance
  let ana: TestUser
  let bea: TestUser
  let as: TestUser
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  // Feed items (no links: each is ingested as its text, so nothing else is fetched), by feed path.
  const feeds = new Map<string, string[]>()

  beforeAll(async () => {
    store = await openTestStore(dialect)
    ana = await emulatorUser('ana@source-quotas.acme.io')
    bea = await emulatorUser('bea@source-quotas.other.example')
    as = ana
    server = await startServer(
      new Proxy(
        {},
        {
          get: (_t, path: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
            const items = feeds.get(path)
            if (!items) return res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
            res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rss(items))
          },
        },
      ) as Parameters<typeof startServer>[0],
    )
    const ids = sequentialIds()
    const sources = createSourceReaders(loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_FETCH_TIMEOUT_MS: '15000' }))
    pipeline = createPipeline({ db: store.db, clock, ids, analyser: switchableAnalyser().analyser, sources, jobs: TEST_JOBS, sourceRuns: { cron: null, quotas: LIMITS } })
    await pipeline.start({ workers: true })
    app = await buildApp({ db: store.db, pipeline, verifier: firebaseTokenVerifier(PROJECT_ID), clock, ids, config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test' } })
  }, 90_000)
  afterAll(async () => {
    await app.close()
    await pipeline.stop()
    await server.close()
  })
  beforeEach(async () => {
    // Each test starts with a full bucket.
    clock.advance(10 * MINUTE)
  })

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => app.inject({ method, url: `/api/v1${url}`, headers: as.headers, ...(payload ? { payload } : {}) })
  const source = async (id: string) => (await call('GET', `/datasources/${id}`)).json()
  /** The titles of the source's cards (each item's own), oldest first. */
  async function cardsOf(sourceId: string): Promise<string[]> {
    const rows = await store.db.query<{ title: string }>(`SELECT title FROM events WHERE data_source_id = $1 ORDER BY ingested_at, id`, [sourceId])
    return rows.map((r) => r.title)
  }
  /** Items the source keeps for later. */
  const kept = async (sourceId: string) =>
    Number((await store.db.query<{ n: string | number }>(`SELECT count(*) AS n FROM source_items WHERE data_source_id = $1 AND (outcome = 'deferred' OR pending_input IS NOT NULL)`, [sourceId]))[0]?.n)
  async function tick(): Promise<number> {
    const queued = await pipeline.sourceRuns.tick()
    await pipeline.drain()
    return queued
  }
  function rss(items: string[]): string {
    // Feeds list newest first; the runner ingests oldest first.
    const entries = [...items].reverse().map((text) => {
      const [title, snippet] = text.split('\n\n')
      return `<item><title>${title}</title><description>${snippet}</description></item>`
    })
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Harbour feed</title><link>${server.base}/</link>${entries.join('\n')}</channel></rss>`
  }
  const story = (feed: string, n: number) => `Harbour ${feed} report ${n}\n\nThe port authority of harbour ${feed} reported ${n + 3} ships delayed by the strike on day ${n + 1}.`
  const title = (feed: string, n: number) => `Harbour ${feed} report ${n}`

  test('a project source keeps what it could not ingest, comes back when the quota allows, and in the end ingests every item once', async () => {
    const project = (await call('POST', '/projects', { displayName: 'Harbours' })).json()
    feeds.set(
      '/p/feed.xml',
      [0, 1, 2, 3, 4].map((n) => story('p', n)),
    )
    const src = (await call('POST', '/datasources', { displayName: 'Harbour feed', kind: 'rss', projectId: project.id, sourceDetails: { rssUrl: `${server.base}/p/feed.xml` } })).json()
    expect((await call('PUT', `/datasources/${src.id}`, { status: 'active' })).statusCode).toBe(200)
    await pipeline.drain() // play kicked the scheduler

    // Two fitted; three wait, and the source says nothing went wrong: it is due again in 30 s, not in an hour.
    expect(await cardsOf(src.id)).toEqual([title('p', 0), title('p', 1)])
    expect(await kept(src.id)).toBe(3)
    expect(await source(src.id)).toMatchObject({ status: 'active', itemsIngested: 2, lastError: null, nextRunAt: new Date(clock.now() + 30_000).toISOString() })
    const failures = await store.db.query<{ failures_in_a_row: number }>(`SELECT failures_in_a_row FROM data_sources WHERE id = $1`, [src.id])
    expect(failures[0]?.failures_in_a_row).toBe(0)

    // The feed moves on: the first four items leave it, two new ones come. What was kept is not lost.
    feeds.set(
      '/p/feed.xml',
      [4, 5, 6].map((n) => story('p', n)),
    )
    clock.advance(30_000)
    expect(await tick()).toBe(1)
    // One token: the oldest kept item; the rest wait, the new ones with them.
    expect(await cardsOf(src.id)).toEqual([0, 1, 2].map((n) => title('p', n)))
    expect(await kept(src.id)).toBe(4)

    // Not due before its time.
    clock.advance(10_000)
    expect(await tick()).toBe(0)
    for (let runs = 0; (await kept(src.id)) !== 0; runs++) {
      expect(runs).toBeLessThan(10)
      clock.advance(MINUTE)
      await tick()
    }
    expect(await cardsOf(src.id)).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => title('p', n)))
    const statuses = await store.db.query<{ status: string }>(`SELECT status FROM events WHERE data_source_id = $1`, [src.id])
    expect(statuses.map((s) => s.status)).toEqual(Array.from({ length: 7 }, () => 'completed'))
    const items = await store.db.query<{ outcome: string }>(`SELECT outcome FROM source_items WHERE data_source_id = $1`, [src.id])
    expect(items.map((i) => i.outcome)).toEqual(Array.from({ length: 7 }, () => 'ingested'))
    // Back to its regular interval, with nothing wrong on record.
    expect(await source(src.id)).toMatchObject({ status: 'active', itemsIngested: 7, lastError: null, nextRunAt: new Date(clock.now() + DEFAULT_POLL_INTERVAL_SECONDS.rss * 1000).toISOString() })
  })

  test('a workspace feed that runs once stays active until everything it found is in, then is processed', async () => {
    // Another team: the first test's source, still active, spends its own team's allowance only.
    as = bea
    const research = (await call('POST', '/researches', { title: 'Harbours' })).json()
    feeds.set(
      '/w/feed.xml',
      [0, 1, 2, 3].map((n) => story('w', n)),
    )
    const src = (
      await call('POST', '/datasources', {
        displayName: 'Harbour feed',
        kind: 'rss',
        researchId: research.id,
        sessionId: research.sessions[0].id,
        sourceDetails: { rssUrl: `${server.base}/w/feed.xml` },
      })
    ).json()
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    expect(await cardsOf(src.id)).toHaveLength(2)
    expect(await source(src.id)).toMatchObject({ status: 'active', lastError: null, nextRunAt: new Date(clock.now() + 30_000).toISOString() })

    // The feed lists nothing by now; what the run found is ingested all the same, and the source is done.
    feeds.set('/w/feed.xml', [])
    clock.advance(MINUTE)
    await tick()
    expect(await cardsOf(src.id)).toEqual([0, 1, 2, 3].map((n) => title('w', n)))
    expect(await kept(src.id)).toBe(0)
    expect(await source(src.id)).toMatchObject({ status: 'processed', itemsIngested: 4, lastError: null })
  })
})
