/**
 * Input fuzzing of every API route (issue 9, Security 4). The routes are read from the running app
 * (`printRoutes`), so a new route is fuzzed without editing this file. Each case sends, as a real signed-in
 * user, one route with its path parameters set to the user's own ids, other strings or hostile ones, an
 * arbitrary query, arbitrary values of the headers the API reads, and an arbitrary JSON body (arbitrary
 * values, objects with junk fields, prototype-pollution keys). Strings and numbers are drawn with the
 * inputs that once answered 500 (issue 15) well represented: NUL characters, unpaired surrogates, emoji,
 * long strings, negative, fractional and huge numbers (as JSON numbers and as digits in a query or a
 * header). Every answer must be a designed one: below 500, a JSON `{code, message}` body
 * on every error, a 400 VALIDATION_ERROR whose message starts with the field path ("title: …") or the
 * part of the request ("body: …"). The one 5xx allowed is the designed 502 SOURCE_FAILED of a preview
 * whose upstream cannot be reached (the readers point at a closed port on 127.0.0.1, so nothing leaves
 * the machine). Afterwards `Object.prototype` is untouched and the server still answers.
 *
 * 3,000 cases in all per database in `npm test` (`FUZZ_CASES` sets another number); `npm run test:soak` runs
 * 10,000 per route (about an hour). `FC_SEED` pins a run.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createBreakers } from '../../../server/modules/pipeline/breakers'
import { breakerRoutes } from '../../../server/modules/pipeline/routes'
import { createSourceReaders, loadSourcesConfig } from '../../../server/sources'
import { propertySeed } from '../../arbitraries'
import { dialects, emulatorUser, recordingPipeline, testApp, testDatabase, type TestUser } from '../support/harness'

const SOAK = process.env.SOAK === '1'
const CASES = Number(process.env.FUZZ_CASES ?? 3_000)

interface Route {
  method: string
  path: string
}

/** The routes of a ready app, from Fastify's route tree (HEAD, which mirrors GET, left out). */
export function routesOf(app: FastifyInstance): Route[] {
  const stack: string[] = []
  const routes: Route[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line)
    if (!m) continue
    const depth = m[1]!.length / 4
    stack.length = depth
    stack.push(m[2]!)
    const path = stack.join('')
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) routes.push({ method, path })
  }
  return routes
}

const hostile = fc.constantFrom('../../etc/passwd', '%00', "' OR 1=1 --", '<script>alert(1)</script>', 'x'.repeat(5000), '__proto__', 'constructor', '😀', '.', '%2e%2e%2f')
/** Text the databases cannot store (NUL, half a surrogate pair) or that is cut carelessly (emoji, long runs). */
const unstorable = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud83d', '\ude00', 'x\ud800y', '\udfff\ud800', '😀'.repeat(3), `★${'😀'.repeat(150)}`, '👍🏽❤️🎉', '★☆✦✧', 'x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud83d', '\ude00', '😀'), fc.string({ maxLength: 8 })).map(([a, b, c]) => a + b + c),
)
/** Numbers paging and counts once took as they came: negative, fractional, huge, not finite when written. */
const oddNumber = fc.constantFrom(-1, 0, 1.5, -0.5, 1e20, -1e20, 2 ** 53 + 2, 1e308, 501, 5001)
const oddDigits = fc.oneof(oddNumber.map(String), fc.constantFrom('1e20', '-1', '1.5', '', ' ', 'NaN', 'Infinity', '0x10', '99999999999999999999', '00', '+5'))
const text = fc.oneof(fc.string({ maxLength: 30 }), hostile, unstorable)
const junkValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  hostile,
  unstorable,
  oddNumber,
  fc.array(text, { maxLength: 4 }),
  fc.dictionary(fc.oneof(fc.string({ maxLength: 8 }), unstorable), text, { maxKeys: 3 }),
)
const poisonedBody = fc.constantFrom('__proto__', 'constructor', 'prototype').map((key) => JSON.parse(`{"${key}": {"polluted": true}, "title": "x", "displayName": "x", "query": "x"}`) as unknown)
const fieldNames = fc.constantFrom(
  'title',
  'displayName',
  'name',
  'query',
  'kind',
  'status',
  'url',
  'text',
  'dataSourceId',
  'contextId',
  'kpiDefinitionId',
  'currentValue',
  'frameId',
  'metric',
  'entity',
  'horizonDays',
  'limit',
  'tenantId',
  'handlerKey',
  'visibility',
  'commitAction',
  'sourceDetails',
  'tags',
  'email',
  'accountType',
  'contentBase64',
  'searchQuery',
  'channelUsername',
  'description',
  'fileName',
  'contentType',
  'sessionId',
  'researchId',
  'projectId',
  'newProjectDetails',
  'targetProjectId',
  'allowedTenants',
  'newTenantName',
  'reason',
  'firebaseUid',
  'pollIntervalSeconds',
  'offset',
)
const objectBody = fc.dictionary(fieldNames, junkValue, { maxKeys: 6 })
const body = fc.oneof(junkValue, objectBody, poisonedBody, fc.constant(undefined))
const query = fc.dictionary(
  fc.oneof(fieldNames, fc.constantFrom('participant', 'name', 'contextId', 'format', 'limit', 'offset', 'q', 'continuationToken', 'after', 'events', 'category')),
  fc.oneof(text, oddDigits),
  { maxKeys: 3 },
)
/** The request headers the API reads, with odd values (x-tenant-id too: a wrong one must stay a 403). */
const headerNames = fc.constantFrom(
  'x-session-id',
  'x-page-size',
  'x-continuation-token',
  'x-events-page-size',
  'x-frames-page-size',
  'x-events-continuation-token',
  'x-frames-continuation-token',
  'x-tenant-id',
)
const headers = fc.dictionary(headerNames, fc.oneof(text, oddDigits), { maxKeys: 2 })

