/**
 * The statements of backup and restore (../snapshot.ts holds the format and the order of things): the
 * catalogue reads that list Sightline's tables, the dump cursor, and the loading of a dump's rows. Table
 * and column names come from the catalogue or a checked dump header, and are quoted.
 */
import type { Database } from '../../../platform/db/database'

type Query = Pick<Database, 'query'>

/** The migrations the database has applied, by name. */
export async function appliedMigrations(db: Query): Promise<string[]> {
  return (await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).map((r) => r.name)
}

/** The migrations the database has applied, as a set (for a restore). */
export async function appliedMigrationSet(tx: Query): Promise<Set<string>> {
  return new Set((await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name))
}

export async function ensureMigrationsTable(tx: Query): Promise<void> {
  await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
}

/** Applies one migration's SQL and records it. */
export async function applyMigration(tx: Query, migration: { name: string; sql: string }): Promise<void> {
  await tx.query(migration.sql)
  await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name])
}

/** Makes the caller's transaction one read-only snapshot. */
export async function readOneSnapshot(tx: Query): Promise<void> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
}

/** The public tables, by name. */
export async function publicTables(tx: Query): Promise<string[]> {
  return (await tx.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`)).map((t) => t.tablename)
}

/** The foreign keys between different public tables, as child → parent. */
export async function foreignKeyEdges(tx: Query): Promise<Array<{ child: string; parent: string }>> {
  return tx.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
       JOIN pg_namespace n ON n.oid = k.connamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname <> p.relname`,
  )
}

/** A public table's columns, in their order. */
export async function tableColumns(tx: Query, table: string): Promise<string[]> {
  return (await tx.query<{ column_name: string }>(`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position`, [table])).map(
    (c) => c.column_name,
  )
}

/**
 * Every row of a table as JSON text, `pageSize` rows at a time through a cursor (memory stays flat however
 * big the table; rows are never parsed here: Postgres writes them as JSON text).
 */
export async function* tableRowsAsJson(tx: Query, table: string): AsyncGenerator<string[]> {
  await tx.query(`DECLARE sightline_dump NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS r FROM ${quoteIdent(table)} t`)
  for (;;) {
    const rows = await tx.query<{ r: string }>('FETCH 1000 FROM sightline_dump')
    if (rows.length === 0) break
    yield rows.map((row) => row.r)
  }
  await tx.query('CLOSE sightline_dump')
}

export async function tableHasRows(tx: Query, table: string): Promise<boolean> {
  return (await tx.query(`SELECT 1 FROM ${quoteIdent(table)} LIMIT 1`)).length > 0
}

/** Inserts rows given as JSON objects (`rowsJson`, a JSON array), their named columns only. */
export async function insertJsonRows(tx: Query, table: string, columns: readonly string[], rowsJson: string): Promise<void> {
  const cols = columns.map(quoteIdent).join(', ')
  await tx.query(`INSERT INTO ${quoteIdent(table)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::${quoteIdent(table)}, $1::json)`, [rowsJson])
}

/** The public columns whose default takes the next value of a sequence (serial ids). */
export async function serialColumns(tx: Query): Promise<Array<{ table_name: string; column_name: string }>> {
  return tx.query<{ table_name: string; column_name: string }>(`SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`)
}

/** Moves a serial column's sequence past the largest id the table holds. */
export async function advanceSerial(tx: Query, column: { table_name: string; column_name: string }): Promise<void> {
  await tx.query(
    `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quoteIdent(column.column_name)}) FROM ${quoteIdent(column.table_name)}), 1), (SELECT count(*) > 0 FROM ${quoteIdent(column.table_name)}))`,
    [column.table_name, column.column_name],
  )
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
