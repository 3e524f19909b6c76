/**
 * `npm run bench:scale-out [-- --docs N] [--clients-per-api C] [--llm-ms MS] [--analyser openai|local]`
 * (issue 22, item 4): the product deployed as separate processes on PostgreSQL — `npm run serve` (API + live
 * hub) and `npm run worker` (pipeline) as child processes of this one, sharing a scratch database on the local
 * server (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; each run gets its own database,
 * dropped after). Run A: 1 API process + 1 worker process. Run B: 2 API processes + 2 worker processes.
 *
 * In each run one Auth emulator user creates a research (its first workspace) through the API; C clients per
 * API process — the real client core (createClientCore + attachWorkspaceLive, `ws` sockets) — watch that
 * workspace, each on its own API process; in run B every other client negotiates its ticket on the other API
 * process than the one its socket opens on (a load balancer without stickiness). Then N texts (default 200,
 * SCALE_OUT_DOCS or --docs) are posted to `POST /ingest` as one burst (32 requests in flight), spread round-robin
 * over the API processes, and the run waits until every document has finished, the queues are empty and every
 * client has applied its session's last message.
 *
 * The analyser is the OpenAI-compatible provider talking to a local mock in the real Chat Completions format
 * (tests/analysis/fake-openai-server.ts) that answers after --llm-ms (default 800 ms, a model's latency); with
 * `--analyser local` the workers run the local deterministic analyser instead (CPU-bound).
 *
 * Checked (exit 1 on any failure, each printed): every document completed exactly once (one card, one
 * processing-complete, no processing-error, its frames once: as many as it announced, ids unique); no job
 * failed; every client received every message id of the session exactly once and in order, never a
 * resync-required, rejected nothing; every client's read model equals a fresh read — the session loaded through
 * the API into a new client core (loadWorkspace), and the session's exported log replayed — from each API process.
 *
 * Printed per run: documents per minute (first ingest call → last processing-complete on the log); live latency
 * p50/p95 of processing-complete from its commit (the hub's NOTIFY reaching a listener of this process, as it
 * reaches the API processes) to its arrival at each client's socket (one machine, one clock); the same from its
 * append time on the log (the worker's clock as the stage's transaction began, so it includes that transaction)
 * and of every message; CPU seconds used by each process group, PostgreSQL's backends
 * and this process (clients, mock model, emulator), against the machine's total; then the B/A ratios.
 * No target: the issue asks for the figures and why two workers do (not) double throughput on this machine.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { ensureAuthEmulator } from '../server/platform/auth/emulator'
import { selectReplaySummary } from '../src/projections/workspace-selectors'
import { createApiClient } from '../src/streams/api-client'
import { type ClientCore, createClientCore } from '../src/streams/client-core'
import type { SocketLike } from '../src/streams/live-channel'
import { createNegotiator, fallbackLiveUrl } from '../src/streams/live-endpoints'
import { replayRecording } from '../src/streams/replay'
import { loadWorkspace } from '../src/streams/session-loader'
import { attachWorkspaceLive, type WorkspaceLive } from '../src/streams/workspace-live'
import { okReply, requestText, startFakeOpenAI } from '../tests/analysis/fake-openai-server'
import { newsText, percentile } from '../tests/server/live/load-scenario'
import { emulatorUser, type TestUser } from '../tests/server/support/emulator-users'
import { stopGroup } from './processes'

const ROOT = join(import.meta.dirname, '..')
const args = process.argv.slice(2)
const optionText = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : undefined
}
const option = (name: string, fallback: number, env?: string) => {
  const n = Number(optionText(name) ?? (env ? process.env[env] : undefined) ?? fallback)
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}
const DOCS = option('docs', 200, 'SCALE_OUT_DOCS')
const CLIENTS_PER_API = option('clients-per-api', 2)
const LLM_MS = option('llm-ms', 800)
const ANALYSER = optionText('analyser') === 'local' ? 'local' : 'openai'
const IN_FLIGHT = 32
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const TIMEOUT_MS = 900_000

interface RunReport {
  label: string
  apis: number
  workers: number
  docsPerMinute: number
  processingMs: number
  /** processing-complete: its append time (the worker's clock as its transaction began) → received, per client. */
  completeLatencyMs: number[]
  /** processing-complete: its commit (the NOTIFY reaching a listener) → received, per client. */
  completeCommittedMs: number[]
  messageLatencyMs: number[]
  messages: number
  deliveries: number
  clients: number
  cpu: CpuUse
  wallMs: number
  retriedStages: number
  stages: Array<{ stage: string; runs: number; meanMs: number; p95Ms: number }>
  /** Per document: skeleton appended → processing-complete appended. */
  endToEndMs: number[]
  /** How long the burst's ingest calls took, all answered. */
  burstMs: number
  failures: string[]
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sightline-bench-scale-out-'))
  const emulator = await ensureAuthEmulator()
  const model = await startFakeOpenAI()
  model.fallback = (request) => okReply(requestText(request))
  model.delayMs = LLM_MS
  const reports: RunReport[] = []
  try {
    console.log(
      `bench:scale-out — ${DOCS} texts per run, ${CLIENTS_PER_API} live clients per API process, analyser: ${ANALYSER === 'openai' ? `OpenAI-format mock answering after ${LLM_MS} ms` : 'local (CPU-bound)'}; PostgreSQL at ${redact(ADMIN_URL)}; load average at start ${loadAverage()}`,
    )
    for (const [label, apis, workers] of [
      ['A', 1, 1],
      ['B', 2, 2],
    ] as const) {
      const report = await run(label, apis, workers, { work, modelUrl: model.baseURL })
      reports.push(report)
      print(report)
    }
    const [a, b] = reports as [RunReport, RunReport]
    const ratio = (x: number, y: number) => (y > 0 ? x / y : Number.NaN)
    const throughput = ratio(b.docsPerMinute, a.docsPerMinute)
    const p50 = ratio(percentile(b.completeCommittedMs, 50), percentile(a.completeCommittedMs, 50))
    const p95 = ratio(percentile(b.completeCommittedMs, 95), percentile(a.completeCommittedMs, 95))
    const appendedP95 = ratio(percentile(b.completeLatencyMs, 95), percentile(a.completeLatencyMs, 95))
    console.log(
      `ratios B/A: documents/minute ${throughput.toFixed(2)}x; live latency of processing-complete from commit p50 ${p50.toFixed(2)}x, p95 ${p95.toFixed(2)}x (from append p95 ${appendedP95.toFixed(2)}x)`,
    )
    console.log(`machine: ${cores()} cores; load average at the end ${loadAverage()}`)
    const failures = reports.flatMap((r) => r.failures.map((f) => `run ${r.label}: ${f}`))
    for (const f of failures) console.log(`FAILED: ${f}`)
    console.log(
      failures.length === 0
        ? 'checks: every document completed exactly once, no job failed, every client got every message once and in order, every read model equals a fresh read from each API process — passed'
        : `checks: ${failures.length} failed`,
    )
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'bench:scale-out',
        figures: {
          'A documents/minute': round(a.docsPerMinute),
          'B documents/minute': round(b.docsPerMinute),
          'A live p50 ms': round(percentile(a.completeCommittedMs, 50)),
          'A live p95 ms': round(percentile(a.completeCommittedMs, 95)),
          'B live p50 ms': round(percentile(b.completeCommittedMs, 50)),
          'B live p95 ms': round(percentile(b.completeCommittedMs, 95)),
        },
        ratio: { 'documents/minute B vs A': round(throughput, 100), 'live p95 B vs A': round(p95, 100) },
        target: 'nothing lost, no duplicate, read models complete; figures and ratios printed (no throughput target)',
        met: failures.length === 0,
      })}`,
    )
    if (failures.length > 0) process.exitCode = 1
  } finally {
    await model.close()
    await emulator.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

/** One deployment: `apis` × `npm run serve` and `workers` × `npm run worker` on a new database, one burst. */
async function run(label: string, apis: number, workers: number, shared: { work: string; modelUrl: string }): Promise<RunReport> {
  const database = await scratchDatabase(`sightline_scaleout_${label.toLowerCase()}_${process.pid}`)
  const failures: string[] = []
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    DATABASE_URL: database.url,
    DATA_DIR: join(shared.work, label),
    HOST: '127.0.0.1',
    PORT: '0',
    // Several API processes: a ticket negotiated on one opens a socket on another.
    WS_TICKET_SECRET: randomBytes(32).toString('hex'),
    // The burst is the measurement: the team's quotas would pace it.
    INGEST_RATE_PER_MINUTE: '0',
    INGEST_QUEUE_LIMIT: '0',
    ...(ANALYSER === 'openai' ? { ANALYSIS_PROVIDER: 'openai', OPENAI_BASE_URL: shared.modelUrl, OPENAI_API_KEY: 'bench-key', ANALYSIS_MODEL: 'mock-model' } : { ANALYSIS_PROVIDER: 'local' }),
  }
  const user = await emulatorUser(`analyst@scale-out-${label.toLowerCase()}-${process.pid}.acme.io`)
  // All at once, as an orchestrator starts them: migrations and pg-boss's schema race on an empty database.
  const started = await Promise.allSettled([
    ...Array.from({ length: apis }, (_, i) => startProcess('api', `api-${i + 1}`, env)),
    ...Array.from({ length: workers }, (_, i) => startProcess('worker', `worker-${i + 1}`, env)),
  ])
  const processes = started.flatMap((p) => (p.status === 'fulfilled' ? [p.value] : []))
  const refused = started.find((p) => p.status === 'rejected')
  if (refused) {
    // The others started: stop them before giving up.
    await Promise.all(processes.map((p) => stopGroup(p.child)))
    await database.drop()
    throw refused.reason
  }
  const origins = processes.filter((p) => p.role === 'api').map((p) => (p.url as string).replace(/\/$/, ''))
  const db = database.client
  const busyJobs = async () => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`)).rows[0]?.n)
  const clients: Client[] = []
  const closers: Array<() => Promise<void>> = []
  try {
    // Warm-up in a workspace of its own: each process's first requests, jobs and analysis threads (module
    // loading, JIT) are start-up, not throughput. Enough documents that every worker takes some.
    const warmUp = await createResearch(origins[0] as string, user, `Scale-out ${label} warm-up`)
    const warmIds = await Promise.all(Array.from({ length: 4 * workers }, (_, k) => ingest(origins[k % origins.length] as string, user, warmUp, `${newsText(1000 + k)}\n\nWarm-up ${k + 1}.`)))
    const warming = async () =>
      Number(
        (await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE tenant_id = $1 AND id = ANY($2::text[]) AND status NOT IN ('completed', 'error')`, [warmUp.tenantId, warmIds])).rows[0]
          ?.n,
      )
    await waitFor(
      async () => (await warming()) === 0,
      async () => `${await warming()} warm-up documents still processing`,
    )
    await waitFor(
      async () => (await busyJobs()) === 0,
      async () => `${await busyJobs()} warm-up jobs still queued or running`,
    )

    const session = await createResearch(origins[0] as string, user, `Scale-out ${label}`)
    for (let i = 0; i < origins.length * CLIENTS_PER_API; i++) {
      const socketOrigin = origins[i % origins.length] as string
      // Odd clients negotiate on the next API process (the same one when there is one).
      const negotiateOrigin = origins[(i + (i % 2)) % origins.length] as string
      clients.push(attachClient({ socketOrigin, negotiateOrigin, user, ...session }))
    }
    await waitFor(
      async () => clients.every((c) => c.seen.resumed),
      () => `${clients.filter((c) => !c.seen.resumed).length} clients have not resumed`,
    )

    // When each batch of messages committed: PostgreSQL delivers the hub's NOTIFY at commit, to this listener
    // as to the API processes. A session's ids commit in order (its head row is locked until commit).
    const commits: Array<{ id: bigint; at: number }> = []
    const listener = new pg.Client({ connectionString: database.url })
    await listener.connect()
    listener.on('notification', (n) => {
      const at = Date.now()
      const notice = noticeSchema.safeParse(JSON.parse(n.payload ?? 'null'))
      if (notice.success && notice.data.sessionId === session.sessionId) commits.push({ id: BigInt(notice.data.id), at })
    })
    await listener.query('LISTEN sightline_live')
    closers.push(() => listener.end())
    const cpuBefore = cpuSnapshot(processes)
    const startedAt = Date.now()
    const texts = Array.from({ length: DOCS }, (_, k) => `${newsText(k)}\n\nDispatch ${k + 1} of run ${label}.`)
    const eventIds: string[] = []
    let next = 0
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < texts.length) {
          const k = next++
          eventIds[k] = await ingest(origins[k % origins.length] as string, user, session, texts[k] as string)
        }
      }),
    )
    const ingestedAt = Date.now()
    const unfinished = async () =>
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE tenant_id = $1 AND session_id = $2 AND status NOT IN ('completed', 'error')`, [session.tenantId, session.sessionId]))
        .rows[0]?.n
    await waitFor(
      async () => Number(await unfinished()) === 0,
      async () => `${await unfinished()} documents still processing`,
    )
    // The stages after processing-complete (connections, aliases …) append more messages: wait for the queues.
    await waitFor(
      async () => (await busyJobs()) === 0,
      async () => `${await busyJobs()} jobs still queued or running`,
    )
    const cpuAfter = cpuSnapshot(processes)
    const wallMs = Date.now() - startedAt
    const head = String(
      (await db.query<{ last_seq: string }>(`SELECT last_seq FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2`, [session.tenantId, session.sessionId])).rows[0]?.last_seq ?? '0',
    )
    const behind = () => clients.filter((c) => c.core.models.workspaceGraph.get().cursors[session.sessionId] !== head)
    await waitFor(
      async () => behind().length === 0,
      () => `${behind().length} clients have not caught up with message ${head}`,
    )

    // Documents: each completed exactly once, its frames once.
    const events = (
      await db.query<{ id: string; status: string; action_count: number | null }>(`SELECT id, status, action_count FROM events WHERE tenant_id = $1 AND session_id = $2`, [
        session.tenantId,
        session.sessionId,
      ])
    ).rows
    const byStatus = countBy(events.map((e) => e.status))
    if (events.length !== DOCS || byStatus.get('completed') !== DOCS) failures.push(`${events.length} documents stored for ${DOCS} ingested: ${JSON.stringify(Object.fromEntries(byStatus))}`)
    const missing = eventIds.filter((id) => !events.some((e) => e.id === id))
    if (missing.length > 0) failures.push(`${missing.length} accepted documents are not stored (${missing.slice(0, 5).join(', ')})`)
    const perDocument = await db.query<{ event_id: string; type: string; n: string }>(
      `SELECT event_id, type, count(*) AS n FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND type IN ('genesis-event-skeleton', 'processing-complete', 'processing-error') GROUP BY event_id, type`,
      [session.tenantId, session.sessionId],
    )
    for (const type of ['genesis-event-skeleton', 'processing-complete']) {
      const counts = perDocument.rows.filter((r) => r.type === type)
      const notOnce = counts.filter((r) => Number(r.n) !== 1)
      if (counts.length !== DOCS || notOnce.length > 0)
        failures.push(
          `${type}: ${counts.length} documents have one, ${notOnce.length} more than one (${notOnce
            .map((r) => r.event_id)
            .slice(0, 5)
            .join(', ')})`,
        )
    }
    const errors = perDocument.rows.filter((r) => r.type === 'processing-error')
    if (errors.length > 0) failures.push(`${errors.length} documents were told processing-error`)
    const frames = await db.query<{ event_id: string; n: string; ids: string }>(
      `SELECT event_id, count(*) AS n, count(DISTINCT id) AS ids FROM action_frames WHERE tenant_id = $1 AND session_id = $2 GROUP BY event_id`,
      [session.tenantId, session.sessionId],
    )
    const framesOf = new Map(frames.rows.map((r) => [r.event_id, r]))
    const wrongFrames = events.filter((e) => Number(framesOf.get(e.id)?.n ?? 0) !== (e.action_count ?? 0) || framesOf.get(e.id)?.n !== framesOf.get(e.id)?.ids)
    if (wrongFrames.length > 0)
      failures.push(
        `${wrongFrames.length} documents do not have their announced frames exactly once (${wrongFrames
          .map((e) => e.id)
          .slice(0, 5)
          .join(', ')})`,
      )
    const failedJobs = Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE state = 'failed'`)).rows[0]?.n)
    if (failedJobs > 0) failures.push(`${failedJobs} pipeline jobs failed`)
    const retriedStages = Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM pipeline_stage_runs WHERE tenant_id = $1 AND event_id = ANY($2::text[]) AND attempts > 1`, [session.tenantId, eventIds])).rows[0]?.n,
    )
    // Where a document's time goes: each stage's own run (start → done), against the whole way through.
    const stages = (
      await db.query<{ stage: string; n: string; mean_ms: string; p95_ms: string }>(
        `SELECT stage, count(*) AS n, avg(extract(epoch FROM updated_at - started_at) * 1000) AS mean_ms,
                percentile_cont(0.95) WITHIN GROUP (ORDER BY extract(epoch FROM updated_at - started_at) * 1000) AS p95_ms
           FROM pipeline_stage_runs WHERE tenant_id = $1 AND event_id = ANY($2::text[]) GROUP BY stage ORDER BY min(started_at)`,
        [session.tenantId, eventIds],
      )
    ).rows.map((r) => ({ stage: r.stage, runs: Number(r.n), meanMs: Number(r.mean_ms), p95Ms: Number(r.p95_ms) }))

    // Every client: every message once, in order; its read model equals fresh reads from every API process.
    const fresh = await Promise.all(origins.map((origin) => freshReads(origin, user, session)))
    for (const [o, read] of fresh.entries()) {
      if (read.rejected.length > 0) failures.push(`api-${o + 1}: ${read.rejected.length} lines of the exported log rejected (${read.rejected[0]})`)
      if (!read.loaded) failures.push(`api-${o + 1}: the session did not load through the API`)
      const notCompleted = read.api.documents.filter((d) => d.status !== 'completed')
      if (read.api.documents.length !== DOCS || notCompleted.length > 0) failures.push(`api-${o + 1}: a fresh load shows ${read.api.documents.length} documents, ${notCompleted.length} not completed`)
      const apiVsLog = firstDifference(read.api, read.log)
      if (apiVsLog !== null) failures.push(`api-${o + 1}: the fresh load differs from the replayed log at ${apiVsLog}`)
    }
    const appended = await db.query<{ seq: string; type: string; created_at: Date }>(`SELECT seq, type, created_at FROM live_log WHERE tenant_id = $1 AND session_id = $2`, [
      session.tenantId,
      session.sessionId,
    ])
    const appendedAt = new Map(appended.rows.map((r) => [String(r.seq), { at: new Date(r.created_at).getTime(), type: r.type }]))
    const committedAt = commitTimes(
      appended.rows.map((r) => BigInt(r.seq)),
      commits,
    )
    const completeCommittedMs: number[] = []
    const completeLatencyMs: number[] = []
    const messageLatencyMs: number[] = []
    for (const [c, client] of clients.entries()) {
      const name = `client ${c + 1} (socket on ${client.socketOrigin}, ticket from ${client.negotiateOrigin})`
      failures.push(
        ...deliveryProblems(
          name,
          client.seen.received.map((r) => r.id),
          [...appendedAt.keys()],
        ),
      )
      if (client.seen.resyncs > 0) failures.push(`${name}: told to resync ${client.seen.resyncs} times`)
      const rejected = client.core.models.diagnostics.get().rejectedTotal
      if (rejected !== 0) failures.push(`${name}: rejected ${rejected} messages`)
      const mine = selectReplaySummary(client.core.models.workspaceGraph.get())
      for (const [o, read] of fresh.entries()) {
        const difference = firstDifference(mine, read.api)
        if (difference !== null) failures.push(`${name}: read model differs from a fresh load through api-${o + 1} at ${difference}`)
      }
      for (const r of client.seen.received) {
        const message = appendedAt.get(r.id)
        if (!message) continue
        messageLatencyMs.push(r.at - message.at)
        if (message.type !== 'processing-complete') continue
        completeLatencyMs.push(r.at - message.at)
        const committed = committedAt.get(r.id)
        if (committed !== undefined) completeCommittedMs.push(r.at - committed)
      }
    }
    const lastComplete = Math.max(...appended.rows.filter((r) => r.type === 'processing-complete').map((r) => new Date(r.created_at).getTime()))
    // A document's way through: its skeleton (the ingest call's append) → its processing-complete.
    const endToEndMs = await db.query<{ ms: string }>(
      `SELECT extract(epoch FROM max(created_at) FILTER (WHERE type = 'processing-complete') - min(created_at) FILTER (WHERE type = 'genesis-event-skeleton')) * 1000 AS ms
         FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND type IN ('genesis-event-skeleton', 'processing-complete') GROUP BY event_id`,
      [session.tenantId, session.sessionId],
    )
    const processingMs = lastComplete - startedAt
    for (const p of processes) {
      const stageFailures = p.output.filter((l) => l.includes('stage failed'))
      if (stageFailures.length > 0) failures.push(`${p.name}: ${stageFailures.length} stage failures logged (${stageFailures[0]?.slice(0, 300)})`)
    }
    return {
      label,
      apis,
      workers,
      docsPerMinute: (DOCS * 60_000) / processingMs,
      processingMs,
      completeLatencyMs,
      completeCommittedMs,
      messageLatencyMs,
      messages: appended.rows.length,
      deliveries: clients.reduce((n, c) => n + c.seen.received.length, 0),
      clients: clients.length,
      cpu: cpuUse(cpuBefore, cpuAfter),
      wallMs,
      retriedStages,
      stages,
      endToEndMs: endToEndMs.rows.map((r) => Number(r.ms)),
      burstMs: ingestedAt - startedAt,
      failures,
    }
  } finally {
    for (const c of clients) {
      c.live.close()
      c.core.dispose()
    }
    for (const close of closers) await close().catch(() => {})
    await Promise.all(processes.map((p) => stopGroup(p.child)))
    await database.drop()
  }
}

