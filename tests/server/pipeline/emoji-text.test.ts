/**
 * Texts of emoji or symbols alone go through the real pipeline and the local analyser to a completed
 * card (issue 15), and no cut the pipeline makes — the payload's 100,000-unit cap, the title's ellipsis —
 * splits an emoji into an unpaired surrogate that jsonb would refuse (the document then failed).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { getEvent } from '../../../server/modules/session-data/queries'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { MAX_PAYLOAD_TEXT } from '../../../server/modules/pipeline/stages/shapes'
import { readDocument } from '../../../server/sources/index'
import { findBrokenText } from '../../../src/protocol/input-text'
import { dialects } from '../support/harness'
import { ingestRequest, openTestStore, TEST_JOBS, waitFor } from './support'

describe.each(dialects())('emoji and symbol texts on %s', (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const T = 'emoji-tenant.example'
  let session = 0

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({
      db,
      clock: manualClock(Date.parse('2026-11-20T09:00:00Z')),
      ids: sequentialIds(),
      analyser: createLocalAnalyser(),
      sources: { readDocument: (input) => readDocument(input), readWebPage: async () => Promise.reject(new Error('no web here')) },
      jobs: TEST_JOBS,
    })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  async function analysed(text: string) {
    const { eventId } = await pipeline.ingest(ingestRequest(T, `ses_${dialect}_${++session}`, { kind: 'text', text, title: null }))
    await pipeline.drain()
    return waitFor(
      async () => {
        const e = await getEvent(db, T, eventId)
        return e && (e.status === 'completed' || e.status === 'error') ? e : null
      },
      30_000,
      `event ${eventId}`,
    )
  }

  test.each([
    ['emoji alone', '😀👍🏽❤️🎉'.repeat(40)],
    ['one emoji', '😀'],
    ['symbols alone', '★☆✦✧ !!! ??? --- ###'.repeat(20)],
    // '★' first (one unit): every emoji straddles an odd position, where the title's cut falls.
    ['a long run of emoji without a space', `★${'😀'.repeat(300)}`],
  ])('%s: completed, with a title and nothing unstorable', async (_, text) => {
    const event = await analysed(text)
    expect(event.status).toBe('completed')
    expect(typeof event.payload.aiTitle).toBe('string')
    expect(findBrokenText(event.payload)).toBeNull()
  })

  test('a text past the payload cap whose cut falls inside an emoji: completed, cut before it', async () => {
    const event = await analysed(`a${'😀'.repeat(MAX_PAYLOAD_TEXT / 2 + 10)}`)
    expect(event.status).toBe('completed')
    expect(event.payload).toMatchObject({ contentTruncated: true })
    expect((event.payload.cleanedContent as string).length).toBe(MAX_PAYLOAD_TEXT - 1)
    expect(findBrokenText(event.payload)).toBeNull()
  })
})
