import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { loadServerConfig } from '../../server/platform/config'
import type { Database } from '../../server/platform/db/database'
import { dialects, emulatorUser, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'
import { verifiedUser } from './support/verified-users'

describe.each(dialects())('users on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let ana: TestUser
  let gmail: TestUser
  let bob: TestUser
  let carol: TestUser

  beforeAll(async () => {
    db = await testDatabase(dialect)
    // ana and bob have verified their addresses (a corporate tenant takes that); carol has not.
    ana = await verifiedUser('ana@users-tests.acme.io')
    gmail = await emulatorUser('users-tests.person@gmail.com')
    bob = await verifiedUser('bob@users-tests.acme.io')
    carol = await emulatorUser('carol@users-tests.acme.io')
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app } = await testApp(db))
  })

  const post = (user: TestUser, body: object) => app.inject({ method: 'POST', url: '/api/v1/users', headers: user.headers, payload: body })

  test('POST /users creates the record: a corporate account shares its domain', async () => {
    const res = await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'corporate', displayName: ' Ana ' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      success: true,
      message: 'User created successfully',
      user: { firebaseUid: ana.uid, email: ana.email, accountType: 'corporate', displayName: 'Ana', tenantId: 'users-tests.acme.io' },
    })
    // A colleague at the same domain lands in the same tenant and sees the same researches.
    await post(bob, { firebaseUid: bob.uid, email: bob.email, accountType: 'corporate' })
    const research = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: ana.headers, payload: { title: 'Shared' } })
    const seen = await app.inject({ method: 'GET', url: `/api/v1/researches/${research.json().id}`, headers: bob.headers })
    expect(seen.statusCode).toBe(200)
  })

  test('a personal account is its own tenant: colleagues do not see its work', async () => {
    await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'personal' })
    await post(bob, { firebaseUid: bob.uid, email: bob.email, accountType: 'corporate' })
    const research = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: ana.headers, payload: { title: 'Mine' } })
    expect(research.json().tenantId).toBe('ana@users-tests.acme.io')
    expect((await app.inject({ method: 'GET', url: `/api/v1/researches/${research.json().id}`, headers: bob.headers })).statusCode).toBe(404)
  })

  test('a corporate sign-up with a public domain is refused with the spec’s text', async () => {
    const res = await post(gmail, { firebaseUid: gmail.uid, email: gmail.email, accountType: 'corporate' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'accountType: Corporate accounts cannot use public email domains like Gmail, Yahoo, etc. Please use your company email address.' })
  })

  test('the record must be one’s own; creating it twice keeps the first', async () => {
    expect((await post(ana, { firebaseUid: bob.uid, email: ana.email, accountType: 'personal' })).statusCode).toBe(403)
    expect((await post(ana, { firebaseUid: ana.uid, email: bob.email, accountType: 'personal' })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'email: does not match your identity token' })
    expect((await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'ceo' })).json().message).toMatch(/^accountType: /)
    await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'corporate' })
    const again = await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'personal' })
    expect(again.statusCode).toBe(200)
    expect(again.json().user.accountType).toBe('corporate')
  })

  test('GET and PUT /users/{id}: one’s own record only', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/v1/users/${ana.uid}`, headers: ana.headers })).statusCode).toBe(404)
    await post(ana, { firebaseUid: ana.uid, email: ana.email, accountType: 'corporate' })
    expect((await app.inject({ method: 'GET', url: `/api/v1/users/${ana.uid}`, headers: ana.headers })).json().tenantId).toBe('users-tests.acme.io')
    const put = await app.inject({ method: 'PUT', url: `/api/v1/users/${ana.uid}`, headers: ana.headers, payload: { displayName: 'Ana M.' } })
    expect(put.json().displayName).toBe('Ana M.')
    expect((await app.inject({ method: 'GET', url: `/api/v1/users/${ana.uid}`, headers: bob.headers })).statusCode).toBe(404)
    expect((await app.inject({ method: 'PUT', url: `/api/v1/users/${ana.uid}`, headers: bob.headers, payload: { displayName: 'x' } })).statusCode).toBe(404)
  })

  describe('sign-up that names its tenant in x-tenant-id', () => {
    const withTenant = (user: TestUser, tenant: string) => ({ ...user, headers: { ...user.headers, 'x-tenant-id': tenant } })
    const signUp = (user: TestUser, accountType: 'personal' | 'corporate', tenant?: string) =>
      post(tenant === undefined ? user : withTenant(user, tenant), { firebaseUid: user.uid, email: user.email, accountType })

    // carol's company address falls back to the corporate tenant; she signs up as a personal account.
    test('a personal account names its e-mail: the record is created in its own tenant', async () => {
      const res = await signUp(carol, 'personal', carol.email)
      expect(res.statusCode).toBe(201)
      expect(res.json().user).toMatchObject({ accountType: 'personal', tenantId: carol.email })
      const research = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: withTenant(carol, carol.email).headers, payload: { title: 'Mine' } })
      expect(research.json().tenantId).toBe(carol.email)
    })

    test('a corporate account names its domain; so does a personal public-domain one its e-mail', async () => {
      expect((await signUp(carol, 'corporate', 'users-tests.acme.io')).json().user).toMatchObject({ accountType: 'corporate', tenantId: 'users-tests.acme.io' })
      expect((await signUp(gmail, 'personal', gmail.email.toUpperCase())).json().user).toMatchObject({ accountType: 'personal', tenantId: gmail.email })
    })

    test('without the header both account types are created as before', async () => {
      expect((await signUp(carol, 'personal')).json().user.tenantId).toBe(carol.email)
      expect((await signUp(bob, 'corporate')).json().user.tenantId).toBe('users-tests.acme.io')
    })

    test('before the record exists, a request elsewhere may name only the personal tenant, which the server then creates', async () => {
      const corporate = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: withTenant(carol, 'users-tests.acme.io').headers, payload: { title: 'Early' } })
      expect(corporate.statusCode).toBe(403)
      expect(corporate.json()).toEqual({ code: 'FORBIDDEN', message: 'x-tenant-id does not match your tenant' })
      expect((await app.inject({ method: 'GET', url: `/api/v1/users/${carol.uid}`, headers: carol.headers })).statusCode).toBe(404)
      const personal = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: withTenant(carol, carol.email).headers, payload: { title: 'Early' } })
      expect(personal.statusCode).toBe(201)
      expect(personal.json().tenantId).toBe(carol.email)
      expect((await app.inject({ method: 'GET', url: `/api/v1/users/${carol.uid}`, headers: carol.headers })).json()).toMatchObject({
        accountType: 'personal',
        tenantId: carol.email,
        access: 'granted',
      })
    })

    test('any other tenant is refused, before and after the record exists', async () => {
      const refused = { code: 'FORBIDDEN', message: 'x-tenant-id does not match your tenant' }
      for (const tenant of ['other.example', 'acme.io', bob.email, 'gmail.com']) {
        const res = await signUp(tenant === 'gmail.com' ? gmail : carol, 'corporate', tenant)
        expect(res.statusCode, tenant).toBe(403)
        expect(res.json()).toEqual(refused)
      }
      // A public domain is never a corporate tenant, whatever the body says.
      expect((await signUp(gmail, 'personal', 'gmail.com')).statusCode).toBe(403)
      // The header and the body must agree on the account type.
      expect((await signUp(carol, 'personal', 'users-tests.acme.io')).json()).toEqual(refused)
      expect((await signUp(carol, 'corporate', carol.email)).json()).toEqual(refused)
      expect((await app.inject({ method: 'GET', url: `/api/v1/users/${carol.uid}`, headers: carol.headers })).statusCode).toBe(404)
      // Once the record is written it is the one tenant: the other implied one is refused.
      expect((await signUp(carol, 'personal', carol.email)).statusCode).toBe(201)
      const after = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: withTenant(carol, 'users-tests.acme.io').headers })
      expect(after.statusCode).toBe(403)
      expect(after.json()).toEqual(refused)
    })
  })

  test('without a record, the server creates a personal one from the token: no fallback to the domain', async () => {
    for (const user of [gmail, carol]) {
      const res = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: user.headers, payload: { title: 'First use' } })
      expect(res.json().tenantId).toBe(user.email)
      expect((await app.inject({ method: 'GET', url: `/api/v1/users/${user.uid}`, headers: user.headers })).json()).toMatchObject({ accountType: 'personal', tenantId: user.email })
    }
  })
})

describe('configuration', () => {
  test('production refuses to start with the Auth emulator configured', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' })).toThrow(/Refusing to start/)
    expect(loadServerConfig({ NODE_ENV: 'production' }).PORT).toBe(8080)
    expect(() => loadServerConfig({ PORT: 'eighty' })).toThrow(/PORT/)
  })
})
