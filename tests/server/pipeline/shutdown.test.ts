/**
 * A shutdown does not drain the queue: once `stopTakingJobs` is called, this process's workers finish what
 * they hold and take nothing more, ingests still queue their work, and a pipeline started again on the same
 * store finishes every document exactly as an uninterrupted run would.
 */
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { systemClock, randomIds } from '../../../server/platform/core/runtime'
import type { Analyser } from '../../../server/analysis/index'
import { listFramesOfSession } from '../../../server/modules/session-data/queries'
import { createPipeline } from '../../../server/modules/pipeline/pipeline'
import { dialects } from '../support/harness'
import { ARTICLES, ingestRequest, openTestStore, TEST_JOBS } from './support'

/** The local analyser, taking a model's time (100 ms) per document. */
function slowAnalyser(): Analyser {
  const local = createLocalAnalyser()
  return {
    provider: local.provider,
    model: local.model,
    async analyse(content, options) {
      await new Promise((r) => setTimeout(r, 100))
      return local.analyse(content, options)
    },
  }
}

const DOCUMENTS = 8

describe.each(dialects())('shutdown on %s', (dialect) => {
  test('stopTakingJobs leaves queued documents for the next start, which finishes them once', async () => {
    const store = await openTestStore(dialect)
    const T = 'shutdown.example'
    const S = 'ses_shutdown'
    const texts = Array.from({ length: DOCUMENTS }, (_, i) => `${ARTICLES[i % ARTICLES.length]}\n\nNote ${i + 1}.`)
    const options = { clock: systemClock, ids: randomIds, analyser: slowAnalyser(), jobs: TEST_JOBS, sourceRuns: { cron: null } }

    const first = createPipeline({ db: store.db, ...options })
    await first.start({ workers: true })
    const events: string[] = []
    for (const text of texts.slice(0, DOCUMENTS / 2)) events.push((await first.ingest(ingestRequest(T, S, { kind: 'text', text }))).eventId)
    await first.stopTakingJobs()
    // Ingests go on being accepted while the process shuts down.
    for (const text of texts.slice(DOCUMENTS / 2)) events.push((await first.ingest(ingestRequest(T, S, { kind: 'text', text }))).eventId)
    // Time enough for a working pipeline to take all of them.
    await new Promise((r) => setTimeout(r, 1500))
    await first.stop()
    const touched = await store.db.query<{ event_id: string }>(`SELECT DISTINCT event_id FROM pipeline_stage_runs WHERE tenant_id = $1`, [T])
    expect(touched.map((r) => r.event_id).filter((id) => events.indexOf(id) >= DOCUMENTS / 2)).toEqual([])
    const left = await store.db.query<{ n: string }>(`SELECT count(*) AS n FROM events WHERE tenant_id = $1 AND status <> 'completed'`, [T])
    expect(Number(left[0]?.n)).toBeGreaterThanOrEqual(DOCUMENTS / 2)

    const second = createPipeline({ db: await store.reopen(), ...options })
    await second.start({ workers: true })
    try {
      await second.drain({ timeoutMs: 60_000 })
    } finally {
      await second.stop()
    }
    const rows = await store.db.query<{ id: string; status: string }>(`SELECT id, status FROM events WHERE tenant_id = $1`, [T])
    expect(rows.map((r) => r.status)).toEqual(Array(DOCUMENTS).fill('completed'))
    const frames = await listFramesOfSession(store.db, T, S, 10_000, 0)
    for (const [i, eventId] of events.entries()) {
      const n = analyseLocal(texts[i]!).frames.length
      expect(frames.filter((f) => f.event_id === eventId).map((f) => f.id)).toEqual(Array.from({ length: n }, (_, k) => `${eventId}-f${k + 1}`))
    }
  })
})