function print(r: RunReport): void {
  const l = r.completeLatencyMs
  const m = r.messageLatencyMs
  console.log(
    `run ${r.label}: ${r.apis} API process${r.apis === 1 ? '' : 'es'} (npm run serve) + ${r.workers} worker process${r.workers === 1 ? '' : 'es'} (npm run worker), ${r.clients} live clients`,
  )
  console.log(
    `  documents: ${DOCS} in ${(r.processingMs / 1000).toFixed(1)} s (first ingest call → last processing-complete): ${r.docsPerMinute.toFixed(0)} documents/minute; stage runs retried: ${r.retriedStages}`,
  )
  console.log(
    `  ingest: the ${DOCS} calls all answered 202 after ${(r.burstMs / 1000).toFixed(1)} s; a document's way through (skeleton → processing-complete): p50 ${(percentile(r.endToEndMs, 50) / 1000).toFixed(1)} s, p95 ${(percentile(r.endToEndMs, 95) / 1000).toFixed(1)} s`,
  )
  console.log(`  stage runs, mean / p95 ms: ${r.stages.map((s) => `${s.stage} ${s.meanMs.toFixed(0)} / ${s.p95Ms.toFixed(0)}`).join(', ')}`)
  console.log(`  messages: ${r.messages} on the log, ${r.deliveries} (client, message) deliveries`)
  const c = r.completeCommittedMs
  console.log(`  live latency, processing-complete committed → received: p50 ${round(percentile(c, 50))} ms, p95 ${round(percentile(c, 95))} ms, max ${round(percentile(c, 100))} ms`)
  console.log(
    `  live latency, processing-complete appended → received:  p50 ${round(percentile(l, 50))} ms, p95 ${round(percentile(l, 95))} ms, max ${round(percentile(l, 100))} ms (from its transaction's start: includes the story placement and its lock)`,
  )
  console.log(`  live latency, every message:                          p50 ${round(percentile(m, 50))} ms, p95 ${round(percentile(m, 95))} ms, max ${round(percentile(m, 100))} ms`)
  const wall = r.wallMs / 1000
  const parts = Object.entries(r.cpu.byGroup).map(([name, s]) => `${name} ${s.toFixed(1)} s (${(s / wall).toFixed(2)} cores)`)
  console.log(`  CPU over the ${wall.toFixed(1)} s of the burst: ${parts.join(', ')}`)
  console.log(
    `  machine: ${r.cpu.machineBusy.toFixed(1)} of ${(wall * cores()).toFixed(1)} core-seconds busy (${((100 * r.cpu.machineBusy) / (wall * cores())).toFixed(0)} %), other processes ${r.cpu.others.toFixed(1)} s`,
  )
}

