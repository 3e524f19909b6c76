/**
 * The Auth emulator behind the app's origin (server/platform/auth/identity-proxy.ts): the page's identity calls reach
 * the real emulator through the server, the XSRF cookie does not get in their way, GET /config names the
 * origin the page came from, and calls made while the emulator is still starting wait for it.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { identityProxy } from '../../server/platform/auth/identity-proxy'
import { contentSecurityPolicy } from '../../server/platform/http/security'
import { testApp, testDatabase } from './support/harness'

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST as string
const tokens = z.object({ localId: z.string(), idToken: z.string(), refreshToken: z.string() })

describe('identity proxy', async () => {
  const db = await testDatabase('pglite')
  let release: () => void = () => {}
  const ready = new Promise<string>((resolve) => (release = () => resolve(emulator)))
  const { app } = await testApp(db, { identityProxied: true, rootPlugins: [(root) => identityProxy(root, { target: () => ready })] })
  afterAll(() => app.close())

  test('a sign-up sent to the app while the emulator starts waits for it, then reaches it; so do sign-in and refresh', async () => {
    const email = `proxy-${Date.now().toString(36)}@proxy.example`
    const pending = app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' },
      payload: JSON.stringify({ email, password: 'correct-horse-7', returnSecureToken: true }),
    })
    let settled = false
    void pending.then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 200))
    expect(settled).toBe(false)
    release()
    const signUp = await pending
    expect(signUp.statusCode).toBe(200) // not 403 XSRF_MISMATCH: the identity API carries no ambient credential
    const account = tokens.parse(signUp.json())

    // The account is the emulator's own: it signs in there directly, and through the app again.
    const direct = await fetch(`http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse-7', returnSecureToken: true }),
    })
    expect(tokens.parse(await direct.json()).localId).toBe(account.localId)
    const refreshed = await app.inject({
      method: 'POST',
      url: '/securetoken.googleapis.com/v1/token?key=demo-api-key',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: account.refreshToken }).toString(),
    })
    expect(refreshed.statusCode).toBe(200)
    expect(z.object({ user_id: z.string() }).parse(refreshed.json()).user_id).toBe(account.localId)
    // The token the proxy handed out is good for the API.
    const me = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: { authorization: `Bearer ${account.idToken}` } })
    expect(me.statusCode).toBe(200)
  })

  test('the emulator’s errors come through as they are', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@proxy.example', password: 'whatever-1', returnSecureToken: true }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: { message: expect.stringMatching(/INVALID_LOGIN_CREDENTIALS|EMAIL_NOT_FOUND/) } })
  })

  test('GET /config names the origin the page was loaded from; the CSP needs no other origin', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/config', headers: { host: 'sightline.team.lan:8080' } })
    expect(res.json()).toMatchObject({ authEmulatorUrl: 'http://sightline.team.lan:8080' })
    expect(res.headers['content-security-policy']).toBe(contentSecurityPolicy({ authEmulatorUrl: 'self' }))
    expect(contentSecurityPolicy({ authEmulatorUrl: 'self' })).toContain("connect-src 'self';")
    // A Host header that is not a plain host[:port] does not become an address.
    const odd = await app.inject({ method: 'GET', url: '/api/v1/config', headers: { host: 'evil.example/"><script>' } })
    expect(odd.json().authEmulatorUrl).not.toContain('evil')
  })

  test('when the emulator cannot be reached the call answers 503 in the identity API’s shape', async () => {
    const down = await testApp(db, { identityProxied: true, rootPlugins: [(root) => identityProxy(root, { target: async () => '127.0.0.1:9' })] })
    const res = await down.app.inject({ method: 'POST', url: '/identitytoolkit.googleapis.com/v1/accounts:lookup?key=demo-api-key', headers: { 'content-type': 'application/json' }, payload: '{}' })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toMatchObject({ error: { code: 503, message: 'The identity service is not reachable' } })
    await down.app.close()
  })
})
