/**
 * Migrations: the SQL files in server/platform/db/migrations, applied once each in file-name order, each in its
 * own transaction, recorded in schema_migrations. On PostgreSQL all pending migrations run in one
 * transaction holding an advisory lock, so several processes starting together apply each one once.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Database } from './database'

const dir = join(import.meta.dirname, 'migrations')
const LOCK_KEY = 4_242_017

export function listMigrations(): Array<{ name: string; sql: string }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }))
}

export async function migrate(db: Database): Promise<string[]> {
  const bookkeeping = 'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())'
  if (db.dialect === 'postgres') {
    return db.transaction(async (tx) => {
      // The lock comes first: even CREATE TABLE IF NOT EXISTS races when two processes start together.
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY])
      await tx.query(bookkeeping)
      const done = new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
      const applied: string[] = []
      for (const m of listMigrations()) {
        if (done.has(m.name)) continue
        await tx.query(m.sql)
        await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m.name])
        applied.push(m.name)
      }
      return applied
    })
  }
  await db.exec(bookkeeping)
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
  const applied: string[] = []
  for (const m of listMigrations()) {
    if (done.has(m.name)) continue
    // PGlite runs a multi-statement script through exec; the script carries its own transaction.
    await db.exec(`BEGIN;\n${m.sql}\nINSERT INTO schema_migrations (name) VALUES ('${m.name.replace(/'/g, "''")}');\nCOMMIT;`)
    applied.push(m.name)
  }
  return applied
}