// ——— processes ———

interface Child {
  role: 'api' | 'worker'
  name: string
  child: ChildProcess
  url: string | null
  /** Lines the process printed (stdout and stderr), the last 2,000. */
  output: string[]
}

/** `npm run serve` or `npm run worker` in its own process group; resolves once it says it runs. */
function startProcess(role: 'api' | 'worker', name: string, env: NodeJS.ProcessEnv): Promise<Child> {
  const child = spawn('npm', ['run', '--silent', role === 'api' ? 'serve' : 'worker'], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const result: Child = { role, name, child, url: null, output: [] }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start in 120 s: ${result.output.slice(-10).join('\n')}`)), 120_000)
    const onLine = (line: string) => {
      if (result.output.push(line) > 2000) result.output.shift()
      const running = /Sightline is running at (\S+)/.exec(line)
      if (running || line.includes('Sightline workers are running')) {
        result.url = running?.[1] ?? null
        clearTimeout(timer)
        resolve(result)
      }
    }
    for (const stream of [child.stdout, child.stderr]) {
      let partial = ''
      stream?.setEncoding('utf8').on('data', (chunk: string) => {
        const lines = (partial + chunk).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      })
    }
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited (${code}) before it ran: ${result.output.slice(-10).join('\n')}`))
    })
  })
}

