/**
 * Crash recovery on PostgreSQL with separate worker processes, as deployed: the API side queues 30 ingests
 * while real `server/main.ts --role worker` processes are killed with SIGKILL at random moments (a seeded
 * schedule: mostly while they work, some while they start), eight times; a ninth worker finishes. pg-boss
 * retries the jobs a dead worker held once they stall (PIPELINE_STALL_SECONDS), and the stage journal makes
 * retries invisible. Afterwards:
 * - every document ended completed or error, and no job is left active, queued or waiting for a retry;
 * - a completed document has exactly its one set of frames (the local analyser's, ids -f1…-fn), an errored
 *   one none, and each has one card (one skeleton message) and its live messages once, in order;
 * - the kills did land mid-job (some stage ran more than once; some jobs were retried after stalling);
 * - while any worker was alive, no document's job stayed held (pg-boss 'active') without progress for longer
 *   than the stall timeout plus the time the queue takes to notice (maintenance interval) and to poll
 *   (printed, asserted). A document whose job waits its turn in the queue is not stuck: on a loaded machine
 *   one worker takes its time through 30 documents, and that is throughput, not recovery.
 *
 * FC_SEED=<n> reruns one schedule (the seed is printed).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../../../server/platform/core/runtime'
import { getEvent, listFramesOfSession } from '../../../server/modules/session-data/queries'
import { createPipeline } from '../../../server/modules/pipeline/pipeline'
import { propertySeed } from '../../arbitraries'
import { ARTICLES, happySequence, ingestRequest, label, messagesOf, openTestStore, waitFor } from './support'

const DOCUMENTS = 30
const KILLS = 8
const STALL_SECONDS = 3
const MAINTENANCE_SECONDS = 1
/** Settings of the API side and of every worker: what an operator sets for quick recovery. */
const PIPELINE_ENV = {
  PIPELINE_STALL_SECONDS: String(STALL_SECONDS),
  PIPELINE_RETRY_LIMIT: '6',
  PIPELINE_MAINTENANCE_SECONDS: String(MAINTENANCE_SECONDS),
  ANALYSIS_PROVIDER: 'local',
}
const ROOT = join(import.meta.dirname, '..', '..', '..')

