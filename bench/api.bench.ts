/**
 * `npm run bench:api`: authenticated session-data reads under load, against a bare Fastify route in the
 * same run. The real app on PGlite (a temp folder) — and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server — with a seeded workspace of 50 documents and 150 frames,
 * a real user of the Auth emulator (started here unless FIREBASE_AUTH_EMULATOR_HOST names one whose token key is known),
 * autocannon with 50 connections on 127.0.0.1. Per store (issue 22, item 2):
 * - cold: the response cache off (every read is the query and its body), what every read cost before;
 * - warm: the response cache on (PGlite: a hit asks the database nothing; PostgreSQL: one row vouches for it);
 * - 304: the client sends the ETag it has;
 * - warm while writing: the same, while a writer in a team's pipeline lane rewrites another workspace's
 *   documents and frames and appends their live messages, transaction after transaction (what a burst of
 *   documents does to the store: the analysis itself runs outside the store and is left out);
 * - cold while writing: the read whose workspace is being written (every change drops its cached body).
 * Prints req/s, p50 and p99 latency and the ratio to the bare route. Target: p99 ≤ 50 ms on PostgreSQL,
 * ≤ 100 ms on PGlite.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { ensureAuthEmulator } from '../server/platform/auth/emulator'
import { firebaseTokenVerifier } from '../server/platform/auth/tokens'
import { randomIds, systemClock } from '../server/platform/core/runtime'
import { type Database, openDatabase } from '../server/platform/db/database'
import { inLane } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { appendLiveMessages, notifyLiveOnCommit } from '../server/modules/live'
import { createResponseCache } from '../server/modules/session-data/cache'
import { insertEvent, replaceFrames, updateEvent } from '../server/modules/session-data/queries'
import { insertResearch, insertSession } from '../server/modules/researches/queries'
import { scratchPostgres } from './scratch-postgres'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50
/** The label of the writer's own figure among a store's results. */
const WRITER = 'writer'

