/**
 * The ops channel: how `npm run backup` reaches a running embedded server. PGlite belongs to the process
 * that opened it (DATA_DIR/sightline.lock), so a consistent snapshot of a running installation can only
 * be taken by that server; the CLI asks it here.
 *
 * Contract:
 * - A Unix domain socket, `DATA_DIR/ops/sightline.sock`, in a folder only the server's user may enter
 *   (0700); when that path is too long for a socket, a 0700 folder of that user's in the system's temp
 *   folder named after DATA_DIR's hash. It is not on the network at all, and only the account that runs
 *   Sightline (which can read DATA_DIR anyway, and so every tenant's data and every account) can connect:
 *   the trust it needs is exactly the trust a copy of the folder needs. Nothing in the HTTP API can reach
 *   it, so no signed-in user of any tenant can take or download a whole-installation backup.
 * - `POST /backup {"out": "<absolute folder>"}` writes a backup there (server/modules/ops/snapshot.ts) and answers
 *   its manifest (200); 400 `{message}` when it cannot (the folder exists, …); 409 while another runs.
 * - The server starts it once it holds DATA_DIR and its store is open, removes a socket a crashed run
 *   left behind, and closes it (and removes the file) when it stops.
 */
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, unlinkSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { tmpdir, userInfo } from 'node:os'
import { isAbsolute, join } from 'node:path'
import { z } from 'zod'
import type { Database } from '../../platform/db/database'
import { AUTH_DIR, BackupError, type BackupManifest, backupManifestSchema, backupPglite } from './snapshot'

/** Longest socket path every platform takes (Linux allows 107 bytes, macOS 103). */
const MAX_SOCKET_PATH = 100

export interface OpsChannel {
  /** Where it listens; null when it could not start. */
  path: string | null
  close(): Promise<void>
}

/** Where the ops socket of a data folder is (the server and the CLI compute the same). */
export function opsSocketPath(dataDir: string): string {
  const inside = join(dataDir, 'ops', 'sightline.sock')
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16)
  return join(tmpdir(), `sightline-ops-${userInfo().uid}-${hash}`, 'sightline.sock')
}

/**
 * Starts the channel; never fails the server's start: where it cannot listen (a file system without
 * sockets, a folder someone else opened up) it says why and `npm run backup` asks for the server to be
 * stopped instead.
 */
export async function startOpsChannel(options: { dataDir: string; db: Database; log?: (line: string) => void }): Promise<OpsChannel> {
  try {
    return await listen(options)
  } catch (error) {
    ;(options.log ?? console.error)(`The ops channel could not start (${error instanceof Error ? error.message : error}): npm run backup will ask for this server to be stopped first.`)
    return { path: null, close: async () => {} }
  }
}

/**
 * Asks the server holding `dataDir` to write a backup to `out` (absolute). Resolves its manifest, or null
 * when no server listens on the data folder's ops channel; rejects with a BackupError when it refused.
 */
export function askServerForBackup(dataDir: string, out: string): Promise<BackupManifest | null> {
  const socketPath = opsSocketPath(dataDir)
  return new Promise((resolve, reject) => {
    const req = httpRequest({ socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        text += chunk
      })
      res.on('end', () => {
        const body = safeJson(text)
        if (res.statusCode === 200) {
          const manifest = backupManifestSchema.safeParse(body)
          return manifest.success ? resolve(manifest.data) : reject(new BackupError('The server answered something that is not a backup manifest'))
        }
        const message = z.object({ message: z.string() }).safeParse(body)
        reject(new BackupError(message.success ? message.data.message : `The server refused the backup (${res.statusCode})`))
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null)
      else reject(error)
    })
    req.end(JSON.stringify({ out }))
  })
}

async function listen(options: { dataDir: string; db: Database }): Promise<OpsChannel> {
  const path = opsSocketPath(options.dataDir)
  privateFolder(join(path, '..'))
  // We hold DATA_DIR's lock: a socket file here is one a crashed run left.
  if (existsSync(path)) unlinkSync(path)
  let busy = false
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { message: `No ops route ${req.method} ${req.url}` })
    let text = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => {
      text += chunk
      if (text.length > 65_536) req.destroy()
    })
    req.on('end', () => {
      const parsed = backupRequest.safeParse(safeJson(text))
      if (!parsed.success) return answer(400, { message: `out: ${parsed.error.issues[0]?.message ?? 'required'}` })
      if (busy) return answer(409, { message: 'A backup is being written already; try again when it is done' })
      busy = true
      backupPglite(options.db, { out: parsed.data.out, authDir: join(options.dataDir, AUTH_DIR), takenBy: 'server' })
        .then(
          (manifest) => answer(200, manifest),
          (error: unknown) => answer(error instanceof BackupError ? 400 : 500, { message: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          busy = false
        })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => resolve())
  })
  return {
    path,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      if (existsSync(path)) unlinkSync(path)
    },
  }
}

const backupRequest = z.object({ out: z.string().min(1).refine(isAbsolute, 'must be an absolute path') })

/** Makes `dir` a folder only this user may enter, refusing one that someone else made or opened up. */
function privateFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const stat = lstatSync(dir)
  const mine = typeof process.getuid !== 'function' || stat.uid === process.getuid()
  if (!stat.isDirectory() || !mine || (stat.mode & 0o077) !== 0) {
    throw new Error(`${dir} must be a folder of this user's that nobody else may enter (chmod 700), for Sightline's ops channel`)
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
