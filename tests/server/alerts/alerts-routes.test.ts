/**
 * Watch-lists and alerts through the API (issue 21, item 6), on both stores, with real emulator accounts:
 * the watches' CRUD and its checks, the alerts' list, reads and digest, tenancy (another tenant's id is a 404
 * like a missing one), and the webhooks: signed, retried with back-off against a server on 127.0.0.1 that
 * fails twice then answers, and private or loopback addresses refused with the readers' words.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { raiseAlerts } from '../../../server/modules/alerts'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import { eraseDocuments } from '../../../server/modules/retention/erase'
import { deliveriesOfAlert } from '../../../server/modules/alerts/queries/deliveries'
import { type AlertsDeps, createWatch } from '../../../server/modules/alerts/service'
import { BLOCKED_WEBHOOK_TEXT, deliverDueWebhooks, INVALID_WEBHOOK_TEXT, testOnlyWebhookPolicy, verifyWebhookSignature } from '../../../server/modules/alerts/webhooks'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { WEBHOOK_SIGNATURE_HEADER, webhookBodySchema } from '../../../src/protocol/alerts'
import { connect, negotiate, startLiveServer } from '../live/support'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser, truncateAll } from '../support/harness'

describe.each(dialects())('watches and alerts through the API on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let ana: TestUser
  let bob: TestUser
  const T = 'ana@alerts-routes.acme.io'

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser(T)
    bob = await emulatorUser('bob@alerts-routes.globex.com')
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app } = await testApp(db))
  })

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) })
  const tenant = { kind: 'tenant' } as const

  /** A completed document with one frame: Kessel Rail attacks (CAMEO 18) at urgency 0.8. */
  async function completedDocument(id: string, title: string, at = Date.now()): Promise<void> {
    const iso = new Date(at).toISOString()
    await db.query(
      `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, title, summary, status, payload, ingested_at, updated_at)
       VALUES ($1, $2, 'res_1', 'ses_1', 'document', 'text', $3, 'A summary', 'completed', '{"cleanedContent": "Kessel Rail raided the depot at dawn."}', $4, $4)`,
      [T, id, title, iso],
    )
    const body = { actionDescription: 'Kessel Rail raided the depot', actors: { entries: [{ text: 'Kessel Rail' }] }, cameo: { code: '18', name: 'Assault' }, urgency: { score: 0.8 } }
    await db.query(`INSERT INTO action_frames (tenant_id, id, event_id, action_index, body, created_at, updated_at) VALUES ($1, $2, $3, 1, $4, $5, $5)`, [T, `${id}-f1`, id, JSON.stringify(body), iso])
    await db.transaction((tx) => raiseAlerts(tx, T, id, at))
  }

  test('create, list, change and delete watches of the three kinds', async () => {
    const entity = await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'Kessel Rail', scope: tenant })
    expect(entity.statusCode).toBe(201)
    // A name no document gives yet is watched by its name.
    expect(entity.json()).toMatchObject({ kind: 'entity', label: 'Kessel Rail', entityId: null, scope: tenant, scopeLabel: 'Whole team', alertCount: 0, webhookUrl: null })
    const search = (await call(ana, 'POST', '/watches', { kind: 'search', query: ' port strike ', scope: tenant })).json()
    expect(search).toMatchObject({ kind: 'search', label: '“port strike”', query: 'port strike' })
    const category = (await call(ana, 'POST', '/watches', { kind: 'category', category: '18', minUrgency: 0.6, scope: tenant })).json()
    expect(category).toMatchObject({ kind: 'category', label: 'Assault · urgency 60% or more', category: '18', minUrgency: 0.6 })
    expect((await call(ana, 'GET', '/watches')).json().items.map((w: { id: string }) => w.id)).toEqual([category.id, search.id, entity.json().id])

    const changed = await call(ana, 'PUT', `/watches/${search.id}`, { kind: 'search', query: 'dock strike', scope: tenant })
    expect(changed.json()).toMatchObject({ id: search.id, query: 'dock strike', label: '“dock strike”' })
    expect((await call(ana, 'DELETE', `/watches/${search.id}`)).json()).toEqual({ message: 'Watch deleted successfully' })
    expect((await call(ana, 'GET', '/watches')).json().items).toHaveLength(2)
  })

  test('what a watch names is checked: blank query, unknown category, a workspace or entity id the tenant does not have', async () => {
    expect((await call(ana, 'POST', '/watches', { kind: 'search', query: '  ', scope: tenant })).json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^query: /) })
    expect((await call(ana, 'POST', '/watches', { kind: 'category', category: '21', minUrgency: 0.5, scope: tenant })).statusCode).toBe(400)
    expect((await call(ana, 'POST', '/watches', { kind: 'category', category: '18', minUrgency: 1.5, scope: tenant })).statusCode).toBe(400)
    const elsewhere = await call(ana, 'POST', '/watches', { kind: 'search', query: 'x', scope: { kind: 'workspace', researchId: 'res_x', sessionId: 'ses_x' } })
    expect(elsewhere.statusCode).toBe(404)
    expect((await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'ent_org_nobody', scope: tenant })).statusCode).toBe(404)
  })

  test('webhook addresses that are private, loopback or not http(s) are refused with the readers’ words', async () => {
    for (const url of ['http://10.1.2.3/hook', 'http://127.0.0.1:9/hook', 'http://localhost/hook', 'http://[::1]/hook', 'http://192.168.1.20/hook', 'http://169.254.169.254/latest']) {
      const res = await call(ana, 'POST', '/watches', { kind: 'search', query: 'strike', scope: tenant, webhookUrl: url })
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 400, body: { code: 'VALIDATION_ERROR', message: BLOCKED_WEBHOOK_TEXT } })
      expect((await call(ana, 'PUT', '/alerts/webhook', { webhookUrl: url })).json().message).toBe(BLOCKED_WEBHOOK_TEXT)
    }
    expect(BLOCKED_WEBHOOK_TEXT).toBe('Invalid URL or request: private and loopback addresses are not allowed')
    expect((await call(ana, 'POST', '/watches', { kind: 'search', query: 'strike', scope: tenant, webhookUrl: 'ftp://hooks.example.com/x' })).json().message).toBe(INVALID_WEBHOOK_TEXT)
    const ok = await call(ana, 'POST', '/watches', { kind: 'search', query: 'strike', scope: tenant, webhookUrl: 'https://hooks.example.com/sightline' })
    expect(ok.json()).toMatchObject({ webhookUrl: 'https://hooks.example.com/sightline', webhookSecret: expect.stringMatching(/^[0-9a-f]{48}$/) })
    const mine = (await call(ana, 'PUT', '/alerts/webhook', { webhookUrl: 'https://hooks.example.com/mine' })).json()
    expect(mine).toMatchObject({ webhookUrl: 'https://hooks.example.com/mine', webhookSecret: expect.any(String) })
    expect((await call(ana, 'GET', '/alerts/webhook')).json()).toEqual(mine)
    expect((await call(ana, 'PUT', '/alerts/webhook', { webhookUrl: null })).json()).toEqual({ webhookUrl: null, webhookSecret: null })
  })

  test('alerts: listed newest first with the unread count, read one, read all, the digest', async () => {
    const watch = (await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'Kessel Rail', scope: tenant })).json()
    const urgent = (await call(ana, 'POST', '/watches', { kind: 'category', category: '18', minUrgency: 0.9, scope: tenant })).json()
    await completedDocument('evt_a', 'Depot raided')
    await completedDocument('evt_b', 'Second depot raided')
    const list = (await call(ana, 'GET', '/alerts')).json()
    expect(list).toMatchObject({ unreadCount: 2, inboxSessionId: `inbox-${ana.uid}` })
    expect(list.items.map((a: { title: string; watchId: string; frameId: string }) => [a.title, a.watchId, a.frameId])).toEqual([
      ['Second depot raided', watch.id, 'evt_b-f1'],
      ['Depot raided', watch.id, 'evt_a-f1'],
    ])
    // Urgency 0.8 is under the category watch's 0.9.
    expect(list.items.some((a: { watchId: string }) => a.watchId === urgent.id)).toBe(false)

    const read = await call(ana, 'POST', `/alerts/${list.items[1].id}/read`)
    expect(read.json()).toMatchObject({ id: list.items[1].id, readAt: expect.any(String) })
    expect((await call(ana, 'GET', '/alerts')).json().unreadCount).toBe(1)
    expect((await call(ana, 'POST', '/alerts/read-all')).json()).toEqual({ unreadCount: 0 })

    const digest = (await call(ana, 'GET', '/alerts/digest')).json()
    expect(digest.groups).toEqual([
      expect.objectContaining({ watchId: watch.id, watchLabel: 'Kessel Rail', alerts: [expect.objectContaining({ eventId: 'evt_a' }), expect.objectContaining({ eventId: 'evt_b' })] }),
    ])
    expect((await call(ana, 'GET', '/alerts/digest?day=26-11-2026')).statusCode).toBe(400)
    expect((await call(ana, 'GET', '/watches')).json().items.find((w: { id: string }) => w.id === watch.id).alertCount).toBe(2)
  })

  test("another tenant's watch and alert ids are 404, and its lists are its own", async () => {
    const watch = (await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'Kessel Rail', scope: tenant })).json()
    await completedDocument('evt_a', 'Depot raided')
    const alert = (await call(ana, 'GET', '/alerts')).json().items[0]
    expect((await call(bob, 'PUT', `/watches/${watch.id}`, { kind: 'search', query: 'x', scope: tenant })).statusCode).toBe(404)
    expect((await call(bob, 'DELETE', `/watches/${watch.id}`)).statusCode).toBe(404)
    expect((await call(bob, 'POST', `/alerts/${alert.id}/read`)).statusCode).toBe(404)
    expect((await call(bob, 'GET', '/alerts')).json()).toEqual({ items: [], unreadCount: 0, inboxSessionId: `inbox-${bob.uid}` })
    expect((await call(bob, 'GET', '/watches')).json()).toEqual({ items: [] })
  })

  test("an alert arrives on its owner's inbox channel, which no one else may open", async () => {
    const live = await startLiveServer(db)
    await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'Kessel Rail', scope: tenant })
    const inbox = `inbox-${ana.uid}`
    const socket = await connect(await negotiate(live, ana.headers, inbox), { type: 'resume', after: null })
    await socket.until((s) => s.controls().some((f) => f.type === 'resume-complete'))
    await completedDocument('evt_a', 'Depot raided')
    await socket.until((s) => s.frames.some((f) => f.type === 'alert-raised'))
    expect(socket.frames.filter((f) => 'data' in f)).toEqual([
      expect.objectContaining({ type: 'alert-raised', sessionId: inbox, data: { alert: expect.objectContaining({ title: 'Depot raided', eventId: 'evt_a' }) } }),
    ])
    socket.close()
    // Bob can neither negotiate Ana's inbox nor open it with his own token.
    expect((await live.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${inbox}`, headers: bob.headers, payload: {} })).statusCode).toBe(404)
    expect((await live.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/inbox-${bob.uid}`, headers: bob.headers, payload: {} })).statusCode).toBe(200)
    const intruder = await connect(live.wsUrl(`/ws/${inbox}`), { type: 'auth', token: bob.token })
    expect((await intruder.closed).code).toBe(4403)
  })

  test('deleting a document takes its alert and the inbox messages that quoted it', async () => {
    await call(ana, 'POST', '/watches', { kind: 'entity', entity: 'Kessel Rail', scope: tenant })
    await completedDocument('evt_a', 'Depot raided')
    await completedDocument('evt_b', 'Second depot raided')
    expect((await readLiveMessages(db, T, `inbox-${ana.uid}`, null)).map((m) => m.type === 'alert-raised' && m.data.alert.title)).toEqual(['Depot raided', 'Second depot raided'])
    await eraseDocuments(db, T, { sessionId: 'ses_1', eventIds: ['evt_a'] }, Date.now())
    expect((await call(ana, 'GET', '/alerts')).json().items.map((a: { title: string }) => a.title)).toEqual(['Second depot raided'])
    expect((await readLiveMessages(db, T, `inbox-${ana.uid}`, null)).map((m) => m.type === 'alert-raised' && m.data.alert.title)).toEqual(['Second depot raided'])
  })

  describe('webhooks', () => {
    let server: Server
    let received: Array<{ headers: IncomingHttpHeaders; body: string }>
    let answers: number[]
    let url: string

    beforeAll(async () => {
      server = createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          received.push({ headers: req.headers, body })
          res.writeHead(answers.shift() ?? 200).end()
        })
      })
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
    })
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
    beforeEach(() => {
      received = []
      answers = []
    })

    const deps = (clock = manualClock(Date.now())): AlertsDeps & { clock: ReturnType<typeof manualClock> } => ({ db, clock, ids: sequentialIds(), webhookPolicy: testOnlyWebhookPolicy(process.env) })
    const caller = () => ({ tenantId: T, uid: ana.uid })

    test('a body signed with HMAC-SHA256, retried after 30 s then 60 s when it fails twice, then delivered once', async () => {
      const d = deps()
      const watch = await createWatch(d, caller(), { kind: 'entity', entity: 'Kessel Rail', scope: tenant, webhookUrl: url })
      answers = [500, 503]
      await completedDocument('evt_a', 'Depot raided', d.clock.now())
      const alertId = (await call(ana, 'GET', '/alerts')).json().items[0].id

      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 0, retried: 1, failed: 0 })
      expect(await deliveriesOfAlert(db, T, alertId)).toEqual([{ status: 'pending', attempts: 1, last_error: 'The webhook answered 500', next_at: new Date(d.clock.now() + 30_000).toISOString() }])
      // Not due yet: nothing is sent.
      d.clock.advance(29_000)
      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 0, retried: 0, failed: 0 })
      d.clock.advance(1_000)
      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 0, retried: 1, failed: 0 })
      expect((await deliveriesOfAlert(db, T, alertId))[0]).toMatchObject({ attempts: 2, last_error: 'The webhook answered 503', next_at: new Date(d.clock.now() + 60_000).toISOString() })
      d.clock.advance(60_000)
      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 1, retried: 0, failed: 0 })
      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 0, retried: 0, failed: 0 })
      expect((await deliveriesOfAlert(db, T, alertId))[0]).toMatchObject({ status: 'delivered', attempts: 3, last_error: null })

      expect(received).toHaveLength(3)
      const nowSeconds = Math.floor(d.clock.now() / 1000)
      for (const r of received) {
        const signature = String(r.headers[WEBHOOK_SIGNATURE_HEADER])
        expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/)
        expect(verifyWebhookSignature(watch.webhookSecret!, r.body, signature, Number(/t=(\d+)/.exec(signature)![1]))).toBe(true)
        // Another secret, a changed body or a stale time do not verify.
        expect(verifyWebhookSignature('not-the-secret', r.body, signature, nowSeconds)).toBe(false)
        expect(verifyWebhookSignature(watch.webhookSecret!, r.body.replace('Depot', 'Depôt'), signature, Number(/t=(\d+)/.exec(signature)![1]))).toBe(false)
        expect(verifyWebhookSignature(watch.webhookSecret!, r.body, signature, nowSeconds + 3600)).toBe(false)
        expect(webhookBodySchema.parse(JSON.parse(r.body))).toMatchObject({ type: 'alert', tenantId: T, alert: { id: alertId, title: 'Depot raided', watchId: watch.id } })
      }
    })

    test('the production guard refuses a loopback address when the call is made, without connecting, and gives up after the last attempt', async () => {
      const d = deps()
      await createWatch(d, caller(), { kind: 'entity', entity: 'Kessel Rail', scope: tenant, webhookUrl: url })
      await completedDocument('evt_a', 'Depot raided', d.clock.now())
      const alertId = (await call(ana, 'GET', '/alerts')).json().items[0].id
      const production = { db, clock: d.clock }
      for (let i = 0; i < 7; i++) {
        expect(await deliverDueWebhooks(production)).toEqual({ delivered: 0, retried: 1, failed: 0 })
        d.clock.advance(3_600_000 * 24)
      }
      expect(await deliverDueWebhooks(production)).toEqual({ delivered: 0, retried: 0, failed: 1 })
      expect((await deliveriesOfAlert(db, T, alertId))[0]).toMatchObject({ status: 'failed', attempts: 8, last_error: BLOCKED_WEBHOOK_TEXT })
      expect(received).toEqual([])
    })

    test("the owner's own webhook takes the alerts of watches that name none; only a new alert is sent", async () => {
      const d = deps()
      await createWatch(d, caller(), { kind: 'entity', entity: 'Kessel Rail', scope: tenant })
      await db.query(`INSERT INTO alert_webhooks (tenant_id, user_id, url, secret) VALUES ($1, $2, $3, 'k')`, [T, ana.uid, url])
      await completedDocument('evt_a', 'Depot raided', d.clock.now())
      expect(await deliverDueWebhooks(d)).toEqual({ delivered: 1, retried: 0, failed: 0 })
      expect(received).toHaveLength(1)
    })

    test('only a test may lift the guard', () => {
      expect(() => testOnlyWebhookPolicy({ NODE_ENV: 'production', VITEST: 'true' })).toThrow(/only be lifted in a test/)
      expect(() => testOnlyWebhookPolicy({ NODE_ENV: 'development' })).toThrow(/only be lifted in a test/)
    })
  })
})
