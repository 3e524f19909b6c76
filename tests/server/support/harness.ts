/**
 * Server test harness: a real database (PGlite in memory, and PostgreSQL when TEST_DATABASE_URL is set,
 * in a database of its own per test file), the real firebase-admin verifier in emulator mode, and
 * identity tokens minted exactly as the Auth emulator mints them (unsigned, with real claims).
 */
import pg from 'pg'
import { afterAll } from 'vitest'
import { buildApp, type AppDeps } from '../../../server/app'
import { firebaseTokenVerifier } from '../../../server/platform/auth/tokens'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import { type Database, openDatabase } from '../../../server/platform/db/database'
import { migrate } from '../../../server/platform/db/migrate'
import type { IngestRequest, Pipeline } from '../../../server/modules/pipeline/contract'

import { PROJECT_ID, mintToken } from './tokens'

export { PROJECT_ID, mintToken }
// tests/global-setup.ts starts the emulator and sets FIREBASE_AUTH_EMULATOR_HOST for firebase-admin.
export { emulatorUser, type TestUser } from './emulator-users'

export type Dialect = 'pglite' | 'postgres'

/** The dialects this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function dialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

const opened: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const close of opened.splice(0)) await close()
})

/** A migrated, empty database of the given dialect, closed after the file's tests. */
export async function testDatabase(dialect: Dialect): Promise<Database> {
  if (dialect === 'pglite') {
    const db = await openDatabase({ dataDir: null })
    await migrate(db)
    opened.push(() => db.close())
    return db
  }
  const admin = new URL(process.env.TEST_DATABASE_URL as string)
  const name = `sightline_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(admin.toString())
  url.pathname = `/${name}`
  const db = await openDatabase({ databaseUrl: url.toString() })
  await migrate(db)
  opened.push(async () => {
    await db.close()
    const c = new pg.Client({ connectionString: admin.toString() })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  return db
}

/** Empties every table (keeps the schema): one database per file, a clean slate per test. */
export async function truncateAll(db: Database): Promise<void> {
  const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`)
  if (tables.length > 0) await db.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`)
}

/**
 * A pipeline double for route tests: it records what the routes asked for and hands out event ids.
 * The real pipeline has its own suites (tests/server/pipeline) and the end-to-end test uses it.
 */
export function recordingPipeline(): Pipeline & { ingested: IngestRequest[]; reprocessed: Array<{ tenantId: string; eventId: string }> } {
  const ingested: IngestRequest[] = []
  const reprocessed: Array<{ tenantId: string; eventId: string }> = []
  return {
    ingested,
    reprocessed,
    async ingest(request) {
      ingested.push(request)
      return { eventId: `evt_test_${ingested.length}` }
    },
    async reprocess(request) {
      reprocessed.push(request)
    },
  }
}

export async function testApp(db: Database, overrides: Partial<AppDeps> = {}) {
  const clock = manualClock(Date.now())
  const pipeline = recordingPipeline()
  const app = await buildApp({
    db,
    pipeline,
    verifier: firebaseTokenVerifier(PROJECT_ID),
    clock,
    ids: sequentialIds(),
    config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test' },
    ...overrides,
  })
  return { app, clock, pipeline }
}
