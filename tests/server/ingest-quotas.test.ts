/**
 * Ingest quotas (issue 17 item 3) through app.inject and the real pipeline's ingest (queuing only, no
 * workers, so documents stay waiting until the test finishes them): past the queued-documents limit or the
 * ingest rate, /ingest, /ingest-url and /upload answer 429 RATE_LIMIT with Retry-After and the limit in the
 * product's words, and write nothing; another team is not held back; the limit frees as documents finish
 * and as the injected clock moves on.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { buildApp } from '../../server/app'
import { firebaseTokenVerifier } from '../../server/platform/auth/tokens'
import type { IngestQuotaSettings } from '../../server/platform/config'
import { manualClock, sequentialIds } from '../../server/platform/core/runtime'
import type { Database } from '../../server/platform/db/database'
import type { Pipeline } from '../../server/modules/pipeline/contract'
import { createPipeline, type PipelineService } from '../../server/modules/pipeline/pipeline'
import { QUEUE_RETRY_SECONDS } from '../../server/modules/ingest/quotas'
import { updateEvent } from '../../server/modules/session-data/queries'
import { QuotaMessages } from '../../src/domain/rules/quotas'
import { switchableAnalyser, TEST_JOBS } from './pipeline/support'
import { dialects, emulatorUser, PROJECT_ID, type TestUser, testDatabase, truncateAll } from './support/harness'

describe.each(dialects())('ingest quotas on %s', { timeout: 30_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  let app: FastifyInstance
  let ana: TestUser
  let eve: TestUser
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const ids = sequentialIds()

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@quota-tests.acme.io')
    eve = await emulatorUser('eve@quota-tests.other.example')
    // Queues only: nothing analyses, so every accepted document waits until the test finishes it.
    pipeline = createPipeline({ db, clock, ids, analyser: switchableAnalyser().analyser, jobs: TEST_JOBS, sourceRuns: { cron: null } })
    await pipeline.start({ workers: false })
  })
  afterAll(async () => {
    await pipeline.stop()
  })
  beforeEach(async () => {
    await truncateAll(db)
  })
  afterEach(async () => {
    await app?.close()
  })

  async function appWith(settings: Partial<IngestQuotaSettings>, overrides: { pipeline?: Pipeline } = {}) {
    app = await buildApp({
      db,
      pipeline: overrides.pipeline ?? pipeline,
      verifier: firebaseTokenVerifier(PROJECT_ID),
      clock,
      ids,
      config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test', ...settings },
      errorLog: () => {},
    })
  }

  const call = (user: TestUser, url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, payload })
  async function workspace(user: TestUser) {
    const research = (await app.inject({ method: 'POST', url: '/api/v1/researches', headers: user.headers, payload: { title: 'Trade' } })).json()
    return research.sessions[0].id as string
  }
  /** One document by each route in turn: text, address, file. */
  const byRoute = [
    (user: TestUser, sessionId: string, n: number) => call(user, '/ingest', { text: `Port strike day ${n}: the dockers' union called a strike.` }, { 'x-session-id': sessionId }),
    (user: TestUser, sessionId: string, n: number) => call(user, '/ingest-url', { url: `https://news.example.org/strike/${n}` }, { 'x-session-id': sessionId }),
    (user: TestUser, sessionId: string, n: number) =>
      call(user, '/upload', { contentBase64: Buffer.from(`# Strike ${n}\nThe port closed.`).toString('base64'), fileName: `strike-${n}.md` }, { 'x-session-id': sessionId }),
  ]

  /** Every row of every table the app writes (and the queue's jobs): what "writes nothing" compares. */
  async function everything(): Promise<string> {
    const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`)
    const out: Record<string, unknown> = {}
    for (const { tablename } of tables) out[tablename] = (await db.query(`SELECT * FROM "${tablename}"`)).map((r) => JSON.stringify(r)).sort()
    out.jobs = (await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM pgboss.job`))[0]?.n
    return JSON.stringify(out)
  }
  const waiting = async (tenantId: string) => db.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND status NOT IN ('completed', 'error') ORDER BY id`, [tenantId])
  const finish = (tenantId: string, id: string, status: 'completed' | 'error') => updateEvent(db, tenantId, id, { status, now: clock.now() })

  test('past the rate every route answers 429 with Retry-After and the rate in words, writes nothing, and the bucket refills with time', async () => {
    await appWith({ INGEST_RATE_PER_MINUTE: 60, INGEST_BURST: 3, INGEST_QUEUE_LIMIT: 0 })
    const sessionId = await workspace(ana)
    for (const [n, send] of byRoute.entries()) expect((await send(ana, sessionId, n)).statusCode).toBe(202)

    const before = await everything()
    for (const [n, send] of byRoute.entries()) {
      const refused = await send(ana, sessionId, 10 + n)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe('1')
      expect(refused.json()).toEqual({ code: 'RATE_LIMIT', message: QuotaMessages.rate(60, 1) })
    }
    expect(await everything()).toBe(before)
    expect(QuotaMessages.rate(60, 1)).toBe('Your team is adding documents faster than the 60 documents a minute it may add. Nothing was added; try again in 1 second.')

    // Another team has a bucket of its own.
    expect((await byRoute[0]!(eve, await workspace(eve), 0)).statusCode).toBe(202)

    // A second later one more fits (60 a minute), and only one.
    clock.advance(1000)
    expect((await byRoute[1]!(ana, sessionId, 20)).statusCode).toBe(202)
    const again = await byRoute[2]!(ana, sessionId, 21)
    expect(again.statusCode).toBe(429)
    // A refused request took nothing: half a second on, the next token is half a second away, not one and a half.
    clock.advance(500)
    expect((await byRoute[0]!(ana, sessionId, 22)).headers['retry-after']).toBe('1')
    clock.advance(500)
    expect((await byRoute[0]!(ana, sessionId, 23)).statusCode).toBe(202)
    // A minute's wait refills the whole burst and no more.
    clock.advance(60_000)
    for (let n = 0; n < 3; n++) expect((await byRoute[n]!(ana, sessionId, 30 + n)).statusCode).toBe(202)
    expect((await byRoute[0]!(ana, sessionId, 40)).statusCode).toBe(429)
  })

  test('past the queued-documents limit every route answers 429 until documents finish; another team is unaffected', async () => {
    await appWith({ INGEST_QUEUE_LIMIT: 2, INGEST_RATE_PER_MINUTE: 0 })
    const sessionId = await workspace(ana)
    const tenant = 'ana@quota-tests.acme.io' // her personal team: no verified company record
    expect((await byRoute[0]!(ana, sessionId, 0)).statusCode).toBe(202)
    expect((await byRoute[2]!(ana, sessionId, 1)).statusCode).toBe(202)
    expect(await waiting(tenant)).toHaveLength(2)

    const before = await everything()
    for (const [n, send] of byRoute.entries()) {
      const refused = await send(ana, sessionId, 10 + n)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBe(String(QUEUE_RETRY_SECONDS))
      expect(refused.json()).toEqual({ code: 'RATE_LIMIT', message: QuotaMessages.queue(2, QUEUE_RETRY_SECONDS) })
    }
    expect(await everything()).toBe(before)
    expect(QuotaMessages.queue(2, 30)).toBe('Your team has 2 documents waiting to be processed, the most it may have at once. Nothing was added; try again in 30 seconds, when some have finished.')

    const eveSession = await workspace(eve)
    for (let n = 0; n < 2; n++) expect((await byRoute[n]!(eve, eveSession, n)).statusCode).toBe(202)

    // Time alone frees nothing; a document that completes frees its place, and one that ends in error too.
    clock.advance(10 * 60_000)
    expect((await byRoute[1]!(ana, sessionId, 20)).statusCode).toBe(429)
    const [first, second] = await waiting(tenant)
    await finish(tenant, first!.id, 'completed')
    expect((await byRoute[1]!(ana, sessionId, 21)).statusCode).toBe(202)
    expect((await byRoute[1]!(ana, sessionId, 22)).statusCode).toBe(429)
    await finish(tenant, second!.id, 'error')
    expect((await byRoute[0]!(ana, sessionId, 23)).statusCode).toBe(202)
    expect(await waiting(tenant)).toHaveLength(2)
  })

  test('requests sent together never take more places than there are', async () => {
    await appWith({ INGEST_QUEUE_LIMIT: 3, INGEST_RATE_PER_MINUTE: 0 })
    const sessionId = await workspace(ana)
    const tenant = 'ana@quota-tests.acme.io'
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => byRoute[n % 3]!(ana, sessionId, n)))
    const accepted = answers.filter((a) => a.statusCode === 202).length
    expect(answers.every((a) => a.statusCode === 202 || a.statusCode === 429)).toBe(true)
    expect(accepted).toBeGreaterThan(0)
    expect(accepted).toBeLessThanOrEqual(3)
    expect(await waiting(tenant)).toHaveLength(accepted)
    // Once they have settled, the places left are taken one by one, and no more.
    for (let n = accepted; n < 3; n++) expect((await byRoute[0]!(ana, sessionId, 10 + n)).statusCode).toBe(202)
    expect((await byRoute[0]!(ana, sessionId, 20)).statusCode).toBe(429)
  })

  test('refusals of another kind come first, and an ingest that fails after admission gives its token back', async () => {
    let failNext = true
    const flaky: Pipeline = {
      ingest: async (request) => {
        if (failNext) {
          failNext = false
          throw new Error('the queue is unavailable')
        }
        return pipeline.ingest(request)
      },
      reprocess: (request) => pipeline.reprocess(request),
    }
    await appWith({ INGEST_RATE_PER_MINUTE: 1, INGEST_BURST: 1, INGEST_QUEUE_LIMIT: 0 }, { pipeline: flaky })
    const sessionId = await workspace(ana)
    expect((await byRoute[0]!(ana, sessionId, 0)).statusCode).toBe(500)
    expect((await byRoute[0]!(ana, sessionId, 1)).statusCode).toBe(202)
    // Now at the limit: a request that is wrong anyway says so rather than 'try again later'.
    expect((await call(ana, '/ingest', { text: '   ' }, { 'x-session-id': sessionId })).statusCode).toBe(400)
    expect((await call(ana, '/ingest-url', { url: 'not an address' }, { 'x-session-id': sessionId })).statusCode).toBe(400)
    expect((await call(ana, '/ingest', { text: 'x' }, { 'x-session-id': 'ses_none' })).statusCode).toBe(404)
    const refused = await byRoute[0]!(ana, sessionId, 2)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe('60')
    expect(refused.json().message).toBe(QuotaMessages.rate(1, 60))
  })
})
