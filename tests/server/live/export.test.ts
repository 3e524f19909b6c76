/**
 * A session's live log as a recording: `GET …/live.jsonl` (tenant-scoped) and `npm run record` (an
 * operator tool, any tenant, PGlite data folder or PostgreSQL). Both files must replay through
 * `npm run replay -- <file> --json` to the read model of the messages that were emitted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { generateLog } from '../../../bench/replay/log'
import { type Database, openDatabase } from '../../../server/platform/db/database'
import { migrate } from '../../../server/platform/db/migrate'
import { runRecordCli } from '../../../server/modules/live/record-cli'
import { emitLive } from '../../../server/modules/live/log'
import { pruneLiveLog } from '../../../server/modules/live/queries/log'
import { insertResearch, insertSession } from '../../../server/modules/researches/queries'
import { selectReplaySummary } from '../../../src/projections/workspace-selectors'
import { replayRecording } from '../../../src/streams/replay'
import { runReplayCli } from '../../../src/streams/replay-cli'
import { dialects, emulatorUser, testDatabase, type TestUser } from '../support/harness'
import { createWorkspace, databaseUrl, sampleMessages, serverFrameSchema, startLiveServer, type LiveServer } from './support'

const COUNT = 120
const messages = sampleMessages(COUNT)
/** What the emitted messages fold to (the generator's own log, under its own session id). */
const expected = selectReplaySummary(
  replayRecording(
    generateLog(Math.ceil(COUNT / 45) + 1)
      .slice(0, COUNT)
      .join('\n'),
  ).core.models.workspaceGraph.get(),
)

