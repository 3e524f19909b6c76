/**
 * Routes registered from contracts (server/platform/http/contracts.ts, src/protocol/http/): every /api/v1 route of
 * the whole app has a contract and every contract a route; each answers at its contract's method and path,
 * without a signed-in user when the contract says so; what it answers parses with the contract's schema
 * (the one the client reads it with); and the OpenAPI document generated from them is valid OpenAPI 3.1.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { registeredRoutes } from '../../server/app'
import { firebaseTokenVerifier } from '../../server/platform/auth/tokens'
import { manualClock } from '../../server/platform/core/runtime'
import type { Database } from '../../server/platform/db/database'
import { answerUnchanging, route } from '../../server/platform/http/contracts'
import { createLiveHub } from '../../server/modules/live/hub'
import { breakerRoutes } from '../../server/modules/pipeline/routes'
import { contract, pathOf } from '../../src/protocol/http/contract'
import { allContracts } from '../../src/protocol/http/index'
import { openApiPath } from '../../src/protocol/http/openapi'
import { configContract, healthContract } from '../../src/protocol/http/platform'
import { PROJECT_ID, testApp, testDatabase } from './support/harness'

describe('contracts', () => {
  let db: Database
  let app: FastifyInstance
  let closeHub: () => Promise<void>
  beforeAll(async () => {
    db = await testDatabase('pglite')
    // The app as the composition root mounts it (server/main.ts): the live channel and the breakers too.
    const hub = createLiveHub({ db, verifier: firebaseTokenVerifier(PROJECT_ID), clock: manualClock(Date.now()), config: {} })
    closeHub = () => hub.close()
    app = (await testApp(db, { plugins: [(api) => hub.apiPlugin(api), breakerRoutes], rootPlugins: [(root) => hub.socketPlugin(root)] })).app
  })
  // The test database is shared by the files of this worker: it stays open.
  afterAll(async () => {
    await app?.close()
    await closeHub?.()
  })

  test('every /api/v1 route is registered from a contract, and every contract is a route', () => {
    const routes = registeredRoutes(app).filter((r) => r.url.startsWith('/api/v1/') && r.method !== 'HEAD')
    expect(routes.length).toBeGreaterThan(6)
    const without = routes.filter((r) => r.contract === null).map((r) => `${r.method} ${r.url}`)
    expect(without).toEqual([])
    const registered = new Set(routes.map((r) => `${r.method} ${r.url}`))
    const contracts = allContracts()
    for (const { name, contract: c } of contracts) expect(registered.has(`${c.method} /api/v1${c.path}`), name).toBe(true)
    expect(new Set(contracts.map((c) => c.name)).size, 'contract names are unique across resources').toBe(contracts.length)
    expect(routes.length).toBe(contracts.length)
  })

  test.each([healthContract, configContract])('$method $path answers anyone with what its contract says', async (c) => {
    const res = await app.inject({ method: c.method, url: `/api/v1${c.path}` })
    expect(res.statusCode).toBe(200)
    expect(c.responses[200].safeParse(res.json()).success).toBe(true)
  })

  test('/openapi.json is valid OpenAPI 3.1 with one operation per contract, and /reference shows each', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    const { Validator } = await import('@seriousme/openapi-schema-validator')
    const validator = new Validator()
    const result = await validator.validate(structuredClone(doc))
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([])
    expect(result.valid).toBe(true)
    expect(validator.version).toBe('3.1')
    const operations = Object.values(doc.paths as Record<string, object>).flatMap((ops) => Object.keys(ops))
    expect(operations.length).toBe(allContracts().length)
    for (const { contract: c } of allContracts()) expect(doc.paths[openApiPath(c.path)]?.[c.method.toLowerCase()]?.summary).toBe(c.summary)

    const page = await app.inject({ method: 'GET', url: '/api/v1/reference' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    for (const { contract: c } of allContracts()) expect(page.body).toContain(`<code>${openApiPath(c.path)}</code>`)
    expect(page.body).not.toMatch(/<script/i)
  })

  test('a path is filled from its parameters, URI-encoded, with `::` as a colon and `*` as the rest', () => {
    const c = contract('GET /a/:id/b::c/*', 's', { responses: { 200: z.null() } })
    expect(pathOf(c, { id: 'x/y z', '*': 'https://e.org/a b' })).toBe('/a/x%2Fy%20z/b:c/https%3A//e.org/a%20b')
    expect(() => pathOf(c, { id: '1' })).toThrow(/no value for \*/)
    expect(openApiPath(c.path)).toBe('/a/{id}/b:c/{path}')
  })

  test('a route answers only what its contract declares, a private one asks who is calling, and an answer that does not fit is a 500', async () => {
    const logged: Array<Record<string, unknown>> = []
    const { app: other } = await testApp(db, {
      errorLog: (line) => logged.push(line),
      plugins: [
        async (api) => {
          const secret = contract('GET /contract-probe', 'probe', { responses: { 200: z.object({ kept: z.string() }) } })
          const open = { ...secret, path: '/contract-probe-open', public: true }
          const wrong = { ...secret, path: '/contract-probe-wrong', public: true }
          // The handler gives more than the contract says; only the contract's fields go out.
          route(api, secret, async () => ({ kept: 'yes', leaked: 'no' }) as { kept: string })
          route(api, open, async () => ({ kept: 'yes', leaked: 'no' }) as { kept: string })
          route(api, wrong, async () => ({ kept: 3 }) as unknown as { kept: string })
        },
      ],
    })
    expect((await other.inject({ method: 'GET', url: '/api/v1/contract-probe' })).statusCode).toBe(401)
    const res = await other.inject({ method: 'GET', url: '/api/v1/contract-probe-open' })
    expect(res.json()).toEqual({ kept: 'yes' })
    const wrong = await other.inject({ method: 'GET', url: '/api/v1/contract-probe-wrong' })
    expect(wrong.statusCode).toBe(500)
    expect(wrong.json().code).toBe('INTERNAL_ERROR')
    expect(logged).toHaveLength(1)
    await other.close()
  })

  test('an answer marked unchanging is checked and serialised once, then sent as it was; a new one is checked again', async () => {
    let checks = 0
    const counted = z.object({ kept: z.string() }).transform((v) => {
      checks++
      return v
    })
    const kept = answerUnchanging({ kept: 'once', leaked: 'no' })
    let answer: { kept: string } = kept
    const { app: other } = await testApp(db, {
      plugins: [
        async (api) => {
          route(api, { ...contract('GET /contract-probe-kept', 'probe', { responses: { 200: counted } }), public: true }, async () => answer)
        },
      ],
    })
    const get = async () => (await other.inject({ method: 'GET', url: '/api/v1/contract-probe-kept' })).json()
    expect(await get()).toEqual({ kept: 'once' })
    expect(await get()).toEqual({ kept: 'once' })
    expect(checks).toBe(1)
    // Not marked: checked on every answer.
    answer = { kept: 'fresh' }
    expect(await get()).toEqual({ kept: 'fresh' })
    expect(await get()).toEqual({ kept: 'fresh' })
    expect(checks).toBe(3)
    await other.close()
  })
})
