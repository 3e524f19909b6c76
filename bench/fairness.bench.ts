/**
 * `npm run bench:fairness` (issue 17): whether one large document or one busy tenant holds everyone else
 * up. The real product (`npm start` on a new DATA_DIR: PGlite, the embedded emulator, the pipeline and its
 * worker pool) in a process of its own, measured from this one over HTTP, as users reach it.
 *
 * (a) Responsiveness: `GET /api/v1/health` every 100 ms and a workspace's session data every 250 ms, for
 *     60 s with the pipeline idle (the baseline: 600 probes, so its p99 is not the second-worst of 150, which
 *     moved from 7 to 12 ms between runs), then while a 5 MB pasted text and a 20 MB PDF are
 *     processed, until both have ended on their workspace's live channel. p50/p95/p99 and the worst answer of each, and p99 against idle.
 * (b) Fairness: one tenant's single article (a news story of about 4 KB, the size of a wire report), time
 *     from the ingest call to its processing-complete on the workspace's live channel (as the analyst's
 *     card sees it), with nothing else queued (median of 5, the baseline), then while another tenant
 *     floods the API with short texts (8 at a time, from before the article to after it completes;
 *     median of 5). The flooder's accepted and refused (429) counts.
 *
 * BENCH_PARTS=a,b,c (default all) runs some of the three.
 * (c) A 2 MB pasted text, alone: time to completed.
 *
 * Targets: health p99 ≤ 100 ms and ≤ 2× idle during (a); the victim within 2× its unloaded time in (b);
 * the 2 MB text under 30 s. Settings come from the environment as for `npm start` (ANALYSIS_WORKERS …).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Worker } from 'node:worker_threads'
import { join } from 'node:path'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { freePort } from '../tests/support/free-port'
import { stopGroup, until } from './processes'

const ROOT = join(import.meta.dirname, '..')
const IDLE_MS = 60_000
const SETTLE_TIMEOUT_MS = 600_000

/** The victim's article: a wire story of about 4 KB. */
const STORY_PARAGRAPHS = 22

