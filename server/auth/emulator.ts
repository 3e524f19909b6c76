/**
 * Starts the Firebase Auth emulator (firebase-tools, UI off) as a child process and waits until it
 * answers ready. `npm start` keeps accounts across restarts in DATA_DIR/auth (import on start, export on
 * exit); tests start a throwaway one on a port of their own.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

export interface EmulatorOptions {
  projectId: string
  port: number
  host?: string
  /** Scratch folder for firebase-tools' config store and firebase.json. */
  workDir: string
  /** Keep accounts here across restarts (import on start, export on exit). */
  persistDir?: string | null
  timeoutMs?: number
  log?: (line: string) => void
}

export interface RunningEmulator {
  host: string
  process: ChildProcess
  stop(): Promise<void>
}

const firebaseBin = resolve(import.meta.dirname, '..', '..', 'node_modules', 'firebase-tools', 'lib', 'bin', 'firebase.js')

/** Whether an emulator already answers at `host` (e.g. one `npm start` is running). */
export async function emulatorReady(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1500) })
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } }
    return body.authEmulator?.ready === true
  } catch {
    return false
  }
}

export async function startAuthEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const host = `${options.host ?? '127.0.0.1'}:${options.port}`
  mkdirSync(options.workDir, { recursive: true })
  const config = join(options.workDir, 'firebase.json')
  writeFileSync(
    config,
    JSON.stringify({ emulators: { auth: { host: options.host ?? '127.0.0.1', port: options.port }, ui: { enabled: false }, hub: { port: options.port + 301 }, logging: { port: options.port + 302 }, singleProjectMode: true } }),
  )
  const args = [firebaseBin, 'emulators:start', '--only', 'auth', '--project', options.projectId, '--config', config]
  if (options.persistDir) {
    mkdirSync(options.persistDir, { recursive: true })
    if (existsSync(join(options.persistDir, 'firebase-export-metadata.json'))) args.push('--import', options.persistDir)
    args.push('--export-on-exit', options.persistDir)
  }
  const child = spawn(process.execPath, args, {
    cwd: options.workDir,
    env: { ...process.env, HOME: options.workDir, XDG_CONFIG_HOME: options.workDir, CI: 'true', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line.trim() === '') continue
      output.push(line)
      options.log?.(line)
    }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  const deadline = Date.now() + (options.timeoutMs ?? 90_000)
  while (!(await emulatorReady(host))) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (${child.exitCode}):\n${output.slice(-20).join('\n')}`)
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`The Auth emulator did not become ready on ${host}:\n${output.slice(-20).join('\n')}`)
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    host,
    process: child,
    stop: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done()
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
        child.once('exit', () => {
          clearTimeout(timer)
          done()
        })
        // SIGINT lets firebase-tools export the accounts before it exits.
        child.kill('SIGINT')
      }),
  }
}
