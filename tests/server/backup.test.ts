/**
 * Backup and restore of a whole installation (issue 16, point 4), through `npm run backup` / `npm run
 * restore` as separate processes:
 * - embedded (PGlite): a running server writes the snapshot when the CLI asks it (a second process may not
 *   open the folder); restore is refused while the server holds the folder, and once it has stopped brings
 *   back exactly the state of the backup (work done after it gone, what was replaced kept aside), which a
 *   new start serves — the same workspace through the client's session loader. A damaged backup is refused.
 * - PostgreSQL: a logical dump of Sightline's tables while the app is connected, restored into an empty
 *   database row for row; a database that holds data is refused.
 */
import { spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { openDatabase } from '../../server/platform/db/database'
import { main, type Running } from '../../server/main'
import { insertEvent, replaceFrames } from '../../server/modules/session-data/queries'
import { startOpsChannel } from '../../server/modules/ops/ops-channel'
import { backupManifestSchema } from '../../server/modules/ops/snapshot'
import { selectReplaySummary } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { loadWorkspace } from '../../src/streams/session-loader'
import { ARTICLES } from './pipeline/support'
import { emulatorUser, testApp, testDatabase, type TestUser } from './support/harness'

const root = join(import.meta.dirname, '..', '..')
const scratch = mkdtempSync(join(tmpdir(), 'sightline-backup-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe('embedded (PGlite) backup and restore', () => {
  const dataDir = join(scratch, 'data')
  const env = { DATA_DIR: dataDir }
  let server: Running | null = null
  afterAll(async () => {
    await server?.close()
  })

  test('a running server writes the backup; restore is refused while it runs and brings the backup back once it stopped', async () => {
    server = await start(dataDir)
    // Accounts of an embedded emulator live beside the database; the backup carries them.
    mkdirSync(join(dataDir, 'auth'), { recursive: true })
    writeFileSync(join(dataDir, 'auth', 'accounts.json'), '{"sightlineAuthAccounts":1,"projectId":"demo-sightline","users":[]}')
    const ana = await signedUp(server, 'ana@backup-tests.example')
    const research = await api(server, ana, 'POST', '/researches', { title: 'Kept by the backup' })
    const sessionId = research.sessions[0].id as string
    for (const text of ARTICLES) await api(server, ana, 'POST', '/ingest', { sessionId, text })
    await until(async () => (await api(server!, ana, 'GET', `/researches/${research.id}/documents`)).items.every((d: { status: string }) => d.status === 'completed'))
    const before = await workspace(server, ana, research.id, sessionId)
    expect(before.counts.documents).toBe(3)

    const backup = join(scratch, 'backup-1')
    const taken = await cli(['backup', '--out', backup], env)
    expect(taken, taken.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('taken by the running server') })
    const manifest = backupManifestSchema.parse(JSON.parse(readFileSync(join(backup, 'manifest.json'), 'utf8')))
    expect(manifest).toMatchObject({ dialect: 'pglite', takenBy: 'server' })
    expect(manifest.files.map((f) => f.path)).toEqual(['auth/accounts.json', 'db.tar.gz'])
    // The server went on serving while it wrote it, and its folder is still its own.
    await api(server, ana, 'POST', '/researches', { title: 'Made after the backup' })

    const refused = await cli(['restore', backup], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^Restore refused: Another Sightline process \(pid \d+, server\/main\.ts --role all/)

    await server.close()
    server = null
    const restored = await cli(['restore', backup], env)
    expect(restored, restored.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/what was there is in .*replaced-/) })
    expect(readdirSync(dataDir).filter((n) => n.startsWith('replaced-'))).toHaveLength(1)

    server = await start(dataDir)
    const titles = (await api(server, ana, 'GET', '/researches')).items.map((r: { title: string }) => r.title)
    expect(titles).toEqual(['Kept by the backup'])
    expect(await workspace(server, ana, research.id, sessionId)).toEqual(before)
    expect(readFileSync(join(dataDir, 'auth', 'accounts.json'), 'utf8')).toContain('sightlineAuthAccounts')

    // With no server running, the CLI opens the folder itself.
    await server.close()
    server = null
    const offline = await cli(['backup', '--out', join(scratch, 'backup-2')], env)
    expect(offline, offline.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('taken with no server running') })
    expect(existsSync(join(dataDir, 'sightline.lock'))).toBe(false)
  }, 180_000)

  test('a backup whose files no longer match its manifest is refused before anything is touched', async () => {
    const backup = join(scratch, 'backup-1')
    const dump = join(backup, 'db.tar.gz')
    const bytes = readFileSync(dump)
    const middle = bytes.length >> 1
    bytes[middle] = (bytes[middle] as number) ^ 0xff
    writeFileSync(dump, bytes)
    const refused = await cli(['restore', backup], env)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain("Restore refused: db.tar.gz does not match the backup's manifest: the backup was changed or damaged")
    expect(readdirSync(dataDir).filter((n) => n.startsWith('replaced-'))).toHaveLength(1)
  }, 60_000)
})