const scratch = mkdtempSync(join(tmpdir(), 'sightline-live-export-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

describe.each(dialects())('live log export on %s', (dialect) => {
  let db: Database
  let server: LiveServer
  let ana: TestUser
  let bob: TestUser
  let researchId: string
  let sessionId: string
  /** What `npm run record` is pointed at: the PostgreSQL URL, or the DATA_DIR the server's PGlite folder is in. */
  let store: Record<string, string>
  // ana has no record of her own: the server gives her a personal tenant, her address (issue 16).
  const tenant = 'ana@live-export-tests.acme.io'

  beforeAll(async () => {
    if (dialect === 'pglite') {
      // A folder-backed store (as `npm start` keeps it, in a folder of DATA_DIR), held open by the server
      // while the CLI reads it: the CLI must work from a copy without disturbing it.
      const dataDir = join(scratch, 'data')
      mkdirSync(dataDir, { recursive: true })
      db = await openDatabase({ dataDir: join(dataDir, 'db') })
      await migrate(db)
      store = { DATA_DIR: dataDir }
    } else {
      db = await testDatabase(dialect)
      store = { DATABASE_URL: await databaseUrl(db) }
    }
    ;[ana, bob] = await Promise.all([emulatorUser('ana@live-export-tests.acme.io'), emulatorUser('bob@live-export-tests.globex.com')])
    server = await startLiveServer(db)
    ;({ researchId, sessionId } = await createWorkspace(server, ana))
    for (const [i, m] of messages.entries()) await emitLive(db, { tenantId: tenant, sessionId, type: m.type, data: m.data, at: i })
  }, 60_000)
  afterAll(async () => {
    await server?.close()
    if (dialect === 'pglite') await db?.close()
  })

  const exportUrl = (rid: string, sid: string) => `/api/v1/researches/${rid}/sessions/${sid}/live.jsonl`

  test('GET live.jsonl answers the log as a recording that `npm run replay -- --json` folds to the same read model', async () => {
    const res = await server.app.inject({ method: 'GET', url: exportUrl(researchId, sessionId), headers: ana.headers })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8')
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${sessionId}.live.jsonl"`)
    const lines = res.body.trimEnd().split('\n')
    expect(lines).toHaveLength(COUNT + 1)
    expect(headerSchema.parse(JSON.parse(lines[0] as string))).toMatchObject({ recording: 1, protocol: 1, sessionId, researchId, firstId: '1', lastId: String(COUNT) })
    const body = lines.slice(1).map((l) => serverFrameSchema.parse(JSON.parse(l)))
    expect(body.map((m) => ('id' in m ? m.id : null))).toEqual(messages.map((_, i) => String(i + 1)))
    expect(Object.keys(JSON.parse(lines[1] as string))).toEqual(['type', 'sessionId', 'id', 'data'])

    const file = join(scratch, `${dialect}-route.jsonl`)
    writeFileSync(file, res.body)
    expect(replayJson(file)).toEqual({ ...expected, rejected: [] })
  })

  test('another tenant, another research or an unknown session: 404', async () => {
    expect((await server.app.inject({ method: 'GET', url: exportUrl(researchId, sessionId), headers: bob.headers })).statusCode).toBe(404)
    const other = await createWorkspace(server, ana, 'Other')
    expect((await server.app.inject({ method: 'GET', url: exportUrl(other.researchId, sessionId), headers: ana.headers })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: exportUrl(researchId, 'ses_none'), headers: ana.headers })).statusCode).toBe(404)
    expect((await server.app.inject({ method: 'GET', url: exportUrl(researchId, sessionId) })).statusCode).toBe(401)
    // A workspace with no messages yet is a header alone.
    const empty = await server.app.inject({ method: 'GET', url: exportUrl(other.researchId, other.sessionId), headers: ana.headers })
    expect(
      empty.body
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([expect.objectContaining({ recording: 1, sessionId: other.sessionId, firstId: null, lastId: null })])
  })

  test('npm run record finds the session in any tenant and writes the same recording, to a file or stdout', async () => {
    const file = join(scratch, `${dialect}-record.jsonl`)
    const run = await record([sessionId, '--out', file], store)
    expect(run).toMatchObject({ code: 0, stdout: '' })
    expect(run.stderr).toContain(`recorded ${COUNT} message(s) of session ${sessionId} to ${file}`)
    const fromRoute = (await server.app.inject({ method: 'GET', url: exportUrl(researchId, sessionId), headers: ana.headers })).body
    expect(withoutExportTime(readFileSync(file, 'utf8'))).toEqual(withoutExportTime(fromRoute))
    expect(replayJson(file)).toEqual({ ...expected, rejected: [] })

    // The same id in two tenants needs --tenant; a pruned log says where it starts.
    for (const tenantId of ['twin.example', 'gone.example']) {
      await insertResearch(db, tenantId, { id: 'res_1', title: 'R', description: null, tags: [], ownerUserId: 'u', now: 0 })
    }
    await insertSession(db, 'twin.example', { id: sessionId, researchId: 'res_1', title: 'Twin', ownerUserId: 'u', now: 0, expiresAt: 1 })
    for (let i = 0; i < 8; i++) await emitLive(db, { tenantId: 'twin.example', sessionId, type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 })
    await pruneLiveLog(db, 'twin.example', sessionId, 3)
    // A session whose row is gone is still found through its log.
    await emitLive(db, { tenantId: 'gone.example', sessionId: 'ses_gone', type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 })

    const twin = await record([sessionId], store)
    expect(twin.code).toBe(2)
    expect(twin.stderr).toContain(`exists in 2 tenants (${tenant}, twin.example): pick one with --tenant`)
    const [picked, gone] = await Promise.all([record([sessionId, '--tenant=twin.example'], store), record(['ses_gone'], store)])
    expect(picked.code).toBe(0)
    expect(
      picked.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l)),
    ).toEqual([
      expect.objectContaining({ recording: 1, sessionId, researchId: 'res_1', firstId: '6', lastId: '8' }),
      ...['6', '7', '8'].map((id) => ({ type: 'status-update', sessionId, id, data: { eventId: 'e', phase: 'x' } })),
    ])
    expect(gone.code).toBe(0)
    expect(JSON.parse(gone.stdout.split('\n')[0] as string)).toMatchObject({ sessionId: 'ses_gone', researchId: null, lastId: '1' })
  })

  test('npm run record reports unknown sessions, bad usage and a missing store', async () => {
    expect(await record(['ses_unknown'], store)).toMatchObject({ code: 1, stderr: 'no session ses_unknown\n' })
    expect((await record([], store)).code).toBe(2)
    expect((await record(['a', '--bogus'], store)).code).toBe(2)
    expect((await record(['a', '--out'], store)).code).toBe(2)
    expect((await record(['a'], { DATA_DIR: join(scratch, 'nothing-here') })).code).toBe(1)
  })
})

const headerSchema = z.object({
  recording: z.literal(1),
  protocol: z.number(),
  sessionId: z.string(),
  researchId: z.string().nullable(),
  firstId: z.string().nullable(),
  lastId: z.string().nullable(),
  exportedAt: z.string(),
})

const replaySchema = z.object({
  documents: z.array(z.unknown()),
  counts: z.object({ documents: z.number(), actions: z.number() }),
  rejected: z.array(z.unknown()),
})

function replayJson(file: string) {
  let printed = ''
  expect(runReplayCli([file, '--json'], (s) => (printed += s))).toBe(0)
  return replaySchema.parse(JSON.parse(printed))
}

async function record(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const sink = new Writable({
    write(chunk, _encoding, done) {
      stdout += String(chunk)
      done()
    },
  })
  const code = await runRecordCli(argv, { stdout: sink, stderr: (line) => (stderr += `${line}\n`), env, now: () => 0 })
  return { code, stdout, stderr }
}

function withoutExportTime(text: string): string {
  return text.replace(/"exportedAt":"[^"]*"/, '"exportedAt":"-"')
}
