/**
 * Portable bundles end to end (issue 16, point 4), on each database: documents analysed by the real
 * pipeline in one installation are exported (research, project, tenant), imported into another database
 * by a user of another tenant, and read back through the client's own session loader — the same read
 * model, the same cards and frames, under new ids. A changed bundle is refused with a 400 naming the
 * section; a bundle is imported into the importer's tenant only; another tenant's research is a 404.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../server/platform/core/runtime'
import type { Database } from '../../server/platform/db/database'
import { UNFINISHED_ON_EXPORT } from '../../server/modules/exchange/import'
import { createPipeline, type PipelineService } from '../../server/modules/pipeline/pipeline'
import { createSourceReaders, loadSourcesConfig } from '../../server/sources/index'
import { type Bundle, BundleSections, bundleSchema, importResultSchema, type ImportResult } from '../../src/protocol/bundle'
import { selectReplaySummary } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { loadWorkspace } from '../../src/streams/session-loader'
import { propertySeed } from '../arbitraries'
import { ARTICLES, TEST_JOBS } from './pipeline/support'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser } from './support/harness'

describe.each(dialects())('export and import on %s', (dialect) => {
  // Two installations: `here` analyses documents with the real pipeline; `there` only imports.
  let here: Installation
  let there: Installation
  let pipeline: PipelineService
  let ana: TestUser
  let bob: TestUser
  let eve: TestUser
  let researchId: string
  let sessionId: string

  beforeAll(async () => {
    const db = await testDatabase(dialect)
    const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
    const ids = sequentialIds()
    pipeline = createPipeline({ db, clock, ids, analyser: createLocalAnalyser(), sources: createSourceReaders(loadSourcesConfig({})), jobs: TEST_JOBS })
    await pipeline.start({ workers: true })
    here = await installation(db, { clock, ids, pipeline })
    there = await installation(await testDatabase(dialect))
    ana = await personal(here, `ana-${dialect}@exchange-tests.example`)
    eve = await personal(here, `eve-${dialect}@exchange-tests.example`)
    bob = await personal(there, `bob-${dialect}@exchange-tests.example`)

    const created = await call(here, ana, 'POST', '/researches', { title: 'Trade and energy', description: 'Tariffs, ports, rates', tags: ['trade', 'energy'] })
    researchId = created.id as string
    sessionId = (created.sessions as Array<{ id: string }>)[0]!.id
    for (const [i, text] of ARTICLES.entries()) await call(here, ana, 'POST', '/ingest', { sessionId, text, title: `Article ${i + 1}` })
    await pipeline.drain({ timeoutMs: 60_000 })
  }, 120_000)
  afterAll(async () => {
    await pipeline?.stop()
    await here?.app.close()
    await there?.app.close()
  })

  test('a research exported here and imported there by another tenant reads the same through the client', async () => {
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    expect(bundle.manifest).toMatchObject({
      kind: 'research',
      root: { type: 'research', id: researchId, title: 'Trade and energy' },
      counts: { researches: 1, sessions: 1, documents: 3, contents: 3 },
    })
    expect(bundle.frames.length).toBeGreaterThan(3)
    expect(bundle.connections.length).toBeGreaterThan(0)

    const imported = await importInto(there, bob, bundle)
    expect(imported.researches).toHaveLength(1)
    expect(imported.message).toMatch(/^Imported research “Trade and energy”: 3 documents, \d+ action frames$/)
    const [research] = imported.researches
    const map = new Map(imported.ids)
    expect(research!.id).not.toBe(researchId)
    expect(map.get(researchId)).toBe(research!.id)

    // The client's session loader, on each side, gives the same read model under the new ids.
    const before = await workspaceSummary(here, ana, researchId, sessionId)
    const after = await workspaceSummary(there, bob, research!.id, research!.sessionIds[0]!)
    expect(before.counts.documents).toBe(3)
    expect(before.counts.actions).toBeGreaterThan(3)
    expect(after).toEqual(renamed(before, map))

    // The cards and frames as the API sends them: the same values, analysis included, under the new ids and tenant.
    const cards = async (inst: Installation, user: TestUser, id: string) => (await call(inst, user, 'GET', `/researches/${id}/events?limit=500`)).items
    const frames = async (inst: Installation, user: TestUser, id: string) => (await call(inst, user, 'GET', `/researches/${id}/action-frames?limit=500`)).items
    expect(await cards(there, bob, research!.id)).toEqual(renamed(await cards(here, ana, researchId), map, { [ana.email]: bob.email }))
    expect(await frames(there, bob, research!.id)).toEqual(renamed(await frames(here, ana, researchId), map, { [ana.email]: bob.email }))
    const listed = (await call(there, bob, 'GET', `/researches/${research!.id}`)) as Record<string, unknown>
    expect(listed).toMatchObject({
      title: 'Trade and energy',
      description: 'Tariffs, ports, rates',
      tags: ['trade', 'energy'],
      sessionsCount: 1,
      eventsCount: 3,
      ownerUserId: bob.uid,
      tenantId: bob.email,
    })
    // Nothing was queued for analysis again: the pipeline there is a recorder that saw no ingest.
    expect(there.recorded()).toEqual([])
    // Stories are not carried but placed again: the same stories, sources and credibility under the new ids.
    const stories = async (inst: Installation, user: TestUser, id: string, sid: string) => (await call(inst, user, 'GET', `/researches/${id}/sessions/${sid}/stories`)).stories
    const told = await stories(here, ana, researchId, sessionId)
    expect(told.length).toBeGreaterThan(0)
    // A story is named after its first document and a pasted text's source after its data source: renamed too.
    const storyNames = new Map([...map].flatMap(([from, to]) => [[`story:${from}`, `story:${to}`] as const, [`paste:${from}`, `paste:${to}`] as const]))
    expect(await stories(there, bob, research!.id, research!.sessionIds[0]!)).toEqual(renamed(renamed(told, map), storyNames))
    // The dashboard there counts them and ranks their frames as here (kept as they were imported: signals.ts);
    // the installations' clocks differ, so only what does not move with time is compared.
    const pulse = async (inst: Installation, user: TestUser) => {
      const body = await call(inst, user, 'POST', '/dashboard/pulse', {})
      return [body.documentCount, body.signalVelocity.totalSignals, body.pestleDistribution, body.riskLeaderboard, body.opportunityLeaderboard]
    }
    const herePulse = await pulse(here, ana)
    expect(herePulse[3]).not.toEqual([])
    expect(await pulse(there, bob)).toEqual(renamed(renamed(herePulse, map), storyNames))
  })

  test('a bundle whose content no longer matches its manifest is refused with a 400 naming the section', async () => {
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    const before = await countRows(there.db, bob.email)
    const tampered = structuredClone(bundle)
    tampered.documents[0]!.title = 'Something else entirely'
    const refused = await there.app.inject({ method: 'POST', url: '/api/v1/imports', headers: bob.headers, payload: tampered })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^manifest\.hashes\.documents: the documents of the bundle do not match its manifest's hash/) })

    const dropped = structuredClone(bundle)
    dropped.frames.pop()
    const short = await there.app.inject({ method: 'POST', url: '/api/v1/imports', headers: bob.headers, payload: dropped })
    expect(short.statusCode).toBe(400)
    expect(short.json().message).toMatch(/^manifest\.counts\.frames: /)

    // A frame pointing at a document outside the bundle is refused even with hashes made to match.
    const dangling = structuredClone(bundle)
    dangling.frames[0]!.documentId = 'evt_nowhere'
    dangling.manifest.hashes.frames = await rehash(dangling.frames)
    const refusedDangling = await there.app.inject({ method: 'POST', url: '/api/v1/imports', headers: bob.headers, payload: dangling })
    expect(refusedDangling.statusCode).toBe(400)
    expect(refusedDangling.json().message).toBe('frames.0.documentId: names no document of the bundle')

    const notABundle = await there.app.inject({ method: 'POST', url: '/api/v1/imports', headers: bob.headers, payload: { researches: [] } })
    expect(notABundle.statusCode).toBe(400)
    expect(notABundle.json().message).toMatch(/^manifest: /)
    // Nothing of the refused bundles was written.
    expect(await countRows(there.db, bob.email)).toEqual(before)
  })

  test('a bundle changed anywhere (hashes made to match) is imported whole or refused with a 400, never a 500 or half', async () => {
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    const dave = await personal(there, `dave-${dialect}@exchange-tests.example`)
    const sections = BundleSections.filter((s) => bundle[s].length > 0)
    // Values of every kind, and above all the bundle's own ids in the wrong places.
    const ids = sections.flatMap((s) => bundle[s].map((x) => ('id' in x ? x.id : 'documentId' in x ? x.documentId : x.dataSourceId)))
    const value = fc.oneof(fc.constantFrom(...ids), fc.jsonValue({ maxDepth: 2 }), fc.string({ maxLength: 60 }), fc.integer(), fc.constant(null))
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sections), fc.nat(), fc.nat(), value, async (section, item, field, value) => {
        const changed = structuredClone(bundle)
        const list = changed[section] as Array<Record<string, unknown>>
        const target = list[item % list.length]!
        const keys = Object.keys(target)
        target[keys[field % keys.length]!] = value
        changed.manifest.hashes[section] = await rehash(list)
        const before = await countRows(there.db, dave.email)
        const res = await there.app.inject({ method: 'POST', url: '/api/v1/imports', headers: dave.headers, payload: changed })
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
        expect([201, 400], `${section}.${keys[field % keys.length]} = ${JSON.stringify(value)?.slice(0, 80)} → ${res.body.slice(0, 200)}`).toContain(res.statusCode)
        if (res.statusCode === 400) expect(await countRows(there.db, dave.email)).toEqual(before)
      }),
      { seed: propertySeed(`bundle mutations ${dialect}`), numRuns: 100 },
    )
    console.info(`[bundle mutations] ${dialect}: ${JSON.stringify(Object.fromEntries(statuses))}`)
  }, 120_000)

  test("a completed document's action count is its frames in the bundle, whatever figure the bundle gives", async () => {
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    const target = bundle.documents.find((d) => d.status === 'completed' && bundle.frames.some((f) => f.documentId === d.id))!
    const frames = bundle.frames.filter((f) => f.documentId === target.id).length
    target.actionCount = 2_000_000_000
    bundle.manifest.hashes.documents = await rehash(bundle.documents)
    const fay = await personal(there, `fay-${dialect}@exchange-tests.example`)
    const imported = await importInto(there, fay, bundle)
    const id = new Map(imported.ids).get(target.id)!
    expect((await there.db.query<{ action_count: number }>(`SELECT action_count FROM events WHERE id = $1`, [id]))[0]!.action_count).toBe(frames)
  })

  test('tenancy: another tenant cannot export a research, and an import lands in the importer’s tenant only', async () => {
    const foreign = await here.app.inject({ method: 'GET', url: `/api/v1/researches/${researchId}/export`, headers: eve.headers })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Research not found' })
    expect((await here.app.inject({ method: 'GET', url: '/api/v1/researches/res_nowhere/export', headers: eve.headers })).statusCode).toBe(404)

    // Eve imports Ana's bundle (handed to her) into the same database: a copy in Eve's tenant, Ana's untouched.
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    const anaBefore = await countRows(here.db, ana.email)
    const imported = await importInto(here, eve, bundle)
    const copy = imported.researches[0]!.id
    expect(await countRows(here.db, ana.email)).toEqual(anaBefore)
    expect(await countRows(here.db, eve.email)).toMatchObject({ researches: 1, events: 3 })
    expect((await here.app.inject({ method: 'GET', url: `/api/v1/researches/${copy}`, headers: ana.headers })).statusCode).toBe(404)
    expect((await call(here, eve, 'GET', `/researches/${copy}`)).tenantId).toBe(eve.email)
    // Eve's tenant export holds her copy and nothing of Ana's.
    const eveAll = await exportOf(here, eve, '/exports/tenant')
    expect(eveAll.researches.map((r) => r.id)).toEqual([copy])
    expect(JSON.stringify(eveAll).includes(`"${researchId}"`)).toBe(false)

    // Imported twice into one tenant: two copies side by side, with ids of their own.
    const again = await importInto(here, eve, bundle)
    expect(again.researches[0]!.id).not.toBe(copy)
    expect(await countRows(here.db, eve.email)).toMatchObject({ researches: 2, events: 6 })
  })

  test('a project and a whole tenant round-trip too: documents, frames, sources and KPIs under new ids', async () => {
    // A second research committed into a new project, with a KPI bound to the project.
    const second = await call(here, ana, 'POST', '/researches', { title: 'Rates watch' })
    const secondSession = (second.sessions as Array<{ id: string }>)[0]!.id
    await call(here, ana, 'POST', '/ingest', { sessionId: secondSession, text: ARTICLES[2]!, title: 'Rates' })
    await pipeline.drain({ timeoutMs: 60_000 })
    const { projectId } = await call(here, ana, 'POST', `/researches/${second.id}/commit`, {
      commitAction: 'createNewProject',
      newProjectDetails: { displayName: 'Central banks', description: 'Monetary policy' },
    })
    await call(here, ana, 'POST', '/kpi/bindings', { contextId: projectId, kpiDefinitionId: 'documents_processed' })

    const foreign = await here.app.inject({ method: 'GET', url: `/api/v1/projects/${projectId}/export`, headers: eve.headers })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ code: 'NOT_FOUND', message: 'Project not found' })
    const bundle = await exportOf(here, ana, `/projects/${projectId}/export`)
    expect(bundle.manifest).toMatchObject({ kind: 'project', counts: { projects: 1, researches: 0, sessions: 0, documents: 1, dataSources: 1, kpiBindings: 1 } })
    // Self-contained: the sandbox the documents came from is not in a project's bundle.
    expect(bundle.documents.every((d) => d.researchId === null && d.sessionId === null)).toBe(true)
    const imported = await importInto(there, bob, bundle)
    const project = imported.projects[0]!
    const map = new Map(imported.ids)
    const documents = async (inst: Installation, user: TestUser, id: string) => (await call(inst, user, 'GET', `/projects/${id}/documents?limit=500`)).items as Array<Record<string, unknown>>
    const original = (await documents(here, ana, projectId as string)).map(({ researchId: _r, sessionId: _s, ...rest }) => rest)
    const copied = (await documents(there, bob, project.id)).map(({ researchId: _r, sessionId: _s, ...rest }) => rest)
    expect(copied).toEqual(renamed(original, map, { [ana.email]: bob.email }, { researchId: null, sessionId: null }))
    const binding = (await call(there, bob, 'GET', `/kpi/bindings?contextId=${project.id}`)).items as Array<Record<string, unknown>>
    expect(binding).toEqual([expect.objectContaining({ contextId: project.id, kpiDefinitionId: 'documents_processed', currentValue: 1 })])
    expect((await call(there, bob, 'GET', `/projects/${project.id}`)).displayName).toBe('Central banks')

    // The tenant's whole work: both researches, the project, every document.
    const all = await exportOf(here, ana, '/exports/tenant')
    expect(all.manifest.kind).toBe('tenant')
    expect(all.researches.map((r) => r.title).sort()).toEqual(['Rates watch', 'Trade and energy'])
    expect(all.projects.map((p) => p.displayName)).toEqual(['Central banks'])
    const carol = await personal(there, `carol-${dialect}@exchange-tests.example`)
    const whole = await importInto(there, carol, all)
    expect(whole.researches).toHaveLength(2)
    expect(whole.projects).toHaveLength(1)
    expect(await countRows(there.db, carol.email)).toMatchObject({ researches: 2, projects: 1, events: 4 })
    // The committed research's documents still belong to both its workspace and the project.
    const rates = whole.researches.find((r) => r.title === 'Rates watch')!
    const summary = await workspaceSummary(there, carol, rates.id, rates.sessionIds[0]!)
    expect(summary.counts.documents).toBe(1)
    expect((await documents(there, carol, whole.projects[0]!.id)).length).toBe(1)
  })

  test('a document still processing at export arrives in error, saying why; an active source arrives paused', async () => {
    const bundle = await exportOf(here, ana, `/researches/${researchId}/export`)
    const unfinished = structuredClone(bundle)
    unfinished.documents[0]!.status = 'processing'
    unfinished.dataSources[0]!.status = 'active'
    unfinished.manifest.hashes.documents = await rehash(unfinished.documents)
    unfinished.manifest.hashes.dataSources = await rehash(unfinished.dataSources)
    const imported = await importInto(there, bob, unfinished)
    const map = new Map(imported.ids)
    const card = (await call(there, bob, 'GET', `/researches/${imported.researches[0]!.id}/events?limit=500`)).items.find((e: { id: string }) => e.id === map.get(bundle.documents[0]!.id))
    expect(card).toMatchObject({ status: 'error', error: UNFINISHED_ON_EXPORT })
    const source = await call(there, bob, 'GET', `/datasources/${map.get(bundle.dataSources[0]!.id)}`)
    expect(source).toMatchObject({ status: 'paused', visibility: 'private' })
  })
})

interface Installation {
  db: Database
  app: FastifyInstance
  base: string
  /** Ingests the app asked its pipeline for (a recording pipeline only). */
  recorded(): unknown[]
}