describe('the ops channel', () => {
  test('a socket in a folder only this user may enter; a folder opened up to others is not used, without failing the start', async () => {
    const db = await openDatabase({ dataDir: null })
    const dir = join(scratch, 'ops-check')
    const channel = await startOpsChannel({ dataDir: dir, db })
    expect(channel.path).toBe(join(dir, 'ops', 'sightline.sock'))
    expect(statSync(join(dir, 'ops')).mode & 0o777).toBe(0o700)
    expect(statSync(channel.path as string).isSocket()).toBe(true)
    await channel.close()
    expect(existsSync(channel.path as string)).toBe(false)

    chmodSync(join(dir, 'ops'), 0o755)
    const said: string[] = []
    const refused = await startOpsChannel({ dataDir: dir, db, log: (line) => said.push(line) })
    expect(refused.path).toBeNull()
    expect(said).toEqual([expect.stringMatching(/^The ops channel could not start \(.*nobody else may enter \(chmod 700\).*\): npm run backup will ask for this server to be stopped first\.$/)])
    await db.close()
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL backup and restore', () => {
  test('Sightline’s tables are dumped while the app is connected and restored into an empty database, row for row', async () => {
    const source = await testDatabase('postgres')
    const { app } = await testApp(source)
    const ana = await emulatorUser('ana-pg@backup-tests.example')
    await app.inject({ method: 'POST', url: '/api/v1/users', headers: ana.headers, payload: { firebaseUid: ana.uid, email: ana.email, accountType: 'personal' } })
    const research = (await app.inject({ method: 'POST', url: '/api/v1/researches', headers: ana.headers, payload: { title: 'On PostgreSQL', tags: ['pg'] } })).json()
    await app.inject({ method: 'POST', url: '/api/v1/projects', headers: ana.headers, payload: { displayName: 'A project' } })
    await app.inject({ method: 'POST', url: '/api/v1/ingest', headers: ana.headers, payload: { sessionId: research.sessions[0].id, text: ARTICLES[0] } })
    // A card and its frames as the pipeline stores them (json frame bodies, jsonb payloads, timestamps).
    const event = {
      id: 'evt_pg_1',
      researchId: research.id,
      sessionId: research.sessions[0].id,
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: 'Stored',
      status: 'completed',
      payload: { aiTitle: 'Stored', note: 'ünïcødé ✓' },
      contentHash: null,
      uploadedAt: null,
      now: Date.parse('2026-11-20T09:00:00.123Z'),
    }
    await insertEvent(source, ana.email, event)
    await replaceFrames(source, ana.email, event.id, [{ id: 'evt_pg_1-f1', status: 'final', actionIndex: 1, totalActions: 1, actionType: 'act', body: { actionType: 'act', confidence: 0.5 } }], {
      researchId: research.id,
      sessionId: research.sessions[0].id,
      now: event.now,
    })
    const sourceUrl = await urlOf(source)

    const backup = join(scratch, 'pg-backup')
    const taken = await cli(['backup', '--out', backup], { DATABASE_URL: sourceUrl, DATA_DIR: join(scratch, 'pg-data') })
    expect(taken, taken.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining('PostgreSQL') })

    const target = await emptyDatabase()
    const restored = await cli(['restore', backup], { DATABASE_URL: target, DATA_DIR: join(scratch, 'pg-data') })
    expect(restored, restored.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Restored .* \(\d+ rows\)/) })
    const copy = await openDatabase({ databaseUrl: target })
    try {
      for (const table of ['users', 'researches', 'sessions', 'projects', 'data_sources', 'events', 'action_frames', 'schema_migrations']) {
        const order = table === 'schema_migrations' ? 'name' : 'id'
        const read = (db: typeof source) => db.query(`SELECT row_to_json(t)::text AS r FROM ${table} t ORDER BY ${order}`)
        const rows = await read(source)
        expect(rows.length, table).toBeGreaterThan(0)
        expect(await read(copy), table).toEqual(table === 'schema_migrations' ? expect.any(Array) : rows)
      }
      // A second restore into the same (no longer empty) database is refused.
      const again = await cli(['restore', backup], { DATABASE_URL: target, DATA_DIR: join(scratch, 'pg-data') })
      expect(again.code).toBe(1)
      expect(again.stderr).toMatch(/^Restore refused: The database already holds Sightline data/)
    } finally {
      await copy.close()
      await app.close()
    }
  }, 120_000)
})

/** `main()` as `npm start` calls it (the test run's Auth emulator instead of an embedded one). */
async function start(dataDir: string): Promise<Running> {
  return main(['--role', 'all'], { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' })
}

/** `npm run backup|restore -- …` as its own process. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/modules/ops/cli.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

async function signedUp(server: Running, email: string): Promise<TestUser> {
  const user = await emulatorUser(email)
  await api(server, user, 'POST', '/users', { firebaseUid: user.uid, email, accountType: 'personal' })
  return user
}

async function api(server: Running, user: TestUser, method: string, path: string, body?: object): Promise<any> {
  const res = await fetch(new URL(`/api/v1${path}`, server.url as string), {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text.slice(0, 300)}`).toBeLessThan(300)
  return JSON.parse(text)
}

async function workspace(server: Running, user: TestUser, researchId: string, sessionId: string) {
  const client = createApiClient({
    baseUrl: new URL('/api/v1', server.url as string).toString(),
    auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => null, clear: () => {} },
  })
  const core = createClientCore()
  expect(await loadWorkspace(core, client, { researchId, sessionId })).toBe(true)
  return selectReplaySummary(core.models.workspaceGraph.get())
}

async function until(check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 200))
  }
}

/** The URL of a test database (testDatabase keeps it private: read it back from the server). */
async function urlOf(db: Awaited<ReturnType<typeof testDatabase>>): Promise<string> {
  const [{ name }] = (await db.query<{ name: string }>('SELECT current_database() AS name')) as [{ name: string }]
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return url.toString()
}

const created: string[] = []
afterAll(async () => {
  if (created.length === 0) return
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  for (const name of created) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await c.end()
})

async function emptyDatabase(): Promise<string> {
  const name = `sightline_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
  await c.connect()
  await c.query(`CREATE DATABASE ${name}`)
  await c.end()
  created.push(name)
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${name}`
  return url.toString()
}
