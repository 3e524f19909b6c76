/**
 * `npm run backup` and `npm run restore`: a whole installation (every tenant, every account) to a backup
 * folder and back (server/modules/ops/snapshot.ts says what a backup holds).
 *
 *   npm run backup [-- --out <folder>]   default ./backups/sightline-backup-<time>
 *   npm run restore -- <folder>
 *
 * Embedded (PGlite, DATA_DIR): a running server is asked through its ops channel to write the snapshot
 * (./ops-channel.ts); with none running, the CLI takes the data folder's lock and opens the store itself.
 * Restore takes the lock too, so it is refused while a server holds the folder; what it replaces is moved
 * to DATA_DIR/replaced-<time>/, not deleted.
 * PostgreSQL (DATABASE_URL): the CLI reads Sightline's tables itself in one consistent snapshot, servers
 * running or not; restore goes into an empty database. DATA_DIR/auth (the embedded emulator's accounts)
 * is backed up whenever it exists and restored under the folder's lock.
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { loadServerConfig } from '../../platform/config'
import { DataDirLockedError, lockDataDir } from '../../platform/core/data-dir-lock'
import { openDatabase } from '../../platform/db/database'
import { askServerForBackup } from './ops-channel'
import { AUTH_DIR, BackupError, type BackupManifest, backupPglite, backupPostgres, defaultBackupFolder, hasAuth, readBackup, restoreAuth, restorePglite, restorePostgres } from './snapshot'

export interface OpsOutput {
  log(line: string): void
  error(line: string): void
}

/** Runs `backup` or `restore` with these arguments; resolves the exit code (messages go to `out`). */
export async function runOpsCommand(argv: string[], env: NodeJS.ProcessEnv = process.env, out: OpsOutput = console, now: () => number = Date.now): Promise<number> {
  const [command, ...rest] = argv
  try {
    if (command === 'backup') return await backup(rest, env, out, now)
    if (command === 'restore') return await restore(rest, env, out, now)
    out.error('Usage: npm run backup [-- --out <folder>]  |  npm run restore -- <backup folder>')
    return 2
  } catch (error) {
    if (error instanceof BackupError || error instanceof DataDirLockedError) {
      out.error(`${command === 'restore' ? 'Restore' : 'Backup'} refused: ${error.message}`)
      return 1
    }
    throw error
  }
}

async function backup(args: string[], env: NodeJS.ProcessEnv, out: OpsOutput, now: () => number): Promise<number> {
  const config = loadServerConfig(env)
  const dataDir = resolve(config.DATA_DIR)
  const flag = args.indexOf('--out')
  const target = resolve(flag >= 0 && args[flag + 1] ? args[flag + 1]! : defaultBackupFolder(resolve('backups'), now()))
  const authDir = existsSync(join(dataDir, AUTH_DIR)) ? join(dataDir, AUTH_DIR) : null
  let manifest: BackupManifest
  if (config.DATABASE_URL) {
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL })
    try {
      manifest = await backupPostgres(db, { out: target, authDir, now })
    } finally {
      await db.close()
    }
  } else {
    const fromServer = await askServerForBackup(dataDir, target)
    if (fromServer) manifest = fromServer
    else {
      // No server answers: open the folder ourselves, holding it so that none starts meanwhile.
      const lock = lockDataDir(dataDir, 'npm run backup')
      try {
        if (!existsSync(join(dataDir, 'db'))) throw new BackupError(`${dataDir} holds no Sightline database yet (no db/ folder): nothing to back up`)
        const db = await openDatabase({ dataDir: join(dataDir, 'db') })
        try {
          manifest = await backupPglite(db, { out: target, authDir, takenBy: 'cli', now })
        } finally {
          await db.close()
        }
      } finally {
        lock.release()
      }
    }
  }
  const bytes = manifest.files.reduce((n, f) => n + f.bytes, 0)
  const by = manifest.takenBy === 'server' ? 'taken by the running server' : 'taken with no server running'
  out.log(`Backup written to ${target} (${manifest.dialect === 'pglite' ? `PGlite, ${by}` : 'PostgreSQL, Sightline’s tables'}; ${manifest.files.length} files, ${megabytes(bytes)})`)
  return 0
}

async function restore(args: string[], env: NodeJS.ProcessEnv, out: OpsOutput, now: () => number): Promise<number> {
  const folder = args.find((a) => !a.startsWith('--'))
  if (!folder) throw new BackupError('name the backup folder: npm run restore -- <folder>')
  const config = loadServerConfig(env)
  const dataDir = resolve(config.DATA_DIR)
  const dir = resolve(folder)
  const manifest = readBackup(dir)
  if (manifest.dialect === 'pglite') {
    if (config.DATABASE_URL) throw new BackupError('This is a backup of an embedded (PGlite) installation: unset DATABASE_URL to restore it into DATA_DIR')
    const lock = lockDataDir(dataDir, 'npm run restore')
    try {
      const aside = await restorePglite(dir, manifest, dataDir, now())
      out.log(`Restored ${dir} into ${dataDir}${aside ? `; what was there is in ${aside}` : ''}. Start Sightline with npm start.`)
    } finally {
      lock.release()
    }
    return 0
  }
  if (!config.DATABASE_URL) throw new BackupError('This is a backup of a PostgreSQL installation: set DATABASE_URL to the empty database to restore it into')
  // The accounts live in DATA_DIR: hold it (refused while an embedded emulator's server runs) before changing anything.
  const lock = hasAuth(manifest) ? lockDataDir(dataDir, 'npm run restore') : null
  try {
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL })
    try {
      const { rows } = await restorePostgres(dir, manifest, db)
      if (lock) restoreAuth(dir, manifest, dataDir)
      out.log(`Restored ${dir} into the database (${rows} rows${lock ? `, accounts into ${join(dataDir, AUTH_DIR)}` : ''}).`)
    } finally {
      await db.close()
    }
  } finally {
    lock?.release()
  }
  return 0
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`
}

const invokedDirectly = process.argv[1] !== undefined && /server\/modules\/ops\/cli\.[cm]?[jt]s$/.test(process.argv[1])
if (invokedDirectly) {
  runOpsCommand(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