/** One worker's life: killed `delayMs` after it started (`startup`) or after it said it was running. */
const lifeArbitrary = fc.record({
  from: fc.constantFrom('startup', 'running', 'running', 'running'),
  delayMs: fc.integer({ min: 0, max: 1200 }),
  ingestsBefore: fc.integer({ min: 0, max: 4 }),
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('crash recovery on postgres, separate workers', () => {
  test('workers killed at random moments of 30 ingests: every document ends completed or error, once', async () => {
    const lives = fc.sample(lifeArbitrary, { seed: propertySeed('crash schedule'), numRuns: KILLS })
    const store = await openTestStore('postgres')
    const db = store.db
    const api = createPipeline({
      db,
      clock: systemClock,
      ids: randomIds,
      analyser: createLocalAnalyser(),
      jobs: { expireInSeconds: STALL_SECONDS, retryLimit: 6, maintenanceIntervalSeconds: MAINTENANCE_SECONDS },
    })
    await api.start({ workers: false })
    const T = 'crash.example'
    const S = 'ses_crash'
    const texts = Array.from({ length: DOCUMENTS }, (_, i) => `${ARTICLES[i % ARTICLES.length]}\n\nUpdate ${i + 1}: officials met again on day ${i + 1}.`)
    const events: string[] = []
    const ingest = async (n: number) => {
      for (let k = 0; k < n && events.length < DOCUMENTS; k++) events.push((await api.ingest(ingestRequest(T, S, { kind: 'text', text: texts[events.length]! }))).eventId)
    }
    const monitor = watchProgress(db, T)
    /** What the workers logged of stages that failed (a kill is silent; anything here is a real error). */
    const failures: string[] = []

    const workers: Worker[] = []
    try {
      await ingest(10)
      for (const life of lives) {
        await ingest(life.ingestsBefore)
        const worker = startWorker(store.url!, monitor, failures)
        workers.push(worker)
        if (life.from === 'running') await worker.running
        await new Promise((r) => setTimeout(r, life.delayMs))
        worker.child.kill('SIGKILL')
        await worker.exited
        monitor.workerAlive(false)
      }
      await ingest(DOCUMENTS)
      workers.push(startWorker(store.url!, monitor, failures))
      await waitFor(
        async () => {
          const rows = await db.query<{ status: string }>(`SELECT status FROM events WHERE tenant_id = $1`, [T])
          return rows.length === DOCUMENTS && rows.every((r) => r.status === 'completed' || r.status === 'error')
        },
        120_000,
        'every document to finish',
      )
      await waitFor(async () => (await activeJobs(db)) === 0, 30_000, 'the queue to empty')
    } finally {
      monitor.stop()
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM')
      await Promise.all(workers.map((w) => w.exited))
      await api.stop()
    }

    const frames = await listFramesOfSession(db, T, S, 100_000, 0)
    const statuses: Record<string, number> = {}
    for (const [i, eventId] of events.entries()) {
      const event = await getEvent(db, T, eventId)
      const status = String(event?.status)
      statuses[status] = (statuses[status] ?? 0) + 1
      const mine = frames.filter((f) => f.event_id === eventId).map((f) => f.id)
      const labels = (await messagesOf(db, T, S, eventId)).map(label)
      expect(
        labels.filter((l) => l === 'genesis-event-skeleton'),
        `${eventId}: one card`,
      ).toHaveLength(1)
      if (status === 'completed') {
        const n = analyseLocal(texts[i]!).frames.length
        expect(event).toMatchObject({ action_count: n })
        expect(mine).toEqual(Array.from({ length: n }, (_, k) => `${eventId}-f${k + 1}`))
        expect(labels.slice(0, happySequence(n).length)).toEqual(happySequence(n))
        expect(labels.slice(happySequence(n).length).every((l) => l === 'connection-updated')).toBe(true)
      } else {
        // A document whose job was held at more kills than it has retries is given up: its card in error, told once.
        expect(status, `${eventId} ended ${status}`).toBe('error')
        expect(mine).toEqual([])
        expect(
          labels.filter((l) => l === 'processing-error'),
          `${eventId} ended in error; failed stages the workers logged: ${failures.join(' | ') || 'none'}`,
        ).toHaveLength(1)
        expect(labels).not.toContain('processing-complete')
      }
      const connections = (await messagesOf(db, T, S, eventId)).filter((m) => m.type === 'connection-updated').map((m) => JSON.stringify(m.data))
      expect(new Set(connections).size).toBe(connections.length)
    }
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(DOCUMENTS)

    // The kills did land mid-job: some stage ran more than once, and some jobs stalled and were retried.
    const retried = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pipeline_stage_runs WHERE tenant_id = $1 AND attempts > 1`, [T])
    expect(Number(retried[0]?.n)).toBeGreaterThan(0)
    const expired = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE retry_count > 0`)
    expect(Number(expired[0]?.n)).toBeGreaterThan(0)

    // A held job goes without progress at most: the stall timeout, the queue noticing it (maintenance), a poll and the work.
    const bound = (STALL_SECONDS + 2 * MAINTENANCE_SECONDS + 2) * 1000 + 5000
    console.info(
      `[crash] ${KILLS} kills, ${DOCUMENTS} documents: ${JSON.stringify(statuses)}; stage runs retried ${retried[0]?.n}, jobs retried ${expired[0]?.n}; ` +
        `stage failures logged ${failures.length}; ` +
        `longest hold without progress while a worker lived ${monitor.longestStallMs()} ms (bound ${bound} ms)`,
    )
    expect(monitor.failedSamples()).toBe(0)
    // Some job was held long enough to be seen without progress (the monitor measures something).
    expect(monitor.longestStallMs()).toBeGreaterThan(0)
    expect(monitor.longestStallMs()).toBeLessThanOrEqual(bound)
  }, 240_000)
})

interface Worker {
  child: ChildProcess
  exited: Promise<void>
  /** Resolves once the worker says it is running (never, if it is killed first). */
  running: Promise<void>
}

/** `npm run worker` as a child process, on the test's database and pipeline settings; its failed stages go to `failures`. */
function startWorker(url: string, monitor: ReturnType<typeof watchProgress>, failures: string[]): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts'), '--role', 'worker'], {
    cwd: ROOT,
    env: { ...process.env, ...PIPELINE_ENV, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  const noteFailures = (chunk: string) => {
    for (const line of chunk.split('\n')) if (line.includes('stage failed') && failures.length < 20) failures.push(line.slice(0, 600))
  }
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000)
    noteFailures(chunk)
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running = new Promise<void>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      noteFailures(chunk)
      if (chunk.includes('Sightline workers are running')) resolve()
    })
    void exited.then(() => reject(new Error(`worker exited before running: ${stderr}`)))
  })
  running.then(
    () => monitor.workerAlive(true),
    () => {},
  )
  return { child, exited, running }
}

