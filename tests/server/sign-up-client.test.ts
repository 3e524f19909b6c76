/**
 * The client's own sign-up (src/streams/firebase-auth.ts, the Firebase JS SDK against the Auth emulator)
 * through its API client to the real server over HTTP: it names the tenant its form implies in
 * `x-tenant-id`, and the record is created in both account types — a personal account with a company
 * address included, which the corporate fallback once refused (issue 15). A corporate sign-up sends the
 * verification e-mail and signs in to 'verifyEmail' until its link is followed and Continue is chosen; a
 * failing `POST /users` is tried again, and when it keeps failing the sign-up says so and the next sign-in
 * creates the record of the type chosen (issue 16).
 */
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { TenancyTexts } from '../../src/domain/rules/accounts'
import { AccountSetupError, createIdentitySession, type IdentitySession } from '../../src/streams/firebase-auth'
import type { KeyValueStore } from '../../src/streams/local-state'
import { dialects, PROJECT_ID, testApp, testDatabase } from './support/harness'
import { applyVerification, verificationCode } from './support/verified-users'

describe.each(dialects())('the client signs up on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let identity: IdentitySession
  const seen: Array<{ method: string; path: string; tenant: string | null }> = []
  // How many of the next POST /users answer 500 (the server failing) before one goes through.
  let failUserPosts = 0
  const stored = new Map<string, string>()
  const store: KeyValueStore = { getItem: (k) => stored.get(k) ?? null, setItem: (k, v) => void stored.set(k, v), removeItem: (k) => void stored.delete(k) }
  let core: ClientCore
  const run = `${dialect}-${Date.now().toString(36)}`

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ;({ app } = await testApp(db))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`
    core = createClientCore()
    identity = createIdentitySession(
      { firebase: { apiKey: 'demo-api-key', projectId: PROJECT_ID, authDomain: 'localhost' }, authEmulatorUrl: `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}` },
      core,
      { store, retryDelaysMs: [0, 0] },
    )
    const fetchAndNote: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers)
      const call = { method: init?.method ?? 'GET', path: new URL(String(input)).pathname, tenant: headers.get('x-tenant-id') }
      seen.push(call)
      if (call.method === 'POST' && call.path === '/api/v1/users' && failUserPosts > 0) {
        failUserPosts--
        return new Response(JSON.stringify({ code: 'INTERNAL_ERROR', message: 'Internal server error' }), { status: 500, headers: { 'content-type': 'application/json' } })
      }
      return fetch(input, init)
    }
    identity.attachApi(createApiClient({ baseUrl: base, auth: identity, fetch: fetchAndNote }))
  })
  afterAll(async () => {
    await identity.signOut()
    await app.close()
  })

  const recordOf = async (email: string) => (await db.query<{ tenant_id: string; account_type: string }>('SELECT tenant_id, account_type FROM users WHERE email = $1', [email]))[0]

  test.each([
    ['personal with a company address', 'personal', 'dana', 'signup-client.acme.io', (email: string) => email],
    ['corporate', 'corporate', 'erin', 'signup-client.acme.io', () => 'signup-client.acme.io'],
    ['personal with a public address', 'personal', 'frank', 'gmail.com', (email: string) => email],
  ] as const)('%s: the sign-up names its tenant and gets its record', async (_, accountType, name, domain, tenantOf) => {
    const email = `${name}-${run}@${domain}`
    seen.length = 0
    const result = await identity.signUp({ email, password: 'correct-horse-7', accountType })
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/users', tenant: tenantOf(email) }])
    expect(await recordOf(email)).toEqual({ tenant_id: tenantOf(email), account_type: accountType })
    // Only a corporate account is sent the verification e-mail: its tenant opens to a verified address.
    expect(result).toEqual({ verificationSent: accountType === 'corporate' })
    expect((await verificationCode(email)) !== null).toBe(accountType === 'corporate')

    // Signing in afterwards resolves the tenant from the record, not from the fallback rule.
    await identity.signIn(email, 'correct-horse-7')
    const access = accountType === 'corporate' ? 'verifyEmail' : 'granted'
    await expect.poll(() => core.models.sessionState.get()).toMatchObject({ email, tenantId: tenantOf(email), authType: accountType, derivedLocally: false, access })
    await identity.signOut()
    await expect.poll(() => core.models.sessionState.get().tenantId).toBeNull()
  })

  test('corporate: Continue before the link changes nothing; after it, a fresh token opens the tenant', async () => {
    const email = `gina-${run}@signup-client.acme.io`
    await identity.signUp({ email, password: 'correct-horse-7', accountType: 'corporate' })
    await identity.signIn(email, 'correct-horse-7')
    await expect.poll(() => core.models.sessionState.get().access).toBe('verifyEmail')
    expect(await identity.confirmVerification()).toBe(false)
    await identity.resendVerification()
    await applyVerification(email) // the link in the e-mail
    expect(await identity.confirmVerification()).toBe(true)
    expect(core.models.sessionState.get()).toMatchObject({ access: 'granted', tenantId: 'signup-client.acme.io', user: { emailVerified: true } })
    // The API answers now (before, 403 EMAIL_NOT_VERIFIED).
    const res = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: { authorization: `Bearer ${await identity.token(false)}` } })
    expect(res.statusCode).toBe(200)
    await identity.signOut()
  })

  test('a POST /users that fails is tried again; one that keeps failing is shown, and the next sign-in creates the record', async () => {
    const retried = `hana-${run}@signup-client.acme.io`
    seen.length = 0
    failUserPosts = 2
    await identity.signUp({ email: retried, password: 'correct-horse-7', accountType: 'corporate' })
    expect(seen.filter((c) => c.path === '/api/v1/users')).toHaveLength(3)
    expect(await recordOf(retried)).toEqual({ tenant_id: 'signup-client.acme.io', account_type: 'corporate' })

    const failed = `ivan-${run}@signup-client.acme.io`
    seen.length = 0
    failUserPosts = 3
    const signUp = identity.signUp({ email: failed, password: 'correct-horse-7', accountType: 'corporate' })
    await expect(signUp).rejects.toBeInstanceOf(AccountSetupError)
    await expect(signUp).rejects.toThrow(TenancyTexts.setupFailed('Internal server error'))
    expect(seen.filter((c) => c.path === '/api/v1/users')).toHaveLength(3)
    expect(await recordOf(failed)).toBeUndefined()

    // Signing in finds no record and creates it, as the corporate account the sign-up chose.
    await identity.signIn(failed, 'correct-horse-7')
    await expect.poll(() => core.models.sessionState.get()).toMatchObject({ email: failed, tenantId: 'signup-client.acme.io', authType: 'corporate', access: 'verifyEmail' })
    expect(await recordOf(failed)).toEqual({ tenant_id: 'signup-client.acme.io', account_type: 'corporate' })
    expect(stored.size).toBe(0)
    await identity.signOut()
  })

  test('a sign-in whose record cannot be created says so, and Try again creates it', async () => {
    const email = `jo-${run}@signup-client.acme.io`
    failUserPosts = 3
    await expect(identity.signUp({ email, password: 'correct-horse-7', accountType: 'personal' })).rejects.toBeInstanceOf(AccountSetupError)
    failUserPosts = 3
    await identity.signIn(email, 'correct-horse-7')
    await expect.poll(() => core.models.sessionState.get().setupProblem).toBe(TenancyTexts.setupRetryFailed('Internal server error'))
    expect(core.models.sessionState.get().tenantId).toBeNull()
    await identity.retrySetup()
    expect(core.models.sessionState.get()).toMatchObject({ setupProblem: null, tenantId: email, authType: 'personal', access: 'granted' })
    await identity.signOut()
  })
})
