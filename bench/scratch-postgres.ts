/** A scratch PostgreSQL database for a bench: created fresh on the server `adminUrl` names, dropped after. */
import pg from 'pg'
import { type Database, openDatabase } from '../server/platform/db/database'

export async function scratchPostgres(adminUrl: string, prefix = 'sightline_bench'): Promise<{ db: Database; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const db = await openDatabase({ databaseUrl: url.toString() })
  return {
    db,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
