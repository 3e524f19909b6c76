/**
 * Delete means delete (issue 16): a document, a workspace, a research and a project, each holding texts
 * with a marker of its own, are ingested through the API and processed by the real pipeline (local
 * analyser), then deleted through the API. Afterwards the marker is in no row of any table of any schema
 * (pg-boss's included), in no live-log recording, and on PGlite, after the maintenance pass that the
 * deletion made due (its purge), in no file under the data folder. Before the deletion each marker is
 * found in all three places, so the search cannot pass vacuously.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../../../server/platform/core/runtime'
import { type Database, openDatabase } from '../../../server/platform/db/database'
import { migrate } from '../../../server/platform/db/migrate'
import { liveRecordingLines } from '../../../server/modules/live/export'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { PURGE_TASK } from '../../../server/modules/retention/erase'
import { maintenanceSettings, runMaintenance } from '../../../server/modules/retention/maintenance'
import { DELETIONS_CHANNEL, parseDeletionNotice } from '../../../server/modules/retention/notices'
import { ARTICLES, TEST_JOBS } from '../pipeline/support'
import { dialects, emulatorUser, testApp, testDatabase, type Dialect, type TestUser } from '../support/harness'

describe.each(dialects())('delete means delete on %s', (dialect) => {
  let db: Database
  let dataDir: string | null = null
  let pipeline: PipelineService
  let app: FastifyInstance
  let user: TestUser
  let tenantId: string
  const deletionNotices: Array<{ tenantId: string; eventIds: string[] }> = []

  beforeAll(async () => {
    db = await openStore(dialect)
    pipeline = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: createLocalAnalyser(), jobs: TEST_JOBS })
    await pipeline.start({ workers: true })
    ;({ app } = await testApp(db, { pipeline, clock: systemClock, ids: randomIds }))
    await db.listen(DELETIONS_CHANNEL, (payload) => {
      const notice = parseDeletionNotice(payload)
      if (notice) deletionNotices.push(notice)
    })
    user = await emulatorUser(`erase-${dialect}@erase-tests.example`)
    const registered = await call('POST', '/users', { firebaseUid: user.uid, email: user.email, accountType: 'personal' })
    expect([200, 201, 409]).toContain(registered.statusCode)
  }, 120_000)
  afterAll(async () => {
    await pipeline.stop()
    if (dataDir) {
      await db.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload: payload as object }) })

  async function research(title: string, extra: Record<string, unknown> = {}) {
    const created = await call('POST', '/researches', { title, ...extra })
    expect(created.statusCode).toBe(201)
    const body = created.json()
    tenantId = body.tenantId
    return { researchId: body.id as string, sessionId: body.sessions[0].id as string }
  }

  async function ingest(body: Record<string, unknown>): Promise<string> {
    const answer = await call('POST', '/ingest', body)
    expect(answer.statusCode).toBe(202)
    return answer.json().eventId as string
  }

  /** The marker in a news text: a name the analyser takes for an organisation, so it reaches entities, frames and connections. */
  const article = (marker: string, n: number) =>
    `${marker} Holdings signs energy pact\n\nBERLIN — ${marker} Holdings signed a gas supply agreement with Uniper on Monday. ${marker} Holdings will invest 200 million euros in the Rostock terminal, and ${marker} Holdings warned that prices could rise.\n\n${ARTICLES[n % ARTICLES.length]}`

  /** Where the marker is left: tables (as `schema.table`), the live-log recordings of the given sessions, files. */
  async function traces(marker: string, sessions: readonly string[]): Promise<{ tables: string[]; recordings: string[]; files: string[] }> {
    const recordings: string[] = []
    for (const sessionId of sessions) {
      let text = ''
      for await (const line of liveRecordingLines(db, { tenantId, sessionId, researchId: null, exportedAt: 0 })) text += line
      if (text.toLowerCase().includes(marker.toLowerCase())) recordings.push(sessionId)
    }
    return { tables: await tablesHolding(db, marker), recordings, files: dataDir ? filesHolding(dataDir, marker) : [] }
  }

  /** PGlite writes what it holds to its files (the search of files is meaningless before). */
  async function checkpoint() {
    if (dataDir) await db.exec('CHECKPOINT')
  }

  /** The maintenance pass a deletion makes due: on PGlite it purges the files. */
  async function maintain() {
    // The defaults, but a purge after every deletion (not at most hourly): each test deletes once.
    const settings = maintenanceSettings({ LIVE_LOG_RETENTION_DAYS: 30, PIPELINE_RETENTION_DAYS: 7, CONTENT_RETENTION_DAYS: 0, MAINTENANCE_MINUTES: 15, DB_VACUUM_MINUTES: 60, DB_PURGE_MINUTES: 60 })
    const report = await runMaintenance(db, systemClock, { ...settings, purgeEveryMs: 0 })
    expect(report.purged).toBe(dialect === 'pglite')
    if (dataDir) expect(Number((await db.query<{ pending: string | number }>(`SELECT pending FROM maintenance_state WHERE task = $1`, [PURGE_TASK]))[0]?.pending)).toBe(0)
  }

  test('a document: its text, analysis, frames, connections, live messages (a tombstone instead), bookkeeping and source', async () => {
    const marker = uniqueMarker()
    const { researchId, sessionId } = await research('Energy desk')
    const doomed = await ingest({ sessionId, text: article(marker, 0) })
    const kept = await ingest({ sessionId, text: ARTICLES[1] })
    await pipeline.drain()
    await checkpoint()
    const before = await traces(marker, [sessionId])
    expect(before.tables).toEqual(expect.arrayContaining(['public.events', 'public.action_frames', 'public.pipeline_contents', 'public.pipeline_stage_runs', 'public.live_log', 'public.data_sources']))
    expect(before.recordings).toEqual([sessionId])
    if (dataDir) expect(before.files.length).toBeGreaterThan(0)
    // Rows that name the document by its id alone, pg-boss's jobs among them.
    expect(await tablesHolding(db, doomed)).toEqual(expect.arrayContaining(['pgboss.job', 'public.connections', 'public.pipeline_stage_runs']))

    const deleted = await call('DELETE', `/researches/${researchId}/sessions/${sessionId}/events/${doomed}`)
    expect(deleted.json()).toEqual({ message: 'Event deleted successfully' })
    await maintain()

    expect(await traces(marker, [sessionId])).toEqual({ tables: [], recordings: [], files: [] })
    // Its id is left in its tombstone alone.
    expect(await tablesHolding(db, doomed)).toEqual(['public.live_log'])
    // The deletion is on the log for clients that resume (its tombstone), and the other document is whole.
    const log: Array<{ type: string; data: { eventId?: string } }> = []
    for await (const line of liveRecordingLines(db, { tenantId, sessionId, researchId, exportedAt: 0 }))
      log.push(
        ...line
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l)),
      )
    expect(log.filter((m) => m.data?.eventId === doomed).map((m) => m.type)).toEqual(['genesis-event-deleted'])
    expect(log.filter((m) => m.data?.eventId === kept).map((m) => m.type)).toContain('processing-complete')
    const data = (await app.inject({ method: 'GET', url: `/api/v1/researches/${researchId}/sessions/${sessionId}/data`, headers: { ...user.headers, 'x-events-page-size': '50' } })).json()
    expect(data.events.map((e: { id: string }) => e.id)).toEqual([kept])
    expect(deletionNotices).toContainEqual({ tenantId, eventIds: [doomed] })
  }, 180_000)

  test("a workspace: its documents, title, sources and live log; the research's other workspace stays", async () => {
    const marker = uniqueMarker()
    const { researchId, sessionId: other } = await research('Grid watch')
    const doomed = (await call('POST', `/researches/${researchId}/sessions`, { title: `${marker} notes` })).json().id as string
    await ingest({ sessionId: doomed, text: article(marker, 1) })
    await ingest({ sessionId: doomed, text: `${marker} Holdings update\n\n${ARTICLES[2]}` })
    const keptDoc = await ingest({ sessionId: other, text: ARTICLES[0] })
    await pipeline.drain()
    await checkpoint()
    const before = await traces(marker, [doomed])
    expect(before.tables).toEqual(expect.arrayContaining(['public.sessions', 'public.events', 'public.live_log']))
    if (dataDir) expect(before.files.length).toBeGreaterThan(0)

    expect((await call('DELETE', `/researches/${researchId}/sessions/${doomed}`)).json()).toEqual({ message: 'Session deleted successfully' })
    await maintain()

    expect(await traces(marker, [doomed])).toEqual({ tables: [], recordings: [], files: [] })
    expect(await db.query(`SELECT 1 FROM live_log_heads WHERE session_id = $1`, [doomed])).toEqual([])
    expect((await call('GET', `/researches/${researchId}/documents`)).json().items.map((d: { id: string }) => d.id)).toEqual([keptDoc])
  }, 180_000)

  test('a research: its title, description and tags, every workspace, their documents and sources', async () => {
    const marker = uniqueMarker()
    const { researchId, sessionId } = await research(`${marker} research`, { description: `About ${marker}`, tags: [marker] })
    const second = (await call('POST', `/researches/${researchId}/sessions`, { title: 'Second' })).json().id as string
    await ingest({ sessionId, text: article(marker, 2) })
    await ingest({ sessionId: second, text: article(marker, 0) })
    const feed = await call('POST', '/datasources', { displayName: `${marker} feed`, kind: 'rss', researchId, sessionId: second, sourceDetails: { rssUrl: `https://feeds.example/${marker}.xml` } })
    expect(feed.statusCode).toBe(201)
    await pipeline.drain()
    await checkpoint()
    const before = await traces(marker, [sessionId, second])
    expect(before.tables).toEqual(expect.arrayContaining(['public.researches', 'public.events', 'public.live_log', 'public.data_sources']))
    expect(before.recordings).toEqual([sessionId, second])

    expect((await call('DELETE', `/researches/${researchId}`)).json()).toEqual({ message: 'Research deleted successfully' })
    await maintain()

    expect(await traces(marker, [sessionId, second])).toEqual({ tables: [], recordings: [], files: [] })
    expect(await db.query(`SELECT 1 FROM live_log_heads WHERE session_id = ANY($1::text[])`, [[sessionId, second]])).toEqual([])
  }, 180_000)

  test("a project: its name and description, its sources and its documents; a committed workspace's documents stay that workspace's", async () => {
    const marker = uniqueMarker()
    const project = (await call('POST', '/projects', { displayName: `${marker} programme`, description: `Tracks ${marker}` })).json().id as string
    const source = await call('POST', '/datasources', { displayName: `${marker} wire`, kind: 'text_input', projectId: project, sourceDetails: {} })
    expect(source.statusCode).toBe(201)
    await ingest({ dataSourceId: source.json().id, text: article(marker, 1) })
    // A workspace committed into the project: its documents are the project's too, and the workspace's still.
    const { researchId, sessionId } = await research('Committed')
    const shared = await ingest({ sessionId, text: ARTICLES[2] })
    await pipeline.drain()
    expect((await call('POST', `/researches/${researchId}/commit`, { commitAction: 'commitToExistingProject', targetProjectId: project })).statusCode).toBe(200)
    await checkpoint()
    const before = await traces(marker, [])
    expect(before.tables).toEqual(expect.arrayContaining(['public.projects', 'public.events', 'public.pipeline_contents', 'public.data_sources']))
    if (dataDir) expect(before.files.length).toBeGreaterThan(0)

    expect((await call('DELETE', `/projects/${project}`)).json()).toEqual({ message: 'Project deleted successfully' })
    await maintain()

    expect(await traces(marker, [])).toEqual({ tables: [], recordings: [], files: [] })
    expect((await call('GET', `/researches/${researchId}/documents`)).json().items.map((d: { id: string }) => d.id)).toEqual([shared])
  }, 180_000)

  async function openStore(d: Dialect): Promise<Database> {
    if (d === 'postgres') return testDatabase(d)
    dataDir = mkdtempSync(join(tmpdir(), 'sightline-erase-'))
    const store = await openDatabase({ dataDir: join(dataDir, 'db') })
    await migrate(store)
    return store
  }
})

