/**
 * Exact copies are not analysed again (issue 20; server/modules/pipeline/copies.ts), on both stores: the same
 * text pasted twice into a team's workspaces is analysed once; the copy takes the original's analysis (its
 * own frames, the same claims), consumed no tokens, names its original, and sits in the original's story as
 * its copy. Another team's paste of the same text is its own analysis (nothing crosses tenants), and a
 * reprocess asked for by the analyst analyses the copy for real.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { getEvent, listFramesOfSession } from '../../../server/modules/session-data/queries'
import { sessionStoryBodies } from '../../../server/modules/stories/queries'
import { storySchema } from '../../../src/protocol/stories'
import { dialects } from '../support/harness'
import { ARTICLES, ingestRequest, openTestStore, switchableAnalyser, TEST_JOBS } from './support'

const NOW = Date.parse('2026-11-20T09:00:00Z')

describe.each(dialects())('exact copies on %s', { timeout: 120_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const counting = switchableAnalyser()
  const T = 'copies.example'
  const OTHER = 'other-team.example'
  const text = ARTICLES[0]!
  let original = ''
  let copy = ''
  let foreign = ''

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({ db, clock: manualClock(NOW), ids: sequentialIds(), analyser: counting.analyser, jobs: TEST_JOBS })
    await pipeline.start({ workers: true })
    const paste = async (tenantId: string, sessionId: string) => {
      const { eventId } = await pipeline.ingest(ingestRequest(tenantId, sessionId, { kind: 'text', text }))
      await pipeline.drain()
      return eventId
    }
    original = await paste(T, 'ses_first')
    copy = await paste(T, 'ses_second')
    foreign = await paste(OTHER, 'ses_other')
  }, 120_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  test('the copy is not analysed again: one analysis for the team, its own for the other team', async () => {
    expect(counting.calls()).toBe(2)
    const first = await getEvent(db, T, original)
    const second = await getEvent(db, T, copy)
    expect(second).toMatchObject({ status: 'completed', title: first?.title, summary: first?.summary, action_count: first?.action_count })
    expect(second?.payload).toMatchObject({ copyOf: { eventId: original, title: first?.title }, tokensUsed: 0 })
    expect(first?.payload.copyOf).toBeUndefined()
    expect((await getEvent(db, OTHER, foreign))?.payload.copyOf).toBeUndefined()
  })

  test('the copy has its own frames, the same claims as its original', async () => {
    const framesOf = async (sessionId: string, eventId: string) => (await listFramesOfSession(db, T, sessionId, 100, 0)).filter((f) => f.event_id === eventId)
    const mine = await framesOf('ses_second', copy)
    const theirs = await framesOf('ses_first', original)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.map((f) => f.id)).toEqual(theirs.map((f) => f.id.replace(original, copy)))
    // The same bodies, but for the ids that name their own document and workspace.
    expect(mine.map((f) => JSON.stringify(f.body))).toEqual(theirs.map((f) => JSON.stringify(f.body).replaceAll(original, copy).replace('"ses_first"', '"ses_second"')))
  })

  test("the copy sits in its original's story as its copy", async () => {
    const [story] = (await sessionStoryBodies(db, T, 'ses_second')).map((b) => storySchema.parse(b))
    expect(story?.documentIds).toEqual(expect.arrayContaining([original, copy]))
    expect(story?.sources.find((s) => s.documentId === copy)).toMatchObject({ duplicateOf: original })
  })

  test('a reprocess of the copy analyses it for real', async () => {
    const before = counting.calls()
    await pipeline.reprocess({ tenantId: T, eventId: copy })
    await pipeline.drain()
    expect(counting.calls()).toBe(before + 1)
    expect(await getEvent(db, T, copy)).toMatchObject({ status: 'completed' })
  })
})
