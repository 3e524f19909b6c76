/**
 * The search read model: a search's first page, the next pages appended (each result once), only the latest
 * request's answers applied (typing fast never shows an older search last), a failed next page keeping what
 * is shown, clearing and signing out.
 */
import { expect, test } from 'vitest'
import { type DomainEvent, domainEventSchema } from '../../src/domain/events'
import { emptySearch, search, SearchStatus } from '../../src/projections/search'
import type { SearchBody, SearchResult } from '../../src/protocol/search'
import { foldLive } from '../helpers'

const item = (id: string): SearchResult => ({ kind: 'document', id, title: [{ text: id, match: true }], snippet: [], at: null, score: 1, open: { documentId: id }, facts: [] })
const page = (ids: string[], nextCursor: string | null): SearchBody => ({ query: 'grain', items: ids.map(item), counts: { document: 3, frame: 0, entity: 0, story: 0 }, nextCursor })
const requested = (requestId: string, q = 'grain'): DomainEvent => ({ type: 'search.requested', requestId, request: { q }, at: 1 })
const loaded = (requestId: string, body: SearchBody, more = false): DomainEvent => ({ type: 'search.loaded', requestId, more, body, at: 2 })
const more = (requestId: string, cursor: string): DomainEvent => ({ type: 'search.moreRequested', requestId, cursor, at: 3 })
const failed = (requestId: string): DomainEvent => ({ type: 'search.failed', requestId, httpStatus: 500, code: 'INTERNAL_ERROR', message: 'The search failed: boom', at: 4 })

test('every event here is a valid domain event', () => {
  for (const e of [requested('s1'), loaded('s1', page(['a'], null)), more('s1', '2'), failed('s1'), { type: 'search.cleared', at: 5 }]) expect(domainEventSchema.parse(e)).toEqual(e)
})

test('the first page, then the next one appended, each result once', () => {
  const s = foldLive(search, [requested('s1'), loaded('s1', page(['a', 'b'], '2')), more('s1', '2'), loaded('s1', page(['b', 'c'], null), true)])
  expect(s.items.map((i) => i.id)).toEqual(['a', 'b', 'c'])
  expect(s).toMatchObject({ status: SearchStatus.Loaded, nextCursor: null, pending: null, counts: { document: 3 } })
})

test("an older search's answer, a duplicate answer or a page nobody asked for changes nothing", () => {
  const s = foldLive(search, [requested('s1', 'gra'), requested('s2', 'grain'), loaded('s1', page(['old'], null)), loaded('s2', page(['a'], '1')), loaded('s2', page(['dup'], null))])
  expect(s.items.map((i) => i.id)).toEqual(['a'])
  expect(s.request?.q).toBe('grain')
  expect(foldLive(search, [loaded('s2', page(['x'], '1'), true)], s).items.map((i) => i.id)).toEqual(['a'])
  expect(foldLive(search, [more('s2', '9')], s).pending).toBeNull()
})

test('a failed first page says so; a failed next page keeps the results', () => {
  expect(foldLive(search, [requested('s1'), failed('s1')])).toMatchObject({ status: SearchStatus.Failed, items: [], error: { message: 'The search failed: boom' } })
  const s = foldLive(search, [requested('s1'), loaded('s1', page(['a'], '1')), more('s1', '1'), failed('s1')])
  expect(s).toMatchObject({ status: SearchStatus.Loaded, nextCursor: '1', error: { httpStatus: 500 } })
  expect(s.items.map((i) => i.id)).toEqual(['a'])
})

test('clearing the box or signing out empties it', () => {
  const s = foldLive(search, [requested('s1'), loaded('s1', page(['a'], null))])
  expect(foldLive(search, [{ type: 'search.cleared', at: 9 }], s)).toEqual(emptySearch)
  expect(foldLive(search, [{ type: 'auth.signedOut' } as DomainEvent], s)).toEqual(emptySearch)
})

test('a count past the cap is kept as a floor, and a next search without one clears it', () => {
  const capped: SearchBody = { ...page(['a'], null), counts: { document: 1000, frame: 12, entity: 0, story: 0 }, capped: ['document'] }
  const s = foldLive(search, [requested('s1'), loaded('s1', capped)])
  expect(s).toMatchObject({ counts: { document: 1000 }, capped: ['document'] })
  expect(foldLive(search, [requested('s1'), loaded('s1', capped), requested('s2', 'grain port'), loaded('s2', page(['b'], null))]).capped).toEqual([])
})
