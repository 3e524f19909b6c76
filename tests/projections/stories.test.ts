/**
 * The stories projection with hand-written stories: a load replaces, an update upserts and drops the
 * stories it merged, a deleted document leaves its story, another workspace or a sign-out empties it;
 * and its properties over live logs with story updates and deletes (redelivery changes nothing).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import type { Envelope } from '../../src/projections/define-projection'
import { groupByStory, hasStoryGroups, selectFrameCredibility, selectSharedStoryOfDocument, selectStoryOfDocument, stories, storyBestGrade } from '../../src/projections/stories'
import type { FrameCredibility, Story } from '../../src/protocol/stories'
import { translateLiveValue } from '../../src/streams/translators/live-message'
import { liveLog, propertySeed } from '../arbitraries'

const credibility = (frameId: string, documentId: string, grade: number): FrameCredibility => ({
  frameId,
  documentId,
  grade,
  explanation: `grade ${grade}`,
  supporting: 1,
  contradicting: 0,
  evidence: [],
  contestedBy: [],
})

const story = (id: string, documentIds: string[], extra: Partial<Story> = {}): Story => ({
  id,
  title: `Story ${id}`,
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-20T12:00:00.000Z',
  documentIds,
  sources: documentIds.map((documentId) => ({ documentId, title: `Doc ${documentId}`, publisher: `Pub ${documentId}` })),
  publisherCount: documentIds.length,
  mainFrameIds: documentIds.map((d) => `${d}-f1`),
  credibility: documentIds.map((d) => credibility(`${d}-f1`, d, 2)),
  ...extra,
})

function fold(events: DomainEvent[]) {
  const envs: Envelope[] = events.map((event, i) => ({ seq: i + 1, receivedAt: 1000 + i, source: 'api', event }))
  return stories.applyAll(stories.initial, envs)
}

const selected = (sessionId = 's1'): DomainEvent => ({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId })
const loaded = (list: Story[], sessionId = 's1'): DomainEvent => ({ type: 'story.listLoaded', sessionId, stories: list })
const updated = (s: Story, messageId: string | null, mergedStoryIds: string[] = []): DomainEvent => ({ type: 'story.updated', sessionId: 's1', messageId, story: s, mergedStoryIds })

describe('stories', () => {
  test('a load replaces what was known, with both indexes', () => {
    const state = fold([selected(), loaded([story('old', ['x', 'y'])]), loaded([story('a', ['d1', 'd2']), story('b', ['d3'])])])
    expect(state.order).toEqual(['a', 'b'])
    expect(selectStoryOfDocument(state, 'x')).toBeNull()
    expect(selectStoryOfDocument(state, 'd2')?.id).toBe('a')
    expect(selectSharedStoryOfDocument(state, 'd3')).toBeNull()
    expect(selectFrameCredibility(state, 'd1-f1')?.grade).toBe(2)
    expect(selectFrameCredibility(state, 'x-f1')).toBeNull()
    expect(hasStoryGroups(state, ['d1', 'd3', 'd2'])).toBe(true)
    expect(hasStoryGroups(state, ['d1', 'd3'])).toBe(false)
  })

  test('an update puts the story in whole; a redelivered one (not after the last applied id) changes nothing', () => {
    const first = fold([selected(), loaded([story('a', ['d1'])]), updated(story('a', ['d1', 'd2']), '5')])
    expect(selectStoryOfDocument(first, 'd2')?.id).toBe('a')
    const again = stories.applyAll(first, [{ seq: 9, receivedAt: 1, source: 'ws', event: updated(story('a', ['d1']), '4') }])
    expect(again).toBe(first)
  })

  test('a merge drops the absorbed story and indexes its documents and frames to the survivor', () => {
    const state = fold([selected(), loaded([story('a', ['d1', 'd2']), story('b', ['d3', 'd4'])]), updated(story('a', ['d1', 'd2', 'd3', 'd4']), '7', ['b'])])
    expect(state.order).toEqual(['a'])
    expect(state.byId.b).toBeUndefined()
    expect(selectStoryOfDocument(state, 'd4')?.id).toBe('a')
    expect(selectFrameCredibility(state, 'd3-f1')?.documentId).toBe('d3')
  })

  test('a deleted document leaves its story; a story left empty goes', () => {
    const state = fold([selected(), loaded([story('a', ['d1', 'd2']), story('b', ['d3'])]), { type: 'document.deleted', eventId: 'd2' }, { type: 'document.deleted', eventId: 'd3' }])
    expect(state.byId.a?.documentIds).toEqual(['d1'])
    expect(state.byId.a?.sources.map((s) => s.documentId)).toEqual(['d1'])
    expect(selectStoryOfDocument(state, 'd2')).toBeNull()
    expect(selectFrameCredibility(state, 'd2-f1')).toBeNull()
    expect(selectFrameCredibility(state, 'd1-f1')).not.toBeNull()
    expect(state.byId.b).toBeUndefined()
    expect(state.order).toEqual(['a'])
  })

  test("another workspace or a sign-out empties it; another workspace's late list is not applied", () => {
    const base = [selected(), loaded([story('a', ['d1', 'd2'])])]
    expect(fold([...base, selected('s2')]).order).toEqual([])
    expect(fold([...base, selected('s1')]).order).toEqual(['a'])
    expect(fold([...base, { type: 'auth.signedOut' }]).order).toEqual([])
    expect(fold([...base, selected('s2'), loaded([story('a', ['d1', 'd2'])], 's1')]).order).toEqual([])
  })

  test("the best grade is the main frames' lowest that can be judged", () => {
    const s = story('a', ['d1', 'd2'], { credibility: [credibility('d1-f1', 'd1', 6), credibility('d2-f1', 'd2', 3), credibility('other', 'd2', 1)] })
    expect(storyBestGrade(s)).toBe(3)
    expect(storyBestGrade(story('b', ['d1'], { credibility: [credibility('d1-f1', 'd1', 6)] }))).toBe(6)
    expect(storyBestGrade(story('c', ['d1'], { credibility: [] }))).toBeNull()
  })

  test('grouping: a story of several documents here is a header then its cards; a duplicate goes under its original', () => {
    const a = story('a', ['d1', 'd3', 'd4', 'far'], {
      sources: [{ documentId: 'd1' }, { documentId: 'd3' }, { documentId: 'd4', duplicateOf: 'd1' }, { documentId: 'far', publisher: 'Elsewhere' }],
    })
    const state = fold([selected(), loaded([a, story('b', ['d2', 'far2'])])])
    expect(groupByStory(state, ['d0', 'd1', 'd2', 'd3', 'd4'])).toEqual([
      { kind: 'card', documentId: 'd0', storyId: null, duplicateIds: [] },
      { kind: 'group', storyId: 'a', documentIds: ['d1', 'd3', 'd4'] },
      { kind: 'card', documentId: 'd1', storyId: 'a', duplicateIds: ['d4'] },
      { kind: 'card', documentId: 'd3', storyId: 'a', duplicateIds: [] },
      { kind: 'card', documentId: 'd2', storyId: null, duplicateIds: [] },
    ])
  })
})

/** Story updates over a small id space (tests/arbitraries has them without merges): merges and deletes too. */
const storyEvents = fc.array(
  fc.oneof(
    fc
      .record({ id: fc.constantFrom('a', 'b', 'c'), docs: fc.subarray(['e1', 'e2', 'e3'], { minLength: 1 }), merged: fc.subarray(['a', 'b', 'c']) })
      .map(({ id, docs, merged }) => ({ kind: 'update' as const, story: story(id, docs), merged })),
    fc.constantFrom('e1', 'e2', 'e3').map((eventId) => ({ kind: 'delete' as const, eventId })),
  ),
  { maxLength: 30 },
)

