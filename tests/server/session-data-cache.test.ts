/**
 * Validators and the response cache of the session-data and frames reads (issue 22, item 2), on both stores:
 * an unchanged workspace answers 304 to its ETag; every kind of change (a live message, a write with no live
 * message, a correction, a reprocess's rewrite, a deletion, a project commit) answers 200 with a new ETag and
 * the new body, from the cache or not; a process that missed the change's notice (PostgreSQL, several
 * processes) still answers the new body; the cache keeps no more bytes than it is given and refuses a body
 * read before a change it was told of.
 */
import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { emitLive } from '../../server/modules/live/log'
import { createResponseCache, etagOf, matchesIfNoneMatch, type ResponseCache } from '../../server/modules/session-data/cache'
import { insertEvent, replaceFrames, updateEvent } from '../../server/modules/session-data/queries'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser, truncateAll } from './support/harness'

describe.each(dialects())('session-data validators and cache on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let cache: ResponseCache
  let clock: { advance(ms: number): void; now(): number }
  let ana: TestUser
  let eve: TestUser
  const tenant = 'ana@etag-tests.acme.io' // ana's personal tenant (no record: issue 16)

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser(tenant)
    eve = await emulatorUser('eve@etag-tests.evil.example')
  })
  beforeEach(async () => {
    await truncateAll(db)
    cache = createResponseCache()
    ;({ app, clock } = await testApp(db, { responseCache: cache }))
    return () => app.close()
  })

  const get = (user: TestUser, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...user.headers, ...headers } })

  async function workspace(): Promise<{ researchId: string; sessionId: string; data: string; frames: string }> {
    const research = (await app.inject({ method: 'POST', url: '/api/v1/researches', headers: ana.headers, payload: { title: 'Trade' } })).json()
    const researchId = research.id as string
    const sessionId = research.sessions[0].id as string
    for (let i = 1; i <= 2; i++) {
      const id = `evt_${i}`
      await insertEvent(db, tenant, {
        id,
        researchId,
        sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'text',
        eventType: 'text',
        title: `Doc ${i}`,
        status: 'completed',
        payload: { aiTitle: `Doc ${i}` },
        contentHash: null,
        uploadedAt: null,
        now: clock.now() + i,
      })
      await replaceFrames(db, tenant, id, [{ id: `${id}-f1`, status: 'final', actionIndex: 1, totalActions: 1, actionType: 'sign', body: { actionType: 'sign' } }], {
        researchId,
        sessionId,
        now: clock.now() + i,
      })
    }
    await emitLive(db, { tenantId: tenant, sessionId, type: 'processing-complete', data: { eventId: 'evt_1', actionCount: 1 }, at: 0 })
    return { researchId, sessionId, data: `/researches/${researchId}/sessions/${sessionId}/data`, frames: `/researches/${researchId}/sessions/${sessionId}/frames?events=evt_1,evt_2` }
  }

  /** Reads `url` twice (the second from the cache where it may be) and checks both agree; answers the ETag and body. */
  async function read(url: string): Promise<{ etag: string; body: string }> {
    const first = await get(ana, url)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['cache-control']).toBe('private, no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/)
    const again = await get(ana, url)
    expect({ etag: again.headers.etag, body: again.body }).toEqual({ etag, body: first.body })
    return { etag, body: first.body }
  }

  /** The ETag still names the body: 304, no body. */
  async function unchanged(url: string, etag: string, ifNoneMatch = etag) {
    const res = await get(ana, url, { 'if-none-match': ifNoneMatch })
    expect(res.statusCode).toBe(304)
    expect(res.body).toBe('')
    expect(res.headers.etag).toBe(etag)
  }

  /** The title the data read gives a document. */
  const titleIn = (body: string, id: string) => (JSON.parse(body) as { events: Array<{ id: string; title: string | null }> }).events.find((e) => e.id === id)?.title

  /** After a change: the old ETag answers 200 with a new ETag and a new body. */
  async function changed(url: string, before: { etag: string; body: string }): Promise<{ etag: string; body: string }> {
    const res = await get(ana, url, { 'if-none-match': before.etag })
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).not.toBe(before.etag)
    expect(res.body).not.toBe(before.body)
    const now = await read(url)
    expect(now).toEqual({ etag: res.headers.etag, body: res.body })
    return now
  }

  test('an unchanged workspace answers 304 to its ETag; a live message makes a new one', async () => {
    const w = await workspace()
    for (const url of [w.data, w.frames]) {
      const first = await read(url)
      await unchanged(url, first.etag)
      await unchanged(url, first.etag, `W/${first.etag}, "other"`)
    }
    const data = await read(w.data)
    const frames = await read(w.frames)
    await emitLive(db, { tenantId: tenant, sessionId: w.sessionId, type: 'status-update', data: { eventId: 'evt_2', phase: 'structuring-started' }, at: 0 })
    const after = await changed(w.data, data)
    expect(JSON.parse(after.body).liveCursor).toBe('2')
    await changed(w.frames, frames)
    await unchanged(w.data, after.etag)
  })

  test('writes that append nothing to the live log still change the answer: an update, a reprocess rewriting frames, a project commit', async () => {
    const w = await workspace()
    let data = await read(w.data)
    let frames = await read(w.frames)
    await updateEvent(db, tenant, 'evt_1', { title: 'Renamed', now: clock.now() })
    data = await changed(w.data, data)
    expect(titleIn(data.body, 'evt_1')).toBe('Renamed')
    // The version is the workspace's: the frames read changed its ETag too (not its body).
    frames = await read(w.frames)
    // A reprocess writes the document's frames again, as the stage does.
    await replaceFrames(db, tenant, 'evt_1', [{ id: 'evt_1-f9', status: 'final', actionIndex: 1, totalActions: 1, actionType: 'meet', body: { actionType: 'meet' } }], {
      researchId: w.researchId,
      sessionId: w.sessionId,
      now: clock.now() + 50,
    })
    frames = await changed(w.frames, frames)
    expect(frames.body).toContain('evt_1-f9')
    data = await changed(w.data, data)
    const commit = await app.inject({
      method: 'POST',
      url: `/api/v1/researches/${w.researchId}/commit`,
      headers: ana.headers,
      payload: { commitAction: 'createNewProject', newProjectDetails: { displayName: 'Trade watch' } },
    })
    expect(commit.statusCode, commit.body).toBe(200)
    data = await changed(w.data, data)
    expect((JSON.parse(data.body) as { events: Array<{ projectId: string | null }> }).events.map((e) => e.projectId)).toEqual([commit.json().projectId, commit.json().projectId])
  })

  test('a correction and a deletion change the answer; a deleted workspace is not found, not served from the cache', async () => {
    const w = await workspace()
    let data = await read(w.data)
    const corrected = await app.inject({ method: 'PUT', url: '/api/v1/action-frames/evt_2-f1/correction', headers: ana.headers, payload: { verdict: 'rejected' } })
    expect(corrected.statusCode, corrected.body).toBe(200)
    const res = await get(ana, w.data, { 'if-none-match': data.etag })
    expect(res.statusCode).toBe(200)
    expect(res.headers.etag).not.toBe(data.etag)
    data = await read(w.data)
    expect((await app.inject({ method: 'DELETE', url: `/api/v1${w.data.replace('/data', '/events/evt_2')}`, headers: ana.headers })).statusCode).toBe(200)
    data = await changed(w.data, data)
    expect(data.body).not.toContain('evt_2')
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/researches/${w.researchId}`, headers: ana.headers })).statusCode).toBe(200)
    expect((await get(ana, w.data)).statusCode).toBe(404)
    expect((await get(ana, w.data, { 'if-none-match': data.etag })).statusCode).toBe(404)
  })

  test('another tenant gets 404 for the workspace, whatever it sends, while the owner’s answer is cached', async () => {
    const w = await workspace()
    const data = await read(w.data)
    const frames = await read(w.frames)
    for (const [url, etag] of [
      [w.data, data.etag],
      [w.frames, frames.etag],
    ] as const) {
      for (const headers of [{}, { 'if-none-match': etag }, { 'if-none-match': '*' }] as Array<Record<string, string>>) {
        const res = await get(eve, url, headers)
        expect(res.statusCode).toBe(404)
        expect(res.body).not.toContain('evt_')
      }
    }
    expect(cache.stats().entries).toBe(2)
  })

  test('the frames read is cached per list of documents', async () => {
    const w = await workspace()
    const both = await read(w.frames)
    const one = await read(w.frames.replace('evt_1,evt_2', 'evt_2'))
    expect(one.etag).not.toBe(both.etag)
    expect(JSON.parse(one.body).actionFrames.map((f: { id: string }) => f.id)).toEqual(['evt_2-f1'])
    const reordered = await read(w.frames.replace('evt_1,evt_2', 'evt_2,evt_1'))
    expect(JSON.parse(reordered.body).actionFrames.map((f: { id: string }) => f.id)).toEqual(['evt_2-f1', 'evt_1-f1'])
  })

  if (dialect === 'postgres') {
    test('a process that missed the notice of another process’s write still answers the new body', async () => {
      const deaf: ResponseCache = { ...createResponseCache(), onNotice: () => {} }
      const other = await testApp(db, { responseCache: deaf })
      try {
        const w = await workspace()
        const url = `/api/v1${w.data}`
        const first = await other.app.inject({ method: 'GET', url, headers: ana.headers })
        expect((await other.app.inject({ method: 'GET', url, headers: ana.headers })).body).toBe(first.body)
        expect(deaf.stats().hits).toBe(1)
        await updateEvent(db, tenant, 'evt_1', { title: 'Written elsewhere', now: clock.now() })
        const after = await other.app.inject({ method: 'GET', url, headers: ana.headers })
        expect(titleIn(after.body, 'evt_1')).toBe('Written elsewhere')
        expect(after.headers.etag).not.toBe(first.headers.etag)
      } finally {
        await other.app.close()
      }
    })
  }
})

describe('the response cache', () => {
  const body = (n: number) => ({ version: 'v1', body: Buffer.alloc(n, 120) })

  test('keeps at most its bytes, dropping the least recently used first; a body over the entry limit is not kept', () => {
    const cache = createResponseCache({ maxBytes: 1000, maxEntryBytes: 400 })
    for (let i = 0; i < 10; i++) expect(cache.put(cache.begin('t', `s${i}`), 'v', body(300))).toBe(true)
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000)
    expect(cache.stats().entries).toBe(3)
    expect(cache.get('t', 's9', 'v')).toBeDefined()
    expect(cache.get('t', 's0', 'v')).toBeUndefined()
    // s7 was used last: s8 goes first.
    expect(cache.get('t', 's7', 'v')).toBeDefined()
    cache.put(cache.begin('t', 'x'), 'v', body(300))
    expect(cache.get('t', 's8', 'v')).toBeUndefined()
    expect(cache.get('t', 's7', 'v')).toBeDefined()
    expect(cache.put(cache.begin('t', 'big'), 'v', body(401))).toBe(false)
    expect(cache.stats().bytes).toBeLessThanOrEqual(1000)
  })

  test('keys are per tenant and session; a notice drops its session’s bodies and refuses reads begun before it', () => {
    const cache = createResponseCache()
    cache.put(cache.begin('t1', 's'), 'v', body(10))
    expect(cache.get('t2', 's', 'v')).toBeUndefined()
    expect(cache.get('t1', 's', 'other')).toBeUndefined()
    const early = cache.begin('t1', 's')
    const elsewhere = cache.begin('t1', 'other-session')
    cache.onNotice('["t1","s"]')
    expect(cache.get('t1', 's', 'v')).toBeUndefined()
    expect(cache.put(early, 'v', body(10))).toBe(false)
    expect(cache.put(elsewhere, 'v', body(10))).toBe(true)
    expect(cache.put(cache.begin('t1', 's'), 'v', body(10))).toBe(true)
    const beforeClear = cache.begin('t1', 's')
    cache.onNotice('["*"]')
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 })
    expect(cache.put(beforeClear, 'v', body(10))).toBe(false)
    // A notice it cannot read could have named any session.
    cache.put(cache.begin('t1', 's'), 'v', body(10))
    cache.onNotice('garbage')
    expect(cache.stats().entries).toBe(0)
  })

  test('forgetting old invalidations refuses every read begun before, never lets a stale one in', () => {
    const cache = createResponseCache({ maxTracked: 2 })
    const early = cache.begin('t', 'a')
    cache.invalidate('t', 'b')
    cache.invalidate('t', 'c')
    cache.invalidate('t', 'd')
    expect(cache.put(early, 'v', body(1))).toBe(false)
  })

  test('an ETag is per user, read and version; If-None-Match compares weakly and takes lists and *', () => {
    const scope = { tenantId: 't', uid: 'u1', sessionId: 's' }
    const tag = etagOf(scope, 'data', '1.2.3')
    expect(etagOf(scope, 'data', '1.2.3')).toBe(tag)
    expect(etagOf({ ...scope, uid: 'u2' }, 'data', '1.2.3')).not.toBe(tag)
    expect(etagOf({ ...scope, tenantId: 't2' }, 'data', '1.2.3')).not.toBe(tag)
    expect(etagOf(scope, 'frames', '1.2.3')).not.toBe(tag)
    expect(etagOf(scope, 'data', '1.2.4')).not.toBe(tag)
    expect(matchesIfNoneMatch(tag, tag)).toBe(true)
    expect(matchesIfNoneMatch(`"x", W/${tag}`, tag)).toBe(true)
    expect(matchesIfNoneMatch('*', tag)).toBe(true)
    expect(matchesIfNoneMatch('"x"', tag)).toBe(false)
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false)
  })
})
