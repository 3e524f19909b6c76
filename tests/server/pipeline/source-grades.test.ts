/**
 * The analyst's grade of a source (issue 20, item 5), on both stores, through the routes and the real
 * pipeline: the corpus of tests/server/pipeline/stories.test.ts (the merger told by the wire's two copies
 * and the Courier's denial; the Ledger's own account with a paste of it; the Ledger's flood story, here in a
 * second workspace). The Ledger (ledger.example) has no record: none of its claims is reported by a second
 * family, so its grade is F and its frames, each reported by the Ledger alone, cannot be judged (rule 8 of
 * server/analysis/stories/credibility.ts) and are left out of their stories' credibility. Graded B, each of
 * those frames becomes 3, possibly true (rule 6); graded D, 4, doubtful (rule 7). Cleared, everything is as
 * the record left it.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { PipelineService } from '../../../server/modules/pipeline/pipeline'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import { sessionStoryBodies } from '../../../server/modules/stories/queries'
import type { Database } from '../../../server/platform/db/database'
import { type Story, storySchema } from '../../../src/protocol/stories'
import { flood, paste } from '../../analysis/stories/corpus'
import { dialects, emulatorUser, testApp, type TestUser } from '../support/harness'
import { ingestRequest, openTestStore } from './support'
import { PAGES, storyPagesPipeline, urlOf } from './story-pages'

const LEARNED_F = 'F (cannot be judged): 0 of its 0 checked claims corroborated by independent sources, 0 contradicted; at least 3 are needed to grade a source'

describe.each(dialects())('source grades on %s', { timeout: 120_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  let app: FastifyInstance
  let clock: { now(): number; advance(ms: number): void }
  let ana: TestUser
  let bob: TestUser
  let T: string
  const S = `ses_grades_${dialect}`
  const S2 = `ses_grades_flood_${dialect}`
  const ids = new Map<string, string>()
  let before: { [session: string]: Story[] } = {}

  beforeAll(async () => {
    ana = await emulatorUser(`ana-${dialect}@source-grades-tests.acme.io`)
    bob = await emulatorUser(`bob-${dialect}@source-grades-tests.globex.com`)
    T = ana.email
    db = (await openTestStore(dialect)).db
    ;({ app, clock } = await testApp(db))
    pipeline = storyPagesPipeline(db)
    await pipeline.start({ workers: true })
    for (const d of PAGES) {
      ids.set(d.id, (await pipeline.ingest(ingestRequest(T, d === flood ? S2 : S, { kind: 'url', url: urlOf(d.id) }))).eventId)
      await pipeline.drain()
    }
    ids.set('paste', (await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: paste.text }))).eventId)
    await pipeline.drain()
    before = { [S]: await storiesOf(S), [S2]: await storiesOf(S2) }
  }, 180_000)
  afterAll(async () => {
    await pipeline.stop()
    await app.close()
  })

  const storiesOf = async (session: string) => (await sessionStoryBodies(db, T, session)).map((b) => storySchema.parse(b))
  const storyOf = (stories: Story[], id: string) => stories.find((s) => s.documentIds.includes(ids.get(id)!))!
  const grade = (user: TestUser, method: 'GET' | 'PUT' | 'DELETE', key: string, payload?: object) =>
    app.inject({ method, url: `/api/v1/sources/${encodeURIComponent(key)}/grade`, headers: user.headers, ...(payload ? { payload } : {}) })
  const lastLogId = async (session: string) => (await readLiveMessages(db, T, session, null, 100_000)).at(-1)?.id ?? null
  const updatesAfter = async (session: string, after: string | null) =>
    (await readLiveMessages(db, T, session, after, 100_000)).filter((m) => m.type === 'story-updated').map((m) => storySchema.parse((m.data as { story: unknown }).story))

  test('each source of a story names its key; a source without a record is F, and says why', async () => {
    const ledgerStory = storyOf(before[S]!, 'ledger')
    expect(ledgerStory.sources.find((s) => s.documentId === ids.get('ledger'))).toMatchObject({ sourceKey: 'ledger.example', reliability: { grade: 'F', explanation: `${LEARNED_F}.` } })
    expect(storyOf(before[S2]!, 'flood').sources[0]).toMatchObject({ sourceKey: 'ledger.example' })
    // Every frame of the Ledger's two stories is the Ledger's word alone, from a source with no record: none is judged.
    expect(storyOf(before[S]!, 'ledger').credibility).toEqual([])
    expect(storyOf(before[S2]!, 'flood').credibility).toEqual([])

    const res = await grade(ana, 'GET', 'ledger.example')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ sourceKey: 'ledger.example', grade: 'F', explanation: `${LEARNED_F}.`, record: { corroborated: 0, contradicted: 0 }, override: null })
    // A key with a colon (the paste's own source), URI-encoded in the path.
    const pasteKey = ledgerStory.sources.find((s) => s.documentId === ids.get('paste'))?.sourceKey
    expect(pasteKey).toMatch(/^paste:/)
    expect((await grade(ana, 'GET', pasteKey!)).json()).toMatchObject({ sourceKey: pasteKey, grade: 'F', override: null })
  })

  test("setting a grade changes the source's reliability and the credibility of every frame it alone reports, in both its stories and both workspaces", async () => {
    const marks = { [S]: await lastLogId(S), [S2]: await lastLogId(S2) }
    const reason = '  Twenty years of accurate court reporting.  '
    const res = await grade(ana, 'PUT', 'ledger.example', { grade: 'B', reason })
    expect(res.statusCode).toBe(200)
    const explanation = `B (usually reliable), set by the analyst: Twenty years of accurate court reporting. Its record alone would give ${LEARNED_F}.`
    expect(res.json()).toEqual({
      sourceKey: 'ledger.example',
      grade: 'B',
      explanation,
      record: { corroborated: 0, contradicted: 0 },
      override: { grade: 'B', reason: 'Twenty years of accurate court reporting.', updatedAt: new Date(clock.now()).toISOString() },
    })
    expect((await grade(ana, 'GET', 'ledger.example')).json()).toEqual(res.json())

    for (const [session, id] of [
      [S, 'ledger'],
      [S2, 'flood'],
    ] as const) {
      const story = storyOf(await storiesOf(session), id)
      expect(story.sources.find((s) => s.documentId === ids.get(id))?.reliability).toEqual({ grade: 'B', explanation })
      // Rule 6: one family reports it, and its best source is graded B.
      expect(story.credibility.length).toBeGreaterThan(0)
      for (const c of story.credibility) {
        expect(c).toMatchObject({
          documentId: ids.get(id),
          grade: 3,
          supporting: 1,
          contradicting: 0,
          explanation: '3 (possibly true): only ledger.example reports it, and its best source is graded B.',
        })
      }
      // The document's main frame among them (the paste, an exact copy, is not assessed again).
      const main = story.mainFrameIds.filter((f) => f.startsWith(`${ids.get(id)}-`))
      expect(main).toHaveLength(1)
      expect(story.credibility.map((c) => c.frameId)).toContain(main[0])
      // The workspace holding the story was told, with the story as now stored; nothing else changed.
      expect(await updatesAfter(session, marks[session]!)).toEqual([story])
    }
    // The merger story has no document of the Ledger's: untouched.
    expect(storyOf(await storiesOf(S), 'harbour')).toEqual(storyOf(before[S]!, 'harbour'))

    clock.advance(60_000)
    const doubtful = await grade(ana, 'PUT', 'ledger.example', { grade: 'D', reason: 'Two retractions this year' })
    expect(doubtful.json()).toMatchObject({ grade: 'D', override: { grade: 'D', reason: 'Two retractions this year', updatedAt: new Date(clock.now()).toISOString() } })
    const flooded = storyOf(await storiesOf(S2), 'flood')
    // Rule 7: its best source is graded D.
    expect(flooded.credibility.map((c) => [c.grade, c.explanation])).toEqual(flooded.credibility.map(() => [4, '4 (doubtful): only ledger.example reports it, and its best source is graded D.']))
  })

  test("a data source's reliability (the Sources page) reads the grades of the sources its analysed documents came from, for its tenant only", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sources/reliability', headers: ana.headers })
    expect(res.statusCode).toBe(200)
    const [src1, ...others] = res.json().items
    expect(others).toEqual([])
    // Every page and the paste came in through one data source: graded by their publishers, the Ledger D now.
    expect(src1).toMatchObject({ dataSourceId: 'src_1', documents: PAGES.length + 1 })
    expect(src1.sources.reduce((n: number, s: { documents: number }) => n + s.documents, 0)).toBe(PAGES.length + 1)
    expect(src1.sources.find((s: { sourceKey: string }) => s.sourceKey === 'ledger.example')).toMatchObject({ grade: 'D' })
    expect(src1.grade).toBe(src1.sources[0].grade)
    expect((await app.inject({ method: 'GET', url: '/api/v1/sources/reliability', headers: bob.headers })).json()).toEqual({ items: [] })
  })

  test('clearing the grade goes back to the learned grade: both stories as the record left them, and told so', async () => {
    const mark = await lastLogId(S2)
    const res = await grade(ana, 'DELETE', 'ledger.example')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ sourceKey: 'ledger.example', grade: 'F', explanation: `${LEARNED_F}.`, record: { corroborated: 0, contradicted: 0 }, override: null })
    expect(await storiesOf(S)).toEqual(before[S])
    expect(await storiesOf(S2)).toEqual(before[S2])
    expect(await updatesAfter(S2, mark)).toEqual([storyOf(before[S2]!, 'flood')])
    // Clearing again changes nothing and tells no one.
    const again = await lastLogId(S2)
    expect((await grade(ana, 'DELETE', 'ledger.example')).json()).toMatchObject({ grade: 'F', override: null })
    expect(await updatesAfter(S2, again)).toEqual([])
  })

  test('a grade outside A–E, or a reason blank, missing or too long, is refused naming the field; an unknown source is not found', async () => {
    const refused = async (payload: object) => {
      const res = await grade(ana, 'PUT', 'ledger.example', payload)
      expect(res.statusCode).toBe(400)
      return res.json()
    }
    expect(await refused({ grade: 'F', reason: 'No record' })).toEqual({ code: 'VALIDATION_ERROR', message: 'grade: grade must be one of A, B, C, D or E' })
    expect(await refused({ grade: 'b', reason: 'Lower case' })).toEqual({ code: 'VALIDATION_ERROR', message: 'grade: grade must be one of A, B, C, D or E' })
    expect(await refused({ grade: 'B', reason: '   ' })).toEqual({ code: 'VALIDATION_ERROR', message: 'reason: reason must not be blank' })
    expect(await refused({ grade: 'B' })).toEqual({ code: 'VALIDATION_ERROR', message: 'reason: reason is required' })
    expect(await refused({ grade: 'B', reason: 'x'.repeat(501) })).toEqual({ code: 'VALIDATION_ERROR', message: 'reason: reason must be at most 500 characters' })
    expect((await grade(ana, 'GET', 'ledger.example')).json()).toMatchObject({ grade: 'F', override: null })
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await grade(ana, method, 'nowhere.example', method === 'PUT' ? { grade: 'A', reason: 'Never seen' } : undefined)
      expect([res.statusCode, res.json()]).toEqual([404, { code: 'NOT_FOUND', message: 'Source not found' }])
    }
  })

  test("another tenant can neither see nor change a tenant's grade of its source", async () => {
    await grade(ana, 'PUT', 'ledger.example', { grade: 'A', reason: 'Our own stringer' })
    const stories = { [S]: await storiesOf(S), [S2]: await storiesOf(S2) }
    expect((await grade(bob, 'GET', 'ledger.example')).statusCode).toBe(404)
    expect((await grade(bob, 'PUT', 'ledger.example', { grade: 'E', reason: 'Overruled' })).statusCode).toBe(404)
    expect((await grade(bob, 'DELETE', 'ledger.example')).statusCode).toBe(404)
    expect((await grade(ana, 'GET', 'ledger.example')).json()).toMatchObject({ grade: 'A', override: { grade: 'A', reason: 'Our own stringer' } })
    expect(await storiesOf(S)).toEqual(stories[S])
    expect(await storiesOf(S2)).toEqual(stories[S2])
  })
})