describe.each(dialects())('request fuzzing on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let user: TestUser
  let routes: Route[]
  const own: string[] = []
  const clock = manualClock(Date.now())

  beforeAll(async () => {
    db = await testDatabase(dialect)
    const breakers = createBreakers({ db, clock, requeue: async () => {}, wake: async () => {} })
    const closed = 'http://127.0.0.1:9'
    const sourceReaders = createSourceReaders(
      loadSourcesConfig({ SEARCH_RSS_URL_TEMPLATE: `${closed}/rss?q={query}`, TELEGRAM_BASE_URL: closed, X_API_BASE_URL: closed, X_BEARER_TOKEN: 'fuzz', SOURCES_ALLOW_PRIVATE_NETWORK: 'true' }),
    )
    ;({ app } = await testApp(db, { clock, sourceReaders, pipeline: { ...recordingPipeline(), breakers }, plugins: [breakerRoutes] }))
    await app.ready()
    routes = routesOf(app)
    user = await emulatorUser(`fuzz-${dialect}@gmail.com`)
    const send = async (method: 'POST', url: string, payload: object) =>
      (await app.inject({ method, url: `/api/v1${url}`, headers: user.headers, payload })).json() as { id?: string; sessions?: Array<{ id: string }> }
    const research = await send('POST', '/researches', { title: 'Fuzzed' })
    const project = await send('POST', '/projects', { displayName: 'Fuzzed project' })
    own.push(research.id!, research.sessions?.[0]?.id ?? 'ses', project.id!)
  }, 60_000)
  afterAll(async () => {
    await app.close()
  })

  test('the route list is read from the app, and covers every resource', () => {
    const paths = new Set(routes.map((r) => `${r.method} ${r.path}`))
    for (const expected of [
      'POST /api/v1/researches',
      'PUT /api/v1/projects/:id',
      'POST /api/v1/dashboard/pulse',
      'POST /api/v1/prospective/motifs:extract',
      'PUT /api/v1/kpi/bindings/:id',
      'POST /api/v1/ops/breakers/replay',
      'GET /api/v1/briefing/:type/:id',
    ]) {
      expect(paths).toContain(expected)
    }
    expect(routes.length).toBeGreaterThan(60)
  })

  test(`${SOAK ? '10,000 cases per route' : `${CASES.toLocaleString('en-US')} cases`}: every answer designed, no 5xx, no pollution`, async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort()
    const param = fc.oneof(fc.constantFrom(...own), fc.string({ minLength: 1, maxLength: 20 }), hostile, unstorable)
    const request = fc.record({ route: fc.constantFrom(...routes), params: fc.array(param, { minLength: 4, maxLength: 4 }), query, headers, body })
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(request, async ({ route, params, query: q, headers: h, body: b }) => {
        let i = 0
        const path = route.path.replace(/:[A-Za-z]+|\*/g, () => encodeURIComponent(wellFormed(params[i++ % params.length]!)))
        const search = new URLSearchParams(q).toString()
        const res = await app.inject({
          method: route.method as 'GET',
          url: `${path}${search ? `?${search}` : ''}`,
          headers: { ...h, ...user.headers, ...(b === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(b === undefined || route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: JSON.stringify(b) }),
        })
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        const upstream = res.statusCode === 502 && (res.json() as { code?: unknown }).code === 'SOURCE_FAILED'
        if (!upstream) expect(res.statusCode, `${route.method} ${path} → ${res.body.slice(0, 300)}`).toBeLessThan(500)
        if (res.statusCode >= 400) {
          const error = res.json() as { code?: unknown; message?: unknown }
          expect(typeof error.code).toBe('string')
          expect(typeof error.message).toBe('string')
          if (error.code === 'VALIDATION_ERROR') expect(error.message, `${route.method} ${route.path}`).toMatch(/^[\w.[\]-]+: \S/)
        }
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { seed: propertySeed(`request fuzz ${dialect}`), numRuns: SOAK ? 10_000 * routes.length : CASES },
    )
    console.info(`[fuzz] ${dialect}: answers by status ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`)
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore)
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200)
  }, 600_000)
})

/** A URL path segment can only carry whole characters: a lone half is sent as U+FFFD (as a browser would). */
function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
}