const PARTS = new Set((process.env.BENCH_PARTS ?? 'a,b,c').split(',').map((p) => p.trim()))

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-bench-fairness-'))
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let output = ''
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()))
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
  try {
    await until(child, async () => (await fetch(`${base}/api/v1/health`)).ok, 300_000).catch((e: unknown) => {
      throw new Error(`${e instanceof Error ? e.message : e}\n${output}`)
    })
    const run = Date.now().toString(36)
    const victim = await user(base, `victim-${run}@fairness.example`)
    const flooder = await user(base, `flooder-${run}@fairness.example`)
    const watched = await workspace(base, victim, 'Watched')
    const large = await workspace(base, victim, 'Large documents')
    const articles = await workspace(base, victim, 'Articles')
    const flood = await workspace(base, flooder, 'Flood')
    // Something to read: the watched workspace holds a few analysed articles.
    for (const text of ARTICLES) await settle(base, victim, watched, await ingest(base, victim, watched, text))
    console.log('bench:fairness — product up, two tenants, workspace ready\n')

    const figures: Record<string, number> = {}
    const ratio: Record<string, number> = {}
    const met: boolean[] = []

    if (PARTS.has('a')) {
      // (a) responsiveness, idle then under large documents
      const idle = await probe(base, victim, watched, () => sleep(IDLE_MS))
      const text5 = bigText(5 * 1024 * 1024)
      const pdf = await bigPdf(20 * 1024 * 1024)
      console.log(`  a 5 MB text (${mb(Buffer.byteLength(text5))}) and a 20 MB PDF (${mb(pdf.byteLength)}) go in`)
      const outcomes: string[] = []
      // Their ends are watched on the workspace's live channel, as the analyst's cards see them.
      const largeLive = await watch(base, victim, large)
      const loaded = await probe(base, victim, watched, async () => {
        const t0 = performance.now()
        const [textId, pdfId] = await Promise.all([ingest(base, victim, large, text5), upload(base, victim, large, 'large.pdf', pdf)])
        await Promise.all(
          [
            ['5 MB text', textId],
            ['20 MB PDF', pdfId],
          ].map(async ([name, id]) => {
            const end = await largeLive.ended(id!)
            outcomes.push(`${name}: ${end.error === null ? 'completed' : `error (${end.error})`} after ${fmt(end.at - t0)}`)
          }),
        )
      })
      largeLive.close()
      const health = { idle: stats(idle.health), loaded: stats(loaded.health) }
      const data = { idle: stats(idle.data), loaded: stats(loaded.data) }
      console.log('\n(a) answers while idle and while the large documents are processed')
      for (const [name, st] of [
        ['health, idle', health.idle],
        ['health, large documents', health.loaded],
        ['session data, idle', data.idle],
        ['session data, large documents', data.loaded],
      ] as const) {
        console.log(`  ${name.padEnd(32)} n ${String(st.n).padStart(5)}  p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  p99 ${ms(st.p99)}  worst ${ms(st.max)}`)
      }
      console.log(`  health p99 ${(health.loaded.p99 / health.idle.p99).toFixed(2)}× idle; session data p99 ${(data.loaded.p99 / data.idle.p99).toFixed(2)}× idle`)
      const here = { idle: stats(idle.healthHere), loaded: stats(loaded.healthHere) }
      console.log(
        `  (health probed from the bench's own busy thread, as before: idle p99 ${ms(here.idle.p99)}, large documents p99 ${ms(here.loaded.p99)}, ${(here.loaded.p99 / here.idle.p99).toFixed(2)}×)`,
      )
      for (const o of outcomes) console.log(`  ${o}`)
      Object.assign(figures, {
        'health p99 idle ms': round(health.idle.p99),
        'health p99 loaded ms': round(health.loaded.p99),
        'session data p99 idle ms': round(data.idle.p99),
        'session data p99 loaded ms': round(data.loaded.p99),
      })
      ratio['health p99 loaded vs idle'] = round(health.loaded.p99 / health.idle.p99)
      const healthMet = health.loaded.p99 <= 100 && health.loaded.p99 <= 2 * Math.max(health.idle.p99, 1)
      console.log(`  target: health p99 ≤ 100 ms and ≤ 2× idle: ${healthMet ? 'met' : 'NOT MET'}`)
      met.push(healthMet)
    }

    if (PARTS.has('c')) {
      // (c) the 2 MB text of the issue, alone
      const t2 = performance.now()
      const two = await settle(base, victim, large, await ingest(base, victim, large, bigText(2 * 1024 * 1024)))
      const twoMs = performance.now() - t2
      const twoMet = two.status === 'completed' && twoMs < 30_000
      console.log(`\n(c) a 2 MB text: ${two.status} after ${fmt(twoMs)}; target < 30 s: ${twoMet ? 'met' : 'NOT MET'}`)
      figures['2 MB text ms'] = round(twoMs)
      met.push(twoMet)
    }

    if (PARTS.has('b')) {
      // (b) a victim's article, alone and while another tenant floods
      const live = await watch(base, victim, articles)
      const alone: number[] = []
      for (let i = 0; i < 5; i++) alone.push(await timeToComplete(base, victim, articles, live, `${STORY}\n\nAlone, run ${i + 1}.`))
      const counts = { accepted: 0, refused: 0, failed: 0 }
      let flooding = true
      const flooders = Array.from({ length: 8 }, async (_, k) => {
        for (let i = 0; flooding; i++) {
          const res = await post(base, flooder, '/ingest', { sessionId: flood.sessionId, text: `${ARTICLES[(i + k) % ARTICLES.length]}\n\nFlood ${k}-${i}.` })
          if (res.status === 202) counts.accepted++
          else if (res.status === 429) {
            counts.refused++
            await sleep(Math.min(5_000, Number(res.headers.get('retry-after') ?? 1) * 1000))
          } else counts.failed++
        }
      })
      while (counts.accepted < 100 && counts.refused === 0) await sleep(100)
      const flooded: number[] = []
      for (let i = 0; i < 5; i++) {
        flooded.push(await timeToComplete(base, victim, articles, live, `${STORY}\n\nDuring the flood, run ${i + 1}.`))
        await sleep(1_000)
      }
      flooding = false
      await Promise.all(flooders)
      live.close()
      const aloneMs = median(alone)
      const floodedMs = median(flooded)
      const victimMet = floodedMs <= 2 * aloneMs
      console.log(
        `\n(b) a victim's article (${(Buffer.byteLength(STORY) / 1024).toFixed(1)} KB): alone ${fmt(aloneMs)} (runs ${alone.map(fmt).join(' / ')}); during another tenant's flood ${fmt(floodedMs)} (runs ${flooded.map(fmt).join(' / ')}; ${(floodedMs / aloneMs).toFixed(2)}× alone)`,
      )
      console.log(`  the flooder: ${counts.accepted} accepted, ${counts.refused} refused with 429, ${counts.failed} other answers`)
      console.log(`  target: victim ≤ 2× alone: ${victimMet ? 'met' : 'NOT MET'}`)
      Object.assign(figures, { 'victim alone ms': round(aloneMs), 'victim flooded ms': round(floodedMs) })
      ratio['victim flooded vs alone'] = round(floodedMs / aloneMs)
      met.push(victimMet)
    }

    console.log(`BENCH_RESULT ${JSON.stringify({ name: 'fairness', figures, ratio, met: met.every(Boolean) })}`)
  } finally {
    await stopGroup(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

interface User {
  token: string
}
interface Workspace {
  researchId: string
  sessionId: string
}

async function user(base: string, email: string): Promise<User> {
  const settings = z.object({ firebase: z.object({ apiKey: z.string() }) }).parse(await (await fetch(`${base}/api/v1/config`)).json())
  const answer = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${settings.firebase.apiKey}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-secret', returnSecureToken: true }),
  })
  const { idToken, localId } = z.object({ idToken: z.string(), localId: z.string() }).parse(await answer.json())
  const u = { token: idToken }
  const created = await post(base, u, '/users', { firebaseUid: localId, email, accountType: 'personal' })
  if (created.status >= 300) throw new Error(`POST /users answered ${created.status}: ${await created.text()}`)
  return u
}

