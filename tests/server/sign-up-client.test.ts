/**
 * The client's own sign-up (src/streams/firebase-auth.ts, the Firebase JS SDK against the Auth emulator)
 * through its API client to the real server over HTTP: it names the tenant its form implies in
 * `x-tenant-id`, and the record is created in both account types — a personal account with a company
 * address included, which the corporate fallback once refused (issue 15).
 */
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../server/db/database'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { createIdentitySession, type IdentitySession } from '../../src/streams/firebase-auth'
import { dialects, PROJECT_ID, testApp, testDatabase } from './support/harness'

describe.each(dialects())('the client signs up on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let identity: IdentitySession
  const seen: Array<{ method: string; path: string; tenant: string | null }> = []
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
    )
    const fetchAndNote: typeof fetch = async (input, init) => {
      const headers = new Headers(init?.headers)
      seen.push({ method: init?.method ?? 'GET', path: new URL(String(input)).pathname, tenant: headers.get('x-tenant-id') })
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
    await identity.signUp({ email, password: 'correct-horse-7', accountType })
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/users', tenant: tenantOf(email) }])
    expect(await recordOf(email)).toEqual({ tenant_id: tenantOf(email), account_type: accountType })

    // Signing in afterwards resolves the tenant from the record, not from the fallback rule.
    await identity.signIn(email, 'correct-horse-7')
    await expect.poll(() => core.models.sessionState.get()).toMatchObject({ email, tenantId: tenantOf(email), authType: accountType, derivedLocally: false })
    await identity.signOut()
    await expect.poll(() => core.models.sessionState.get().tenantId).toBeNull()
  })
})