async function scratchDatabase(name: string): Promise<{ url: string; client: pg.Pool; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: ADMIN_URL })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(ADMIN_URL)
  url.pathname = `/${name}`
  const client = new pg.Pool({ connectionString: url.toString(), max: 2 })
  return {
    url: url.toString(),
    client,
    async drop() {
      await client.end()
      const c = new pg.Client({ connectionString: ADMIN_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

// ——— CPU, from /proc ———

interface CpuSnapshot {
  /** Ticks (utime + stime) per group: each child's process group, PostgreSQL's processes, this process. */
  groups: Map<string, number>
  /** /proc/stat: busy and total ticks of the whole machine. */
  busy: number
  total: number
}

interface CpuUse {
  byGroup: Record<string, number>
  machineBusy: number
  others: number
}

const TICKS = 100

function cpuSnapshot(children: readonly Child[]): CpuSnapshot {
  const groupName = new Map(children.map((c) => [c.child.pid as number, c.name]))
  const groups = new Map<string, number>()
  const add = (name: string, ticks: number) => groups.set(name, (groups.get(name) ?? 0) + ticks)
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    let stat: string
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
    } catch {
      continue // gone meanwhile
    }
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // After "pid (comm) ": state ppid pgrp session … utime (14th field of the line) stime (15th).
    const pgrp = Number(fields[2])
    const ticks = Number(fields[11]) + Number(fields[12])
    const group = groupName.get(pgrp)
    if (group) add(group, ticks)
    else if (Number(entry) === process.pid) add('bench (clients, mock model)', ticks)
    else if (comm === 'postgres') add('PostgreSQL (all databases)', ticks)
  }
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1).map(Number)
  const total = cpu.reduce((a, b) => a + b, 0)
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0)
  return { groups, busy: total - idle, total }
}