/** Jobs not yet finished one way or the other (pg-boss states). */
async function activeJobs(db: Awaited<ReturnType<typeof openTestStore>>['db']): Promise<number> {
  const rows = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`)
  return Number(rows[0]?.n)
}

/**
 * Samples every 100 ms how long the unfinished documents whose job a worker holds (pg-boss 'active', the
 * state a killed worker leaves its jobs in until they expire) have gone without progress (a new stage run
 * or status change), counting only time in which a worker process was running (started, not yet killed).
 * A document whose job is queued (created, or waiting for its retry) starts its count afresh.
 */
function watchProgress(db: Awaited<ReturnType<typeof openTestStore>>['db'], tenantId: string) {
  let alive = false
  let aliveMs = 0
  let lastSample = Date.now()
  /** Alive-time at which each unfinished document last showed progress, by its progress fingerprint. */
  const progress = new Map<string, { fingerprint: string; at: number }>()
  let longest = 0
  let stopped = false
  const sample = async () => {
    const now = Date.now()
    if (alive) aliveMs += now - lastSample
    lastSample = now
    const rows = await db.query<{ id: string; status: string; fingerprint: string; held: boolean }>(
      `SELECT e.id, e.status, e.status || ':' || e.updated_at::text || ':' || coalesce(sum(r.attempts), 0)::text || ':' || count(r.*)::text AS fingerprint,
              EXISTS (SELECT 1 FROM pgboss.job j WHERE j.state = 'active' AND j.data->>'tenantId' = $1 AND j.data->>'eventId' = e.id) AS held
         FROM events e LEFT JOIN pipeline_stage_runs r ON r.tenant_id = e.tenant_id AND r.event_id = e.id
        WHERE e.tenant_id = $1 GROUP BY e.id, e.status, e.updated_at`,
      [tenantId],
    )
    for (const row of rows) {
      if (row.status === 'completed' || row.status === 'error') {
        progress.delete(row.id)
        continue
      }
      const seen = progress.get(row.id)
      if (!seen || seen.fingerprint !== row.fingerprint || !row.held) progress.set(row.id, { fingerprint: row.fingerprint, at: aliveMs })
      else longest = Math.max(longest, aliveMs - seen.at)
    }
  }
  let failures = 0
  const loop = (async () => {
    while (!stopped) {
      // A sample may fail while the database is busy; one that always fails would leave nothing measured.
      await sample().catch(() => failures++)
      await new Promise((r) => setTimeout(r, 100))
    }
  })()
  return {
    workerAlive(value: boolean) {
      const now = Date.now()
      if (alive) aliveMs += now - lastSample
      lastSample = now
      alive = value
    },
    longestStallMs: () => longest,
    failedSamples: () => failures,
    stop() {
      stopped = true
      return loop
    },
  }
}
