/**
 * `npm run bench:load [-- --tenants N] [--texts N] [--clients N]` (defaults 20, 25, 100): issue 9
 * "Reliability 4 — Load". The product's server in this process — PGlite in a temp folder, or the PostgreSQL
 * database at DATABASE_URL; the real pipeline and its workers with the local analyser; the live hub and the
 * API listening on 127.0.0.1 — and real Auth emulator users (one per tenant, started on a free port unless
 * FIREBASE_AUTH_EMULATOR_HOST names one). Every tenant creates a research; N real client cores watch the
 * tenants' workspaces over websockets; then every tenant posts its texts to `POST /ingest` at once
 * (tests/server/live/load-scenario.ts, which tests/server/live/load.test.ts runs small).
 *
 * Checked (exit 1 on any failure, each printed): every document completed; every client received every
 * message of its session exactly once and ends with the read model a replay of the session's exported log
 * gives; no client rejected any input.
 *
 * Printed: live latency (message appended to the live log → received by a client's socket) p50/p95/p99/max
 * over every (client, message) pair, messages delivered per second, documents per minute, and the same
 * latency in an unloaded run measured first on the same server (one tenant, one client, the same number of
 * texts), with the ratio of the two p95s. No latency target: the issue asks for the figure.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureAuthEmulator } from '../server/platform/auth/emulator'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { type LoadReport, loadUsers, percentile, runLoad, startLoadStack } from '../tests/server/live/load-scenario'

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  const n = i >= 0 ? Number(args[i + 1]) : fallback
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}
const TENANTS = option('tenants', 20)
const TEXTS = option('texts', 25)
const CLIENTS = option('clients', 100)

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sightline-bench-load-'))
  // firebase-admin (the server's verifier) and the scenario's sign-ups read it from the environment.
  const emulator = await ensureAuthEmulator()

  // Signed up first: a busy start-up would let the emulator drop fetch's idle keep-alive connection under it.
  const users = await loadUsers('bench-load', TENANTS)
  const databaseUrl = process.env.DATABASE_URL
  const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: join(work, 'db') })
  await migrate(db)
  const stack = await startLoadStack(db)
  try {
    const solo = users.slice(0, 1)
    // Warm-up (first jobs, code paths), then the unloaded run, then the load.
    const warmUp = await runLoad(stack, solo, { texts: 3, clients: 1 })
    const unloaded = await runLoad(stack, solo, { texts: TEXTS, clients: 1 })
    const load = await runLoad(stack, users, { texts: TEXTS, clients: CLIENTS })

    console.log(
      `bench:load — ${TENANTS} tenants × ${TEXTS} texts ingested at once, ${CLIENTS} websocket clients, ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'PGlite in a temp folder'}, one process`,
    )
    report('unloaded (1 tenant, 1 client)', unloaded)
    report(`load (${TENANTS} tenants, ${CLIENTS} clients)`, load)
    const ratio = percentile(load.latenciesMs, 95) / percentile(unloaded.latenciesMs, 95)
    console.log(`ratio p95 live latency load/unloaded: ${ratio.toFixed(2)}x`)

    const failures = [warmUp, unloaded, load].flatMap((r) => r.failures)
    for (const f of failures) console.log(`FAILED: ${f}`)
    console.log(failures.length === 0 ? 'checks: nothing lost, no duplicate, every read model equals its log, every document completed — passed' : `checks: ${failures.length} failed`)
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'bench:load',
        figures: {
          'p50 live latency ms': round(percentile(load.latenciesMs, 50)),
          'p95 live latency ms': round(percentile(load.latenciesMs, 95)),
          'p99 live latency ms': round(percentile(load.latenciesMs, 99)),
          'max live latency ms': round(percentile(load.latenciesMs, 100)),
          'messages/s delivered': round(load.deliveries / (load.deliveryMs / 1000)),
          'documents/minute': round(load.documents / (load.processingMs / 60_000)),
          'unloaded p95 ms': round(percentile(unloaded.latenciesMs, 95)),
        },
        ratio: { 'p95 live latency load vs unloaded': Number(ratio.toFixed(2)) },
        target: 'nothing lost; p95 printed (no latency target)',
        met: failures.length === 0,
      })}`,
    )
    if (failures.length > 0) process.exitCode = 1
  } finally {
    await stack.close()
    await db.close()
    await emulator?.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

function report(label: string, r: LoadReport): void {
  const l = r.latenciesMs
  console.log(`${label}:`)
  console.log(
    `  documents: ${r.completed} of ${r.documents} completed, ${r.actions} action frames; ${(r.documents / (r.processingMs / 60_000)).toFixed(0)} documents/minute (first ingest call → last processing-complete: ${(r.processingMs / 1000).toFixed(1)} s)`,
  )
  console.log(`  messages: ${r.messages} logged, ${r.deliveries} (client, message) deliveries, ${(r.deliveries / (r.deliveryMs / 1000)).toFixed(0)} messages/s delivered`)
  console.log(`  POST /ingest answered (202) after: p50 ${round(percentile(r.ingestMs, 50))} ms, p95 ${round(percentile(r.ingestMs, 95))} ms, max ${round(percentile(r.ingestMs, 100))} ms`)
  console.log(`  sockets: ${r.sockets.ticket} via a negotiated ticket, ${r.sockets.fallback} via the auth-frame fallback`)
  console.log(`  live latency (appended → received): p50 ${round(percentile(l, 50))} ms, p95 ${round(percentile(l, 95))} ms, p99 ${round(percentile(l, 99))} ms, max ${round(percentile(l, 100))} ms`)
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
})
