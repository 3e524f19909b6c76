/**
 * API processes behind a load balancer (TRUST_PROXY, README "Running several processes"): every request
 * reaches the API from the balancer's address, so the per-IP rate limits must count the client the balancer
 * names in X-Forwarded-For — and only a balancer named in TRUST_PROXY may name it, or anyone could pick a
 * fresh address per request. Likewise HTTPS ends at the balancer: its X-Forwarded-Proto decides HSTS.
 * Through `app.inject` with the peer address set; the limits are in memory, so one store is enough.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import type { AppDeps } from '../../../server/app'
import { createLiveHub } from '../../../server/modules/live/hub'
import { trustProxyOf } from '../../../server/platform/config'
import type { Database } from '../../../server/platform/db/database'
import { testApp, testDatabase } from '../support/harness'

const BALANCER = '10.0.0.5'

let db: Database
beforeAll(async () => {
  db = await testDatabase('pglite')
})

/** The app with the live routes (negotiate is rate limited per IP), trusting `trustProxy`. */
async function appBehind(trustProxy: string | undefined) {
  const plugins: AppDeps['plugins'] = [
    async (api, deps) => {
      const hub = createLiveHub({ db: deps.db, verifier: deps.verifier, clock: deps.clock, config: {} })
      await hub.apiPlugin(api)
      api.addHook('onClose', async () => hub.close())
    },
  ]
  const { app } = await testApp(db, { config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test', ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) }, plugins })
  // A forged token: refused (401) after the per-IP limit, which comes first, has counted the call.
  const negotiate = (peer: string, forwardedFor?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/ws/negotiate/ses_x',
      remoteAddress: peer,
      headers: { authorization: 'Bearer forged', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      payload: {},
    })
  return { app, negotiate }
}

describe('behind a load balancer', () => {
  test('TRUST_PROXY naming the balancer: each forwarded client has its own limit', async () => {
    const { app, negotiate } = await appBehind('10.0.0.0/8')
    for (let i = 0; i < 60; i++) expect((await negotiate(BALANCER, '203.0.113.7')).statusCode).toBe(401)
    expect((await negotiate(BALANCER, '203.0.113.7')).statusCode).toBe(429)
    // Another user behind the same balancer is not held up by the first.
    expect((await negotiate(BALANCER, '203.0.113.8')).statusCode).toBe(401)
    await app.close()
  })

  test('without TRUST_PROXY the forwarded address is ignored: the balancer is one client', async () => {
    const { app, negotiate } = await appBehind(undefined)
    for (let i = 0; i < 60; i++) expect((await negotiate(BALANCER, `203.0.113.${i + 1}`)).statusCode).toBe(401)
    expect((await negotiate(BALANCER, '203.0.113.200')).statusCode).toBe(429)
    await app.close()
  })

  test('a peer TRUST_PROXY does not name cannot escape its limit by forwarding addresses', async () => {
    const { app, negotiate } = await appBehind('10.0.0.0/8')
    for (let i = 0; i < 60; i++) expect((await negotiate('198.51.100.1', `203.0.113.${i + 1}`)).statusCode).toBe(401)
    expect((await negotiate('198.51.100.1', '203.0.113.200')).statusCode).toBe(429)
    await app.close()
  })

  test('HTTPS ended at a trusted balancer still gets Strict-Transport-Security; an untrusted claim does not', async () => {
    const { app } = await appBehind(BALANCER)
    const health = (peer: string) => app.inject({ method: 'GET', url: '/api/v1/health', remoteAddress: peer, headers: { 'x-forwarded-proto': 'https' } })
    expect((await health(BALANCER)).headers['strict-transport-security']).toBe('max-age=15552000')
    expect((await health('198.51.100.1')).headers['strict-transport-security']).toBeUndefined()
    await app.close()
  })

  test('TRUST_PROXY forms: unset or false, true, a hop count, addresses and ranges', () => {
    expect(trustProxyOf({})).toBe(false)
    expect(trustProxyOf({ TRUST_PROXY: 'false' })).toBe(false)
    expect(trustProxyOf({ TRUST_PROXY: 'true' })).toBe(true)
    expect(trustProxyOf({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.2 ' })).toEqual(['10.0.0.0/8', '192.168.1.2'])
    const hops = trustProxyOf({ TRUST_PROXY: '1' })
    expect(typeof hops).toBe('function')
    if (typeof hops === 'function') expect([hops('10.0.0.5', 0), hops('203.0.113.7', 1)]).toEqual([true, false])
  })
})