function cpuUse(before: CpuSnapshot, after: CpuSnapshot): CpuUse {
  const byGroup: Record<string, number> = {}
  for (const [name, ticks] of after.groups) byGroup[name] = Math.max(0, ticks - (before.groups.get(name) ?? 0)) / TICKS
  const machineBusy = (after.busy - before.busy) / TICKS
  const ours = Object.values(byGroup).reduce((a, b) => a + b, 0)
  return { byGroup, machineBusy, others: Math.max(0, machineBusy - ours) }
}

function cores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l)).length
}

function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
}

// ——— the clients ———

interface Session {
  tenantId: string
  researchId: string
  sessionId: string
}

interface Client {
  socketOrigin: string
  negotiateOrigin: string
  core: ClientCore
  live: WorkspaceLive
  seen: { received: Array<{ id: string; at: number }>; resumed: boolean; resyncs: number }
}

/** A real client core watching the workspace through `socketOrigin`, its ticket negotiated on `negotiateOrigin`. */
function attachClient(options: { socketOrigin: string; negotiateOrigin: string; user: TestUser } & Session): Client {
  const { user } = options
  const core = createClientCore({ freeze: false })
  const seen: Client['seen'] = { received: [], resumed: false, resyncs: 0 }
  const negotiator = createNegotiator({ apiBase: '/api/v1', origin: options.negotiateOrigin, fetch, headers: async () => user.headers })
  const live = attachWorkspaceLive(core, {
    researchId: options.researchId,
    sessionId: options.sessionId,
    // The ticket's URL names the API process that issued it; a load balancer may send the socket elsewhere.
    negotiate: async (sessionId) => {
      const url = new URL(await negotiator(sessionId))
      url.host = new URL(options.socketOrigin).host
      return url.toString()
    },
    fallbackUrl: (sid) => fallbackLiveUrl({ apiBase: '/api/v1', origin: options.socketOrigin }, sid),
    authToken: async () => user.token,
    createSocket: (url) => {
      const ws = new WebSocket(url)
      // Before the channel's own listener: the time is taken before the client folds the frame.
      ws.on('message', (data) => {
        const at = Date.now()
        const frame = frameSchema.parse(JSON.parse(String(data)))
        if (frame.data !== undefined && typeof frame.id === 'string') seen.received.push({ id: frame.id, at })
        else if (frame.type === 'resume-complete') seen.resumed = true
        else if (frame.type === 'resync-required') seen.resyncs++
      })
      return ws as unknown as SocketLike
    },
  })
  return { socketOrigin: options.socketOrigin, negotiateOrigin: options.negotiateOrigin, core, live, seen }
}

