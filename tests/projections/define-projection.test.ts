/**
 * A large batch is read for its event types once, and a projection that takes none of them returns its
 * state untouched without reading each event. These hold the skip to what it must not change: a
 * projection that takes one event of a large batch, wherever it sits, still folds it, and two projections
 * reading the same batch each see their own types (the types are kept per batch, not per projection).
 */
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { defineDraftProjection } from '../../src/projections/define-draft-projection'
import { defineProjection, type Envelope, type Projection } from '../../src/projections/define-projection'

type Counts = { ticks: number; shown: number }

const ticks = defineProjection<Counts>({
  name: 'ticks',
  initial: { ticks: 0, shown: 0 },
  on: { 'clock.ticked': (tx) => void (tx.draft().ticks += 1) },
})

const shown = defineDraftProjection<Counts>({
  name: 'shown',
  initial: { ticks: 0, shown: 0 },
  on: { 'notification.shown': (draft) => void (draft.shown += 1) },
})

const tick: DomainEvent = { type: 'clock.ticked', at: 1 }
const note: DomainEvent = { type: 'notification.shown', id: 'n', message: 'm', kind: 'success', at: 1 }
const deleted: DomainEvent = { type: 'document.deleted', eventId: 'e1' }

function batchOf(events: DomainEvent[]): Envelope[] {
  return events.map((event, i) => ({ seq: i + 1, receivedAt: i, source: 'replay', event }))
}

describe.each([
  ['copy-on-write', ticks, tick, 'ticks'],
  ['immer', shown, note, 'shown'],
] as const)('a %s projection over a large batch', (_, projection: Projection<Counts>, own, field) => {
  test('a batch of none of its types returns the very same state', () => {
    const state = projection.initial
    expect(projection.applyAll(state, batchOf(Array(500).fill(deleted)))).toBe(state)
  })

  test.each([0, 250, 499])('one of its events at position %i is folded', (at) => {
    const events = Array<DomainEvent>(500).fill(deleted)
    events[at] = own
    expect(projection.applyAll(projection.initial, batchOf(events))[field]).toBe(1)
  })
})

test('two projections reading one batch each fold their own events', () => {
  const events = Array<DomainEvent>(300).fill(deleted)
  events[10] = tick
  events[20] = tick
  events[290] = note
  const batch = batchOf(events)
  expect(ticks.applyAll(ticks.initial, batch)).toEqual({ ticks: 2, shown: 0 })
  expect(shown.applyAll(shown.initial, batch)).toEqual({ ticks: 0, shown: 1 })
  // The same batch read again (its types are kept) folds the same.
  expect(ticks.applyAll(ticks.initial, batch)).toEqual({ ticks: 2, shown: 0 })
})
