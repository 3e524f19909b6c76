import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { dialects, emulatorUser, mintToken, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'

describe.each(dialects())('researches and workspaces on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let clock: { advance(ms: number): void; now(): number }
  let ana: TestUser
  let bob: TestUser

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@research-tests.acme.io')
    bob = await emulatorUser('bob@research-tests.globex.com')
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app, clock } = await testApp(db))
  })

  const call = (user: { headers: Record<string, string> }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })

  test('health answers without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect })
  })

  test('every other route needs a valid bearer token: 401 UNAUTHORIZED', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/researches' })).json()).toEqual({ code: 'UNAUTHORIZED', message: 'Authentication required' })
    const expired = mintToken({ uid: 'u', email: 'u@acme.io' }, { now: Date.now() - 7_200_000, expiresIn: 3600 })
    const res = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: { authorization: `Bearer ${expired}` } })
    expect(res.statusCode).toBe(401)
    const wrongProject = mintToken({ uid: 'u', email: 'u@acme.io' }, { projectId: 'other-project' })
    expect((await app.inject({ method: 'GET', url: '/api/v1/researches', headers: { authorization: `Bearer ${wrongProject}` } })).statusCode).toBe(401)
  })

  test("creating a research creates its first workspace named 'Workspace' plus month and day", async () => {
    const res = await call(ana, 'POST', '/researches', { title: '  EV tariffs  ', tags: [' trade ', 'trade', '', 'EU'] })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    const month = new Date(clock.now()).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
    expect(body).toMatchObject({ id: expect.any(String), title: 'EV tariffs', tags: ['trade', 'EU'], sessionsCount: 1, tenantId: 'ana@research-tests.acme.io', ownerUserId: ana.uid })
    expect(body.sessions[0]).toMatchObject({ title: `Workspace ${month} ${new Date(clock.now()).getUTCDate()}`, status: 'active', researchId: body.id })
  })

  test('a research title is required and trimmed; the error names the field', async () => {
    const res = await call(ana, 'POST', '/researches', { title: '   ' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'title: title must not be blank' })
    const missing = await call(ana, 'POST', '/researches', {})
    expect(missing.json().message).toMatch(/^title: /)
  })

  test('lists newest first, honour x-page-size and continue with the token', async () => {
    for (const title of ['A', 'B', 'C']) {
      await call(ana, 'POST', '/researches', { title })
      clock.advance(1000)
    }
    const first = await call(ana, 'GET', '/researches', undefined, { 'x-page-size': '2' })
    expect(first.json().items.map((r: { title: string }) => r.title)).toEqual(['C', 'B'])
    const next = await call(ana, 'GET', `/researches?continuationToken=${first.json().continuationToken}`, undefined, { 'x-page-size': '2' })
    expect(next.json().items.map((r: { title: string }) => r.title)).toEqual(['A'])
    expect(next.json().continuationToken).toBeUndefined()
  })

  test('another tenant sees nothing and gets 404 for the id', async () => {
    const id = (await call(ana, 'POST', '/researches', { title: 'Secret' })).json().id
    expect((await call(bob, 'GET', '/researches')).json().items).toEqual([])
    expect((await call(bob, 'GET', `/researches/${id}`)).statusCode).toBe(404)
    expect((await call(bob, 'DELETE', `/researches/${id}`)).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/researches/${id}/sessions`)).statusCode).toBe(404)
    expect((await call(bob, 'POST', `/researches/${id}/sessions`, { title: 'x' })).statusCode).toBe(404)
    expect((await call(ana, 'GET', `/researches/${id}`)).statusCode).toBe(200)
  })

  test('a tenant header that disagrees is refused', async () => {
    const res = await call(ana, 'GET', '/researches', undefined, { 'x-tenant-id': 'research-tests.globex.com' })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('FORBIDDEN')
    // ana never created a record: her tenant is her own address, not her domain (issue 16).
    expect((await call(ana, 'GET', '/researches', undefined, { 'x-tenant-id': 'research-tests.acme.io' })).statusCode).toBe(403)
    expect((await call(ana, 'GET', '/researches', undefined, { 'x-tenant-id': 'ana@research-tests.acme.io' })).statusCode).toBe(200)
  })

  test('workspaces: create, list (newest first), read, delete with its message; expiry after the TTL', async () => {
    const research = (await call(ana, 'POST', '/researches', { title: 'R' })).json()
    clock.advance(1000)
    const created = await call(ana, 'POST', `/researches/${research.id}/sessions`, { title: ' Week 47 ' })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({ title: 'Week 47', status: 'active', researchId: research.id })
    const list = await call(ana, 'GET', `/researches/${research.id}/sessions`, undefined, { 'x-page-size': '50' })
    expect(list.json().items.map((s: { title: string }) => s.title)).toEqual(['Week 47', research.sessions[0].title])
    expect((await call(ana, 'POST', `/researches/${research.id}/sessions`, { title: '' })).statusCode).toBe(400)
    clock.advance(8 * 86_400_000)
    expect((await call(ana, 'GET', `/researches/${research.id}/sessions/${created.json().id}`)).json().status).toBe('expired')
    const del = await call(ana, 'DELETE', `/researches/${research.id}/sessions/${created.json().id}`)
    expect(del.json()).toEqual({ message: 'Session deleted successfully' })
    expect((await call(ana, 'DELETE', `/researches/${research.id}/sessions/${created.json().id}`)).statusCode).toBe(404)
  })

  test('deleting a research removes its workspaces', async () => {
    const research = (await call(ana, 'POST', '/researches', { title: 'R' })).json()
    expect((await call(ana, 'DELETE', `/researches/${research.id}`)).json()).toEqual({ message: 'Research deleted successfully' })
    expect((await call(ana, 'GET', `/researches/${research.id}`)).statusCode).toBe(404)
    expect(await db.query('SELECT * FROM sessions')).toEqual([])
  })
})
