/**
 * A stage whose last attempt expires (its worker died, or is still stuck past the expiry) ends its document in
 * error: pg-boss fails the job for good in its upkeep without any handler seeing it fail, and the pipeline,
 * right after that upkeep, gives the run up as it does a last attempt that throws. The handler that was
 * stuck, when it comes back, says nothing more: the card stays in error, told once, with no frames.
 * A real pipeline on a real store (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Analyser } from '../../../server/analysis/index'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createPipeline, GENERIC_FAILURE, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { getEvent, listFramesOfSession } from '../../../server/modules/session-data/queries'
import { dialects } from '../support/harness'
import { ARTICLES, ingestRequest, label, messagesOf, openTestStore, TEST_JOBS, waitFor } from './support'

/** The local analyser, held on its first call until `release()`. */
function stuckAnalyser(): { analyser: Analyser; started: () => boolean; release(): void; finished: () => boolean } {
  const local = createLocalAnalyser()
  let started = false
  let finished = false
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  return {
    analyser: {
      provider: local.provider,
      model: local.model,
      async analyse(content, options) {
        started = true
        await released
        const result = await local.analyse(content, options)
        finished = true
        return result
      },
    },
    started: () => started,
    finished: () => finished,
    release: () => release(),
  }
}

describe.each(dialects())('a last attempt that expires, on %s', (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const stuck = stuckAnalyser()

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: stuck.analyser, jobs: { ...TEST_JOBS, retryLimit: 0, expireInSeconds: 1 } })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    stuck.release()
    await pipeline.stop()
  })

  test('ends its document in error, once, and the stuck handler adds nothing when it comes back', async () => {
    const T = 'expired.example'
    const S = 'ses_expired'
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[0]! }))
    await waitFor(async () => stuck.started(), 20_000, 'the analysis to start')

    await waitFor(async () => (await getEvent(db, T, eventId))?.status === 'error', 30_000, 'the document to end in error')
    expect(await getEvent(db, T, eventId)).toMatchObject({ status: 'error', error: GENERIC_FAILURE })
    const told = (await messagesOf(db, T, S, eventId)).map(label)
    expect(told.filter((l) => l === 'processing-error')).toHaveLength(1)

    // The stuck handler comes back after its run was given up: no message, frame or status of it lands.
    stuck.release()
    await waitFor(async () => stuck.finished(), 20_000, 'the stuck analysis to return')
    await pipeline.drain({ timeoutMs: 30_000 })
    expect((await messagesOf(db, T, S, eventId)).map(label)).toEqual(told)
    expect(await getEvent(db, T, eventId)).toMatchObject({ status: 'error' })
    expect((await listFramesOfSession(db, T, S, 100, 0)).filter((f) => f.event_id === eventId)).toEqual([])
  }, 120_000)
})
