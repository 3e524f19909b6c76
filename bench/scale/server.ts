/**
 * The server side of `bench:scale`, in a process of its own (forked by bench/scale.bench.ts) as a browser
 * and the server are: PGlite in a temp folder (openDatabase + migrate, as `npm start` runs it), the seeded
 * workspace (bench/scale/seed.ts) and the real app (buildApp, production config, firebase-admin against
 * the Auth emulator named by FIREBASE_AUTH_EMULATOR_HOST) listening on 127.0.0.1.
 *
 * With `databaseUrl` (a PostgreSQL server's URL), a database of its own is created on that server for the
 * run, used instead of PGlite, and dropped at the end.
 *
 * Argument: `{"documents":N,"framesPerDocument":F,"ownerUserId":uid,"profile":path|null,"databaseUrl":url|null}`. It answers one
 * IPC message, `ScaleServerReady` (port, seed time, rows, and the bare SQL read of the session's rows in
 * this process, median of 3), and on `stop` closes everything and exits. With `profile`, a CPU profile of
 * the serving (from ready to stop) is written there.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { buildApp } from '../../server/app'
import { firebaseTokenVerifier } from '../../server/platform/auth/tokens'
import { randomIds, systemClock } from '../../server/platform/core/runtime'
import { openDatabase } from '../../server/platform/db/database'
import { migrate } from '../../server/platform/db/migrate'
import { SCALE_SESSION, SCALE_TENANT, seedWorkspace } from './seed'
import { completeOne, databaseBytes, seedTenant, type TenantSeeding } from './tenant'

export interface ScaleServerReady {
  type: 'ready'
  port: number
  seedMs: number
  events: number
  frames: number
  /** Every event and frame row of the session in one SELECT each, ordered as the API pages them. */
  sqlReadMs: number
  /** With `tenantDocuments`: the tenant's other documents, written and kept. */
  tenant: TenantSeeding | null
}

/** With `tenantDocuments`: answers to `{type:'stats'}`, `{type:'arrive'}` (a document completes) and `{type:'grow', to}` (the tenant grows to `to` documents). */
export type ScaleServerAnswer = { type: 'stats'; rssBytes: number; heapBytes: number; databaseBytes: number } | { type: 'arrived' } | { type: 'grown'; seeding: TenantSeeding }

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as {
    documents: number
    framesPerDocument: number
    ownerUserId: string
    profile: string | null
    databaseUrl: string | null
    tenantDocuments?: number
  }
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-scale-'))
  const postgres = options.databaseUrl ? await createDatabase(options.databaseUrl) : null
  const db = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir: dir })
  await migrate(db)
  const t0 = performance.now()
  const rows = await seedWorkspace(db, options)
  const seedMs = performance.now() - t0
  const startedAt = Date.now()
  const tenant = options.tenantDocuments ? await seedTenant(db, 0, options.tenantDocuments, options.ownerUserId, startedAt) : null
  let tenantSize = options.tenantDocuments ?? 0

  const sqlRead = async () => {
    const t = performance.now()
    await db.query(`SELECT * FROM events WHERE tenant_id = $1 AND session_id = $2 ORDER BY ingested_at, id`, [SCALE_TENANT, SCALE_SESSION])
    await db.query(`SELECT * FROM action_frames WHERE tenant_id = $1 AND session_id = $2 ORDER BY created_at, id`, [SCALE_TENANT, SCALE_SESSION])
    return performance.now() - t
  }
  await sqlRead()
  const reads = [await sqlRead(), await sqlRead(), await sqlRead()].sort((a, b) => a - b)

  const app = await buildApp({
    db,
    verifier: firebaseTokenVerifier('demo-sightline'),
    clock: systemClock,
    ids: randomIds,
    config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'production' },
    pipeline: { ingest: async () => Promise.reject(new Error('not in this bench')), reprocess: async () => {} },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const inspector = options.profile ? new Session() : null
  if (inspector) {
    inspector.connect()
    await inspector.post('Profiler.enable')
    await inspector.post('Profiler.start')
  }
  const ready: ScaleServerReady = { type: 'ready', port: (app.server.address() as { port: number }).port, seedMs, ...rows, sqlReadMs: reads[1] as number, tenant }
  process.send?.(ready)
  let arrivals = 0
  process.on('message', (message) => {
    const asked = message as { type?: string }
    if (asked.type === 'stats') {
      void databaseBytes(db).then((bytes) => {
        global.gc?.()
        const answer: ScaleServerAnswer = { type: 'stats', rssBytes: process.memoryUsage().rss, heapBytes: process.memoryUsage().heapUsed, databaseBytes: bytes }
        process.send?.(answer)
      })
      return
    }
    if (asked.type === 'grow') {
      const to = (message as { to: number }).to
      void seedTenant(db, tenantSize, to, options.ownerUserId, startedAt).then((seeding) => {
        tenantSize = to
        process.send?.({ type: 'grown', seeding } satisfies ScaleServerAnswer)
      })
      return
    }
    if (asked.type === 'arrive') {
      void completeOne(db, ++arrivals, Date.now()).then(() => process.send?.({ type: 'arrived' } satisfies ScaleServerAnswer))
      return
    }
    if (message !== 'stop') return
    void (async () => {
      if (inspector && options.profile) writeFileSync(options.profile, JSON.stringify((await inspector.post('Profiler.stop')).profile))
      await app.close()
      await db.close()
      await postgres?.drop()
      rmSync(dir, { recursive: true, force: true })
      process.exit(0)
    })()
  })
}

/** A fresh database on the PostgreSQL server at `adminUrl`, for this run only. */
async function createDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `sightline_bench_scale_${process.pid}`
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      await client.query(sql)
    } finally {
      await client.end()
    }
  }
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

await main()
