/**
 * Sources that run (issue 7 item 3), through the API and the real pipeline on a real store: a project
 * RSS source polled on its schedule (the test moves the injected clock and calls the scheduler's tick
 * instead of waiting), each item ingested once across polls and restarts, failures, pause, resume and
 * delete; a sandbox source that runs once, and one whose workspace expired. Feeds and articles are served
 * from 127.0.0.1.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { firebaseTokenVerifier } from '../../server/platform/auth/tokens'
import { type Ids, manualClock } from '../../server/platform/core/runtime'
import { readLiveMessages } from '../../server/modules/live/queries/log'
import { createPipeline, type PipelineService } from '../../server/modules/pipeline/pipeline'
import { DEFAULT_POLL_INTERVAL_SECONDS } from '../../server/modules/data-sources/runner/intervals'
import { ExpiredWorkspaceMessage } from '../../server/modules/data-sources/runner/poll'
import { createSourceReaders, loadSourcesConfig } from '../../server/sources/index'
import { startServer, type TestServer } from '../sources/helpers/server'
import { ARTICLES, openTestStore, switchableAnalyser, TEST_JOBS, type TestStore } from './pipeline/support'
import { dialects, emulatorUser, PROJECT_ID, type TestUser } from './support/harness'

const MINUTE = 60_000

interface FeedItem {
  title: string
  snippet: string
  path: string
}

// Each test runs whole pipelines (feeds, articles, analysis): generous limits for a loaded machine.
describe.each(dialects())('sources that run on %s', { timeout: 60_000 }, (dialect) => {
  let store: TestStore
  let server: TestServer
  let pipeline: PipelineService
  let app: FastifyInstance
  let ana: TestUser
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const analyser = switchableAnalyser()
  // Feeds by path, and how each answers (the test edits them between polls).
  const feeds = new Map<string, { status: number; items: FeedItem[] }>()
  const articles = new Map<string, string>()
  let generation = 0

  // Ids unique across pipeline instances (a restart must not hand out evt_0001 again).
  const idsOf = (g: number): Ids => {
    const counters = new Map<string, number>()
    return {
      next(prefix) {
        const n = (counters.get(prefix) ?? 0) + 1
        counters.set(prefix, n)
        return `${prefix}_${dialect}_g${g}_${String(n).padStart(4, '0')}`
      },
    }
  }

  async function startInstance() {
    const config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_FETCH_TIMEOUT_MS: '15000' })
    const ids = idsOf(++generation)
    // The composition root passes the whole reader set as `sources`; the runner takes its feed readers.
    pipeline = createPipeline({ db: store.db, clock, ids, analyser: analyser.analyser, sources: createSourceReaders(config), jobs: TEST_JOBS, sourceRuns: { cron: null } })
    await pipeline.start({ workers: true })
    app = await buildApp({ db: store.db, pipeline, verifier: firebaseTokenVerifier(PROJECT_ID), clock, ids, config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test' } })
  }
  async function stopInstance() {
    await app.close()
    await pipeline.stop()
  }

  beforeAll(async () => {
    store = await openTestStore(dialect)
    ana = await emulatorUser('ana@source-runner.acme.io')
    // One handler for every path: feeds and articles from the maps above.
    server = await startServer(
      new Proxy(
        {},
        {
          get: (_t, path: string) => (_req: unknown, res: import('node:http').ServerResponse) => {
            const feed = feeds.get(path)
            if (feed) return res.writeHead(feed.status, { 'content-type': 'application/rss+xml' }).end(feed.status === 200 ? rss(feed.items) : 'unavailable')
            const article = articles.get(path)
            if (article) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(article))
            res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
          },
        },
      ) as Parameters<typeof startServer>[0],
    )
    await startInstance()
  }, 90_000)
  afterAll(async () => {
    await stopInstance()
    await server.close()
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: ana.headers, ...(payload === undefined ? {} : { payload: payload as object }) })

  const feedRequests = (path: string) => server.requests.filter((r) => r.path === path).length

  function rss(items: FeedItem[]): string {
    const entries = items.map((i) => `<item><title>${i.title}</title><description>${i.snippet}</description><link>${server.base}${i.path}</link></item>`).join('\n')
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Test feed</title><link>${server.base}/</link>${entries}</channel></rss>`
  }
  function page(text: string): string {
    const [title, ...rest] = text.split('\n')
    return `<!DOCTYPE html><html><head><title>${title}</title></head><body><article><h1>${title}</h1>${rest
      .filter((l) => l.trim() !== '')
      .map((l) => `<p>${l}</p>`)
      .join('')}</article></body></html>`
  }
  /** A feed at `path` whose items link to articles served beside it. */
  function serveFeed(path: string, items: Array<FeedItem & { article?: string }>) {
    for (const i of items) if (i.article) articles.set(i.path, i.article)
    feeds.set(path, { status: 200, items })
  }
  const item = (n: number, prefix: string): FeedItem & { article: string } => {
    const article = ARTICLES[n % ARTICLES.length] as string
    return { title: article.split('\n')[0] as string, snippet: `${prefix} story ${n}`, path: `/${prefix}/articles/${n}`, article }
  }

  async function project() {
    return (await call('POST', '/projects', { displayName: `Watch ${generation}-${Math.random().toString(36).slice(2, 6)}` })).json() as { id: string }
  }
  async function rssSource(context: Record<string, string>, feedPath: string, extra: Record<string, unknown> = {}) {
    const res = await call('POST', '/datasources', { displayName: 'Harbour feed', kind: 'rss', ...context, sourceDetails: { rssUrl: `${server.base}${feedPath}` }, ...extra })
    expect(res.statusCode).toBe(201)
    return res.json() as { id: string }
  }
  const source = async (id: string) => (await call('GET', `/datasources/${id}`)).json()
  const documents = async (projectId: string, after?: string) => (await call('GET', `/projects/${projectId}/documents${after ? `?after=${after}` : ''}`)).json()
  /**
   * Every source due by the clock runs, and everything it ingested is processed. Sources of earlier tests
   * stay active (one store per file), so later tests count their own feed's requests, not the runs.
   */
  async function tick(): Promise<number> {
    const queued = await pipeline.sourceRuns.tick()
    await pipeline.drain()
    return queued
  }

  test('play runs a project source at once; a poll with the same items ingests none; the next poll waits for its interval', async () => {
    const P = await project()
    serveFeed('/a/feed.xml', [item(0, 'a'), item(1, 'a'), item(2, 'a')])
    const src = await rssSource({ projectId: P.id }, '/a/feed.xml')
    expect(src).toMatchObject({ status: 'draft', nextRunAt: null, effectivePollIntervalSeconds: DEFAULT_POLL_INTERVAL_SECONDS.rss })

    const played = await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    expect(played.json()).toMatchObject({ status: 'active', nextRunAt: new Date(clock.now()).toISOString() })
    await pipeline.drain() // play kicked the scheduler: the first run needs no tick
    expect(await source(src.id)).toMatchObject({
      status: 'active',
      itemsIngested: 3,
      lastError: null,
      lastRunAt: new Date(clock.now()).toISOString(),
      nextRunAt: new Date(clock.now() + DEFAULT_POLL_INTERVAL_SECONDS.rss * 1000).toISOString(),
    })
    const docs = await documents(P.id)
    expect(docs.items).toHaveLength(3)
    expect(
      docs.items.map((d: { status: string; error: string | null; dataSourceId: string; projectId: string; sessionId: string | null }) => [d.status, d.error, d.dataSourceId, d.projectId, d.sessionId]),
    ).toEqual(Array.from({ length: 3 }, () => ['completed', null, src.id, P.id, null]))
    // Each card carries its action frames, with their parent.
    for (const d of docs.items as Array<{ id: string; actionFrames: Array<{ parentId: string }> }>) {
      expect(d.actionFrames.length).toBeGreaterThan(0)
      expect(new Set(d.actionFrames.map((f) => f.parentId))).toEqual(new Set([d.id]))
    }
    // Oldest first: the feed lists newest first.
    expect(docs.items.map((d: { payload: { sourceUrl: string } }) => d.payload.sourceUrl)).toEqual([2, 1, 0].map((n) => `${server.base}/a/articles/${n}`))
    // Each says where it came from: the feed's title as publisher (the page names none), its headline, the source.
    expect(docs.items.map((d: { payload: { provenance: unknown } }) => d.payload.provenance)).toEqual(
      [2, 1, 0].map((n) => ({
        url: `${server.base}/a/articles/${n}`,
        publisher: 'Test feed',
        headline: item(n, 'a').title,
        via: { channel: 'rss', name: 'Harbour feed', dataSourceId: src.id },
      })),
    )
    // Every link is in the tenant's processed-URL registry.
    const registered = await call('GET', `/processed-urls/${encodeURIComponent(`${server.base}/a/articles/1`)}`)
    expect(registered.statusCode).toBe(200)

    // Not due yet: nothing runs.
    clock.advance(DEFAULT_POLL_INTERVAL_SECONDS.rss * 1000 - MINUTE)
    const before = feedRequests('/a/feed.xml')
    expect(await tick()).toBe(0)
    expect(feedRequests('/a/feed.xml')).toBe(before)
    // Due: the feed is read again, and nothing new is ingested.
    clock.advance(MINUTE)
    expect(await tick()).toBe(1)
    expect(feedRequests('/a/feed.xml')).toBe(before + 1)
    expect(await source(src.id)).toMatchObject({ itemsIngested: 3, lastRunAt: new Date(clock.now()).toISOString() })
    expect((await documents(P.id)).items).toHaveLength(3)
  })

  test('a new item is ingested; a changed item (same link, new text) is not ingested again; the same story under another link is a duplicate', async () => {
    const P = await project()
    const [i0, i1] = [item(0, 'b'), item(1, 'b')]
    serveFeed('/b/feed.xml', [i0, i1])
    const src = await rssSource({ projectId: P.id }, '/b/feed.xml', { pollIntervalSeconds: 120 })
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    expect((await source(src.id)).itemsIngested).toBe(2)
    const first = await documents(P.id)

    // i0 rewritten, a new i2, and i1's story again under a tracking link.
    const i2 = item(2, 'b')
    const syndicated = { ...i1, path: '/b/articles/1-syndicated', article: i1.article }
    serveFeed('/b/feed.xml', [{ ...i0, snippet: 'b story 0, updated with new figures' }, i1, i2, syndicated])
    clock.advance(120_000)
    await tick()
    expect((await source(src.id)).itemsIngested).toBe(3)
    const all = await documents(P.id)
    expect(all.items.map((d: { payload: { sourceUrl: string } }) => d.payload.sourceUrl).sort()).toEqual([i0, i1, i2].map((i) => `${server.base}${i.path}`).sort())
    // The change is on record, without a second card.
    const rows = await store.db.query<{ item_key: string; outcome: string; content_changed_at: unknown }>(
      `SELECT item_key, outcome, content_changed_at FROM source_items WHERE data_source_id = $1 ORDER BY item_key`,
      [src.id],
    )
    expect(Object.fromEntries(rows.map((r) => [r.item_key.replace(server.base, ''), [r.outcome, r.content_changed_at !== null]]))).toEqual({
      '/b/articles/0': ['ingested', true],
      '/b/articles/1': ['ingested', false],
      '/b/articles/1-syndicated': ['duplicate', false],
      '/b/articles/2': ['ingested', false],
    })
    // The project view's cursor: the next page brings the new card, and repeats only recent ones.
    const next = await documents(P.id, first.cursor)
    expect(next.items.map((d: { id: string }) => d.id)).toContain(all.items.find((d: { payload: { sourceUrl: string } }) => d.payload.sourceUrl.endsWith('/b/articles/2')).id)
  })

  test('a restarted pipeline on the same store does not ingest what it ingested before', async () => {
    const P = await project()
    serveFeed('/c/feed.xml', [item(0, 'c'), item(1, 'c')])
    const src = await rssSource({ projectId: P.id }, '/c/feed.xml')
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    expect((await source(src.id)).itemsIngested).toBe(2)

    await stopInstance()
    await store.reopen()
    await startInstance()
    clock.advance(DEFAULT_POLL_INTERVAL_SECONDS.rss * 1000)
    const before = feedRequests('/c/feed.xml')
    await tick()
    expect(feedRequests('/c/feed.xml')).toBe(before + 1)
    expect(await source(src.id)).toMatchObject({ status: 'active', itemsIngested: 2 })
    expect((await documents(P.id)).items).toHaveLength(2)
  })

  test('a failing feed puts the source in error with the reason; resume brings it back and items flow', async () => {
    const P = await project()
    feeds.set('/d/feed.xml', { status: 404, items: [] })
    const src = await rssSource({ projectId: P.id }, '/d/feed.xml')
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    expect(await source(src.id)).toMatchObject({ status: 'error', lastError: 'Failed to load RSS feed: the server answered HTTP 404', itemsIngested: 0, nextRunAt: null })
    // In error it is not polled.
    const before = feedRequests('/d/feed.xml')
    clock.advance(DEFAULT_POLL_INTERVAL_SECONDS.rss * 1000)
    await tick()
    expect(feedRequests('/d/feed.xml')).toBe(before)

    serveFeed('/d/feed.xml', [item(0, 'd')])
    const resumed = await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    expect(resumed.json()).toMatchObject({ status: 'active', lastError: null })
    await pipeline.drain()
    expect(await source(src.id)).toMatchObject({ status: 'active', lastError: null, itemsIngested: 1 })
  })

  test('a transient failure (HTTP 503) is shown but tolerated for two runs; the third in a row puts the source in error', async () => {
    const P = await project()
    serveFeed('/e/feed.xml', [item(0, 'e')])
    const src = await rssSource({ projectId: P.id }, '/e/feed.xml', { pollIntervalSeconds: 60 })
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    feeds.set('/e/feed.xml', { status: 503, items: [] })
    for (const expected of ['active', 'active', 'error']) {
      clock.advance(MINUTE)
      await tick()
      expect(await source(src.id)).toMatchObject({ status: expected, lastError: 'Failed to load RSS feed: the server answered HTTP 503' })
    }
  })

  test('pause stops the polls; a new interval moves the next run; delete stops the source and forgets its items', async () => {
    const P = await project()
    serveFeed('/f/feed.xml', [item(0, 'f')])
    const src = await rssSource({ projectId: P.id }, '/f/feed.xml')
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    const lastRunAt = clock.now()
    const changed = await call('PUT', `/datasources/${src.id}`, { pollIntervalSeconds: 300 })
    expect(changed.json()).toMatchObject({ pollIntervalSeconds: 300, effectivePollIntervalSeconds: 300, nextRunAt: new Date(lastRunAt + 300_000).toISOString() })

    expect((await call('PUT', `/datasources/${src.id}`, { status: 'paused' })).json()).toMatchObject({ status: 'paused', nextRunAt: null })
    const before = feedRequests('/f/feed.xml')
    serveFeed('/f/feed.xml', [item(0, 'f'), item(1, 'f')])
    clock.advance(60 * MINUTE)
    await tick()
    expect(feedRequests('/f/feed.xml')).toBe(before)
    expect((await source(src.id)).itemsIngested).toBe(1)

    // Resumed, deleted before its run: the queued run finds nothing to do.
    await store.db.query(`UPDATE data_sources SET status = 'active', next_run_at = $2 WHERE id = $1`, [src.id, new Date(clock.now()).toISOString()])
    expect((await call('DELETE', `/datasources/${src.id}`)).statusCode).toBe(200)
    await tick()
    expect(feedRequests('/f/feed.xml')).toBe(before)
    expect(await store.db.query(`SELECT 1 FROM source_items WHERE data_source_id = $1`, [src.id])).toEqual([])
  })

  test('a sandbox source runs once when played: its cards appear live in the workspace, then it is processed', async () => {
    const research = (await call('POST', '/researches', { title: 'Shipping' })).json()
    const sessionId = research.sessions[0].id as string
    serveFeed('/g/feed.xml', [item(0, 'g'), item(1, 'g')])
    const src = await rssSource({ researchId: research.id, sessionId }, '/g/feed.xml')
    expect(src).toMatchObject({ effectivePollIntervalSeconds: null })
    await call('PUT', `/datasources/${src.id}`, { status: 'active' })
    await pipeline.drain()
    expect(await source(src.id)).toMatchObject({ status: 'processed', itemsIngested: 2, nextRunAt: null, lastError: null })
    const live = await readLiveMessages(store.db, 'ana@source-runner.acme.io', sessionId, null, 10_000)
    expect(live.filter((m) => m.type === 'genesis-event-skeleton')).toHaveLength(2)
    expect(live.filter((m) => m.type === 'processing-complete')).toHaveLength(2)
    // A workspace's links are not the project's: the registry is left alone.
    expect((await call('GET', `/processed-urls/${encodeURIComponent(`${server.base}/g/articles/0`)}`)).statusCode).toBe(404)

    // It does not run again.
    const before = feedRequests('/g/feed.xml')
    clock.advance(24 * 60 * MINUTE)
    await tick()
    expect(feedRequests('/g/feed.xml')).toBe(before)
    expect((await call('PUT', `/datasources/${src.id}`, { status: 'active' })).statusCode).toBe(409)
  })

  test('a sandbox source whose workspace expired before its run does not run', async () => {
    const research = (await call('POST', '/researches', { title: 'Expiring' })).json()
    const sessionId = research.sessions[0].id as string
    serveFeed('/h/feed.xml', [item(0, 'h')])
    const src = await rssSource({ researchId: research.id, sessionId }, '/h/feed.xml')
    // Played (due now), then the workspace expires before the scheduler gets to it.
    await store.db.query(`UPDATE data_sources SET status = 'active', next_run_at = $2 WHERE id = $1`, [src.id, new Date(clock.now()).toISOString()])
    await store.db.query(`UPDATE sessions SET expires_at = $2 WHERE id = $1`, [sessionId, new Date(clock.now() - MINUTE).toISOString()])
    const before = feedRequests('/h/feed.xml')
    await tick()
    expect(feedRequests('/h/feed.xml')).toBe(before)
    expect(await source(src.id)).toMatchObject({ status: 'error', lastError: ExpiredWorkspaceMessage, itemsIngested: 0, nextRunAt: null })
    expect(await readLiveMessages(store.db, 'ana@source-runner.acme.io', sessionId, null)).toEqual([])
    // And the API will not resume it: the workspace is read-only.
    expect((await call('PUT', `/datasources/${src.id}`, { status: 'active' })).statusCode).toBe(410)
  })

  test('the scheduler cron is a pg-boss schedule on Source_Scheduler (every minute by default)', async () => {
    const other = createPipeline({ db: store.db, clock, ids: idsOf(99), analyser: analyser.analyser, jobs: TEST_JOBS })
    await other.start({ workers: false })
    try {
      expect(await store.db.query(`SELECT name, cron FROM pgboss.schedule`)).toEqual([{ name: 'Source_Scheduler', cron: '* * * * *' }])
    } finally {
      await other.stop()
    }
  })
})
