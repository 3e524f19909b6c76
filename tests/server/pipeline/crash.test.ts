/**
 * Crash recovery on PostgreSQL: worker processes are killed with SIGKILL mid-job, twice; a third one
 * finishes. pg-boss retries the jobs the dead workers held (after their expiry) and the stage journal
 * makes the retries invisible: every document ends completed with one set of frames, and every live
 * message of its chain is on the log exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { randomIds, systemClock } from '../../../server/core/runtime'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { getEvent, listFramesOfSession } from '../../../server/repos/events'
import { createPipeline } from '../../../server/pipeline/pipeline'
import { ARTICLES, happySequence, ingestRequest, label, messagesOf, openTestStore, waitFor } from './support'
import { CRASH_JOBS } from './support-process/crash-settings'

const DOCUMENTS = 10

describe.skipIf(!process.env.TEST_DATABASE_URL)('crash recovery on postgres', () => {
  test('workers killed mid-job: every document ends completed, with no duplicate frames or messages', async () => {
    const store = await openTestStore('postgres')
    const db = store.db
    const api = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: createLocalAnalyser(), jobs: CRASH_JOBS })
    await api.start({ workers: false })
    const T = 'crash.example'
    const S = 'ses_crash'
    const texts = Array.from({ length: DOCUMENTS }, (_, i) => `${ARTICLES[i % ARTICLES.length]}\n\nUpdate ${i + 1}: officials met again on day ${i + 1}.`)
    const events: string[] = []
    for (const text of texts) events.push((await api.ingest(ingestRequest(T, S, { kind: 'text', text }))).eventId)

    const workers: Worker[] = []
    try {
      const a = startWorker(store.url!)
      workers.push(a)
      await a.analysing(3)
      a.child.kill('SIGKILL')
      await a.exited
      const b = startWorker(store.url!)
      workers.push(b)
      await b.analysing(4)
      b.child.kill('SIGKILL')
      await b.exited
      const c = startWorker(store.url!)
      workers.push(c)
      await waitFor(
        async () => {
          const rows = await db.query<{ status: string }>(`SELECT status FROM events WHERE tenant_id = $1`, [T])
          return rows.length === DOCUMENTS && rows.every((r) => r.status === 'completed' || r.status === 'error')
        },
        60_000,
        'every document to finish',
      )
      await api.drain({ timeoutMs: 30_000 })
    } finally {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM')
      await Promise.all(workers.map((w) => w.exited))
      await api.stop()
    }

    const frames = await listFramesOfSession(db, T, S, 10_000, 0)
    for (const [i, eventId] of events.entries()) {
      const n = analyseLocal(texts[i]!).frames.length
      expect(await getEvent(db, T, eventId)).toMatchObject({ status: 'completed', action_count: n })
      expect(frames.filter((f) => f.event_id === eventId).map((f) => f.id)).toEqual(Array.from({ length: n }, (_, k) => `${eventId}-f${k + 1}`))
      const labels = (await messagesOf(db, T, S, eventId)).map(label)
      expect(labels.slice(0, happySequence(n).length)).toEqual(happySequence(n))
      expect(labels.slice(happySequence(n).length).every((l) => l === 'connection-updated')).toBe(true)
      const connections = (await messagesOf(db, T, S, eventId)).filter((m) => m.type === 'connection-updated').map((m) => JSON.stringify(m.data))
      expect(new Set(connections).size).toBe(connections.length)
    }
    // The kills did land mid-job: some stage ran more than once.
    const retried = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pipeline_stage_runs WHERE tenant_id = $1 AND attempts > 1`, [T])
    expect(Number(retried[0]?.n)).toBeGreaterThan(0)
    const expired = await db.query<{ n: string }>(`SELECT count(*) AS n FROM pgboss.job WHERE retry_count > 0`)
    expect(Number(expired[0]?.n)).toBeGreaterThan(0)
  }, 120_000)
})

interface Worker {
  child: ChildProcess
  exited: Promise<void>
  /** Resolves once the worker has started `n` analyses. */
  analysing(n: number): Promise<void>
}

function startWorker(url: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'support-process', 'crash-worker.ts')], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let count = 0
  const waiters: Array<{ n: number; resolve: () => void }> = []
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    count += chunk.split('\n').filter((l) => l === 'analysing').length
    for (const w of waiters.splice(0)) (count >= w.n ? w.resolve() : waiters.push(w))
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    child,
    exited,
    analysing: (n) =>
      new Promise<void>((resolve, reject) => {
        if (count >= n) return resolve()
        waiters.push({ n, resolve })
        void exited.then(() => reject(new Error(`worker exited before ${n} analyses: ${stderr.slice(-2000)}`)))
        setTimeout(() => reject(new Error(`worker did not start ${n} analyses: ${stderr.slice(-2000)}`)), 30_000).unref()
      }),
  }
}