type Summary = ReturnType<typeof selectReplaySummary>

/** The session read anew through one API process: loaded as the app loads it, and its exported log replayed. */
async function freshReads(origin: string, user: TestUser, session: Session): Promise<{ api: Summary; log: Summary; loaded: boolean; rejected: string[] }> {
  const core = createClientCore({ freeze: false })
  const api = createApiClient({
    baseUrl: `${origin}/api/v1`,
    auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => null, clear() {} },
  })
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: session.researchId, sessionId: session.sessionId }, 'local')
  const loaded = await loadWorkspace(core, api, session)
  const apiSummary = selectReplaySummary(core.models.workspaceGraph.get())
  core.dispose()
  const res = await fetch(`${origin}/api/v1/researches/${session.researchId}/sessions/${session.sessionId}/live.jsonl`, { headers: user.headers })
  if (res.status !== 200) throw new Error(`live.jsonl answered ${res.status}`)
  const replayed = replayRecording(await res.text())
  const log = selectReplaySummary(replayed.core.models.workspaceGraph.get())
  replayed.core.dispose()
  return { api: apiSummary, log, loaded, rejected: replayed.rejected.map((r) => `line ${r.line}: ${r.reason}`) }
}

async function createResearch(origin: string, user: TestUser, title: string): Promise<Session> {
  const res = await fetch(`${origin}/api/v1/researches`, { method: 'POST', headers: { ...user.headers, 'content-type': 'application/json' }, body: JSON.stringify({ title }) })
  if (res.status !== 201) throw new Error(`create research answered ${res.status}: ${await res.text()}`)
  const body = researchSchema.parse(await res.json())
  return { tenantId: body.tenantId, researchId: body.id, sessionId: body.sessions[0]?.id as string }
}

