/**
 * What the tenant's graph says it was drawn from when the tenant has more documents than it reads
 * (TENANT_GRAPH_DOCUMENTS): how many of how many, since when, and by which end date.
 */
import { expect, test } from 'vitest'
import { windowNote } from '../../src/ui/entity-graph/EntityGraphPanel'

test('the newest documents since a day, and how to look further back', () => {
  expect(windowNote({ read: 5000, total: 102_000, since: '2026-03-12', until: null })).toBe(
    'Drawn from the newest 5,000 of 102,000 documents, those that arrived since 12 Mar 2026. Set an end date to look further back.',
  )
})

test('with an end date: those arrived by it, and none when none had', () => {
  expect(windowNote({ read: 5000, total: 102_000, since: '2025-09-01', until: '2025-12-31' })).toBe('Drawn from the newest 5,000 of 102,000 documents that arrived by 31 Dec 2025, since 1 Sept 2025.')
  expect(windowNote({ read: 0, total: 102_000, since: null, until: '2020-01-01' })).toBe('None of the 102,000 documents had arrived by 1 Jan 2020.')
})
