/**
 * `npm run bench:start`: how long `npm start` takes to the first usable page, after the first build.
 *
 * "Usable" is what a user needs to work: the page (GET /), its settings (GET /api/v1/config), an account
 * (sign-up, or sign-in on a restart, through the identity calls the page makes) and an authenticated API
 * answer (GET /api/v1/researches). Each is polled from the moment `npm start` is spawned.
 *
 * Two cases, RUNS times each: a first start on an empty DATA_DIR (database created, migrations run) and a
 * restart on that folder with its account. The baseline, measured in the same run, is a bare Fastify
 * server started the same way (node with tsx), timed to its first answer. Target (issue 15): ≤ 15 s.
 *
 * --runs N   starts per case (default 3)
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'
import { freePort } from '../tests/support/free-port'
import { stopGroup, until } from './processes'

const ROOT = join(import.meta.dirname, '..')
const TARGET_MS = 15_000
const runs = Number(optionValue('--runs') ?? 3)

async function main(): Promise<void> {
  console.log('bench:start — building the client first (a start after the first build is what is measured)')
  execFileSync(process.execPath, [join(ROOT, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, NODE_ENV: 'production' } })

  const bare: number[] = []
  const first: Timing[] = []
  const restart: Timing[] = []
  for (let i = 0; i < runs; i++) {
    bare.push(await bareStart())
    const dataDir = mkdtempSync(join(tmpdir(), 'sightline-bench-start-'))
    try {
      const email = `bench-${Date.now().toString(36)}@start.example`
      first.push(await timedStart(dataDir, { email, signUp: true }))
      restart.push(await timedStart(dataDir, { email, signUp: false }))
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }

  const baseline = median(bare)
  const report = (name: string, timings: Timing[]) => {
    const total = median(timings.map((t) => t.usable))
    const steps = (['page', 'config', 'account', 'api'] as const).map((k) => `${k} ${fmt(median(timings.map((t) => t[k])))}`).join(', ')
    console.log(`${name.padEnd(26)} ${fmt(total).padStart(8)}  (${(total / baseline).toFixed(2)}× bare)   runs ${timings.map((t) => fmt(t.usable)).join(' / ')}   median steps: ${steps}`)
    return total
  }
  console.log('')
  console.log(`${'bare Fastify server'.padEnd(26)} ${fmt(baseline).padStart(8)}  (baseline)     runs ${bare.map(fmt).join(' / ')}`)
  const firstMs = report('first start (empty data)', first)
  const restartMs = report('restart (same data)', restart)
  const met = Math.max(firstMs, restartMs) <= TARGET_MS
  console.log(`target: first usable page ≤ ${TARGET_MS / 1000} s after the first build: ${met ? 'met' : 'NOT MET'}`)
  console.log(
    `BENCH_RESULT ${JSON.stringify({
      name: 'start',
      figures: { 'first start ms': Math.round(firstMs), 'restart ms': Math.round(restartMs), 'bare server ms': Math.round(baseline) },
      ratio: { 'first start vs bare': round2(firstMs / baseline), 'restart vs bare': round2(restartMs / baseline) },
      target: `≤ ${TARGET_MS / 1000} s to the first usable page`,
      met,
    })}`,
  )
}

interface Timing {
  page: number
  config: number
  account: number
  api: number
  usable: number
}

async function timedStart(dataDir: string, user: { email: string; signUp: boolean }): Promise<Timing> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const t0 = performance.now()
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  try {
    await until(child, async () => (await fetch(`${base}/`)).ok).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : error}:\n${output}`)
    })
    const page = performance.now() - t0
    const settings = z.object({ firebase: z.object({ apiKey: z.string() }) }).parse(await (await fetch(`${base}/api/v1/config`)).json())
    const config = performance.now() - t0
    const op = user.signUp ? 'signUp' : 'signInWithPassword'
    const answer = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=${settings.firebase.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: 'bench-secret', returnSecureToken: true }),
    })
    const { idToken } = z.object({ idToken: z.string() }).parse(await answer.json())
    const account = performance.now() - t0
    const researches = await fetch(`${base}/api/v1/researches`, { headers: { authorization: `Bearer ${idToken}` } })
    if (researches.status !== 200) throw new Error(`GET /researches answered ${researches.status}`)
    const api = performance.now() - t0
    return { page, config, account, api, usable: api }
  } finally {
    await stopGroup(child)
  }
}

/** A bare Fastify server started as the product's server is (node with tsx), to its first answer. */
async function bareStart(): Promise<number> {
  const port = await freePort()
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-bare-'))
  const script = join(dir, 'bare.mts')
  writeFileSync(
    script,
    `import Fastify from '${join(ROOT, 'node_modules', 'fastify', 'fastify.js')}'\nconst app = Fastify()\napp.get('/', async () => 'ok')\nawait app.listen({ port: ${port}, host: '127.0.0.1' })\n`,
  )
  const t0 = performance.now()
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: 'ignore', detached: true })
  try {
    await until(child, async () => (await fetch(`http://127.0.0.1:${port}/`)).ok)
    return performance.now() - t0
  } finally {
    await stopGroup(child)
    rmSync(dir, { recursive: true, force: true })
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const round2 = (x: number) => Math.round(x * 100) / 100

function optionValue(name: string): string | undefined {
  const i = process.argv.indexOf(name)
  return i >= 0 ? process.argv[i + 1] : undefined
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