async function workspace(base: string, u: User, title: string): Promise<Workspace> {
  const res = await post(base, u, '/researches', { title })
  const body = z.object({ id: z.string(), sessions: z.array(z.object({ id: z.string() })) }).parse(await res.json())
  return { researchId: body.id, sessionId: body.sessions[0]!.id }
}

function post(base: string, u: User, path: string, body: unknown): Promise<Response> {
  return fetch(`${base}/api/v1${path}`, { method: 'POST', headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })
}

async function ingest(base: string, u: User, w: Workspace, text: string): Promise<string> {
  const res = await post(base, u, '/ingest', { sessionId: w.sessionId, text })
  if (res.status !== 202) throw new Error(`POST /ingest answered ${res.status}: ${await res.text()}`)
  return z.object({ eventId: z.string() }).parse(await res.json()).eventId
}

async function upload(base: string, u: User, w: Workspace, fileName: string, bytes: Uint8Array): Promise<string> {
  const res = await post(base, u, '/upload', { sessionId: w.sessionId, fileName, contentBase64: Buffer.from(bytes).toString('base64') })
  if (res.status !== 202) throw new Error(`POST /upload answered ${res.status}: ${await res.text()}`)
  return z.object({ eventId: z.string() }).parse(await res.json()).eventId
}

/** Waits until the document is completed or in error; its last state. */
async function settle(base: string, u: User, w: Workspace, eventId: string): Promise<{ status: string; error: string | null }> {
  const deadline = performance.now() + SETTLE_TIMEOUT_MS
  for (;;) {
    const res = await fetch(`${base}/api/v1/researches/${w.researchId}/documents`, { headers: { authorization: `Bearer ${u.token}` } })
    const items = z.object({ items: z.array(z.object({ id: z.string(), status: z.string(), error: z.string().nullish() })) }).parse(await res.json()).items
    const e = items.find((i) => i.id === eventId)
    if (e && (e.status === 'completed' || e.status === 'error')) return { status: e.status, error: e.error ?? null }
    if (performance.now() > deadline) throw new Error(`${eventId} did not settle in ${SETTLE_TIMEOUT_MS / 1000} s`)
    await sleep(200)
  }
}

/** A workspace's live channel (the raw protocol: auth, resume from the start): when each document ended. */
interface Watch {
  ended(eventId: string): Promise<{ at: number; error: string | null }>
  close(): void
}

async function watch(base: string, u: User, w: Workspace): Promise<Watch> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/${w.sessionId}`)
  const ends = new Map<string, { at: number; error: string | null }>()
  const waiting = new Map<string, (end: { at: number; error: string | null }) => void>()
  const message = z.object({ type: z.string(), data: z.object({ eventId: z.string().optional(), error: z.string().nullish() }).passthrough().optional() }).passthrough()
  socket.on('message', (raw) => {
    const m = message.safeParse(JSON.parse(String(raw)))
    const eventId = m.success ? m.data.data?.eventId : undefined
    if (!eventId || (m.data!.type !== 'processing-complete' && m.data!.type !== 'processing-error')) return
    const end = { at: performance.now(), error: m.data!.type === 'processing-error' ? (m.data!.data?.error ?? 'failed') : null }
    if (!ends.has(eventId)) ends.set(eventId, end)
    waiting.get(eventId)?.(end)
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  socket.send(JSON.stringify({ type: 'auth', token: u.token }))
  socket.send(JSON.stringify({ type: 'resume', after: null }))
  return {
    ended: (eventId) => {
      const known = ends.get(eventId)
      if (known) return Promise.resolve(known)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${eventId} did not end in ${SETTLE_TIMEOUT_MS / 1000} s`)), SETTLE_TIMEOUT_MS)
        waiting.set(eventId, (end) => (clearTimeout(timer), waiting.delete(eventId), resolve(end)))
      })
    },
    close: () => socket.close(),
  }
}

async function timeToComplete(base: string, u: User, w: Workspace, live: Watch, text: string): Promise<number> {
  const t0 = performance.now()
  const end = await live.ended(await ingest(base, u, w, text))
  if (end.error !== null) throw new Error(`the victim's article ended in error: ${end.error}`)
  return end.at - t0
}