async function installation(db: Database, real?: { clock: ReturnType<typeof manualClock>; ids: ReturnType<typeof sequentialIds>; pipeline: PipelineService }): Promise<Installation> {
  const { app, pipeline } = await testApp(db, real ? { clock: real.clock, ids: real.ids, pipeline: real.pipeline } : {})
  await app.listen({ port: 0, host: '127.0.0.1' })
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`
  return { db, app, base, recorded: () => (real ? [] : pipeline.ingested) }
}

/** A real emulator account with a personal record here (its tenant is its e-mail). */
async function personal(inst: Installation, email: string): Promise<TestUser> {
  const user = await emulatorUser(email)
  const res = await inst.app.inject({ method: 'POST', url: '/api/v1/users', headers: user.headers, payload: { firebaseUid: user.uid, email, accountType: 'personal' } })
  expect(res.statusCode, res.body).toBeLessThan(300)
  return user
}

async function call(inst: Installation, user: TestUser, method: 'GET' | 'POST', path: string, payload?: object): Promise<any> {
  const res = await inst.app.inject({ method, url: `/api/v1${path}`, headers: user.headers, ...(payload ? { payload } : {}) })
  expect(res.statusCode, `${method} ${path}: ${res.body.slice(0, 300)}`).toBeLessThan(300)
  return res.json()
}

async function exportOf(inst: Installation, user: TestUser, path: string): Promise<Bundle> {
  const res = await inst.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: user.headers })
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="(research|project|tenant)-[\w-]+-\d{4}-\d{2}-\d{2}\.sightline\.json"$/)
  return bundleSchema.parse(JSON.parse(res.body))
}

async function importInto(inst: Installation, user: TestUser, bundle: Bundle): Promise<ImportResult> {
  const res = await inst.app.inject({ method: 'POST', url: '/api/v1/imports', headers: user.headers, payload: bundle })
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201)
  return importResultSchema.parse(res.json())
}

/** The workspace as the app loads it (the client's API client and session loader, over HTTP), summarised. */
async function workspaceSummary(inst: Installation, user: TestUser, researchId: string, sessionId: string) {
  const api = createApiClient({ baseUrl: inst.base, auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => null, clear: () => {} } })
  const core = createClientCore()
  expect(await loadWorkspace(core, api, { researchId, sessionId })).toBe(true)
  expect(core.models.diagnostics.get().rejectedTotal).toBe(0)
  return selectReplaySummary(core.models.workspaceGraph.get())
}

/**
 * `value` with every string that is an old id (or starts with one and a dash) replaced by its new id,
 * `swaps` applied to whole strings, and `overrides` set on every object that has those keys.
 */
function renamed<T>(value: T, map: Map<string, string>, swaps: Record<string, string> = {}, overrides: Record<string, unknown> = {}): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return map.get(v) ?? swaps[v] ?? v
    if (Array.isArray(v)) return v.map(walk)
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {}
      for (const [k, x] of Object.entries(v)) out[k] = k in overrides ? overrides[k] : walk(x)
      return out
    }
    return v
  }
  return walk(value) as T
}

async function rehash(items: unknown[]): Promise<string> {
  const { sectionHash } = await import('../../server/modules/exchange/manifest')
  return sectionHash(items)
}

/** How many rows of each main table a tenant has. */
async function countRows(db: Database, tenantId: string) {
  const out: Record<string, number> = {}
  for (const table of ['researches', 'sessions', 'projects', 'data_sources', 'events', 'action_frames', 'connections', 'pipeline_contents', 'kpi_bindings']) {
    const rows = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${table} WHERE tenant_id = $1`, [tenantId])
    out[table] = Number(rows[0]?.n ?? 0)
  }
  return out
}