async function run(url: string, headers: Record<string, string> = {}, status = 200) {
  // The load runs in a worker thread, so it does not share the event loop with the server it measures.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 })
  const wrong = status === 200 ? result.non2xx : result.requests.sent - result['3xx']
  if (wrong > CONNECTIONS || result.errors > 0) throw new Error(`${url}: ${wrong} answers other than ${status}, ${result.errors} errors`)
  return { rps: result.requests.average, p99: result.latency.p99, p50: result.latency.p50 }
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sightline-bench-api-'))
  const emulator = await ensureAuthEmulator()
  const host = emulator.host

  const email = `bench-${Date.now()}@bench.acme.io`
  const signUp = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret123', returnSecureToken: true }),
  })
  const { idToken, localId } = (await signUp.json()) as { idToken: string; localId: string }

  const bare = Fastify()
  bare.get('/hello', async () => ({ hello: 'world' }))
  await bare.listen({ port: 0, host: '127.0.0.1' })
  const port = (s: { server: { address(): unknown } }) => (s.server.address() as { port: number }).port
  const base = await run(`http://127.0.0.1:${port(bare)}/hello`)
  console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION_S} s each, 127.0.0.1, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`)
  console.log(`bare Fastify route (baseline):          ${Math.round(base.rps).toLocaleString('en-US')} req/s   p50 ${base.p50} ms   p99 ${base.p99} ms`)

  const stores: Array<{ name: string; open: () => Promise<{ db: Database; drop(): Promise<void> }> }> = [
    { name: 'PGlite', open: async () => ({ db: await openDatabase({ dataDir: join(work, 'db') }), drop: async () => {} }) },
  ]
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
  if (pgUrl) stores.push({ name: 'PostgreSQL', open: () => scratchPostgres(pgUrl) })
  try {
    for (const store of stores) {
      const { db, drop } = await store.open()
      try {
        const target = store.name === 'PGlite' ? 100 : 50
        for (const [label, data] of await benchStore(db, idToken, localId, email)) {
          if (label === WRITER) {
            console.log(`${store.name.padEnd(10)} ${'  (the writer meanwhile)'.padEnd(28)} ${Math.round(data.rps).toLocaleString('en-US').padStart(7)} transactions/s`)
            continue
          }
          const met = data.p99 <= target
          console.log(
            `${store.name.padEnd(10)} ${label.padEnd(28)} ${Math.round(data.rps).toLocaleString('en-US').padStart(7)} req/s   p50 ${data.p50} ms   p99 ${data.p99} ms   ratio ${(data.rps / base.rps).toFixed(3)}x   p99 ≤ ${target} ms: ${met ? 'met' : 'missed'}`,
          )
          console.log(
            `BENCH_RESULT ${JSON.stringify({ name: `api ${label} (${store.name})`, figures: { 'req/s': Math.round(data.rps), 'p50 ms': data.p50, 'p99 ms': data.p99 }, ratio: { 'req/s vs bare Fastify': Number((data.rps / base.rps).toFixed(3)) }, target: `p99 ≤ ${target} ms`, met })}`,
          )
        }
      } finally {
        await db.close()
        await drop()
      }
    }
  } finally {
    await bare.close()
    await emulator?.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

async function benchStore(db: Database, idToken: string, localId: string, email: string) {
  await migrate(db)
  // The user has no record: the server gives it a personal tenant, its own address (issue 16).
  const tenant = email
  const now = Date.now()
  await insertResearch(db, tenant, { id: 'res_bench', title: 'Bench', description: null, tags: [], ownerUserId: localId, now })
  for (const session of ['ses_bench', 'ses_busy']) {
    await insertSession(db, tenant, { id: session, researchId: 'res_bench', title: 'W', ownerUserId: localId, now, expiresAt: now + 86_400_000 })
    await seedWorkspace(db, tenant, session, now)
  }
  const open = async (cached: boolean) => {
    const app = await buildApp({
      db,
      verifier: firebaseTokenVerifier('demo-sightline'),
      clock: systemClock,
      ids: randomIds,
      config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'production' },
      pipeline: { ingest: async () => Promise.reject(new Error('not in this bench')), reprocess: async () => {} },
      // Off: no body fits in it, so every read is the query.
      responseCache: createResponseCache(cached ? {} : { maxBytes: 0 }),
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    return { app, url: (session: string) => `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/researches/res_bench/sessions/${session}/data` }
  }
  const headers = { authorization: `Bearer ${idToken}`, 'x-user-id': localId }
  const results: Array<[string, Awaited<ReturnType<typeof run>>]> = []
  const cold = await open(false)
  try {
    results.push(['session data, cold (no cache)', await run(cold.url('ses_bench'), headers)])
  } finally {
    await settle(cold.app)
  }
  const warm = await open(true)
  try {
    results.push(['session data, warm (cache)', await run(warm.url('ses_bench'), headers)])
    const etag = (await fetch(warm.url('ses_bench'), { headers })).headers.get('etag') ?? ''
    results.push(['session data, 304', await run(warm.url('ses_bench'), { ...headers, 'if-none-match': etag }, 304)])
    const writer = startWriter(db, tenant, 'ses_busy')
    try {
      results.push(['warm while writing', await run(warm.url('ses_bench'), headers)])
      results.push(['written workspace (misses)', await run(warm.url('ses_busy'), headers)])
    } finally {
      results.push([WRITER, { rps: await writer.stop(), p50: 0, p99: 0 }])
    }
  } finally {
    await settle(warm.app)
  }
  return results
}

/** 50 documents with three frames each, and a live message. */
async function seedWorkspace(db: Database, tenant: string, session: string, now: number) {
  for (let i = 0; i < 50; i++) {
    const id = `${session}_evt_${i}`
    await insertEvent(db, tenant, {
      id,
      researchId: 'res_bench',
      sessionId: session,
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: `Doc ${i}`,
      status: 'completed',
      payload: { aiTitle: `Doc ${i}`, aiSummary: 'A summary of the document.'.repeat(4) },
      contentHash: null,
      uploadedAt: null,
      now: now + i,
    })
    await replaceFrames(db, tenant, id, framesOf(id), { researchId: 'res_bench', sessionId: session, now: now + i })
  }
}

function framesOf(id: string) {
  return [1, 2, 3].map((n) => ({
    id: `${id}-f${n}`,
    status: 'final',
    actionIndex: n,
    totalActions: 3,
    actionType: 'announce',
    body: { actionType: 'announce', actionDescription: 'An actor announced a measure.', actors: { entries: [{ text: 'European Commission', role: 'initiator' }] } },
  }))
}

/**
 * What the pipeline does to the store while documents complete: in the team's lane, one transaction per
 * document that updates it, writes its frames again and appends its live messages, back to back.
 */
function startWriter(db: Database, tenant: string, session: string): { stop(): Promise<number> } {
  let running = true
  let done = 0
  const started = performance.now()
  const loop = inLane(`team:${tenant}`, async () => {
    for (let n = 0; running; n++) {
      const id = `${session}_evt_${n % 50}`
      await db.transaction(async (tx) => {
        await updateEvent(tx, tenant, id, { status: 'completed', payload: { pass: n }, now: Date.now() })
        await replaceFrames(tx, tenant, id, framesOf(id), { researchId: 'res_bench', sessionId: session, now: Date.now() })
        const at = Date.now()
        const appended = await appendLiveMessages(tx, tenant, session, [
          { type: 'document-ready', data: { eventId: id, payload: {}, analytics: {} }, at },
          { type: 'processing-complete', data: { eventId: id, actionCount: 3 }, at },
        ])
        await notifyLiveOnCommit(tx, { tenantId: tenant, sessionId: session, id: String(appended.at(-1)?.id) })
      })
      done++
    }
  })
  return {
    async stop() {
      running = false
      await loop
      return done / ((performance.now() - started) / 1000)
    },
  }
}

/** Closes the app once the requests autocannon left in flight are answered. */
async function settle(app: { close(): Promise<unknown> }) {
  await new Promise((resolve) => setTimeout(resolve, 500))
  await app.close()
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