/** Letters only (the analyser takes it for a name), different every run and every test. */
function uniqueMarker(): string {
  const letters = 'bcdfghjklmnpqrstvwxz'
  return `Quorv${Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * letters.length)]).join('')}`
}

/** Every table of every schema (pg-boss's too) with a row holding the marker in any column, case-insensitively. */
async function tablesHolding(db: Database, marker: string): Promise<string[]> {
  const tables = await db.query<{ table_schema: string; table_name: string }>(
    `SELECT table_schema, table_name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
  )
  const byteColumns = await db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `SELECT table_schema, table_name, column_name FROM information_schema.columns
     WHERE data_type = 'bytea' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  )
  const found: string[] = []
  for (const t of tables) {
    const name = `"${t.table_schema}"."${t.table_name}"`
    // A whole row as text covers every column type (json, jsonb, arrays, text); bytes as themselves.
    const bytes = byteColumns
      .filter((c) => c.table_schema === t.table_schema && c.table_name === t.table_name)
      .map((c) => ` OR lower(encode("${c.column_name}", 'escape')) LIKE '%' || lower($1) || '%'`)
    const rows = await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${name} t WHERE lower(t::text) LIKE '%' || lower($1) || '%'${bytes.join('')}`, [marker])
    if (Number(rows[0]?.n) > 0) found.push(`${t.table_schema}.${t.table_name}`)
  }
  return found
}

/** Files under `dir` whose bytes hold the marker in any letter case. */
function filesHolding(dir: string, marker: string): string[] {
  const needle = marker.toLowerCase()
  const found: string[] = []
  const walk = (path: string) => {
    for (const entry of readdirSync(path)) {
      const full = join(path, entry)
      if (statSync(full).isDirectory()) walk(full)
      else if (readFileSync(full).toString('latin1').toLowerCase().includes(needle)) found.push(full.slice(dir.length + 1))
    }
  }
  walk(dir)
  return found
}
