/**
 * `npm run bench:api`: authenticated session-data reads under load, against a bare Fastify route in the
 * same run. The real app on PGlite (a temp folder) — and on PostgreSQL too when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL names a server — with a seeded workspace of 50 documents and 150 frames,
 * a real user of the Auth emulator (started here unless FIREBASE_AUTH_EMULATOR_HOST names one whose token key is known),
 * autocannon with 50 connections on 127.0.0.1. Prints req/s, p99 latency and the ratios.
 * Target: p99 ≤ 50 ms.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import Fastify from 'fastify'
import { buildApp } from '../server/app'
import { ensureAuthEmulator } from '../server/platform/auth/emulator'
import { firebaseTokenVerifier } from '../server/platform/auth/tokens'
import { randomIds, systemClock } from '../server/platform/core/runtime'
import { type Database, openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { insertEvent, replaceFrames } from '../server/modules/session-data/queries'
import { insertResearch, insertSession } from '../server/modules/researches/queries'
import { scratchPostgres } from './scratch-postgres'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10)
const CONNECTIONS = 50

async function run(url: string, headers: Record<string, string> = {}) {
  // The load runs in a worker thread, so it does not share the event loop with the server it measures.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, workers: 1 })
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`)
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
  console.log(`bench:api — ${CONNECTIONS} connections, ${DURATION_S} s each, 127.0.0.1`)
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
        const data = await benchStore(db, idToken, localId, email)
        console.log(
          `session data on ${store.name.padEnd(10)} (50+150):  ${Math.round(data.rps).toLocaleString('en-US')} req/s   p50 ${data.p50} ms   p99 ${data.p99} ms   ratio ${(data.rps / base.rps).toFixed(3)}x   p99 ≤ 50 ms: ${data.p99 <= 50 ? 'met' : 'missed'}`,
        )
        console.log(
          `BENCH_RESULT ${JSON.stringify({ name: `api (${store.name})`, figures: { 'req/s': Math.round(data.rps), 'p99 ms': data.p99 }, ratio: { 'req/s vs bare Fastify': Number((data.rps / base.rps).toFixed(3)) }, target: 'p99 ≤ 50 ms', met: data.p99 <= 50 })}`,
        )
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
  await insertSession(db, tenant, { id: 'ses_bench', researchId: 'res_bench', title: 'W', ownerUserId: localId, now, expiresAt: now + 86_400_000 })
  for (let i = 0; i < 50; i++) {
    const id = `evt_${i}`
    await insertEvent(db, tenant, {
      id,
      researchId: 'res_bench',
      sessionId: 'ses_bench',
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
    const frames = [1, 2, 3].map((n) => ({
      id: `${id}-f${n}`,
      status: 'final',
      actionIndex: n,
      totalActions: 3,
      actionType: 'announce',
      body: { actionType: 'announce', actionDescription: 'An actor announced a measure.', actors: { entries: [{ text: 'European Commission', role: 'initiator' }] } },
    }))
    await replaceFrames(db, tenant, id, frames, { researchId: 'res_bench', sessionId: 'ses_bench', now: now + i })
  }
  const app = await buildApp({
    db,
    verifier: firebaseTokenVerifier('demo-sightline'),
    clock: systemClock,
    ids: randomIds,
    config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'production' },
    pipeline: { ingest: async () => Promise.reject(new Error('not in this bench')), reprocess: async () => {} },
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  try {
    const port = (app.server.address() as { port: number }).port
    return await run(`http://127.0.0.1:${port}/api/v1/researches/res_bench/sessions/ses_bench/data`, { authorization: `Bearer ${idToken}`, 'x-user-id': localId })
  } finally {
    await app.close()
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
