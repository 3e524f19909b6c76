/**
 * Tenancy that needs proof (issue 16, "What was seen" 2), through app.inject on both databases with real
 * emulator users: an unverified address does not open a corporate tenant (API and live channel answer
 * 403 in the product's words) until its e-mail link is followed; public mail domains, their subdomains
 * and aliases are never a corporate tenant; a user without a record gets a personal one, never a shared
 * tenant by a fallback (two protonmail.com users who never created a record no longer share); the first
 * verified member of a domain sees and removes the others, and a removed member stays out, even under a
 * new account with the same address.
 */
import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { CorporatePublicDomainMessage, TenancyTexts } from '../../src/domain/rules/accounts'
import { accountRecordSchema, tenantMembersSchema } from '../../src/protocol/tenancy'
import type { manualClock } from '../../server/platform/core/runtime'
import type { Database } from '../../server/platform/db/database'
import { connect, createWorkspace, startLiveServer } from './live/support'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser, truncateAll } from './support/harness'
import { applyVerification, corporateMember, sendVerification, verifiedUser } from './support/verified-users'

const run = Date.now().toString(36)
const DOMAIN = 'proof-tests.acme.io'

describe.each(dialects())('tenancy that needs proof on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let clock: ReturnType<typeof manualClock>
  const at = (label: string, domain = DOMAIN) => `${label}-${dialect}-${run}@${domain}`

  beforeAll(async () => {
    db = await testDatabase(dialect)
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app, clock } = await testApp(db))
  })

  const call = (user: TestUser, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload ? { payload } : {}) })
  const signUp = (user: TestUser, accountType: 'personal' | 'corporate') => call(user, 'POST', '/users', { firebaseUid: user.uid, email: user.email, accountType })
  const notVerified = (tenant: string) => ({ code: 'EMAIL_NOT_VERIFIED', message: TenancyTexts.verifyRefused(tenant) })

  test('an unverified address does not open its corporate tenant; following the e-mail link does', async () => {
    const ana = await corporateMember(app, at('ana'))
    const research = (await call(ana, 'POST', '/researches', { title: 'Board pack' })).json()
    expect(research.tenantId).toBe(DOMAIN)

    // The intruder of the issue: signs up at the company's domain, never proves the address.
    const intruder = await emulatorUser(at('intruder'))
    const created = await signUp(intruder, 'corporate')
    expect(created.statusCode).toBe(201)
    expect(accountRecordSchema.parse(created.json().user)).toMatchObject({ tenantId: DOMAIN, accountType: 'corporate', access: 'verifyEmail', emailVerified: false })
    for (const [method, url] of [
      ['GET', `/researches/${research.id}`],
      ['GET', '/researches'],
      ['GET', '/projects'],
      ['POST', '/projects'],
    ] as const) {
      const res = await call(intruder, method, url, method === 'POST' ? { displayName: 'Mine now' } : undefined)
      expect(res.statusCode, url).toBe(403)
      expect(res.json(), url).toEqual(notVerified(DOMAIN))
    }
    // Its own record still answers, saying why (the client shows 'Verify your email' from it).
    expect((await call(intruder, 'GET', `/users/${intruder.uid}`)).json()).toMatchObject({ access: 'verifyEmail', tenantId: DOMAIN })

    // A colleague who follows the link is in.
    const cy = await emulatorUser(at('cy'))
    await signUp(cy, 'corporate')
    await sendVerification(cy)
    await applyVerification(cy.email)
    const verified = await emulatorUser(cy.email)
    expect((await call(verified, 'GET', `/users/${cy.uid}`)).json()).toMatchObject({ access: 'granted', emailVerified: true })
    expect((await call(verified, 'GET', `/researches/${research.id}`)).statusCode).toBe(200)
  })

  test('the live channel refuses an unverified corporate token with 4403', async () => {
    const server = await startLiveServer(db)
    const ana = await corporateMember(server.app, at('live-ana'))
    const { sessionId } = await createWorkspace(server, ana)
    const intruder = await emulatorUser(at('live-intruder'))
    await server.app.inject({ method: 'POST', url: '/api/v1/users', headers: intruder.headers, payload: { firebaseUid: intruder.uid, email: intruder.email, accountType: 'corporate' } })
    const socket = await connect(server.wsUrl(`/ws/${sessionId}`), { type: 'auth', token: intruder.token })
    expect(await socket.closed).toEqual({ code: 4403, reason: 'EMAIL_NOT_VERIFIED' })
    expect(socket.frames).toEqual([])
    // Nor does it get a ticket.
    const negotiated = await server.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${sessionId}`, headers: intruder.headers, payload: {} })
    expect(negotiated.statusCode).toBe(403)
    expect(negotiated.json().code).toBe('EMAIL_NOT_VERIFIED')
    await server.close()
  })

  test('public mail domains, their subdomains and aliases are never a corporate tenant', async () => {
    for (const domain of ['mail.gmail.com', 'googlemail.com', 'hotmail.co.uk', 'outlook.de', 'ymail.com', 'proton.me', 'eu.protonmail.com']) {
      const user = await emulatorUser(at('public', domain))
      const res = await signUp(user, 'corporate')
      expect(res.statusCode, domain).toBe(400)
      expect(res.json(), domain).toEqual({ code: 'VALIDATION_ERROR', message: `accountType: ${CorporatePublicDomainMessage}` })
      const named = await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { ...user.headers, 'x-tenant-id': domain },
        payload: { firebaseUid: user.uid, email: user.email, accountType: 'personal' },
      })
      expect(named.statusCode, domain).toBe(403)
      expect((await signUp(user, 'personal')).json().user.tenantId).toBe(user.email)
    }
  })

  test('users without a record get a personal tenant: two protonmail.com users share nothing', async () => {
    const [p1, p2] = await Promise.all([emulatorUser(at('p1', 'protonmail.com')), emulatorUser(at('p2', 'protonmail.com'))])
    const r1 = (await call(p1, 'POST', '/researches', { title: 'Mine' })).json()
    const r2 = (await call(p2, 'POST', '/researches', { title: 'Also mine' })).json()
    expect([r1.tenantId, r2.tenantId]).toEqual([p1.email, p2.email])
    expect((await call(p2, 'GET', `/researches/${r1.id}`)).statusCode).toBe(404)
    expect((await call(p1, 'GET', '/researches')).json().items.map((r: { id: string }) => r.id)).toEqual([r1.id])
    // The server wrote the records itself, from the tokens.
    const rows = await db.query<{ id: string; tenant_id: string; account_type: string }>('SELECT id, tenant_id, account_type FROM users ORDER BY email')
    expect(rows).toEqual([
      { id: p1.uid, tenant_id: p1.email, account_type: 'personal' },
      { id: p2.uid, tenant_id: p2.email, account_type: 'personal' },
    ])
    // Nor does a company address without a record fall into its domain's tenant.
    const ana = await corporateMember(app, at('ana'))
    const loner = await emulatorUser(at('loner'))
    const theirs = (await call(loner, 'POST', '/researches', { title: 'Loner' })).json()
    expect(theirs.tenantId).toBe(loner.email)
    expect((await call(ana, 'GET', `/researches/${theirs.id}`)).statusCode).toBe(404)
    // A refused tenant header creates nothing.
    const other = await emulatorUser(at('other'))
    const refused = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: { ...other.headers, 'x-tenant-id': DOMAIN } })
    expect(refused.statusCode).toBe(403)
    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [other.uid])).length).toBe(0)
  })

  test('an address signed up again under a new account needs proof to reopen its personal tenant', async () => {
    const email = at('again', 'gmail.com')
    const first = await emulatorUser(email)
    const mine = (await call(first, 'POST', '/researches', { title: 'Old notes' })).json()
    await deleteAccount(first)
    const second = await emulatorUser(email)
    expect(second.uid).not.toBe(first.uid)
    const refused = await call(second, 'GET', `/researches/${mine.id}`)
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toEqual(notVerified(email))
    const proven = await verifiedUser(email)
    expect((await call(proven, 'GET', `/researches/${mine.id}`)).statusCode).toBe(200)
  })

  test('the first verified member sees and removes the others; a removed member stays out', async () => {
    // A minute apart: who came first is who was verified first.
    const ana = await corporateMember(app, at('m-ana'))
    clock.advance(60_000)
    const bob = await corporateMember(app, at('m-bob'))
    clock.advance(60_000)
    const eve = await emulatorUser(at('m-eve'))
    await signUp(eve, 'corporate') // not verified: listed, removable before she ever gets in
    const research = (await call(ana, 'POST', '/researches', { title: 'Shared' })).json()

    const list = tenantMembersSchema.parse((await call(ana, 'GET', '/tenant/members')).json())
    expect(list).toMatchObject({ tenantId: DOMAIN, managerUid: ana.uid, canManage: true })
    expect(list.members.map((m) => [m.email, m.verifiedAt !== null, m.removedAt])).toEqual([
      [ana.email, true, null],
      [bob.email, true, null],
      [eve.email, false, null],
    ])
    expect((await call(bob, 'GET', '/tenant/members')).json()).toMatchObject({ managerUid: ana.uid, canManage: false })
    expect((await call(eve, 'GET', '/tenant/members')).json()).toEqual(notVerified(DOMAIN))

    expect((await call(bob, 'DELETE', `/tenant/members/${ana.uid}`)).json()).toEqual({ code: 'FORBIDDEN', message: TenancyTexts.onlyFirstMember(DOMAIN) })
    expect((await call(ana, 'DELETE', `/tenant/members/${ana.uid}`)).statusCode).toBe(409)
    expect((await call(ana, 'DELETE', '/tenant/members/nobody-such')).statusCode).toBe(404)
    const outsider = await corporateMember(app, at('m-out', 'proof-tests.globex.io'))
    expect((await call(ana, 'DELETE', `/tenant/members/${outsider.uid}`)).statusCode).toBe(404)

    expect((await call(ana, 'DELETE', `/tenant/members/${bob.uid}`)).statusCode).toBe(204)
    expect((await call(ana, 'DELETE', `/tenant/members/${eve.uid}`)).statusCode).toBe(204)
    const removed = { code: 'MEMBER_REMOVED', message: TenancyTexts.removedRefused(DOMAIN) }
    for (const url of [`/researches/${research.id}`, '/researches', '/tenant/members']) expect((await call(bob, 'GET', url)).json(), url).toEqual(removed)
    expect((await call(bob, 'GET', `/users/${bob.uid}`)).json()).toMatchObject({ access: 'removed' })
    const after = tenantMembersSchema.parse((await call(ana, 'GET', '/tenant/members')).json())
    expect(after.members.filter((m) => m.removedAt !== null).map((m) => m.email)).toEqual([bob.email, eve.email])

    // Verifying later does not bring eve in; nor does a new account with bob's address.
    const eveVerified = await verifiedUser(eve.email)
    expect((await call(eveVerified, 'GET', '/researches')).json()).toEqual(removed)
    await deleteAccount(bob)
    const bobAgain = await corporateMember(app, bob.email)
    expect(bobAgain.uid).not.toBe(bob.uid)
    expect((await call(bobAgain, 'GET', `/users/${bobAgain.uid}`)).json()).toMatchObject({ access: 'removed' })
    expect((await call(bobAgain, 'GET', `/researches/${research.id}`)).json()).toEqual(removed)
    // The manager and the tenant's data are untouched.
    expect((await call(ana, 'GET', `/researches/${research.id}`)).statusCode).toBe(200)
  })

  test('a personal tenant has nobody to remove', async () => {
    const solo = await emulatorUser(at('solo', 'gmail.com'))
    const members = tenantMembersSchema.parse((await call(solo, 'GET', '/tenant/members')).json())
    expect(members).toMatchObject({ tenantId: solo.email, managerUid: null, canManage: false })
    expect(members.members.map((m) => m.uid)).toEqual([solo.uid])
    expect((await call(solo, 'DELETE', `/tenant/members/${solo.uid}`)).statusCode).toBe(403)
  })
})

/** Deletes the account in the emulator, as its owner would (accounts:delete with its own token). */
async function deleteAccount(user: TestUser): Promise<void> {
  const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: user.token }),
  })
  if (!res.ok) throw new Error(`accounts:delete: ${res.status} ${await res.text()}`)
}