async function ingest(origin: string, user: TestUser, session: Session, text: string): Promise<string> {
  const res = await fetch(`${origin}/api/v1/ingest`, {
    method: 'POST',
    headers: { ...user.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ researchId: session.researchId, sessionId: session.sessionId, text }),
  })
  if (res.status !== 202) throw new Error(`ingest on ${origin} answered ${res.status}: ${await res.text()}`)
  return ingestedSchema.parse(await res.json()).eventId
}

/** What is wrong with a client's received ids, which should be exactly the log's ids, each once, in order. */
function deliveryProblems(name: string, ids: readonly string[], logged: readonly string[]): string[] {
  const seen = countBy(ids)
  const missing = logged.filter((id) => !seen.has(id))
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([id]) => id)
  const known = new Set(logged)
  const unknown = [...seen.keys()].filter((id) => !known.has(id))
  const problems: string[] = []
  if (missing.length > 0) problems.push(`${name}: ${missing.length} of ${logged.length} messages never arrived (ids ${missing.slice(0, 10).join(', ')})`)
  if (duplicated.length > 0) problems.push(`${name}: ${duplicated.length} messages arrived more than once (ids ${duplicated.slice(0, 10).join(', ')})`)
  if (unknown.length > 0) problems.push(`${name}: ids not on the log arrived (${unknown.slice(0, 10).join(', ')})`)
  if (ids.some((id, i) => i > 0 && BigInt(id) <= BigInt(ids[i - 1] as string))) problems.push(`${name}: messages arrived out of order`)
  return problems
}

