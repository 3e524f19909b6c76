/**
 * Backups of a whole installation (every tenant, every account) and their restore. A backup is a folder:
 *
 *   manifest.json          what it is: {sightlineBackup: 1, dialect, createdAt, takenBy, migrations, files: [{path, bytes, sha256}]}
 *   db.tar.gz              PGlite: the data folder's database, as PGlite's own dump (a consistent snapshot)
 *   postgres.jsonl.gz      PostgreSQL: a logical dump of Sightline's tables (see below)
 *   auth/…                 the Auth emulator's accounts (accounts.json) and token key, when DATA_DIR has them
 *
 * It is written under a temporary name and renamed when complete, so a folder named like a backup is a
 * whole one; restore checks every file against the manifest's hashes before touching anything.
 *
 * PGlite: the database is dumped by the process that has it open (PGlite is one process's): the running
 * server, asked through its ops channel (./ops-channel.ts), or the CLI itself when no server runs. The
 * snapshot is taken while no statement or transaction runs; the accounts file (replaced atomically by the
 * emulator) is copied right after it, so an account created in between is in the backup without its user
 * record, which the app recreates at its next sign-in.
 *
 * PostgreSQL: Sightline backs up what it owns — the tables of its migrations — as JSON lines, read in one
 * REPEATABLE READ transaction (one consistent snapshot while servers run), streamed and gzipped:
 * `T {"table","columns"}` before each table's rows, `R <row_to_json>` per row, tables in foreign-key
 * order. pg-boss's queue schema is not included (queued steps of documents in flight are not a team's
 * data: such documents come back as they were and can be reprocessed). Operators with PostgreSQL's own
 * tools (pg_dump, base backups, point-in-time recovery) can use those instead; this is the portable one
 * that needs nothing but Sightline. Restore goes into an empty database only.
 *
 * The statements are in queries/snapshot.ts.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { createInterface } from 'node:readline'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import { z } from 'zod'
import type { Database } from '../../platform/db/database'
import { listMigrations, migrate } from '../../platform/db/migrate'
import {
  advanceSerial,
  appliedMigrations,
  appliedMigrationSet,
  applyMigration,
  ensureMigrationsTable,
  foreignKeyEdges,
  insertJsonRows,
  publicTables,
  readOneSnapshot,
  serialColumns,
  tableColumns,
  tableHasRows,
  tableRowsAsJson,
} from './queries/snapshot'

export const BACKUP_MANIFEST = 'manifest.json'
export const PGLITE_DUMP = 'db.tar.gz'
export const POSTGRES_DUMP = 'postgres.jsonl.gz'
/** Where the emulator keeps its accounts in DATA_DIR, and where a backup keeps them. */
export const AUTH_DIR = 'auth'

const fileEntry = z.object({ path: z.string().min(1), bytes: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })
export const backupManifestSchema = z.object({
  sightlineBackup: z.literal(1),
  dialect: z.enum(['pglite', 'postgres']),
  createdAt: z.string(),
  /** 'server': the running server wrote it; 'cli': `npm run backup` opened the store itself. */
  takenBy: z.enum(['server', 'cli']),
  /** The migrations the database had: a restore brings it to exactly these, then the server applies newer ones. */
  migrations: z.array(z.string()),
  files: z.array(fileEntry),
})
export type BackupManifest = z.infer<typeof backupManifestSchema>

export class BackupError extends Error {
  override name = 'BackupError'
}

/**
 * Writes a backup of a PGlite store to `out` (a folder that must not exist yet). `db` is the open store
 * (the server's, or one the CLI opened holding the data folder's lock); `authDir` the accounts folder.
 */
