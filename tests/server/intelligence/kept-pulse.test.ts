/**
 * The pulse kept as documents arrive (server/modules/intelligence/signals.ts, migration 017): documents
 * really ingested by the pipeline on chosen days, then the kept pulse held equal to the pulse computed
 * from the whole corpus (computePulse, as the route answered before), after a reprocess, a deletion and
 * a backfill too; the forecast's series equal to those of the whole corpus; and what a pulse reads held
 * to the last two weeks' stories, however long the history.
 *
 * The corpus (now = 2026-11-20 12:00 UTC), every story told within the last two weeks but the first:
 *   −40 d  a Nigerian fuel story (history: on the boards and in the counts, not a hot topic)
 *   −12 d  the EV tariffs, −11 d the same article pasted again, −10 d a wire copy of it (one story)
 *   −9 d   the hydrogen terminal, −7 d a train order (the opportunity board), −5 d the Kenyan rate cut
 *   −1 h   a strike at Volkswagen
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { mentionSeries, signalSeries } from '../../../server/modules/intelligence/forecast'
import { boardCandidates, computePulse, firstIngested } from '../../../server/modules/intelligence/pulse'
import { seriesOf } from '../../../server/modules/intelligence/service'
import { backfillSignals, keptPulse } from '../../../server/modules/intelligence/signals'
import { boardStoryFacts, documentStories } from '../../../server/modules/stories'
import { manualClock } from '../../../server/platform/core/runtime'
import type { Queryable } from '../../../server/platform/db/database'
import { ARTICLES } from '../pipeline/support'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { ingestText, startAnalyticsStack, tenantOf } from './support'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-20T12:00:00Z')

const STRIKE = 'Workers at Volkswagen went on strike in Wolfsburg on Thursday. IG Metall said the strike would halt production of the Golf. Volkswagen warned that the stoppage could cost millions.'
const FUEL = 'Nigeria raised fuel prices sharply on Monday. The NNPC said the subsidy had cost the state billions. Unions threatened a general strike over the increase.'
const ORDER =
  'Siemens won a record order to build high-speed trains in Egypt on Friday. The contract will create 3,000 jobs and boost growth in the region, the company said. Analysts welcomed the deal as a major gain for Siemens Mobility.'
const RETOLD = ARTICLES[0]!.replace('BRUSSELS —', 'BRUSSELS (Reuters) —')

const DOCUMENTS = [
  { at: NOW - 40 * DAY, text: FUEL },
  { at: NOW - 12 * DAY, text: ARTICLES[0]! },
  { at: NOW - 11 * DAY, text: ARTICLES[0]! },
  { at: NOW - 9 * DAY, text: ARTICLES[1]! },
  { at: NOW - 7 * DAY, text: ORDER },
  { at: NOW - 10 * DAY, text: RETOLD },
  { at: NOW - 5 * DAY, text: ARTICLES[2]! },
  { at: NOW - HOUR, text: STRIKE },
]

describe.each(dialects())('the pulse kept as documents arrive, on %s', (dialect) => {
  let user: TestUser
  let tenantId: string
  const clock = manualClock(NOW - 50 * DAY)
  const stack = startAnalyticsStack(dialect, clock)
  const ids: string[] = []

  beforeAll(async () => {
    user = await emulatorUser(`kept-pulse-${dialect}@gmail.com`)
    tenantId = tenantOf(user)
    for (const d of DOCUMENTS) {
      clock.set(d.at)
      ids.push(await ingestText(stack.pipeline, user, { researchId: 'res_kept', sessionId: 'ses_kept' }, d.text))
      // One at a time, so each completes (and joins its story) in arrival order.
      await stack.pipeline.drain()
    }
    clock.set(NOW)
  }, 180_000)

  /** The pulse as the route computed it before it was kept: every completed document read. */
  async function fromWholeCorpus(now: number) {
    const corpus = await loadCorpus(stack.db, tenantId)
    const candidates = boardCandidates(corpus)
    const stories = await boardStoryFacts(stack.db, tenantId, [...candidates.risk, ...candidates.opportunity])
    const storyIndex = await documentStories(
      stack.db,
      tenantId,
      corpus.documents.map((d) => d.id),
    )
    return computePulse(corpus, now, null, firstIngested(corpus), stories, storyIndex)
  }

  const TIMES = [NOW, NOW + 3 * DAY, NOW + 13 * DAY, NOW + 20 * DAY]

  async function expectKeptEqualsWhole(): Promise<void> {
    for (const now of TIMES) expect(await keptPulse(stack.db, tenantId, now), new Date(now).toISOString()).toEqual(await fromWholeCorpus(now))
  }

  test('the corpus is what the figures below need: signals, both boards, stories told again', async () => {
    const body = await keptPulse(stack.db, tenantId, NOW)
    expect(body.documentCount).toBe(DOCUMENTS.length)
    expect(body.signalVelocity.totalSignals).toBeGreaterThan(DOCUMENTS.length)
    expect(body.riskLeaderboard.length).toBeGreaterThan(0)
    expect(body.opportunityLeaderboard.length).toBeGreaterThan(0)
    // The tariffs, told three times, stand on the risk board once, with their three sources.
    expect(body.riskLeaderboard.filter((e) => (e.story?.sources ?? 0) >= 3)).toHaveLength(1)
    // The Nigerian story was told 40 days ago: counted, not hot.
    expect(body.hotTopics.every((t) => !/Nigeria/.test(t.title))).toBe(true)
  })

  test('equals the pulse computed from the whole corpus, now and later (windows moving past each document)', async () => {
    await expectKeptEqualsWhole()
  })

  test("the dashboard's forecast series read the day counts, or the window's documents, as the whole corpus would give them", async () => {
    const corpus = await loadCorpus(stack.db, tenantId)
    for (const now of TIMES) {
      for (const historyDays of [7, 28, 60]) {
        const signals = await seriesOf(stack.db, tenantId, { metric: 'signals', historyDays }, now)
        expect(signals.history).toEqual(signalSeries(corpus, now, historyDays))
        const mentions = await seriesOf(stack.db, tenantId, { metric: 'mentions', entity: 'Volkswagen', historyDays }, now)
        expect(mentions.history).toEqual(mentionSeries(corpus, corpus.entities.resolve('Volkswagen')!, now, historyDays))
      }
    }
    // Named only in a document 40 days old: resolved all the same, no mentions in the last week.
    const old = await seriesOf(stack.db, tenantId, { metric: 'mentions', entity: 'Nigeria', historyDays: 7 }, NOW)
    expect(old).toMatchObject({ entity: 'Nigeria' })
    expect(old.history.every((p) => p.value === 0)).toBe(true)
  })

  test('a reprocess, a deletion and a backfill keep it equal', async () => {
    await stack.pipeline.reprocess({ tenantId, eventId: ids[3]! })
    await stack.pipeline.drain()
    await expectKeptEqualsWhole()

    // A deleted document takes its counts and its frames' places with it (the trigger, the cascade).
    await stack.db.query(`DELETE FROM events WHERE tenant_id = $1 AND id = $2`, [tenantId, ids[7]])
    await expectKeptEqualsWhole()
    expect((await keptPulse(stack.db, tenantId, NOW)).documentCount).toBe(DOCUMENTS.length - 1)

    // Documents that completed before the boards were kept get their places at start-up, once.
    const kept = await stack.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM frame_signals WHERE tenant_id = $1`, [tenantId])
    await stack.db.query(`DELETE FROM frame_signals WHERE tenant_id = $1`, [tenantId])
    expect((await keptPulse(stack.db, tenantId, NOW)).riskLeaderboard).toEqual([])
    expect(await backfillSignals(stack.db)).toBe(DOCUMENTS.length - 1)
    expect(await backfillSignals(stack.db)).toBe(0)
    expect(await stack.db.query(`SELECT count(*)::int AS n FROM frame_signals WHERE tenant_id = $1`, [tenantId])).toEqual(kept)
    await expectKeptEqualsWhole()
  })

  test('what a pulse reads does not grow with the history before the last two weeks', async () => {
    /** The documents a pulse reads whole (a row with its payload), by id. */
    const documentsRead = async () => {
      const read = new Set<string>()
      const counting: Queryable = {
        query: async <T>(sql: string, params?: readonly unknown[]) => {
          const result = await stack.db.query<T>(sql, params)
          for (const row of result as Array<Record<string, unknown>>) if ('payload' in row) read.add(String(row.id))
          return result
        },
      }
      await keptPulse(counting, tenantId, NOW)
      return [...read].sort()
    }
    // The stories told in the last two weeks, whole: the tariffs (three documents), the terminal, the order, the rate cut (the strike is gone).
    const before = await documentsRead()
    expect(before).toEqual([ids[1], ids[2], ids[3], ids[4], ids[5], ids[6]].sort())
    const corpusBefore = (await loadCorpus(stack.db, tenantId)).documents.length
    for (const days of [60, 61, 62, 63, 64, 65]) {
      clock.set(NOW - days * DAY)
      await ingestText(stack.pipeline, user, { researchId: 'res_kept', sessionId: 'ses_kept' }, FUEL.replace('Monday', `day ${days}`))
      await stack.pipeline.drain()
    }
    clock.set(NOW)
    expect((await loadCorpus(stack.db, tenantId)).documents.length).toBe(corpusBefore + 6)
    expect(await documentsRead()).toEqual(before)
    await expectKeptEqualsWhole()
  })
})
