/**
 * The embedded default as a user's machine treats it (issue 15): `npm start`'s process (scripts/start.mjs)
 * started for real, killed with SIGKILL as a power cut would, started twice on one folder, stopped through
 * `npm` alone. Everything is reached as the page reaches it: the identity calls go to the server's own
 * origin (the emulator behind it), the API with the bearer token they return.
 *
 * The steps share one data folder and run in order.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { LOCK_FILE } from '../../server/platform/core/data-dir-lock'
import { freePort } from '../support/free-port'

const ROOT = join(import.meta.dirname, '..', '..')
const PASSWORD = 'correct-horse-7'
const started: Running[] = []
const folders: string[] = []

afterAll(async () => {
  for (const run of started) await kill(run, 'SIGKILL')
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

interface Running {
  child: ChildProcess
  url: string
  output(): string
  exited: Promise<number | null>
}

describe('npm start on a user machine', () => {
  const dataDir = folder()
  let first: Running
  let account: Account
  let researchId = ''
  let sessionId = ''

  test('SIGKILL of the whole process group right after a sign-up: the account signs in after the restart, its tokens still hold', async () => {
    first = await start(dataDir)
    expect(await emulatorProcesses(first)).toHaveLength(1)
    account = await signUp(first.url, `carol-${Date.now().toString(36)}@example.com`)
    await api(first.url, account.idToken, 'POST', '/users', { firebaseUid: account.uid, email: account.email, accountType: 'personal' })
    const research = z
      .object({ id: z.string(), sessions: z.array(z.object({ id: z.string() })) })
      .parse(await api(first.url, account.idToken, 'POST', '/researches', { title: 'Kept through a crash' }))
    researchId = research.id
    sessionId = research.sessions[0]?.id as string
    await kill(first, 'SIGKILL')
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(true) // a power cut leaves the lock; the next start takes it over

    const second = await start(dataDir)
    const signedIn = await identity(second.url, 'accounts:signInWithPassword', { email: account.email, password: PASSWORD, returnSecureToken: true })
    expect(signedIn.localId).toBe(account.uid)
    // The token from before the crash still verifies, and so does one refreshed from its refresh token.
    expect(await api(second.url, account.idToken, 'GET', `/researches/${researchId}`)).toMatchObject({ title: 'Kept through a crash' })
    const refreshed = await refresh(second.url, account.refreshToken)
    expect(await api(second.url, refreshed, 'GET', '/researches')).toMatchObject({ items: [{ id: researchId }] })
    first = second
  }, 180_000)

  test('killed mid-processing: the steps the dead run held are taken up at once, every document completes within a minute of the restart', async () => {
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const accepted = await api(first.url, account.idToken, 'POST', '/ingest', { text: longArticle(i) }, { 'x-session-id': sessionId })
      ids.push(z.object({ eventId: z.string() }).parse(accepted).eventId)
    }
    // The first document is being analysed (a long text takes seconds); the others wait their turn.
    await new Promise((r) => setTimeout(r, 1_500))
    await kill(first, 'SIGKILL')

    const restarted = await start(dataDir)
    expect(restarted.output()).toMatch(/Resuming \d+ processing steps? the previous run left unfinished/)
    await until(async () => {
      const docs = await documents(restarted, account.idToken, researchId, sessionId)
      return ids.every((id) => docs.find((d) => d.id === id)?.status === 'completed')
    }, 60_000)
    first = restarted
  }, 240_000)

  test('a second start on the same folder is refused, naming the process that holds it; the data stays intact', async () => {
    const second = await start(dataDir, { expectFailure: true })
    expect(await second.exited).toBe(1)
    expect(second.output()).toContain(`Another Sightline process (pid ${first.child.pid}`)
    expect(second.output()).toContain(`is using the data folder ${dataDir}`)
    expect(await emulatorProcesses(second)).toEqual([]) // the refused start left no emulator behind
    expect(await api(first.url, account.idToken, 'GET', `/researches/${researchId}`)).toMatchObject({ title: 'Kept through a crash' })
  }, 120_000)

  test('two instances on different folders at once: neither sees the other’s accounts, their emulators do not collide', async () => {
    const other = await start(folder())
    const theirs = await signUp(other.url, `dave-${Date.now().toString(36)}@example.com`)
    const refused = await identityStatus(first.url, 'accounts:signInWithPassword', { email: theirs.email, password: PASSWORD, returnSecureToken: true })
    expect(refused).toBe(400)
    const mine = await identityStatus(other.url, 'accounts:signInWithPassword', { email: account.email, password: PASSWORD, returnSecureToken: true })
    expect(mine).toBe(400)
    await kill(other, 'SIGTERM')
  }, 120_000)

  test('SIGTERM to npm alone, or to the emulator, stops the launcher, the server and the emulator, and frees the folder', async () => {
    await kill(first, 'SIGTERM')
    const viaNpm = await start(dataDir, { viaNpm: true })
    const emulators = await emulatorProcesses(viaNpm)
    expect(emulators).toHaveLength(1)
    process.kill(viaNpm.child.pid as number, 'SIGTERM') // npm itself, not its group
    await until(async () => !existsSync(join(dataDir, LOCK_FILE)) && !(await alive(emulators[0] as number)), 20_000)
    // And the data is all there for the next start.
    const again = await start(dataDir)
    expect(await api(again.url, account.idToken, 'GET', `/researches/${researchId}`)).toMatchObject({ title: 'Kept through a crash' })
    // A signal to the emulator, the group's other process, stops the server too: nobody could sign in.
    const [emulator] = await emulatorProcesses(again)
    process.kill(emulator as number, 'SIGTERM')
    expect(await again.exited).toBe(1)
    expect(again.output()).toContain('The Auth emulator stopped (exit code 0): stopping Sightline.')
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  }, 180_000)
})

test('with its emulator, npm start refuses to listen beyond loopback and says what to configure (issue 16)', async () => {
  const dataDir = folder()
  const refused = await start(dataDir, { expectFailure: true, env: { HOST: '0.0.0.0' } })
  expect(await refused.exited).toBe(1)
  expect(refused.output()).toContain('Refusing to listen on 0.0.0.0: the Firebase Auth emulator serves this machine only')
  expect(refused.output()).toContain('configure a real Firebase project: FIREBASE_PROJECT_ID (your project, not demo-*) and FIREBASE_API_KEY')
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false)
  expect(await emulatorProcesses(refused)).toEqual([])
}, 60_000)

// --- processes ---------------------------------------------------------------------------------------

async function start(dataDir: string, options: { viaNpm?: boolean; expectFailure?: boolean; env?: NodeJS.ProcessEnv } = {}): Promise<Running> {
  const port = await freePort()
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...options.env }
  // The test run's emulator: npm start brings its own.
  delete env.FIREBASE_AUTH_EMULATOR_HOST
  delete env.SIGHTLINE_EMULATOR_TOKEN_SECRET
  const child = options.viaNpm
    ? spawn('npm', ['start', '--silent'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const run: Running = { child, url: '', output: () => text, exited }
  started.push(run)
  if (options.expectFailure) {
    await exited
    return run
  }
  await until(async () => /Sightline is running at /.test(text) || child.exitCode !== null, 90_000)
  const match = /Sightline is running at (\S+)/.exec(text)
  if (!match) throw new Error(`npm start did not come up:\n${text}`)
  run.url = match[1] as string
  return run
}

async function kill(run: Running, signal: NodeJS.Signals): Promise<void> {
  if (run.child.exitCode !== null || run.child.signalCode !== null) return
  try {
    process.kill(-(run.child.pid as number), signal)
  } catch {
    return
  }
  await Promise.race([run.exited, new Promise((r) => setTimeout(r, 20_000))])
  // A SIGKILL'd group is gone at once; give the kernel a moment to reap it before the folder is reused.
  if (signal === 'SIGKILL') await until(async () => (await emulatorProcesses(run)).length === 0, 10_000)
}

/** The emulator processes in this run's process group. */
async function emulatorProcesses(run: Running): Promise<number[]> {
  const { execFileSync } = await import('node:child_process')
  const rows = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).split('\n')
  return rows
    .map((row) => row.trim().split(/\s+/))
    .filter((cols) => cols[1] === String(run.child.pid) && cols.slice(2).join(' ').includes('emulator-host'))
    .map((cols) => Number(cols[0]))
}

