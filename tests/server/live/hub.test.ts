/**
 * The live channel over real sockets: negotiate and tickets, the fallback auth frame, tenancy, expiry,
 * ping, resume with replay in pages, resync after pruning, pushes of new messages (notices in any order,
 * appends during a replay), and frames that must not hurt the process.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { Database } from '../../../server/platform/db/database'
import { appendLiveMessage, emitLive, eraseFromLiveLog, LIVE_CHANNEL, liveLogBounds, notifyLive } from '../../../server/modules/live/log'
import { pruneLiveLog } from '../../../server/modules/live/queries/log'
import { dialects, emulatorUser, mintToken, testDatabase, type TestUser } from '../support/harness'
import { connect, createWorkspace, negotiate, sampleMessages, startLiveServer, type LiveServer } from './support'

const PAGE = 7

describe.each(dialects())('live hub on %s', (dialect) => {
  let db: Database
  let server: LiveServer
  let ana: TestUser
  let bob: TestUser
  // ana has no record of her own: the server gives her a personal tenant, her address (issue 16).
  const tenant = 'ana@live-hub-tests.acme.io'
  const messages = sampleMessages(60)
  const emit = (sessionId: string, i: number) => {
    const m = messages[i % messages.length] as (typeof messages)[number]
    return emitLive(db, { tenantId: tenant, sessionId, type: m.type, data: m.data, at: 0 })
  }
  const emitMany = async (sessionId: string, n: number) => {
    for (let i = 0; i < n; i++) await emit(sessionId, i)
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i))

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ;[ana, bob] = await Promise.all([emulatorUser('ana@live-hub-tests.acme.io'), emulatorUser('bob@live-hub-tests.globex.com')])
    server = await startLiveServer(db, { tuning: { pageSize: PAGE, maxFrameBytes: 4096 } })
  }, 60_000)

  test('negotiate answers a ticket URL; the ticket opens the socket, which answers ping and resume', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const res = await server.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${sessionId}`, headers: ana.headers, payload: {} })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json().url).toMatch(new RegExp(`^/ws/${sessionId}\\?ticket=v1\\.[\\w-]+\\.[\\w-]+$`))
    const s = await connect(server.wsUrl(res.json().url), { type: 'ping' }, { type: 'resume', after: null })
    await s.until((x) => x.frames.length === 2)
    expect(s.frames).toEqual([{ type: 'pong' }, { type: 'resume-complete', sessionId, id: null }])
    s.close()
  })

  test('negotiate needs a token and a session of the caller’s tenant', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    expect((await server.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${sessionId}`, payload: {} })).statusCode).toBe(401)
    const foreign = await server.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${sessionId}`, headers: bob.headers, payload: {} })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Session not found' })
    expect((await server.app.inject({ method: 'POST', url: '/api/v1/ws/negotiate/ses_missing', headers: ana.headers, payload: {} })).statusCode).toBe(404)
  })

  test('the fallback takes the identity token in a first auth frame', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    await emitMany(sessionId, 3)
    const s = await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: ana.token }, { type: 'resume', after: '1' })
    await s.until((x) => x.controls().length === 1)
    expect(s.ids()).toEqual(['2', '3'])
    expect(s.controls()).toEqual([{ type: 'resume-complete', sessionId, id: '3' }])
    s.close()
  })

  test('another tenant is refused with 4403, whether or not the session exists', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const other = await createWorkspace(server, ana, 'Other')
    const bobs = await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: bob.token })
    expect((await bobs.closed).code).toBe(4403)
    const missing = await connect(server.wsUrl('/ws/ses_does_not_exist'), { type: 'auth', token: ana.token })
    expect(await missing.closed).toEqual({ code: 4403, reason: 'not allowed' })
    // A ticket names one session: it opens no other, even of the same tenant.
    const ticketUrl = await negotiate(server, ana.headers, sessionId)
    const elsewhere = await connect(ticketUrl.replace(`/ws/${sessionId}?`, `/ws/${other.sessionId}?`))
    expect((await elsewhere.closed).code).toBe(4403)
    expect(bobs.frames).toEqual([])
  })

  test('expired, forged, spent or missing credentials close with 4401', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const expiredUrl = await negotiate(server, ana.headers, sessionId)
    server.clock.advance(61_000)
    try {
      expect(await (await connect(expiredUrl)).closed).toEqual({ code: 4401, reason: 'ticket expired' })
    } finally {
      server.clock.reset()
    }
    const url = await negotiate(server, ana.headers, sessionId)
    const forged = url.replace(/\.([\w-])([\w-]*)$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`)
    expect(await (await connect(forged)).closed).toEqual({ code: 4401, reason: 'ticket signature' })
    const first = await connect(url, { type: 'ping' })
    await first.until((x) => x.frames.length === 1)
    expect(await (await connect(url)).closed).toEqual({ code: 4401, reason: 'ticket reused' })
    first.close()
    expect(await (await connect(server.wsUrl(`/ws/${sessionId}?ticket=nonsense`))).closed).toEqual({ code: 4401, reason: 'ticket malformed' })
    // No ticket and no auth frame within the allowed time; an empty token; a first frame that is not auth.
    const silent = await connect(server.wsUrl(`/ws/${sessionId}`))
    expect(await silent.closed).toEqual({ code: 4401, reason: 'authentication timed out' })
    expect((await (await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: '' })).closed).code).toBe(4401)
    expect((await (await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'ping' })).closed).code).toBe(4401)
    expect((await (await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: 'not.a.jwt' })).closed).code).toBe(4401)
    const stale = mintToken({ uid: 'u-stale', email: 'stale@live-hub-tests.acme.io' }, { now: Date.now() - 7_200_000 })
    expect((await (await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: stale })).closed).code).toBe(4401)
  })

  test('resume replays everything after the id in order, in pages, then resume-complete', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    await emitMany(sessionId, 40)
    const all = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: null })
    const tail = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: '33' })
    const none = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: '40' })
    await Promise.all([all, tail, none].map((s) => s.until((x) => x.controls().length === 1)))
    expect(all.ids()).toEqual(range(1, 40))
    expect(all.frames.at(-1)).toEqual({ type: 'resume-complete', sessionId, id: '40' })
    expect(all.frames[0]).toMatchObject({ type: messages[0]?.type, sessionId, id: '1', data: messages[0]?.data })
    expect(tail.ids()).toEqual(range(34, 40))
    expect(none.frames).toEqual([{ type: 'resume-complete', sessionId, id: '40' }])
    for (const s of [all, tail, none]) s.close()
  })

  test('a cursor the log does not know (pruned, beyond its end, not an id) gets resync-required, then live messages', async () => {
    const small = await startLiveServer(db, { config: { LIVE_LOG_RETENTION: 10 }, tuning: { pageSize: PAGE } })
    const { sessionId } = await createWorkspace(server, ana)
    await emitMany(sessionId, 30)
    await untilAsync(async () => (await liveLogBounds(db, tenant, sessionId)).first === '21')
    const resume = async (after: string | null) => connect(await negotiate(small, ana.headers, sessionId), { type: 'resume', after })
    const [pruned, fromStart, edge, beyond, junk] = await Promise.all([resume('19'), resume(null), resume('20'), resume('31'), resume('x1')])
    await Promise.all([pruned, fromStart, edge, beyond, junk].map((s) => s.until((x) => x.controls().length === 1)))
    for (const s of [pruned, fromStart, beyond, junk]) expect(s.frames).toEqual([{ type: 'resync-required', sessionId }])
    expect(edge.ids()).toEqual(range(21, 30))
    expect(edge.controls()).toEqual([{ type: 'resume-complete', sessionId, id: '30' }])
    // After a resync the socket goes on from the end of the log.
    await emit(sessionId, 30)
    await Promise.all([pruned, edge].map((s) => s.until((x) => x.ids().includes('31'))))
    expect(pruned.ids()).toEqual(['31'])
    expect(small.hub.stats().resyncs).toBeGreaterThanOrEqual(4)
    for (const s of [pruned, fromStart, edge, beyond, junk]) s.close()
    await small.close()
  })

  test('a socket the log was pruned past while it lagged is told to resync and goes on from the end', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    await emitMany(sessionId, 5)
    const s = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: null })
    await s.until((x) => x.controls().length === 1)
    // Appended without notices (this socket falls behind), then pruned past it, then one notice.
    for (let i = 0; i < 20; i++) await db.transaction((tx) => appendLiveMessage(tx, { tenantId: tenant, sessionId, type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 }))
    await pruneLiveLog(db, tenant, sessionId, 10)
    await notifyLive(db, { tenantId: tenant, sessionId, id: '25' })
    await s.until((x) => x.controls().length === 2)
    expect(s.controls()[1]).toEqual({ type: 'resync-required', sessionId })
    await emit(sessionId, 1)
    await s.until((x) => x.ids().includes('26'))
    expect(s.ids()).toEqual([...range(1, 5), '26'])
    s.close()
  })

  test("a deleted document's messages leave the log: resumes across the hole get the rest and its tombstone, no resync", async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const say = (eventId: string, phase: string) => emitLive(db, { tenantId: tenant, sessionId, type: 'status-update', data: { eventId, phase }, at: 0 })
    // 1–3 about e1 (the first messages of the log), 4–5 about e2.
    for (const phase of ['a', 'b', 'c']) await say('e1', phase)
    for (const phase of ['a', 'b']) await say('e2', phase)
    const live = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: null })
    await live.until((x) => x.controls().length === 1)
    const tombstone = await db.transaction((tx) => eraseFromLiveLog(tx, tenant, sessionId, ['e1'], 0))
    await notifyLive(db, { tenantId: tenant, sessionId, id: tombstone as string })
    expect(tombstone).toBe('6')
    expect(await liveLogBounds(db, tenant, sessionId)).toEqual({ first: '1', last: '6' })
    // The open socket is told; sockets resuming from the start, inside the hole or after it get what is left.
    await live.until((x) => x.ids().includes('6'))
    expect(live.frames.at(-1)).toEqual({ type: 'genesis-event-deleted', sessionId, id: '6', data: { eventId: 'e1' } })
    const resume = async (after: string | null) => connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after })
    const [fromStart, inHole, after] = await Promise.all([resume(null), resume('2'), resume('5')])
    await Promise.all([fromStart, inHole, after].map((s) => s.until((x) => x.controls().length === 1)))
    expect(fromStart.ids()).toEqual(['4', '5', '6'])
    expect(inHole.ids()).toEqual(['4', '5', '6'])
    expect(after.ids()).toEqual(['6'])
    for (const s of [fromStart, inHole, after]) expect(s.controls()).toEqual([{ type: 'resume-complete', sessionId, id: '6' }])
    for (const s of [live, fromStart, inHole, after]) s.close()
  })

  test('new messages are pushed as they are appended, to every socket of the session, once each and in order', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const other = await createWorkspace(server, ana, 'Quiet')
    const a = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: null })
    const b = await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: ana.token }, { type: 'resume', after: null })
    const quiet = await connect(await negotiate(server, ana.headers, other.sessionId), { type: 'resume', after: null })
    await Promise.all([a, b, quiet].map((s) => s.until((x) => x.controls().length === 1)))
    await emitMany(sessionId, 12)
    await Promise.all([a, b].map((s) => s.until((x) => x.ids().length === 12)))
    expect(a.ids()).toEqual(range(1, 12))
    expect(b.ids()).toEqual(range(1, 12))
    expect(quiet.ids()).toEqual([])
    for (const s of [a, b, quiet]) s.close()
  })

  test('notices late, duplicated, out of order or garbled change nothing: each message once, in order', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const s = await connect(await negotiate(server, ana.headers, sessionId), { type: 'resume', after: null })
    await s.until((x) => x.controls().length === 1)
    for (let i = 0; i < 6; i++) await db.transaction((tx) => appendLiveMessage(tx, { tenantId: tenant, sessionId, type: 'status-update', data: { eventId: `e${i}`, phase: 'x' }, at: 0 }))
    const before = server.hub.stats().invalidNotices
    await db.notify(LIVE_CHANNEL, 'not json')
    await db.notify(LIVE_CHANNEL, JSON.stringify({ tenantId: tenant, sessionId }))
    for (const id of ['6', '2', '6', '4', '1']) await notifyLive(db, { tenantId: tenant, sessionId, id })
    await s.until((x) => x.ids().length >= 6)
    await new Promise((r) => setTimeout(r, 50))
    expect(s.ids()).toEqual(range(1, 6))
    expect(server.hub.stats().invalidNotices).toBe(before + 2)
    s.close()
  })

  test('messages appended while a resume replays arrive exactly once, without a gap', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    await emitMany(sessionId, 60)
    const url = await negotiate(server, ana.headers, sessionId)
    const appending = emitMany(sessionId, 40)
    const s = await connect(url, { type: 'resume', after: null })
    await appending
    await s.until((x) => x.ids().length === 100)
    await new Promise((r) => setTimeout(r, 50))
    expect(s.ids()).toEqual(range(1, 100))
    const complete = s.frames.findIndex((f) => f.type === 'resume-complete')
    expect(complete).toBeGreaterThanOrEqual(60)
    expect(s.controls()).toHaveLength(1)
    s.close()
  })

  test('a lost notice costs latency, not data: the sweep delivers', async () => {
    const sweeping = await startLiveServer(db, { tuning: { sweepIntervalMs: 100 } })
    const { sessionId } = await createWorkspace(server, ana)
    const s = await connect(await negotiate(sweeping, ana.headers, sessionId), { type: 'resume', after: null })
    await s.until((x) => x.controls().length === 1)
    await db.transaction((tx) => appendLiveMessage(tx, { tenantId: tenant, sessionId, type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 }))
    await s.until((x) => x.ids().length === 1, 3000)
    expect(s.ids()).toEqual(['1'])
    s.close()
    await sweeping.close()
  })

  test('invalid frames are ignored and counted; an oversized one closes only its socket', async () => {
    const { sessionId } = await createWorkspace(server, ana)
    const s = await connect(await negotiate(server, ana.headers, sessionId))
    const before = server.hub.stats().invalidFrames
    for (const junk of ['not json', '[]', 'null', '{"type":"nope"}', '{"type":"resume","after":5}', '{"type":"auth","token":"again"}']) s.send(junk)
    s.ws.send(Buffer.from([1, 2, 3]), { binary: true })
    s.send({ type: 'ping' })
    await s.until((x) => x.frames.length === 1)
    expect(s.frames).toEqual([{ type: 'pong' }])
    expect(server.hub.stats().invalidFrames - before).toBe(7)
    s.send('x'.repeat(5000))
    expect((await s.closed).code).toBe(1009)
    const after = await connect(await negotiate(server, ana.headers, sessionId), { type: 'ping' })
    await after.until((x) => x.frames.length === 1)
    after.close()
  })

  test('a peer that answers no heartbeat is cut off; one that does stays', async () => {
    const beating = await startLiveServer(db, { tuning: { heartbeatMs: 80 } })
    const { sessionId } = await createWorkspace(server, ana)
    const lively = await connect(await negotiate(beating, ana.headers, sessionId))
    const mute = new WebSocket(await negotiate(beating, ana.headers, sessionId), { autoPong: false })
    mute.on('error', () => {})
    const muteClosed = new Promise<number>((resolve) => mute.on('close', (code) => resolve(code)))
    expect(await muteClosed).toBe(1006)
    lively.send({ type: 'ping' })
    await lively.until((x) => x.frames.length === 1)
    expect(beating.hub.stats().sockets).toBe(1)
    lively.close()
    await beating.close()
  })

  test('closing the hub closes its sockets with 1001', async () => {
    const closing = await startLiveServer(db)
    const { sessionId } = await createWorkspace(server, ana)
    const s = await connect(await negotiate(closing, ana.headers, sessionId), { type: 'resume', after: null })
    await s.until((x) => x.controls().length === 1)
    expect(closing.hub.stats()).toMatchObject({ sockets: 1, sessions: 1 })
    await closing.close()
    expect(await s.closed).toEqual({ code: 1001, reason: 'server shutting down' })
    expect(closing.hub.stats()).toMatchObject({ sockets: 0, sessions: 0 })
  })
})

async function untilAsync(predicate: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 10))
  }
}
