/**
 * POST /dashboard/pulse over documents really ingested: the real pipeline with the local analyser, a
 * manual clock moved between ingests so the documents fall on chosen days, then the route with a real
 * emulator account. Expected figures are worked out here by hand: counts as literals read off the texts
 * and days below, indices by the contract's formula from what the analyser gave each frame.
 *
 * The corpus (now = 2026-11-20 12:00 UTC), one document each:
 *   nigeria    2026-10-31 12:00  "Nigeria" ×2, 2 frames            (outside the 14-day window)
 *   google-a   2026-11-10 12:00  Google ×1, European Commission ×1, 2 frames
 *   google-b   2026-11-11 12:00  Google ×2, European Commission ×1, 2 frames
 *   kenya      2026-11-15 12:00  Kenya ×1, 1 frame
 *   vw-deal    2026-11-17 12:00  BYD ×1, Volkswagen ×2, 2 frames
 *   google-c   2026-11-18 12:00  Google ×1, 1 frame
 *   vw-suit    2026-11-20 11:00  Volkswagen ×1, BYD ×2, 2 frames   (within the last 24 hours)
 * Every topic here was first mentioned less than 14 days ago, so each is new (no week-on-week comparison);
 * the tenant's history (20 days) is long enough for the signal trend. A second account, "newcomer", has
 * one document from yesterday: its topic is new and its trend not yet a comparison.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { manualClock } from '../../../server/platform/core/runtime'
import { type LeaderboardEntry, type PulseBody, pulseBodySchema } from '../../../src/protocol/intelligence'
import { pulseOf } from '../../../server/modules/intelligence/service'
import type { Story } from '../../../src/protocol/stories'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack } from './support'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const NOW = Date.parse('2026-11-20T12:00:00Z')

const DOCUMENTS = [
  { name: 'nigeria', at: NOW - 20 * DAY, text: 'Nigeria raised fuel prices. Nigeria expanded its refinery.' },
  { name: 'google-a', at: NOW - 10 * DAY, text: 'Google launched a new search tool. The European Commission opened an inquiry.' },
  { name: 'google-b', at: NOW - 9 * DAY, text: 'The European Commission fined Google for antitrust violations. Google appealed the decision.' },
  { name: 'kenya', at: NOW - 5 * DAY, text: "Kenya's central bank cut interest rates." },
  { name: 'vw-deal', at: NOW - 3 * DAY, text: 'BYD signed a supply deal with Volkswagen. Volkswagen praised the agreement.' },
  { name: 'google-c', at: NOW - 2 * DAY, text: 'Google appealed the fine.' },
  { name: 'vw-suit', at: NOW - HOUR, text: 'Volkswagen sued BYD over battery patents. BYD denied the claims.' },
] as const
type DocumentName = (typeof DOCUMENTS)[number]['name']

const round2 = (x: number) => Math.round(x * 100) / 100
/** Impact effects that name a domain, not a direction. */
const DOMAINS = ['economic', 'political', 'legal', 'social', 'technological', 'environmental', 'market', 'quantitative']

/** A series of `days` zeros ending on 2026-11-20, with the given counts on the given days. */
function series(days: number, counts: Record<string, number>): Array<{ date: string; count: number }> {
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.parse('2026-11-20') - (days - 1 - i) * DAY).toISOString().slice(0, 10)
    return { date, count: counts[date] ?? 0 }
  })
}