async function alive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-embedded-'))
  folders.push(dir)
  return dir
}

async function until(ok: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await ok().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

// --- as the page calls them --------------------------------------------------------------------------

interface Account {
  uid: string
  email: string
  idToken: string
  refreshToken: string
}

const tokensSchema = z.object({ localId: z.string(), idToken: z.string(), refreshToken: z.string() })

async function signUp(url: string, email: string): Promise<Account> {
  const body = tokensSchema.parse(await identity(url, 'accounts:signUp', { email, password: PASSWORD, returnSecureToken: true }))
  return { uid: body.localId, email, idToken: body.idToken, refreshToken: body.refreshToken }
}

async function identity(url: string, op: string, body: object): Promise<z.infer<typeof tokensSchema>> {
  const res = await fetch(`${url}identitytoolkit.googleapis.com/v1/${op}?key=demo-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${op} answered ${res.status}: ${await res.text()}`)
  return tokensSchema.parse(await res.json())
}

async function identityStatus(url: string, op: string, body: object): Promise<number> {
  const res = await fetch(`${url}identitytoolkit.googleapis.com/v1/${op}?key=demo-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  await res.arrayBuffer()
  return res.status
}

async function refresh(url: string, refreshToken: string): Promise<string> {
  const res = await fetch(`${url}securetoken.googleapis.com/v1/token?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
  })
  if (!res.ok) throw new Error(`refresh answered ${res.status}: ${await res.text()}`)
  return z.object({ id_token: z.string() }).parse(await res.json()).id_token
}

async function api(url: string, token: string, method: string, path: string, body?: object, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(`${url}api/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`)
  const parsed: unknown = JSON.parse(text)
  return parsed
}

async function documents(run: Running, token: string, researchId: string, sessionId: string): Promise<Array<{ id: string; status?: string }>> {
  const body = await api(run.url, token, 'GET', `/researches/${researchId}/sessions/${sessionId}/data`)
  return z.object({ events: z.array(z.object({ id: z.string(), status: z.string().optional() })) }).parse(body).events
}

/** A long article (about 120 KB): its analysis takes long enough that a kill lands while it runs. */
function longArticle(n: number): string {
  const paragraph = (i: number) =>
    `Update ${n}.${i}: The European Commission imposed provisional duties of up to 38% on electric vehicles from China on day ${i}. ` +
    `Beijing said it would retaliate against European pork and dairy exports. Trade ministers from France and Germany met in Brussels ` +
    `to discuss the measures, while carmakers warned of higher prices for consumers across the bloc.`
  return Array.from({ length: 400 }, (_, i) => paragraph(i)).join('\n\n')
}
