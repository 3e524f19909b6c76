/**
 * The Firebase Auth emulator in a process of our own: firebase-tools' Auth emulator app (the same
 * request handlers, state and token format as `firebase emulators:start --only auth`), hosted without the
 * CLI around it, so that it starts in about a second and keeps its accounts the way a user's data is kept.
 *
 * Contract (see `startAuthEmulator` in ./emulator.ts, which forks this file):
 * - Options come as JSON in SIGHTLINE_EMULATOR_OPTIONS: `{projectId, host, port, accountsFile, tokenSecret}`.
 *   Port 0 takes a free port; no other port is opened (the CLI's hub and logging ports are not used).
 * - Identity tokens are signed (HS256 with `tokenSecret`) where the CLI's emulator leaves them unsigned
 *   (`alg: none`): anyone can write an unsigned token, so a server that accepted them would let anyone in
 *   as anyone (server/platform/auth/tokens.ts checks the signature). The emulator's own handlers only decode tokens,
 *   and the Firebase SDK in the page never checks signatures, so nothing else changes.
 * - With `accountsFile`, the accounts in it are restored before the first request, exactly as they were
 *   (uid, password hash, `validSince`, …), so identity tokens issued before a restart still verify. An
 *   older `auth_export/accounts.json` beside it (the CLI's `--export-on-exit` format) is read when the
 *   file does not exist yet.
 * - Every request that may change an account (any method but GET) writes all accounts before its answer is
 *   sent: the file is replaced atomically (write, fsync, rename), so an account the client was told exists
 *   survives whatever ends the process afterwards (a write with nothing changed is skipped). Nothing goes
 *   through the machine's temp folder.
 * - Once listening it sends `{type: 'ready', port}` over IPC. It exits when its parent goes away (the IPC
 *   channel closes, even after SIGKILL of the parent), on SIGTERM and on SIGINT, after a last write.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createServer, type ServerResponse } from 'node:http'
import { dirname, join } from 'node:path'
import { z } from 'zod'

const optionsSchema = z.object({
  projectId: z.string().min(1),
  host: z.string().default('127.0.0.1'),
  port: z.number().int().min(0).max(65535),
  accountsFile: z.string().nullable().default(null),
  tokenSecret: z.string().min(32),
})

/** What `accountsFile` holds: the emulator's own user records, as its state keeps them. */
const accountsFileSchema = z.object({
  sightlineAuthAccounts: z.literal(1),
  projectId: z.string(),
  users: z.array(z.record(z.string(), z.unknown())),
})
/** The CLI's export (`auth_export/accounts.json`): the same records under `users`. */
const cliExportSchema = z.object({ users: z.array(z.record(z.string(), z.unknown())).optional() })

type UserRecord = Record<string, unknown>

interface ProjectState {
  users: Map<string, UserRecord>
  overwriteUserWithLocalId(localId: string, props: UserRecord): unknown
}

// Resolved from firebase-tools' own folder, so these are the very modules its emulator code loads.
const requireFromTools = createRequire(createRequire(import.meta.url).resolve('firebase-tools/package.json'))

async function main(): Promise<void> {
  const options = optionsSchema.parse(JSON.parse(process.env.SIGHTLINE_EMULATOR_OPTIONS ?? '{}'))
  // Exegesis compiles the validator of every one of the emulator's ~100 operations up front unless told to
  // compile each on first use; that up-front compile is 8–12 s of the CLI's start on these machines.
  const exegesisExpress = requireFromTools('exegesis-express') as { middleware: (spec: unknown, opts: Record<string, unknown>) => unknown }
  const middleware = exegesisExpress.middleware
  exegesisExpress.middleware = (spec, opts) => middleware(spec, { ...opts, lazyCompileValidationSchemas: true })
  signIdTokens(requireFromTools('jsonwebtoken') as JwtModule, options.tokenSecret)
  const { createApp } = requireFromTools('./lib/emulator/auth/server.js') as {
    createApp(projectId: string, singleProjectMode: number, states: Map<string, ProjectState>): Promise<(req: unknown, res: unknown) => void>
  }
  const { AgentProjectState } = requireFromTools('./lib/emulator/auth/state.js') as { AgentProjectState: new (projectId: string) => ProjectState }

  const state = new AgentProjectState(options.projectId)
  const file = options.accountsFile
  if (file) for (const user of readAccounts(file)) restore(state, user)

  const save = file ? accountWriter(file, options.projectId, state) : null
  // singleProjectMode 1 = WARNING: requests for another project id are served, with a log line.
  const app = await createApp(options.projectId, 1, new Map([[options.projectId, state]]))
  const server = createServer((req, res) => {
    // An account change is on disk before its answer leaves: a sign-up acknowledged survives a power cut.
    if (save && req.method !== 'GET') {
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
      res.end = ((...args: unknown[]) => {
        save.flush()
        return end(...args)
      }) as ServerResponse['end']
    }
    app(req, res)
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port

  const exit = () => {
    save?.flush()
    process.exit(0)
  }
  process.on('SIGTERM', exit)
  process.on('SIGINT', exit)
  process.on('disconnect', exit)
  if (process.send) process.send({ type: 'ready', port })
  else console.log(`Auth emulator ready on ${options.host}:${port}`)
}

type JwtSign = (payload: unknown, secret: string, options?: Record<string, unknown>, callback?: unknown) => string
interface JwtModule {
  sign: JwtSign
}

/**
 * The emulator mints every ID token through jsonwebtoken's `sign` with `algorithm: 'none'` (and reads the
 * function off the module at each call): ID tokens (they carry `user_id` and `firebase`) are signed instead.
 */
function signIdTokens(jwt: JwtModule, secret: string): void {
  const sign = jwt.sign
  jwt.sign = (payload, key, options, callback) => {
    const isIdToken = typeof payload === 'object' && payload !== null && 'user_id' in payload && 'firebase' in payload
    if (isIdToken && options?.algorithm === 'none') return sign(payload, secret, { ...options, algorithm: 'HS256' }, callback)
    return sign(payload, key, options, callback)
  }
}

function readAccounts(file: string): UserRecord[] {
  if (existsSync(file)) {
    const parsed = accountsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (!parsed.success) throw new Error(`${file} is not a Sightline accounts file: ${parsed.error.issues[0]?.message}`)
    return parsed.data.users
  }
  const legacy = join(dirname(file), 'auth_export', 'accounts.json')
  if (!existsSync(legacy)) return []
  return cliExportSchema.parse(JSON.parse(readFileSync(legacy, 'utf8'))).users ?? []
}

function restore(state: ProjectState, user: UserRecord): void {
  const { localId, ...props } = user
  if (typeof localId !== 'string' || localId === '') return
  // Overwrite keeps every field as given (the CLI's import goes through batchCreate, which stamps a new
  // `validSince` and so revokes every token issued before the restart).
  state.overwriteUserWithLocalId(localId, props)
}

/** One atomic write of the whole file, skipped when nothing changed since the last. */
function accountWriter(file: string, projectId: string, state: ProjectState): { flush(): void } {
  mkdirSync(dirname(file), { recursive: true })
  let written = existsSync(file) ? readFileSync(file, 'utf8') : ''
  const flush = () => {
    const text = JSON.stringify({ sightlineAuthAccounts: 1, projectId, users: [...state.users.values()] })
    if (text === written) return
    const tmp = `${file}.${process.pid}.tmp`
    const fd = openSync(tmp, 'w', 0o600)
    try {
      writeSync(fd, text)
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
    renameSync(tmp, file)
    written = text
  }
  return { flush }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