describe.each(dialects())('dashboard pulse on %s', (dialect) => {
  let user: TestUser
  let stranger: TestUser
  let newcomer: TestUser
  const clock = manualClock(NOW - 30 * DAY)
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  const eventIds = new Map<DocumentName, string>()

  beforeAll(async () => {
    user = await emulatorUser(`pulse-${dialect}@gmail.com`)
    stranger = await emulatorUser(`pulse-stranger-${dialect}@gmail.com`)
    newcomer = await emulatorUser(`pulse-newcomer-${dialect}@gmail.com`)
    for (const doc of DOCUMENTS) {
      clock.set(doc.at)
      eventIds.set(doc.name, await ingestText(stack.pipeline, user, { researchId: 'res_1', sessionId: 'ses_pulse' }, doc.text, doc.name))
    }
    clock.set(NOW - DAY)
    await ingestText(stack.pipeline, newcomer, { researchId: 'res_new', sessionId: 'ses_new' }, DOCUMENTS[6].text, 'newcomer')
    await stack.pipeline.drain()
    clock.set(NOW)
  }, 120_000)

  const pulse = async (who: TestUser, body: object = {}) => {
    const res = await call(who, 'POST', '/dashboard/pulse', body)
    expect(res.statusCode, res.body).toBe(200)
    return res.json<PulseBody>()
  }

  /** Each document's story id and that story's title, as stored (server/modules/stories). */
  async function storiesOf(): Promise<{ story: (name: DocumentName) => string; title: (name: DocumentName) => string }> {
    const rows = await stack.db.query<{ event_id: string; story_id: string; title: string }>(
      `SELECT m.event_id, m.story_id, s.body->>'title' AS title FROM story_members m JOIN stories s ON s.tenant_id = m.tenant_id AND s.id = m.story_id`,
    )
    const of = (name: DocumentName) => rows.find((r) => r.event_id === eventIds.get(name))!
    return { story: (name) => of(name).story_id, title: (name) => of(name).title }
  }

  /** What the leaderboards should hold, from the analyser's frames and the stored impactSeverity. */
  async function expectedBoards(names: DocumentName[]): Promise<{ risk: LeaderboardEntry[]; opportunity: LeaderboardEntry[] }> {
    const entries: LeaderboardEntry[] = []
    for (const name of names) {
      const { text } = DOCUMENTS.find((d) => d.name === name)!
      const eventId = eventIds.get(name)!
      const [row] = await stack.db.query<{ severity: number }>(`SELECT (analytics->>'impactSeverity')::float8 AS severity FROM events WHERE id = $1`, [eventId])
      const severity = row!.severity
      const analysis = analyseLocal(text)
      const dates = analysis.frames.flatMap((f) => (f.timeReference ? [f.timeReference.date] : [])).sort()
      const latest = dates[dates.length - 1]
      // No impact of these texts names a harm or a gain (only a domain): the tone alone gives each frame its direction.
      expect(analysis.frames.flatMap((f) => f.result.impacts.map((i) => i.effect)).filter((e) => !DOMAINS.includes(e))).toEqual([])
      for (const [i, f] of analysis.frames.entries()) {
        // Dated more than 180 days before the document's latest dated frame: background, on neither board;
        // nor is what did not happen, nor the telling of an event.
        if (f.timeReference && latest && Date.parse(latest) - Date.parse(f.timeReference.date) > 180 * 86_400_000) continue
        if (f.negated || f.actionType === 'Statement' || f.actionType === 'No comment') continue
        const { confidence: c, urgency, metadata } = f
        const u = urgency.score
        const s = metadata.sentiment
        entries.push({
          id: `${eventId}-f${i + 1}`,
          eventId,
          title: f.actionDescription,
          documentTitle: analysis.title,
          riskIndex: round2(c * (0.4 * severity + 0.3 * u + 0.3 * ((1 - s) / 2))),
          opportunityIndex: round2(c * (0.4 * severity + 0.3 * u + 0.3 * ((1 + s) / 2))),
          components: { impactSeverity: severity, urgency: u, sentiment: s, confidence: c },
        })
      }
    }
    const byId = (a: LeaderboardEntry, b: LeaderboardEntry) => (a.id < b.id ? -1 : 1)
    // Each story once, by its strongest frame, with the story's counts and that frame's credibility as stored.
    const stories = await stack.db.query<{ event_id: string; story_id: string; body: Story }>(
      `SELECT m.event_id, m.story_id, s.body FROM story_members m JOIN stories s ON s.tenant_id = m.tenant_id AND s.id = m.story_id`,
    )
    const storyOf = new Map(stories.map((r) => [r.event_id, r.body]))
    const byStory = (ranked: LeaderboardEntry[]) => {
      const seen = new Set<string>()
      return ranked.flatMap((e) => {
        const story = storyOf.get(e.eventId)!
        if (seen.has(story.id)) return []
        seen.add(story.id)
        // A frame the story does not list cannot be judged (one source, no record): 6 on its row.
        const c = story.credibility.find((x) => x.frameId === e.id)
        const counts = { id: story.id, title: story.title, sources: story.documentIds.length, independentSources: story.publisherCount }
        return [{ ...e, story: counts, credibility: c ? { grade: c.grade, contested: c.contestedBy.length > 0 } : { grade: 6, contested: false } }]
      })
    }
    return {
      // Something bad happening is a risk, something good an opportunity; a neutral frame (a tone within
      // 0.25 of zero: one mild word in its sentence) is neither.
      risk: byStory(entries.filter((e) => e.components.sentiment <= -0.25).sort((a, b) => b.riskIndex - a.riskIndex || byId(a, b))).slice(0, 5),
      opportunity: byStory(entries.filter((e) => e.components.sentiment >= 0.25).sort((a, b) => b.opportunityIndex - a.opportunityIndex || byId(a, b))).slice(0, 5),
    }
  }

  test('the analyser read the texts as the counts below assume', () => {
    // Frames and mentions per document, as the header lists them: the literals in the next tests rest on these.
    const frames = DOCUMENTS.map((d) => analyseLocal(d.text).frames.length)
    expect(frames).toEqual([2, 2, 2, 1, 2, 1, 2])
    const mentions = (name: DocumentName) => Object.fromEntries(analyseLocal(DOCUMENTS.find((d) => d.name === name)!.text).entities.map((e) => [e.text, e.mentions.length]))
    expect(mentions('vw-suit')).toEqual({ Volkswagen: 1, BYD: 2 })
    expect(mentions('vw-deal')).toEqual({ BYD: 1, Volkswagen: 2 })
    expect(mentions('google-b')).toEqual({ 'European Commission': 1, Google: 2 })
    expect(DOCUMENTS.map((d) => analyseLocal(d.text).pestleCategory)).toEqual(['Economic', 'Political', 'Legal', 'Economic', 'Economic', 'Legal', 'Legal'])
  })

  test('Global mode: hot topics, leaderboards, signal velocity and PESTLE from every document', async () => {
    const body = await pulse(user)
    expect(body).toMatchObject({ generatedAt: '2026-11-20T12:00:00.000Z', mode: 'global', query: null, documentCount: 7 })

    // Topics are stories, and threads of stories with the same two leading actors (story-topics.ts).
    // BYD · Volkswagen: vw-deal's story and vw-suit's, 3 + 3 mentions this week, none before, titled by the
    // latest of the two (each has one document this week). google-c (Google alone) and Kenya: 1 this week
    // each, tied on momentum and all-time mentions, so by title. google-a and google-b (Google and the
    // European Commission: one thread, 0 this week, 5 before) come fourth and are left out, as is Nigeria.
    const { story, title } = await storiesOf()
    expect(body.hotTopics).toEqual([
      {
        id: `topic_${[story('vw-deal'), story('vw-suit')].sort()[0]}`,
        title: title('vw-suit'),
        pestleCategory: 'Economic', // one Legal, one Economic: the tie goes to the first alphabetically
        momentumDelta7d: 6,
        mentionsLast7d: 6,
        mentionsPrevious7d: 0,
        entities: ['BYD', 'Volkswagen'],
        documentCount: 2,
        series: series(14, { '2026-11-17': 3, '2026-11-20': 3 }),
        firstMentionedAt: '2026-11-17T12:00:00.000Z',
        isNew: true,
        storyIds: [story('vw-suit'), story('vw-deal')],
      },
      {
        id: `topic_${story('google-c')}`,
        title: title('google-c'),
        pestleCategory: 'Legal',
        momentumDelta7d: 1,
        mentionsLast7d: 1,
        mentionsPrevious7d: 0,
        entities: ['Google'],
        documentCount: 1,
        series: series(14, { '2026-11-18': 1 }),
        firstMentionedAt: '2026-11-18T12:00:00.000Z',
        isNew: true,
        storyIds: [story('google-c')],
      },
      {
        id: `topic_${story('kenya')}`,
        title: title('kenya'),
        pestleCategory: 'Economic',
        momentumDelta7d: 1,
        mentionsLast7d: 1,
        mentionsPrevious7d: 0,
        entities: ['Kenya'],
        documentCount: 1,
        series: series(14, { '2026-11-15': 1 }),
        firstMentionedAt: '2026-11-15T12:00:00.000Z',
        isNew: true,
        storyIds: [story('kenya')],
      },
    ])
    expect(title('google-c') < title('kenya')).toBe(true)
    expect(story('vw-deal')).not.toBe(story('vw-suit'))
    expect(story('google-a')).not.toBe(story('google-b'))

    const boards = await expectedBoards(DOCUMENTS.map((d) => d.name))
    // Five adverse frames, three stories: google-b's fine and appeal are one document's story, vw-suit's suit
    // and denial another, google-c's appeal (a week after google-b's, past the 72 hours) a third.
    expect(boards.risk.map((e) => e.title)).toEqual(['The European Commission fined Google for antitrust violations', 'Volkswagen sued BYD over battery patents', 'Google appealed the fine'])
    expect(body.riskLeaderboard).toEqual(boards.risk)
    expect(body.opportunityLeaderboard).toEqual(boards.opportunity)

    // This week: vw-suit 2, google-c 1, vw-deal 2, kenya 1; the week before: google-b 2, google-a 2.
    expect(body.signalVelocity).toEqual({
      totalSignals: 12,
      signalsLast24h: 2,
      signalsLast7d: 6,
      signalsPrevious7d: 4,
      averageVelocity: 0.86,
      trend: 'rising',
      series: series(28, { '2026-10-31': 2, '2026-11-10': 2, '2026-11-11': 2, '2026-11-15': 1, '2026-11-17': 2, '2026-11-18': 1, '2026-11-20': 2 }),
      historyStartedAt: '2026-10-31T12:00:00.000Z',
      comparable: true,
    })
    expect(body.pestleDistribution).toEqual([
      { category: 'Economic', count: 3 },
      { category: 'Legal', count: 3 },
      { category: 'Political', count: 1 },
    ])
  })

  test('Query mode: only the documents matching the query count', async () => {
    const body = await pulse(user, { query: '  Google ' })
    expect(body).toMatchObject({ mode: 'query', query: 'Google', documentCount: 3 })
    // Only Google's documents: google-c's story (1 this week), then google-a's and google-b's thread (5 the week before).
    const { title } = await storiesOf()
    expect(body.hotTopics.map((t) => [t.title, t.mentionsLast7d, t.mentionsPrevious7d, t.documentCount])).toEqual([
      [title('google-c'), 1, 0, 1],
      [title('google-b'), 0, 5, 2],
    ])
    const boards = await expectedBoards(['google-a', 'google-b', 'google-c'])
    const google = new Set(['google-a', 'google-b', 'google-c'].map((n) => eventIds.get(n as DocumentName)))
    expect(boards.risk.length).toBeGreaterThan(0)
    expect([...boards.risk, ...boards.opportunity].every((e) => google.has(e.eventId))).toBe(true)
    expect(body.riskLeaderboard).toEqual(boards.risk)
    expect(body.opportunityLeaderboard).toEqual(boards.opportunity)
    // 1 signal this week against 4 the week before: falling. The query's first match is 10 days old, but
    // the tenant has been collecting for 20: its week before was watched, so the trend compares.
    expect(body.signalVelocity).toMatchObject({
      totalSignals: 5,
      signalsLast24h: 0,
      signalsLast7d: 1,
      signalsPrevious7d: 4,
      averageVelocity: 0.14,
      trend: 'falling',
      historyStartedAt: '2026-10-31T12:00:00.000Z',
      comparable: true,
    })
    expect(body.pestleDistribution).toEqual([
      { category: 'Legal', count: 2 },
      { category: 'Political', count: 1 },
    ])

    const none = await pulse(user, { query: 'hydrogen' })
    expect(none).toMatchObject({ mode: 'query', documentCount: 0, hotTopics: [], riskLeaderboard: [], pestleDistribution: [] })
    const blank = await pulse(user, { query: '   ' })
    expect(blank).toMatchObject({ mode: 'global', query: null, documentCount: 7 })
  })

  test('Query mode past its cap: the newest matching documents, and how many match in all', async () => {
    const tenant = (await stack.db.query<{ tenant_id: string }>(`SELECT tenant_id FROM events WHERE id = $1`, [eventIds.get('google-a')]))[0]!.tenant_id
    const whole = await pulseOf(stack.db, tenant, NOW, 'Google', 3)
    expect(whole.matching).toBeUndefined()
    expect(whole).toEqual(await pulse(user, { query: 'Google' }))
    const capped = pulseBodySchema.parse(await pulseOf(stack.db, tenant, NOW, 'Google', 2))
    expect(capped).toMatchObject({ mode: 'query', documentCount: 2, matching: 3 })
    // The two newest of the three: google-a, ten days old, is left out.
    const newest = new Set(['google-b', 'google-c'].map((n) => eventIds.get(n as DocumentName)))
    expect([...capped.riskLeaderboard, ...capped.opportunityLeaderboard].every((e) => newest.has(e.eventId))).toBe(true)
    expect(capped.signalVelocity.totalSignals).toBeLessThan(whole.signalVelocity.totalSignals)
  })

  test('five days later: windows are (from, to], momentum turns, what was not told in two weeks is not hot, ties fall to momentum, mentions, title', async () => {
    clock.set(NOW + 5 * DAY) // 2026-11-25 12:00: this week is (11-18 12:00, 11-25 12:00]
    try {
      const body = await pulse(user)
      // This week only vw-suit; google-c (exactly 11-18 12:00) sits on the far edge of the week before,
      // google-b (exactly 11-11 12:00) on the far edge of nothing: the Google thread (google-a, google-b)
      // was not told in these two weeks, nor was Nigeria, so neither is hot. google-c and Kenya (0 this
      // week, 1 the week before) tie on momentum and on all-time mentions (1 each); the title decides.
      // BYD · Volkswagen, first mentioned 8 days before, is still new; so are google-c (7) and Kenya (10).
      const { title } = await storiesOf()
      expect(body.hotTopics.map((t) => [t.title, t.mentionsLast7d, t.mentionsPrevious7d, t.momentumDelta7d, t.isNew])).toEqual([
        [title('vw-suit'), 3, 3, 0, true],
        [title('google-c'), 0, 1, -1, true],
        [title('kenya'), 0, 1, -1, true],
      ])
      expect(body.signalVelocity).toMatchObject({ signalsLast24h: 0, signalsLast7d: 2, signalsPrevious7d: 4, averageVelocity: 0.29, trend: 'falling' })
    } finally {
      clock.set(NOW)
    }
  })

  test('another tenant sees none of these documents', async () => {
    const body = await pulse(stranger)
    expect(body).toMatchObject({ mode: 'global', documentCount: 0, hotTopics: [], riskLeaderboard: [], opportunityLeaderboard: [], pestleDistribution: [] })
    expect(body.signalVelocity).toEqual({
      totalSignals: 0,
      signalsLast24h: 0,
      signalsLast7d: 0,
      signalsPrevious7d: 0,
      averageVelocity: 0,
      trend: 'stable',
      series: series(28, {}),
      historyStartedAt: null,
      comparable: false,
    })
  })

  test('an account one day old: its topic is new, not "+3", and its trend no comparison', async () => {
    const body = await pulse(newcomer)
    // vw-suit's text, ingested yesterday: BYD ×2 and Volkswagen ×1 this week, nothing before (nobody watched).
    expect(body.hotTopics).toEqual([
      expect.objectContaining({ title: 'Volkswagen sued BYD over battery patents', mentionsLast7d: 3, mentionsPrevious7d: 0, isNew: true, firstMentionedAt: '2026-11-19T12:00:00.000Z' }),
    ])
    // 2 signals this week and 0 the week before would read "rising"; with one day of history it is no comparison.
    expect(body.signalVelocity).toMatchObject({ signalsLast7d: 2, signalsPrevious7d: 0, trend: 'stable', comparable: false, historyStartedAt: '2026-11-19T12:00:00.000Z' })
  })

  test('the same request gives the same answer (the clustering is seeded)', async () => {
    expect(await pulse(user)).toEqual(await pulse(user))
  })

  test('validation and authentication', async () => {
    const long = await call(user, 'POST', '/dashboard/pulse', { query: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
    const wrongType = await call(user, 'POST', '/dashboard/pulse', { query: 42 })
    expect(wrongType.statusCode).toBe(400)
    const anonymous = await stack.app.inject({ method: 'POST', url: '/api/v1/dashboard/pulse', payload: {} })
    expect(anonymous.statusCode).toBe(401)
  })
})