/**
 * Health every 100 ms and session data every 250 ms, one request at a time each, while `during` runs. The
 * probes run on a thread of their own: this process's own work during the run (encoding the 20 MB PDF as
 * base64, sending 27 MB bodies, reading the live channel) must not count as the server's latency.
 */
async function probe(base: string, u: User, w: Workspace, during: () => Promise<unknown>): Promise<{ health: number[]; data: number[]; healthHere: number[] }> {
  // The same health probe on this thread too, as this bench measured before the probe thread (printed beside
  // it, so a run shows how much of a tail was this process's own).
  const healthHere: number[] = []
  let on = true
  const here = (async () => {
    while (on) {
      const t0 = performance.now()
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(10_000) })
      await res.arrayBuffer()
      healthHere.push(performance.now() - t0)
      await sleep(Math.max(0, 100 - (performance.now() - t0)))
    }
  })()
  const worker = new Worker(PROBE_SOURCE, {
    eval: true,
    workerData: { health: `${base}/api/v1/health`, data: `${base}/api/v1/researches/${w.researchId}/sessions/${w.sessionId}/data`, token: u.token },
  })
  const done = new Promise<{ health: number[]; data: number[]; error?: string }>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await new Promise((resolve) => setTimeout(resolve, 50))
  try {
    await during()
  } finally {
    worker.postMessage('stop')
    on = false
  }
  const result = await done
  await Promise.all([worker.terminate(), here])
  if (result.error) throw new Error(result.error)
  return { health: result.health, data: result.data, healthHere }
}

const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { setTimeout: sleep } = require('node:timers/promises')
let on = true
parentPort.once('message', () => (on = false))
const loop = async (every, into, request) => {
  while (on) {
    const t0 = performance.now()
    const res = await request().catch(() => null)
    const took = performance.now() - t0
    if (!res || !res.ok) throw new Error('a probe failed: ' + (res ? res.status : 'no answer'))
    await res.arrayBuffer()
    into.push(took)
    await sleep(Math.max(0, every - took))
  }
}
const health = []
const data = []
const headers = { authorization: 'Bearer ' + workerData.token, 'x-events-page-size': '50' }
Promise.all([
  loop(100, health, () => fetch(workerData.health, { signal: AbortSignal.timeout(10000) })),
  loop(250, data, () => fetch(workerData.data, { headers })),
]).then(
  () => parentPort.postMessage({ health, data }),
  (e) => parentPort.postMessage({ health, data, error: String(e && e.message || e) }),
)
`

/** News-like paragraphs, repeated and numbered to the given size in bytes. */
function bigText(bytes: number): string {
  const parts: string[] = []
  let size = 0
  for (let i = 0; size < bytes; i++) {
    const p = `${ARTICLES[i % ARTICLES.length]} (Update ${i + 1}.)`
    parts.push(p)
    size += Buffer.byteLength(p) + 2
  }
  return parts.join('\n\n')
}

/** A PDF of text pages of about the given size. */
async function bigPdf(bytes: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const lines = ARTICLES.join(' ').match(/.{1,90}(\s|$)/g) ?? []
  for (let n = 0; ; n++) {
    const page = pdf.addPage([595, 842])
    for (let i = 0; i < 44; i++) page.drawText(lines[(n * 44 + i) % lines.length]!.trim(), { x: 40, y: 800 - i * 17, size: 10, font })
    // Saving is slow: look at the size every 200 pages.
    if (n % 200 === 199 && (await pdf.save({ useObjectStreams: false })).byteLength >= bytes) break
  }
  return pdf.save({ useObjectStreams: false })
}

const ARTICLES: string[] = [
  'The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend the interests of its companies.',
  'Germany warned that a trade war would hurt its carmakers, and Volkswagen and BMW urged Brussels to negotiate with Beijing before the duties become final in November.',
  'China opened an anti-dumping investigation into pork imports from the European Union. Spanish farmers said the move would cost them hundreds of millions of euros a year.',
  'The Federal Reserve held interest rates steady on Wednesday and signalled it would cut them once inflation moved closer to its 2% target, Chair Jerome Powell told reporters in Washington.',
  'Ukraine said its drones struck an oil refinery in southern Russia overnight. Russia said its air defences shot down 28 drones over the Krasnodar region.',
]
const STORY = Array.from({ length: STORY_PARAGRAPHS }, (_, i) => ARTICLES[i % ARTICLES.length]).join('\n\n')

function stats(values: number[]): { n: number; p50: number; p95: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 }
}

function median(values: number[]): number {
  return stats(values).p50
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmt = (x: number) => `${(x / 1000).toFixed(x < 10_000 ? 2 : 1)} s`
const ms = (x: number) => `${x.toFixed(0).padStart(5)} ms`
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`
const round = (x: number) => Math.round(x * 100) / 100

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