export async function backupPglite(db: Database, options: { out: string; authDir: string | null; takenBy: BackupManifest['takenBy']; now?: () => number }): Promise<BackupManifest> {
  if (!db.snapshot) throw new BackupError('This store cannot be snapshotted (not PGlite)')
  const snapshot = db.snapshot.bind(db)
  return writeBackup(options.out, async (draft) => {
    const migrations = await appliedMigrations(db)
    const tar = Buffer.from(await (await snapshot()).arrayBuffer())
    writeFileSync(join(draft, PGLITE_DUMP), await gzip(tar))
    copyAuth(options.authDir, draft)
    return { dialect: 'pglite', migrations, takenBy: options.takenBy, createdAt: new Date((options.now ?? Date.now)()).toISOString() }
  })
}

/** Writes a backup of a PostgreSQL database (Sightline's tables) and, when given, the accounts folder. */
export async function backupPostgres(db: Database, options: { out: string; authDir: string | null; now?: () => number }): Promise<BackupManifest> {
  return writeBackup(options.out, async (draft) => {
    let migrations: string[] = []
    await db.transaction(async (tx) => {
      await readOneSnapshot(tx)
      migrations = await appliedMigrations(tx)
      const tables = await tablesInOrder(tx)
      const lines = async function* () {
        for (const table of tables) {
          const columns = await tableColumns(tx, table)
          yield `T ${JSON.stringify({ table, columns })}\n`
          for await (const rows of tableRowsAsJson(tx, table)) yield rows.map((r) => `R ${r}\n`).join('')
        }
      }
      await pipeline(Readable.from(lines()), createGzip(), createWriteStream(join(draft, POSTGRES_DUMP)))
    })
    copyAuth(options.authDir, draft)
    return { dialect: 'postgres', migrations, takenBy: 'cli', createdAt: new Date((options.now ?? Date.now)()).toISOString() }
  })
}

/** The manifest of a backup folder, every file checked against it; throws a BackupError saying what is wrong. */
export function readBackup(dir: string): BackupManifest {
  const path = join(dir, BACKUP_MANIFEST)
  if (!existsSync(path)) throw new BackupError(`${dir} is not a Sightline backup (no ${BACKUP_MANIFEST})`)
  let parsed: z.ZodSafeParseResult<BackupManifest>
  try {
    parsed = backupManifestSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  } catch {
    throw new BackupError(`${path} is not JSON`)
  }
  if (!parsed.success) throw new BackupError(`${path} is not a Sightline backup manifest (${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message})`)
  for (const file of parsed.data.files) {
    const full = join(dir, file.path)
    if (relative(dir, full).startsWith('..')) throw new BackupError(`The manifest names a file outside the backup: ${file.path}`)
    if (!existsSync(full)) throw new BackupError(`The backup is missing ${file.path}`)
    if (sha256(readFileSync(full)) !== file.sha256) throw new BackupError(`${file.path} does not match the backup's manifest: the backup was changed or damaged`)
  }
  const dump = parsed.data.dialect === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP
  if (!parsed.data.files.some((f) => f.path === dump)) throw new BackupError(`The backup has no ${dump}`)
  return parsed.data
}

/**
 * Restores a PGlite backup into `dataDir` (the caller holds its lock). What was there is moved aside to
 * `dataDir/replaced-<time>/`, never deleted. Returns that folder, or null when there was nothing.
 */
export async function restorePglite(dir: string, manifest: BackupManifest, dataDir: string, now: number): Promise<string | null> {
  if (manifest.dialect !== 'pglite') throw new BackupError('This is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into')
  const aside = moveAside(dataDir, ['db', AUTH_DIR], now)
  const { PGlite } = await import('@electric-sql/pglite')
  const dump = new File([readFileSync(join(dir, PGLITE_DUMP))], PGLITE_DUMP, { type: 'application/x-gzip' })
  const pg = new PGlite(join(dataDir, 'db'), { loadDataDir: dump })
  await pg.waitReady
  await pg.close()
  restoreAuth(dir, manifest, dataDir)
  return aside
}

/**
 * Restores a PostgreSQL backup into `db`, which must hold no Sightline data: its schema is brought to the
 * backup's migrations, the rows are loaded in one transaction (columns by name, so a database at a newer
 * schema takes an older backup), sequences are moved past the restored ids, and newer migrations applied.
 */