function liveEvents(items: fc.Arbitrary<Array<{ kind: 'update'; story: Story; merged: string[] } | { kind: 'delete'; eventId: string }>>) {
  return items.map((list) =>
    list.map((item, i): DomainEvent => {
      const messageId = String(i + 1)
      return item.kind === 'update'
        ? { type: 'story.updated', sessionId: 's1', messageId, story: item.story, mergedStoryIds: item.merged }
        : { type: 'document.deleted', sessionId: 's1', messageId, eventId: item.eventId }
    }),
  )
}

describe('stories: properties', () => {
  const wrap = (events: DomainEvent[]): Envelope[] => events.map((event, i) => ({ seq: i + 1, receivedAt: i, source: 'ws', event }))

  test('redelivering any prefix of the live log changes nothing', () => {
    let nonEmpty = 0
    fc.assert(
      fc.property(liveEvents(storyEvents), fc.nat(), (events, cut) => {
        const once = stories.applyAll(stories.initial, wrap(events))
        const twice = stories.applyAll(once, wrap(events.slice(0, cut % (events.length + 1))))
        if (once.order.length > 0) nonEmpty++
        expect(twice).toBe(once)
      }),
      { seed: propertySeed('stories redelivered prefix'), numRuns: 200 },
    )
    expect(nonEmpty).toBeGreaterThan(50)
  })

  test('a document is in one story; the indexes hold exactly what the stories list', () => {
    fc.assert(
      fc.property(liveEvents(storyEvents), (events) => {
        const s = stories.applyAll(stories.initial, wrap(events))
        expect(Object.keys(s.byId).sort()).toEqual([...s.order].sort())
        for (const [doc, id] of Object.entries(s.storyOfDocument)) expect(s.byId[id]?.documentIds).toContain(doc)
        for (const [frame, c] of Object.entries(s.credibilityOfFrame)) expect(s.byId[s.storyOfDocument[c.documentId] ?? '']?.credibility.some((x) => x.frameId === frame)).toBe(true)
        const listed = s.order.flatMap((id) => s.byId[id]?.documentIds ?? [])
        expect(new Set(listed).size).toBe(listed.length)
        expect(Object.keys(s.storyOfDocument).sort()).toEqual([...listed].sort())
        expect(Object.keys(s.credibilityOfFrame).sort()).toEqual(s.order.flatMap((id) => s.byId[id]?.credibility.map((c) => c.frameId) ?? []).sort())
      }),
      { seed: propertySeed('stories indexes'), numRuns: 200 },
    )
  })

  test('the live log of tests/arbitraries (story-updated among every message) folds without a change on redelivery', () => {
    fc.assert(
      fc.property(liveLog('s1'), fc.nat(), (log, cut) => {
        const events = log.map((m) => translateLiveValue(m).event).filter((e): e is DomainEvent => e !== null)
        const once = stories.applyAll(stories.initial, wrap(events))
        expect(stories.applyAll(once, wrap(events.slice(0, cut % (events.length + 1))))).toBe(once)
      }),
      { seed: propertySeed('stories live log'), numRuns: 200 },
    )
  })
})
