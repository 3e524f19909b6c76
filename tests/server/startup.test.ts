/** Several processes starting together on one new PostgreSQL database (npm run serve + npm run worker). */
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../server/platform/core/runtime'
import { type Database, openDatabase } from '../../server/platform/db/database'
import { listMigrations, migrate } from '../../server/platform/db/migrate'
import { createPipeline } from '../../server/modules/pipeline/pipeline'

const admin = process.env.TEST_DATABASE_URL

describe.skipIf(!admin)('starting together on PostgreSQL', () => {
  const name = `sightline_start_${process.pid}`
  const opened: Database[] = []
  afterAll(async () => {
    for (const db of opened) await db.close()
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })

  test('concurrent migrations and pipeline starts on a fresh database all succeed, each migration applied once', async () => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.query(`CREATE DATABASE ${name}`)
    await c.end()
    const url = new URL(admin as string)
    url.pathname = `/${name}`
    const dbs = await Promise.all([0, 1, 2].map(() => openDatabase({ databaseUrl: url.toString() })))
    opened.push(...dbs)
    const applied = await Promise.all(dbs.map((db) => migrate(db)))
    expect(applied.flat().sort()).toEqual(
      listMigrations()
        .map((m) => m.name)
        .sort(),
    )
    const silent = { info() {}, error() {} }
    const pipelines = dbs.map((db) => createPipeline({ db, clock: manualClock(), ids: sequentialIds(), analyser: createLocalAnalyser(), log: silent }))
    await Promise.all(pipelines.map((p, i) => p.start({ workers: i === 0 })))
    await Promise.all(pipelines.map((p) => p.stop()))
  }, 60_000)
})
