/**
 * Routes registered from contracts (server/http/contracts.ts, src/protocol/http/): each answers at its
 * contract's method and path, without a signed-in user when the contract says so, and what it answers
 * parses with the contract's schema (the same one the client reads it with).
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { Database } from '../../server/db/database'
import { route } from '../../server/http/contracts'
import { breakerRoutes } from '../../server/pipeline/routes'
import * as breakers from '../../src/protocol/http/breakers'
import { type Contract, contract } from '../../src/protocol/http/contract'
import * as platform from '../../src/protocol/http/platform'
import { configContract, healthContract } from '../../src/protocol/http/platform'
import { testApp, testDatabase } from './support/harness'

describe('contracts', () => {
  let db: Database
  let app: FastifyInstance
  beforeAll(async () => {
    db = await testDatabase('pglite')
    app = (await testApp(db, { plugins: [breakerRoutes] })).app
  })
  // The test database is shared by the files of this worker: it stays open.
  afterAll(() => app?.close())

  test.each([healthContract, configContract])('$method $path answers anyone with what its contract says', async (c) => {
    const res = await app.inject({ method: c.method, url: `/api/v1${c.path}` })
    expect(res.statusCode).toBe(200)
    expect(c.responses[200].safeParse(res.json()).success).toBe(true)
  })

  test('every contract so far is a route the app registers', () => {
    const exported: unknown[] = Object.values({ ...platform, ...breakers })
    const contracts = exported.filter((v): v is Contract => typeof v === 'object' && v !== null && 'responses' in v)
    expect(contracts.length).toBe(6)
    for (const c of contracts) expect(app.hasRoute({ method: c.method, url: `/api/v1${c.path}` }), `${c.method} ${c.path}`).toBe(true)
  })

  test('a route answers only what its contract declares, and a private one asks who is calling', async () => {
    const { app: other } = await testApp(db, {
      plugins: [
        async (api) => {
          const secret = contract({ method: 'GET', path: '/contract-probe', summary: 'probe', responses: { 200: z.object({ kept: z.string() }) } })
          const open = contract({ ...secret, path: '/contract-probe-open', public: true })
          // The handler gives more than the contract says; only the contract's fields go out.
          route(api, secret, async () => ({ kept: 'yes', leaked: 'no' }) as { kept: string })
          route(api, open, async () => ({ kept: 'yes', leaked: 'no' }) as { kept: string })
        },
      ],
    })
    expect((await other.inject({ method: 'GET', url: '/api/v1/contract-probe' })).statusCode).toBe(401)
    const res = await other.inject({ method: 'GET', url: '/api/v1/contract-probe-open' })
    expect(res.json()).toEqual({ kept: 'yes' })
    await other.close()
  })
})