export async function restorePostgres(dir: string, manifest: BackupManifest, db: Database): Promise<{ rows: number }> {
  if (manifest.dialect !== 'postgres') throw new BackupError('This is a PGlite backup: unset DATABASE_URL to restore it into DATA_DIR')
  const known = new Set(listMigrations().map((m) => m.name))
  const unknown = manifest.migrations.filter((m) => !known.has(m))
  if (unknown.length > 0) throw new BackupError(`The backup was made by a newer Sightline (migrations ${unknown.join(', ')}): restore it with that version`)
  let rows = 0
  await db.transaction(async (tx) => {
    const applied = await checkEmptyAtOlderSchema(tx, manifest)
    for (const m of listMigrations()) {
      if (!manifest.migrations.includes(m.name) || applied.has(m.name)) continue
      await applyMigration(tx, m)
    }
    rows = await loadDump(tx, join(dir, POSTGRES_DUMP))
    // Serial ids (bigserial) continue after the restored ones.
    for (const s of await serialColumns(tx)) await advanceSerial(tx, s)
  })
  await migrate(db)
  return { rows }
}

/** Copies a backup's accounts into `dataDir/auth` (the caller holds the data folder's lock). */
export function restoreAuth(dir: string, manifest: BackupManifest, dataDir: string): void {
  for (const file of manifest.files) {
    if (!file.path.startsWith(`${AUTH_DIR}/`)) continue
    const target = join(dataDir, file.path)
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
    writeFileSync(target, readFileSync(join(dir, file.path)), { mode: 0o600 })
  }
}

/** Whether a backup carries Auth emulator accounts. */
export function hasAuth(manifest: BackupManifest): boolean {
  return manifest.files.some((f) => f.path.startsWith(`${AUTH_DIR}/`))
}

/** `<root>/sightline-backup-2026-11-26T10-15-00Z`: where `npm run backup` writes by default. */
export function defaultBackupFolder(root: string, now: number): string {
  return join(
    root,
    `sightline-backup-${new Date(now)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-')}`,
  )
}

/**
 * Refuses a database with Sightline data or at a newer schema than the backup's; the migrations it has
 * (its migrations table is created when missing).
 */
async function checkEmptyAtOlderSchema(tx: Pick<Database, 'query'>, manifest: BackupManifest): Promise<Set<string>> {
  await ensureMigrationsTable(tx)
  const applied = await appliedMigrationSet(tx)
  const beyond = [...applied].filter((m) => !manifest.migrations.includes(m))
  if (beyond.length > 0) throw new BackupError(`The database is at a newer schema than the backup (${beyond.join(', ')}): restore into an empty database`)
  for (const table of await tablesInOrder(tx)) {
    if (table === 'schema_migrations') continue
    if (await tableHasRows(tx, table)) throw new BackupError(`The database already holds Sightline data (table ${table}): restore into an empty database`)
  }
  return applied
}

/** Loads a dump's rows, 500 per statement, tables in the dump's order (its migrations table skipped); how many. */
async function loadDump(tx: Pick<Database, 'query'>, path: string): Promise<number> {
  let rows = 0
  let table: { table: string; columns: string[] } | null = null
  let batch: string[] = []
  const flush = async () => {
    if (!table || batch.length === 0) return
    await insertJsonRows(tx, table.table, table.columns, `[${batch.join(',')}]`)
    rows += batch.length
    batch = []
  }
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.startsWith('T ')) {
      await flush()
      table = tableHeader.parse(JSON.parse(line.slice(2)))
      if (DERIVED_TABLES.has(table.table)) table = null
    } else if (line.startsWith('R ')) {
      if (!table) continue
      batch.push(line.slice(2))
      if (batch.length >= 500) await flush()
    } else if (line !== '') throw new BackupError(`${POSTGRES_DUMP} has a line that is neither a table nor a row`)
  }
  await flush()
  return rows
}

