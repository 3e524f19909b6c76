/**
 * Starts the Firebase Auth emulator (firebase-tools' Auth emulator, hosted by ./emulator-host.ts) as a
 * child process and resolves once it listens. `npm start` keeps accounts in DATA_DIR/auth/accounts.json,
 * written before each change is answered; tests start a throwaway one.
 *
 * The child is tied to this process by its IPC channel: when this process ends in any way (SIGKILL
 * included) the channel closes and the emulator exits, so no emulator outlives the server that started it.
 */
import { type ChildProcess, fork } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { z } from 'zod'

export interface EmulatorOptions {
  projectId: string
  /** 0 takes a free port. */
  port: number
  host?: string
  /** Keep accounts in this folder across restarts (accounts.json). */
  persistDir?: string | null
  timeoutMs?: number
  log?: (line: string) => void
}

export interface RunningEmulator {
  /** `host:port`, as FIREBASE_AUTH_EMULATOR_HOST wants it. */
  host: string
  /** The key its ID tokens are signed with (HS256): the server's verifier needs it. */
  tokenSecret: string
  process: ChildProcess
  stop(): Promise<void>
}

const hostScript = resolve(import.meta.dirname, 'emulator-host.ts')
const readySchema = z.object({ type: z.literal('ready'), port: z.number().int().positive() })

/** Whether an emulator already answers at `host` (e.g. one `npm start` is running). */
export async function emulatorReady(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) })
    const body = z.object({ authEmulator: z.object({ ready: z.boolean() }).optional() }).safeParse(await res.json())
    return body.success && body.data.authEmulator?.ready === true
  } catch {
    return false
  }
}

export async function startAuthEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const bindHost = options.host ?? '127.0.0.1'
  const tokenSecret = options.persistDir ? persistedSecret(options.persistDir) : randomBytes(32).toString('hex')
  const child = fork(hostScript, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: '',
      SIGHTLINE_EMULATOR_OPTIONS: JSON.stringify({
        projectId: options.projectId,
        host: bindHost,
        port: options.port,
        accountsFile: options.persistDir ? join(options.persistDir, 'accounts.json') : null,
        tokenSecret,
      }),
    },
  })
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue
      output.push(line)
      if (output.length > 50) output.shift()
      options.log?.(line)
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      fail(new Error(`The Auth emulator did not become ready within ${options.timeoutMs ?? 60_000} ms:\n${output.join('\n')}`))
    }, options.timeoutMs ?? 60_000)
    child.on('message', (message) => {
      const ready = readySchema.safeParse(message)
      if (!ready.success) return
      clearTimeout(timer)
      done(ready.data.port)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`The Auth emulator exited (${code}):\n${output.join('\n')}`))
    })
  })
  return {
    host: `${bindHost}:${port}`,
    tokenSecret,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        child.once('exit', () => {
          clearTimeout(timer)
          done()
        })
        // SIGTERM: the host writes its accounts one last time and exits.
        child.kill('SIGTERM')
      }),
  }
}

/** The token key kept beside the accounts (tokens issued before a restart must still verify after it). */
function persistedSecret(dir: string): string {
  const file = join(dir, 'token-secret')
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim()
    if (/^[0-9a-f]{64}$/.test(kept)) return kept
  }
  mkdirSync(dir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/**
 * For tests and benches: the emulator FIREBASE_AUTH_EMULATOR_HOST names, when it answers and its token key
 * is known (SIGHTLINE_EMULATOR_TOKEN_SECRET); else a new one on a free port. Either way both variables are
 * set for this process (firebase-admin and the verifier read them) and the processes it starts.
 */
export async function ensureAuthEmulator(projectId = 'demo-sightline'): Promise<{ host: string; stop(): Promise<void> }> {
  const named = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (named && process.env.SIGHTLINE_EMULATOR_TOKEN_SECRET && (await emulatorReady(named))) return { host: named, stop: async () => {} }
  const emulator = await startAuthEmulator({ projectId, port: 0 })
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
  process.env.SIGHTLINE_EMULATOR_TOKEN_SECRET = emulator.tokenSecret
  return { host: emulator.host, stop: () => emulator.stop() }
}
