/**
 * `npm run record -- <sessionId> [--out file.jsonl] [--tenant id]`: writes a session's live log as a
 * replayable recording (the same JSONL as `GET …/live.jsonl`; `npm run replay -- <file>` folds it).
 *
 * An operator tool: it reads the store the server would (DATABASE_URL, else PGlite in DATA_DIR, default
 * ./data, or the one PGlite folder inside it) and finds the session by id in any tenant; `--tenant`
 * picks one when the id exists in several. PGlite holds no lock against a second process, so the
 * embedded store is read from a copy made in a temporary folder: a running server is never disturbed.
 * Exit codes: 0 written, 1 not found or failed, 2 usage.
 */
import { cpSync, createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import { loadServerConfig } from '../../platform/config'
import { type Database, openDatabase } from '../../platform/db/database'
import { liveRecordingLines } from './export'
import { locateSession } from './queries/log'

export interface RecordCliIo {
  stdout: Writable
  /** Progress and errors (never mixed into the recording on stdout). */
  stderr: (line: string) => void
  env: NodeJS.ProcessEnv
  now: () => number
}

export async function runRecordCli(argv: string[], io: RecordCliIo): Promise<number> {
  const args = parseArgs(argv)
  if ('error' in args) {
    io.stderr(`${args.error}\n${USAGE}`)
    return 2
  }
  let config
  try {
    config = loadServerConfig(io.env)
  } catch (error) {
    io.stderr(errorText(error))
    return 2
  }
  let snapshot: string | null = null
  let db: Database | null = null
  try {
    if (!config.DATABASE_URL) {
      const store = findPgliteStore(config.DATA_DIR)
      if (store === null) {
        io.stderr(`no database in ${config.DATA_DIR} (set DATA_DIR, or DATABASE_URL for PostgreSQL)`)
        return 1
      }
      snapshot = mkdtempSync(join(tmpdir(), 'sightline-record-'))
      cpSync(store, snapshot, { recursive: true })
    }
    db = await openDatabase({ databaseUrl: config.DATABASE_URL ?? null, dataDir: snapshot })
    const found = (await locateSession(db, args.sessionId)).filter((s) => args.tenant === undefined || s.tenantId === args.tenant)
    if (found.length === 0) {
      io.stderr(`no session ${args.sessionId}${args.tenant === undefined ? '' : ` in tenant ${args.tenant}`}`)
      return 1
    }
    if (found.length > 1) {
      io.stderr(`session ${args.sessionId} exists in ${found.length} tenants (${found.map((s) => s.tenantId).join(', ')}): pick one with --tenant`)
      return 2
    }
    const target = found[0] as { tenantId: string; researchId: string | null }
    const out = args.out === undefined ? io.stdout : createWriteStream(args.out)
    let messages = -1
    for await (const chunk of liveRecordingLines(db, { ...target, sessionId: args.sessionId, exportedAt: io.now() })) {
      messages += countLines(chunk)
      if (!out.write(chunk)) await once(out, 'drain')
    }
    if (args.out !== undefined) {
      out.end()
      await once(out, 'finish')
    }
    io.stderr(`recorded ${messages} message(s) of session ${args.sessionId}${args.out === undefined ? '' : ` to ${args.out}`}`)
    return 0
  } catch (error) {
    io.stderr(`record failed: ${errorText(error)}`)
    return 1
  } finally {
    await db?.close().catch(() => {})
    if (snapshot) rmSync(snapshot, { recursive: true, force: true })
  }
}

const USAGE = 'usage: npm run record -- <sessionId> [--out file.jsonl] [--tenant id]'

function parseArgs(argv: string[]): { sessionId: string; out?: string; tenant?: string } | { error: string } {
  let sessionId: string | undefined
  let out: string | undefined
  let tenant: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--out' || a === '--tenant') {
      const value = argv[++i]
      if (value === undefined || value === '') return { error: `${a} needs a value` }
      if (a === '--out') out = value
      else tenant = value
    } else if (a.startsWith('--out=')) out = a.slice(6)
    else if (a.startsWith('--tenant=')) tenant = a.slice(9)
    else if (a.startsWith('--')) return { error: `unknown option ${a}` }
    else if (sessionId === undefined) sessionId = a
    else return { error: `unexpected argument ${a}` }
  }
  if (sessionId === undefined) return { error: 'no session id given' }
  return { sessionId, ...(out === undefined ? {} : { out }), ...(tenant === undefined ? {} : { tenant }) }
}

/** The PGlite folder: DATA_DIR itself, or the one sub-folder of it holding a store (DATA_DIR also keeps auth data). */
function findPgliteStore(dataDir: string): string | null {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return dataDir
  if (!existsSync(dataDir)) return null
  const stores = readdirSync(dataDir, { withFileTypes: true }).filter((d) => d.isDirectory() && existsSync(join(dataDir, d.name, 'PG_VERSION')))
  return stores.length === 1 ? join(dataDir, (stores[0] as { name: string }).name) : null
}

function countLines(chunk: string): number {
  let n = 0
  for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) n++
  return n
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

const invokedDirectly = process.argv[1] !== undefined && /record-cli\.[cm]?[jt]s$/.test(process.argv[1])
if (invokedDirectly) {
  runRecordCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    now: () => Date.now(),
  }).then((code) => {
    process.exitCode = code
  })
}
