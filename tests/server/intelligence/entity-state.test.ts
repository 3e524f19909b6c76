/**
 * The tenant's entities carried from one version of its spellings to the next (entity-state.ts): after any
 * sequence of documents arriving and going and decisions taken, the index equals the one merging every spelling
 * gives; and a document that changes a few groups leaves the other entities as they were (the same objects).
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type EntityDecision, type EntityIndex, type EntityOccurrence, type EntitySpelling, mergeEntities } from '../../../server/modules/intelligence/aliases'
import { advanceEntities, type EntityState } from '../../../server/modules/intelligence/entity-state'
import { propertySeed } from '../../arbitraries'
import { spellingsOf } from './spellings-support'

const NAMES = ['U.S.', 'USA', 'United States', 'European Union', 'EU', 'Acme Corp', 'Acme', 'AC', 'Shell', 'Kessel Rail', 'KR', 'Norland Freight', 'NF', 'Paris', 'Port of Aden']
const RENAMED = ['Kessel Rail Group', 'Acme Holdings', 'America']
const KINDS = ['place', 'organisation', 'person']

const occurrence = fc.record({
  eventId: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8'),
  text: fc.constantFrom(...NAMES),
  kind: fc.constantFrom(...KINDS),
  aliases: fc.subarray(NAMES, { maxLength: 2 }),
  mentions: fc.integer({ min: 1, max: 4 }),
})
const decision: fc.Arbitrary<EntityDecision> = fc.oneof(
  fc.record({ action: fc.constant('merge' as const), name: fc.constantFrom(...NAMES), other: fc.constantFrom(...NAMES), keep: fc.option(fc.constantFrom(...NAMES)) }),
  fc.record({ action: fc.constant('split' as const), name: fc.constantFrom(...NAMES) }),
  fc.record({ action: fc.constant('rename' as const), name: fc.constantFrom(...NAMES), other: fc.constantFrom(...RENAMED) }),
)
/** What happens between two versions: documents arrive, documents go, a decision is taken. */
const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ arrive: fc.array(occurrence, { minLength: 1, maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ go: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7', 'e8') }) },
  { weight: 1, arbitrary: fc.record({ decide: decision }) },
)

function expectSameIndex(kept: EntityIndex, merged: EntityIndex, spellings: readonly EntitySpelling[]) {
  expect(kept.entities).toEqual(merged.entities)
  expect(kept.byId).toEqual(merged.byId)
  for (const name of [...NAMES, ...RENAMED]) {
    expect(kept.resolve(name)).toEqual(merged.resolve(name))
    expect(kept.resolve(name, 'place')).toEqual(merged.resolve(name, 'place'))
  }
  for (const s of spellings) expect(kept.ofSpelling(s)).toEqual(merged.ofSpelling(s))
}

describe('the tenant’s entities from one version to the next', () => {
  test('after any changes, the kept index is the index of merging every spelling', () => {
    fc.assert(
      fc.property(fc.array(occurrence, { maxLength: 12 }), fc.array(step, { minLength: 1, maxLength: 8 }), (first, steps) => {
        let occurrences: EntityOccurrence[] = first
        let decisions: EntityDecision[] = []
        let state: EntityState | undefined
        const check = () => {
          // The database gives the spellings in no particular order.
          const spellings = spellingsOf(occurrences).reverse()
          state = advanceEntities(state, spellings, decisions)
          expectSameIndex(state.index, mergeEntities([], decisions, spellings), spellings)
        }
        check()
        for (const s of steps) {
          if ('arrive' in s) occurrences = [...occurrences, ...s.arrive]
          else if ('go' in s) occurrences = occurrences.filter((o) => o.eventId !== s.go)
          else decisions = [...decisions, s.decide]
          check()
        }
      }),
      { seed: propertySeed('entity state follows the spellings'), numRuns: 400 },
    )
  })

  test('a document naming a few entities merges those again and keeps the others as they were', () => {
    const base: EntityOccurrence[] = [
      { eventId: 'e1', text: 'Kessel Rail', kind: 'organisation', aliases: ['KR'], mentions: 3 },
      { eventId: 'e1', text: 'Norland Freight', kind: 'organisation', aliases: [], mentions: 2 },
      { eventId: 'e2', text: 'Paris', kind: 'place', aliases: [], mentions: 1 },
      { eventId: 'e2', text: 'European Union', kind: 'organisation', aliases: [], mentions: 1 },
    ]
    const first = advanceEntities(undefined, spellingsOf(base), [])
    const next = [...base, { eventId: 'e3', text: 'Kessel Rail', kind: 'organisation', aliases: ['KR'], mentions: 5 }, { eventId: 'e3', text: 'EU', kind: 'organisation', aliases: [], mentions: 1 }]
    const second = advanceEntities(first, spellingsOf(next), [])
    expectSameIndex(second.index, mergeEntities([], [], spellingsOf(next)), spellingsOf(next))
    // Kessel Rail's sums changed; "EU" joined the European Union; Norland Freight and Paris are the same objects.
    expect(second.index.resolve('KR')).toMatchObject({ name: 'Kessel Rail', mentionCount: 8 })
    expect(second.index.resolve('EU')).toMatchObject({ name: 'European Union', aliases: ['EU'] })
    for (const name of ['Norland Freight', 'Paris']) expect(second.index.resolve(name)).toBe(first.index.resolve(name))
    expect(second.index.resolve('Kessel Rail')).not.toBe(first.index.resolve('Kessel Rail'))
    // Nothing changed: the same index.
    expect(advanceEntities(second, spellingsOf(next), []).index).toBe(second.index)
  })
})