/** Where two read models first differ (documents compared by id, whatever order they came in), or null. */
function firstDifference(actual: Summary, expected: Summary): string | null {
  const byId = (s: Summary) => new Map(s.documents.map((d) => [d.id, d]))
  const a = byId(actual)
  const e = byId(expected)
  if (a.size !== e.size) return `documents: ${a.size} instead of ${e.size}`
  for (const [id, doc] of e) {
    const mine = a.get(id)
    if (!mine) return `document ${id}: missing`
    for (const key of Object.keys(doc) as Array<keyof typeof doc>) {
      if (!isDeepStrictEqual(mine[key], doc[key])) return `document ${id}.${key}: ${JSON.stringify(mine[key]).slice(0, 200)} instead of ${JSON.stringify(doc[key]).slice(0, 200)}`
    }
  }
  if (!isDeepStrictEqual(actual.counts, expected.counts)) return `counts: ${JSON.stringify(actual.counts)} instead of ${JSON.stringify(expected.counts)}`
  return null
}

/** Each message id's commit time: that of the first notice (in arrival order) reaching it or beyond. */
function commitTimes(ids: readonly bigint[], notices: ReadonlyArray<{ id: bigint; at: number }>): Map<string, number> {
  const sorted = [...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))
  const times = new Map<string, number>()
  let i = 0
  for (const notice of notices) {
    for (; i < sorted.length && (sorted[i] as bigint) <= notice.id; i++) times.set(String(sorted[i]), notice.at)
  }
  return times
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1)
  return counts
}

async function waitFor(done: () => Promise<boolean>, missing: () => string | Promise<string>): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${TIMEOUT_MS} ms: ${await missing()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

function round(n: number, by = 10): number {
  return Math.round(n * by) / by
}

function redact(url: string): string {
  const u = new URL(url)
  u.password = u.password ? '***' : ''
  return u.toString()
}

const noticeSchema = z.object({ sessionId: z.string(), id: z.string() })
const frameSchema = z.object({ type: z.string(), id: z.string().nullish(), data: z.unknown().optional() })
const researchSchema = z.object({ id: z.string(), tenantId: z.string(), sessions: z.array(z.object({ id: z.string() })).min(1) })
const ingestedSchema = z.object({ eventId: z.string() })

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exitCode = 1
})
