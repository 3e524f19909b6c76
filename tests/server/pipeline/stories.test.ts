/**
 * Stories kept by the pipeline (issue 20), on both stores, through the real local analyser: one event told
 * by four sources (two syndicated copies of a wire story from two outlets, one outlet in its own words,
 * one denying it), an unrelated story, and a paste of one of them. The texts and the hand-worked figures
 * are the engine's test corpus (tests/analysis/stories/corpus.ts); here they arrive as web pages and a paste.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../../server/platform/db/database'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import type { PipelineService } from '../../../server/modules/pipeline/pipeline'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { boardCandidates, computePulse } from '../../../server/modules/intelligence/pulse'
import { scopeBriefing } from '../../../server/modules/intelligence/briefing'
import { graphView } from '../../../server/modules/intelligence/graph'
import { citeSources, storyBriefing } from '../../../server/modules/intelligence/story-briefing'
import { boardStoryFacts } from '../../../server/modules/stories'
import { sessionStoryBodies } from '../../../server/modules/stories/queries'
import { type Story, storySchema } from '../../../src/protocol/stories'
import { flood, harbour, paste } from '../../analysis/stories/corpus'
import { dialects } from '../support/harness'
import { ingestRequest, openTestStore } from './support'
import { PAGES, storyPagesPipeline, urlOf } from './story-pages'

describe.each(dialects())('stories on %s', { timeout: 120_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const T = 'stories-tenant.example'
  const S = `ses_stories_${dialect}`
  const T2 = 'pasted-stories.example'
  const S2 = `ses_pasted_${dialect}`
  const ids = new Map<string, string>()
  let stories: Story[] = []

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = storyPagesPipeline(db)
    await pipeline.start({ workers: true })
    // One at a time, in the order they were published: each placed against what came before it.
    for (const d of PAGES) {
      ids.set(d.id, (await pipeline.ingest(ingestRequest(T, S, { kind: 'url', url: urlOf(d.id) }))).eventId)
      await pipeline.drain()
    }
    ids.set('paste', (await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: paste.text }))).eventId)
    await pipeline.drain()
    stories = (await sessionStoryBodies(db, T, S)).map((b) => storySchema.parse(b))
    // Another tenant's workspace: the flood pasted twice, the second time lightly edited (one story, no publisher).
    for (const text of [flood.text, flood.text.replace('Heavy rain', 'Torrential rain')]) {
      await pipeline.ingest(ingestRequest(T2, S2, { kind: 'text', text }))
      await pipeline.drain()
    }
  }, 180_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  const named = (eventIds: readonly string[]) => eventIds.map((e) => [...ids].find(([, v]) => v === e)?.[0] ?? e)
  const storyOf = (id: string) => stories.find((s) => s.documentIds.includes(ids.get(id)!))!

  test('three stories: the merger as the wire and the denial tell it, the Ledger with its paste, the flood', () => {
    // As the engine's own test on the local analyser's frames: the Ledger's main claim is the police action.
    expect(stories.map((s) => named(s.documentIds))).toEqual([['harbour', 'evening', 'courier'], ['ledger', 'paste'], ['flood']])
    const ledgerStory = storyOf('ledger')
    expect(ledgerStory.sources.find((s) => s.documentId === ids.get('paste'))).toMatchObject({ duplicateOf: ids.get('ledger') })
  })

  test('the syndicated copies count once: two independent publishers in the merger story, each source listed with its publisher and address', () => {
    const merger = storyOf('harbour')
    expect(merger.publisherCount).toBe(2)
    expect(merger.sources.map((s) => [named([s.documentId])[0], s.publisher, s.url])).toEqual([
      ['harbour', 'harbourtimes.example', urlOf('harbour')],
      ['evening', 'eveningpost.example', urlOf('evening')],
      ['courier', 'courier.example', urlOf('courier')],
    ])
    // New sources have no record yet: F, cannot be judged.
    expect(merger.sources.every((s) => s.reliability?.grade === 'F')).toBe(true)
  })

  test("the denial contests both wire copies' approval, which is doubtful: one family says so, one says otherwise", () => {
    const merger = storyOf('harbour')
    const approval = merger.credibility.find((c) => c.documentId === ids.get('harbour') && c.evidence.some((e) => e.stance === 'contradicts'))!
    expect(approval).toMatchObject({ grade: 4, supporting: 1, contradicting: 1 })
    expect(named(approval.contestedBy.map((c) => c.documentId))).toEqual(['courier'])
    expect(approval.contestedBy[0]?.reasons).toContain('negation')
    const denial = merger.credibility.find((c) => c.frameId === approval.contestedBy[0]?.frameId)!
    expect(named(denial.contestedBy.map((c) => c.documentId)).sort()).toEqual(['evening', 'harbour'])
    // Its evidence quotes the sentences: the wire's own, and the Courier's denial.
    expect(approval.evidence.find((e) => e.stance === 'contradicts')?.sentence).toContain('has not approved')
  })

  test('each change reached the workspace as story-updated, the last one equal to the stored story', async () => {
    const log = await readLiveMessages(db, T, S, null, 10_000)
    const updates = log.filter((m) => m.type === 'story-updated').map((m) => storySchema.parse((m.data as { story: unknown }).story))
    expect(updates.length).toBeGreaterThanOrEqual(PAGES.length + 1)
    for (const s of stories) expect(updates.filter((u) => u.id === s.id).at(-1)).toEqual(s)
  })

  test("the dashboard's boards list each story once, by its strongest frame, with its sources and that frame's credibility", async () => {
    const corpus = await loadCorpus(db, T)
    const candidates = boardCandidates(corpus)
    const facts = await boardStoryFacts(db, T, [...candidates.risk, ...candidates.opportunity])
    // The paste is the Ledger's exact copy: its frames give way to the Ledger's, which were assessed.
    expect([...facts.copies]).toEqual([ids.get('paste')])
    const pulse = computePulse(corpus, paste.ingestedAt, null, null, facts)
    const rows = [...pulse.riskLeaderboard, ...pulse.opportunityLeaderboard]
    for (const board of [pulse.riskLeaderboard, pulse.opportunityLeaderboard]) {
      const storyIds = board.map((e) => e.story?.id ?? e.eventId)
      expect(new Set(storyIds).size).toBe(storyIds.length)
    }
    // The approval stands for the merger story: told by three documents of two independent publishers, doubtful and contested.
    const approval = rows.find((r) => r.title.includes('approved the merger'))
    expect(approval).toMatchObject({ story: { title: harbour.title, sources: 3, independentSources: 2 }, credibility: { grade: 4, contested: true } })
  })

  test('two pasted texts of one event are one story with no independent publisher named', async () => {
    const [story, ...rest] = (await sessionStoryBodies(db, T2, S2)).map((b) => storySchema.parse(b))
    expect(rest).toEqual([])
    expect(story?.documentIds).toHaveLength(2)
    expect(story?.sources.map((s) => s.publisher)).toEqual([null, null])
    expect(story?.publisherCount).toBe(0)
    // Two pastes are one voice: the main claim is not judged, and the summary says why.
    const summary = storyBriefing(graphView(await loadCorpus(db, T2)), story!).briefing.executiveSummary ?? ''
    expect(summary).toContain('Told by 2 sources, neither naming its publisher,')
    expect(summary).toMatch(/Main claim: “[^”]+” \([^)]+\), not judged yet: no second independent source and no source with a record\./)
  })

  test('a story of pasted texts is not said to come from independent publishers: none names one', async () => {
    const view = graphView(await loadCorpus(db, T))
    const merger = storyOf('harbour')
    const summaryOf = (story: typeof merger) => storyBriefing(view, story).briefing.executiveSummary ?? ''
    const pasted = { ...merger, sources: merger.sources.map((s) => ({ ...s, publisher: null })) }
    expect(summaryOf(pasted)).toContain('Told by 3 sources, none naming its publisher,')
    expect(summaryOf({ ...pasted, sources: pasted.sources.slice(0, 2) })).toContain('Told by 2 sources, neither naming its publisher,')
    const oneUnnamed = { ...merger, sources: merger.sources.map((s, i) => (i === 2 ? { ...s, publisher: null } : s)) }
    expect(summaryOf(oneUnnamed)).toContain('Told by 3 sources, 1 of them naming no publisher,')
  })

  test("a story's briefing says who told it, how many independent publishers, its main claim and what is contested; every briefing's key events cite their sources", async () => {
    const view = graphView(await loadCorpus(db, T))
    const merger = storyOf('harbour')
    const briefing = storyBriefing(view, merger)
    expect(briefing).toMatchObject({ type: 'story', id: merger.id, briefing: { title: `Story: ${harbour.title}` }, detailedMetrics: { documents: 3, independentPublishers: 2, exactCopies: 0 } })
    const summary = briefing.briefing.executiveSummary ?? ''
    expect(summary).toContain('Told by 3 sources from 2 independent publishers')
    expect(summary).toMatch(/Contested: “[^”]*approved[^”]*” \(disputed: negation/)
    // One line per source, in the order they published, each naming its publisher.
    expect(briefing.briefing.narrative.split('\n').map((line) => line.slice(12).split(' — ')[0])).toEqual(['harbourtimes.example', 'eveningpost.example', 'courier.example'])
    // The main claim is the one most of its documents tell: the approval (the wire's two copies), doubtful.
    expect(summary).toMatch(/Main claim: “Valdoria's Trade Ministry on Tuesday approved the merger[^”]*” \(Agreement\), 4 \(doubtful\): reported by 1 independent family/)
    // Each claim once (the wire copies' approval is one key event, the Courier's denial another), each citing its publisher.
    const events = briefing.briefing.keyEvents
    const approval = events.filter((e) => e.description.includes('on Tuesday approved the merger'))
    const denial = events.filter((e) => e.description.includes('has not approved the merger'))
    expect(approval).toHaveLength(1)
    expect(denial).toHaveLength(1)
    for (const e of events) expect(e.publisher).toMatch(/\.example$/)
    expect(approval[0]).toMatchObject({ publisher: 'harbourtimes.example', credibility: { grade: 4, contestedBy: 1 } })
    expect(denial[0]).toMatchObject({ publisher: 'courier.example', credibility: { grade: 4, contestedBy: 2 } })
    // The Ledger's story counts its paste as one exact copy.
    const ledgerStory = storyBriefing(view, storyOf('ledger'))
    expect(ledgerStory.detailedMetrics.exactCopies).toBe(1)
    expect(ledgerStory.briefing.executiveSummary).toContain("One is an exact copy of another source's text, counted once.")
    // A research's briefing: its key events cite the publisher of the page they were read in.
    const research = citeSources(scopeBriefing(view, view, { type: 'research', id: 'res_1', title: 'Mergers' }), stories)
    const cited = research.briefing.keyEvents.filter((e) => e.documentId !== ids.get('paste'))
    expect(cited.length).toBeGreaterThan(0)
    for (const e of cited) expect(e.url).toBe(urlOf(named([e.documentId!])[0]!))
  })

  test('reprocessing a document places it again without a second membership', async () => {
    await pipeline.reprocess({ tenantId: T, eventId: ids.get('courier')! })
    await pipeline.drain()
    const again = (await sessionStoryBodies(db, T, S)).map((b) => storySchema.parse(b))
    expect(again.map((s) => named(s.documentIds))).toEqual([['harbour', 'evening', 'courier'], ['ledger', 'paste'], ['flood']])
  })
})
