/**
 * The pipeline on the worker pool (issue 17), on PGlite: a worker that dies while analysing takes only
 * that step with it, and the step is retried like any other until the document completes; a document
 * over its time budget ends in error with the budget's words and does not count against the analysis
 * breaker; a file is read on the pool and its document completes.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Analyser } from '../../../server/analysis/analyser'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createWorkerPool, type WorkerPool } from '../../../server/platform/compute/pool'
import { AnalysisBudgetText, pooledAnalyser, pooledDocumentReader } from '../../../server/platform/compute/pooled'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { getEvent } from '../../../server/modules/session-data/queries'
import { createSourceReaders, DEFAULT_DOCUMENT_LIMITS } from '../../../server/sources/index'
import { makeDocx } from '../../sources/helpers/files'
import { ARTICLES, ingestRequest, label, messagesOf, openTestStore, TEST_JOBS, waitFor } from '../pipeline/support'

const TENANT = 'pool.example'
const SESSION = 'ses_pool'

describe('the pipeline on the worker pool', () => {
  let db: Database
  let pool: WorkerPool
  let pipeline: PipelineService
  /** The analyser the pipeline calls: each test says what it does. */
  let current: Analyser

  beforeAll(async () => {
    process.env.SIGHTLINE_POOL_TEST_TASKS = '1'
    pool = createWorkerPool({ size: 2, memoryMb: 512 })
    await pool.warm()
    db = (await openTestStore('pglite')).db
    const sources = createSourceReaders()
    pipeline = createPipeline({
      db,
      clock: manualClock(Date.parse('2026-11-26T09:00:00Z')),
      ids: sequentialIds(),
      analyser: { provider: 'local', model: 'sightline-rules', analyse: (content, options) => current.analyse(content, options) },
      sources: { ...sources, readDocument: pooledDocumentReader(pool, DEFAULT_DOCUMENT_LIMITS, { timeMs: 60_000, memoryMb: 512 }) },
      // Two attempts: a step whose worker died once still completes.
      jobs: { ...TEST_JOBS, retryLimit: 2 },
      sourceRuns: { cron: null },
    })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    await pipeline?.stop()
    await pool?.close()
    delete process.env.SIGHTLINE_POOL_TEST_TASKS
  })

  const settled = (eventId: string) =>
    waitFor(
      async () => {
        const e = await getEvent(db, TENANT, eventId)
        return e && (e.status === 'error' || e.status === 'completed') ? e : null
      },
      60_000,
      `event ${eventId} to settle`,
    )

  test('a worker that dies mid-analysis fails only that step; the retry completes the document', async () => {
    const onPool = pooledAnalyser(pool, { provider: 'local' }, { timeMs: 60_000, memoryMb: 512, chunkChars: 40_000 })
    let attempts = 0
    current = {
      ...onPool,
      async analyse(content, options) {
        // The first attempt's worker dies under it (a native fault in a parser would look the same).
        if (attempts++ === 0) await pool.run('crash', null, { budget: { timeMs: 60_000 } })
        return onPool.analyse(content, options)
      },
    }
    const { eventId } = await pipeline.ingest(ingestRequest(TENANT, SESSION, { kind: 'text', text: ARTICLES[0]! }))
    const event = await settled(eventId)
    expect(attempts).toBe(2)
    expect(event.status).toBe('completed')
    expect(event.action_count).toBeGreaterThan(0)
    expect((await messagesOf(db, TENANT, SESSION, eventId)).map(label)).not.toContain('processing-error')
  }, 90_000)

  test('a document over its time budget ends in error saying so, and the analysis breaker does not count it', async () => {
    current = pooledAnalyser(pool, { provider: 'local' }, { timeMs: 1, memoryMb: 512, chunkChars: 2_000 })
    const text = Array.from({ length: 40 }, (_, i) => ARTICLES[i % ARTICLES.length]).join('\n\n')
    const { eventId } = await pipeline.ingest(ingestRequest(TENANT, SESSION, { kind: 'text', text }))
    const event = await settled(eventId)
    expect(event.status).toBe('error')
    expect(event.error).toBe(AnalysisBudgetText.time(1))
    const errors = (await messagesOf(db, TENANT, SESSION, eventId)).filter((m) => m.type === 'processing-error')
    expect(errors.map((m) => (m.data as { error?: string }).error)).toEqual([AnalysisBudgetText.time(1)])
    // (The first test's crash counted, as any failed attempt does; this document added nothing.)
    expect(await db.query(`SELECT message FROM pipeline_breaker_failures WHERE tenant_id = $1 AND message NOT LIKE '%analysis worker stopped%'`, [TENANT])).toEqual([])
  }, 90_000)

  test('a file is read on the pool and its document completes', async () => {
    current = pooledAnalyser(pool, { provider: 'local' }, { timeMs: 60_000, memoryMb: 512, chunkChars: 40_000 })
    const bytes = await makeDocx({ title: 'Duties', heading: 'Duties on vehicles', paragraphs: [ARTICLES[0]!, ARTICLES[1]!] })
    const { eventId } = await pipeline.ingest(ingestRequest(TENANT, SESSION, { kind: 'document', fileName: 'duties.docx', contentType: null, bytes }))
    const event = await settled(eventId)
    expect(event.status).toBe('completed')
    expect(event.action_count).toBeGreaterThan(0)
  }, 90_000)
})