/**
 * Tables not loaded from a dump: the migrations' own record, and what triggers rebuild as the rows they come
 * from load (017's day counts, 019's search tables, 028's entity spellings): restoring them too would write them twice.
 */
const DERIVED_TABLES = new Set([
  'schema_migrations',
  'signal_days',
  'intelligence_versions',
  'entity_spellings',
  'search_documents',
  'search_entity_names',
  'search_names',
  'search_frames',
  'search_stories',
])

const tableHeader = z.object({ table: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string().regex(/^[a-z_][a-z0-9_]*$/)).min(1) })

/** Writes into a draft folder beside `out`, then the manifest, then renames the draft to `out`. */
async function writeBackup(out: string, fill: (draft: string) => Promise<Omit<BackupManifest, 'sightlineBackup' | 'files'>>): Promise<BackupManifest> {
  if (existsSync(out)) throw new BackupError(`${out} exists already: name a new folder for the backup`)
  mkdirSync(dirname(out), { recursive: true })
  const draft = `${out}.partial-${process.pid}`
  rmSync(draft, { recursive: true, force: true })
  mkdirSync(draft, { mode: 0o700 })
  try {
    const about = await fill(draft)
    const files = listFiles(draft).map((path) => {
      const bytes = readFileSync(join(draft, path))
      return { path, bytes: bytes.length, sha256: sha256(bytes) }
    })
    const manifest: BackupManifest = { sightlineBackup: 1, ...about, files }
    writeFileSync(join(draft, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    renameSync(draft, out)
    return manifest
  } catch (error) {
    rmSync(draft, { recursive: true, force: true })
    throw error
  }
}

function copyAuth(authDir: string | null, draft: string): void {
  if (!authDir || !existsSync(authDir)) return
  for (const path of listFiles(authDir)) {
    // The emulator's half-written drafts (`accounts.json.<pid>.tmp`) are not accounts.
    if (path.endsWith('.tmp')) continue
    const target = join(draft, AUTH_DIR, path)
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 })
    writeFileSync(target, readFileSync(join(authDir, path)), { mode: 0o600 })
  }
}

/** Moves the named entries of `dataDir` into `dataDir/replaced-<time>/`; that folder, or null when none existed. */
function moveAside(dataDir: string, names: string[], now: number): string | null {
  const present = names.filter((n) => existsSync(join(dataDir, n)) && !(statSync(join(dataDir, n)).isDirectory() && readdirSync(join(dataDir, n)).length === 0))
  for (const n of names) if (!present.includes(n)) rmSync(join(dataDir, n), { recursive: true, force: true })
  if (present.length === 0) return null
  const aside = join(
    dataDir,
    `replaced-${new Date(now)
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replace(/:/g, '-')}`,
  )
  mkdirSync(aside, { recursive: true, mode: 0o700 })
  for (const n of present) renameSync(join(dataDir, n), join(aside, n))
  return aside
}

/** Files under `dir`, as `/`-separated paths relative to it, sorted. */
function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) out.push(...listFiles(dir, path))
    else if (entry.isFile()) out.push(path)
  }
  return out.sort().map((p) => p.split(sep).join('/'))
}

/** The public tables, parents before children (foreign keys), then by name. */
async function tablesInOrder(tx: Pick<Database, 'query'>): Promise<string[]> {
  const tables = await publicTables(tx)
  const edges = await foreignKeyEdges(tx)
  const ordered: string[] = []
  const done = new Set<string>()
  const visit = (table: string, path: Set<string>) => {
    if (done.has(table) || path.has(table)) return
    path.add(table)
    for (const e of edges) if (e.child === table) visit(e.parent, path)
    done.add(table)
    ordered.push(table)
  }
  for (const t of tables) visit(t, new Set())
  return ordered
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

async function gzip(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const z = createGzip()
    z.on('data', (c: Buffer) => chunks.push(c))
    z.on('end', () => resolve(Buffer.concat(chunks)))
    z.on('error', reject)
    z.end(bytes)
  })
}
