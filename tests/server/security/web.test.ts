/**
 * Web hardening (issue 9) through `app.inject`: security headers on API, static and 404 answers; CORS
 * closed unless CORS_ORIGINS opens it; rate limits on POST /users and negotiate with a manual clock;
 * double-submit XSRF (a request carrying the cookie must carry the header).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { AppDeps } from '../../../server/app'
import type { Database } from '../../../server/platform/db/database'
import { contentSecurityPolicy } from '../../../server/platform/http/security'
import { createLiveHub } from '../../../server/modules/live/hub'
import { testApp, testDatabase, type TestUser } from '../support/harness'
import { verifiedUser } from '../support/verified-users'

const EMULATOR = 'http://127.0.0.1:9555'
const settings: NonNullable<AppDeps['clientSettings']> = {
  firebase: { apiKey: 'k', projectId: 'demo-sightline', authDomain: 'demo-sightline.firebaseapp.com' },
  authEmulatorUrl: EMULATOR,
  analysisProvider: 'local',
}

// A built client stand-in, served the way main.ts serves dist/.
const dist = mkdtempSync(join(tmpdir(), 'sightline-web-'))
writeFileSync(join(dist, 'index.html'), '<!DOCTYPE html><html><body><div id="root"></div></body></html>')
writeFileSync(join(dist, 'app.js'), 'console.log(1)')
const serveDist = async (root: FastifyInstance) => {
  await root.register(fastifyStatic, { root: dist, index: 'index.html' })
}

let db: Database
let ana: TestUser
beforeAll(async () => {
  db = await testDatabase('pglite')
  // Verified: the rate-limit tests make ana a corporate account, whose tenant needs a verified address (issue 16).
  ana = await verifiedUser('ana@web-security-tests.acme.io')
})
afterEach(() => {
  vi.unstubAllEnvs()
})

const appWith = async (overrides: Partial<AppDeps> = {}) => testApp(db, { clientSettings: settings, rootPlugins: [serveDist], ...overrides })
const cookieOf = (setCookie: string | string[] | undefined) => {
  const line = [setCookie ?? []].flat().find((c) => c.startsWith('XSRF-TOKEN='))
  return line ? { line, value: line.split(';')[0]?.split('=')[1] ?? '' } : null
}

describe('security headers', () => {
  const expectHardened = (headers: Record<string, unknown>) => {
    expect(headers['content-security-policy']).toBe(contentSecurityPolicy({ authEmulatorUrl: EMULATOR }))
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['referrer-policy']).toBe('same-origin')
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(headers['access-control-allow-origin']).toBeUndefined()
  }

  test('on API answers, errors, 404s, the page and static files', async () => {
    const { app } = await appWith()
    for (const [url, status] of [
      ['/api/v1/config', 200],
      ['/api/v1/researches', 401],
      ['/api/v1/nowhere', 404],
      ['/', 200],
      ['/app.js', 200],
      ['/missing.js', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(status)
      expectHardened(res.headers)
    }
  })

  test('the CSP allows no inline script, exactly the configured emulator, and no framing', () => {
    const csp = contentSecurityPolicy({ authEmulatorUrl: EMULATOR })
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))
    expect(directive('script-src')).toBe("script-src 'self'")
    expect(directive('connect-src')).toBe(`connect-src 'self' ${EMULATOR}`)
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(csp).not.toContain("'unsafe-eval'")
    // Real Firebase: Google's token hosts instead of an emulator.
    expect(contentSecurityPolicy({ authEmulatorUrl: null })).toContain("connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com")
  })

  test('without client settings the emulator comes from FIREBASE_AUTH_EMULATOR_HOST, as GET /config has it', async () => {
    vi.stubEnv('FIREBASE_AUTH_EMULATOR_HOST', '127.0.0.1:9777')
    const { app } = await testApp(db)
    const res = await app.inject({ method: 'GET', url: '/api/v1/config' })
    expect(res.json().authEmulatorUrl).toBe('http://127.0.0.1:9777')
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' http://127.0.0.1:9777;")
  })
})

describe('CORS', () => {
  test('closed by default: another origin gets no allow headers, nor does its preflight', async () => {
    const { app } = await appWith()
    const simple = await app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: 'https://evil.example' } })
    expect(simple.headers['access-control-allow-origin']).toBeUndefined()
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/v1/researches',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined()
    expect(preflight.headers['access-control-allow-headers']).toBeUndefined()
  })

  test('CORS_ORIGINS opens it to exactly the listed origins', async () => {
    vi.stubEnv('CORS_ORIGINS', 'https://app.example, https://other.example:8443')
    const { app } = await appWith()
    const preflight = await app.inject({ method: 'OPTIONS', url: '/api/v1/researches', headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' } })
    expect(preflight.statusCode).toBe(204)
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example')
    expect(preflight.headers['access-control-allow-headers']).toContain('authorization')
    // The headers the API reads for paging and the workspace, so an allowed page can page and ingest.
    for (const header of ['x-session-id', 'x-page-size', 'x-continuation-token', 'x-events-page-size', 'x-frames-continuation-token']) {
      expect(preflight.headers['access-control-allow-headers']).toContain(header)
    }
    const get = await app.inject({ method: 'GET', url: '/api/v1/config', headers: { origin: 'https://other.example:8443' } })
    expect(get.headers['access-control-allow-origin']).toBe('https://other.example:8443')
    expect(get.headers.vary).toContain('Origin')
    // A 429's Retry-After is readable by the allowed page (the ingest quotas' refusals, issue 17).
    expect(get.headers['access-control-expose-headers']).toBe('Retry-After')
    const stranger = await app.inject({ method: 'OPTIONS', url: '/api/v1/researches', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } })
    expect(stranger.headers['access-control-allow-origin']).toBeUndefined()
    expect(stranger.headers['access-control-allow-methods']).toBeUndefined()
  })
})

describe('rate limits', () => {
  const createUser = (app: FastifyInstance, remoteAddress = '10.0.0.1') =>
    app.inject({ method: 'POST', url: '/api/v1/users', remoteAddress, headers: ana.headers, payload: { firebaseUid: ana.uid, email: ana.email, accountType: 'corporate' } })

  test('POST /users: 20 a minute per user, then 429 RATE_LIMIT with Retry-After until the window ends', async () => {
    const { app, clock } = await appWith()
    for (let i = 0; i < 20; i++) expect((await createUser(app, `10.0.0.${i}`)).statusCode).toBeLessThan(300)
    clock.advance(15_000)
    // Another address does not help: the limit follows the account.
    const refused = await createUser(app, '10.9.9.9')
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ code: 'RATE_LIMIT', message: expect.any(String) })
    expect(refused.headers['retry-after']).toBe('45')
    expectHeaders(refused.headers)
    clock.advance(45_000)
    expect((await createUser(app)).statusCode).toBe(200)
  })

  test('negotiate: 60 a minute per IP before the token is even checked; other addresses are unaffected', async () => {
    const { app, clock } = await appWith({
      plugins: [
        async (api, deps) => {
          const hub = createLiveHub({ db: deps.db, verifier: deps.verifier, clock: deps.clock, config: {} })
          await hub.apiPlugin(api)
          api.addHook('onClose', async () => hub.close())
        },
      ],
    })
    const negotiate = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/v1/ws/negotiate/ses_x', remoteAddress, headers: { authorization: 'Bearer forged' }, payload: {} })
    for (let i = 0; i < 60; i++) expect((await negotiate('10.1.1.1')).statusCode).toBe(401)
    const refused = await negotiate('10.1.1.1')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe('RATE_LIMIT')
    expect(Number(refused.headers['retry-after'])).toBe(60)
    expect((await negotiate('10.1.1.2')).statusCode).toBe(401)
    clock.advance(60_000)
    expect((await negotiate('10.1.1.1')).statusCode).toBe(401)
    await app.close()
  })

  test('other routes are not limited', async () => {
    const { app } = await appWith()
    for (let i = 0; i < 80; i++) expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).statusCode).toBe(200)
  })
})

describe('XSRF (double submit)', () => {
  test('the page and GET /config hand out an XSRF-TOKEN cookie: SameSite=Strict, readable by script, Secure over https', async () => {
    const { app } = await appWith()
    for (const url of ['/', '/api/v1/config']) {
      const cookie = cookieOf((await app.inject({ method: 'GET', url })).headers['set-cookie'])
      expect(cookie?.value, url).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(cookie?.line).toContain('SameSite=Strict')
      expect(cookie?.line).toContain('Path=/')
      expect(cookie?.line).not.toMatch(/HttpOnly/i)
      expect(cookie?.line).not.toContain('Secure')
    }
    // Not handed out again while the browser has one, nor on other answers.
    const again = await app.inject({ method: 'GET', url: '/', headers: { cookie: `XSRF-TOKEN=${'a'.repeat(43)}` } })
    expect(cookieOf(again.headers['set-cookie'])).toBeNull()
    expect(cookieOf((await app.inject({ method: 'GET', url: '/app.js' })).headers['set-cookie'])).toBeNull()
    expect(cookieOf((await app.inject({ method: 'GET', url: '/api/v1/health' })).headers['set-cookie'])).toBeNull()
  })

  test('Secure when the request came over https', async () => {
    const { app } = await testApp(db, { clientSettings: settings })
    // No trustProxy, so the protocol is the socket's; an encrypted socket stands in for TLS.
    app.addHook('onRequest', async (request) => {
      Object.defineProperty(request.raw.socket, 'encrypted', { value: true, configurable: true })
    })
    const cookie = cookieOf((await app.inject({ method: 'GET', url: '/api/v1/config' })).headers['set-cookie'])
    expect(cookie?.line).toContain('; Secure')
  })

  test('an unsafe method that carries the cookie needs the matching header; without the cookie a bearer suffices', async () => {
    const { app } = await appWith()
    const token = cookieOf((await app.inject({ method: 'GET', url: '/api/v1/config' })).headers['set-cookie'])?.value as string
    const create = (headers: Record<string, string>) => app.inject({ method: 'POST', url: '/api/v1/researches', headers: { ...ana.headers, ...headers }, payload: { title: 'XSRF' } })

    const missing = await create({ cookie: `XSRF-TOKEN=${token}` })
    expect(missing.statusCode).toBe(403)
    expect(missing.json()).toEqual({ code: 'XSRF_MISMATCH', message: expect.any(String) })
    expectHeaders(missing.headers)
    expect((await create({ cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': `${token.slice(0, -1)}x` })).statusCode).toBe(403)
    expect((await create({ cookie: `other=1; XSRF-TOKEN=${token}`, 'x-xsrf-token': token })).statusCode).toBe(201)
    expect((await create({})).statusCode).toBe(201)
    // PUT and DELETE are held to the same rule; GET is not.
    const id = (await create({})).json().id as string
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/researches/${id}`, headers: { ...ana.headers, cookie: `XSRF-TOKEN=${token}` } })).statusCode).toBe(403)
    expect((await app.inject({ method: 'GET', url: `/api/v1/researches/${id}`, headers: { ...ana.headers, cookie: `XSRF-TOKEN=${token}` } })).statusCode).toBe(200)
    const deleted = await app.inject({ method: 'DELETE', url: `/api/v1/researches/${id}`, headers: { ...ana.headers, cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token } })
    expect(deleted.statusCode).toBeLessThan(300)
  })
})

function expectHeaders(headers: Record<string, unknown>): void {
  expect(headers['content-security-policy']).toBeTruthy()
  expect(headers['x-frame-options']).toBe('DENY')
}
