/**
 * The tenant's entities from kept spellings (issue 22, item 1): merging a view's documents with the tenant's
 * spelling sums (aliases.ts `mergeEntities` with spellings) names every entity exactly as merging the whole
 * corpus does, and counts each one's mentions in the view's documents only.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type EntityDecision, type EntityIndex, type EntityOccurrence, mergeEntities, withDocuments } from '../../../server/modules/intelligence/aliases'
import { propertySeed } from '../../arbitraries'
import { spellingsOf } from './spellings-support'

/** Names that chain: spellings of one country, a union and its initials, a company and its short name, a split risk. */
const NAMES = ['U.S.', 'USA', 'United States', 'European Union', 'EU', 'Acme Corp', 'Acme', 'AC', 'Shell', 'Kessel Rail', 'KR', 'Norland Freight', 'Paris']
const KINDS = ['place', 'organisation', 'person', 'other']

const occurrence = fc.record({
  eventId: fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5', 'e6'),
  text: fc.constantFrom(...NAMES),
  kind: fc.constantFrom(...KINDS),
  aliases: fc.subarray(NAMES, { maxLength: 2 }),
  mentions: fc.integer({ min: 1, max: 5 }),
})
const decision: fc.Arbitrary<EntityDecision> = fc.oneof(
  fc.record({ action: fc.constant('merge' as const), name: fc.constantFrom(...NAMES), other: fc.constantFrom(...NAMES), keep: fc.option(fc.constantFrom(...NAMES)) }),
  fc.record({ action: fc.constant('split' as const), name: fc.constantFrom(...NAMES) }),
  fc.record({ action: fc.constant('rename' as const), name: fc.constantFrom(...NAMES), other: fc.constantFrom('Kessel Rail Group', 'Acme Holdings', 'America') }),
)

/** What a view shows of an index: every entity, and its mentions in the view's documents. */
function seen(index: EntityIndex, view: ReadonlySet<string>) {
  return index.entities.map((e) => ({
    id: e.id,
    name: e.name,
    kind: e.kind,
    aliases: e.aliases,
    mentionCount: e.mentionCount,
    anchor: e.anchor,
    byDocument: [...e.byDocument].filter(([id]) => view.has(id)).sort(([a], [b]) => a.localeCompare(b)),
  }))
}

describe('the tenant’s entities from kept spellings', () => {
  test('a view’s documents and the tenant’s spellings merge as the whole corpus does', () => {
    fc.assert(
      fc.property(fc.array(occurrence, { maxLength: 30 }), fc.array(decision, { maxLength: 4 }), fc.subarray(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']), (all, decisions, viewIds) => {
        const view = new Set(viewIds)
        const whole = mergeEntities(all, decisions)
        const kept = mergeEntities(
          all.filter((o) => view.has(o.eventId)),
          decisions,
          spellingsOf(all),
        )
        expect(seen(kept, view)).toEqual(seen(whole, view))
        // Every name resolves to the same entity.
        for (const name of [...NAMES, 'America', 'Acme Holdings']) expect(kept.resolve(name)?.id).toBe(whole.resolve(name)?.id)
      }),
      { seed: propertySeed('spellings merge as the corpus does'), numRuns: 300 },
    )
  })

  test('the tenant’s entities merged once, with a view’s mentions, are the index merging the view over the sums gives', () => {
    fc.assert(
      fc.property(fc.array(occurrence, { maxLength: 30 }), fc.array(decision, { maxLength: 4 }), fc.subarray(['e1', 'e2', 'e3', 'e4', 'e5', 'e6']), (all, decisions, viewIds) => {
        const ours = all.filter((o) => viewIds.includes(o.eventId))
        const spellings = spellingsOf(all)
        const merged = mergeEntities(ours, decisions, spellings)
        const kept = withDocuments(mergeEntities([], decisions, spellings), ours)!
        const plain = (index: EntityIndex) => ({ entities: index.entities, byId: index.byId })
        expect(plain(kept)).toEqual(plain(merged))
        for (const name of [...NAMES, 'America', 'Acme Holdings']) expect(kept.resolve(name)).toEqual(merged.resolve(name))
        for (const o of ours) expect(kept.ofSpelling(o)).toEqual(merged.ofSpelling(o))
        // A spelling the tenant's entities were not merged with: merged again, not guessed.
        const unknown = { eventId: 'e9', text: 'Norland Freight', kind: 'organisation', aliases: ['Zephyr Lines'], mentions: 1 }
        expect(withDocuments(mergeEntities([], decisions, spellings), [...ours, unknown])).toBeUndefined()
      }),
      { seed: propertySeed('tenant entities with a view’s mentions'), numRuns: 300 },
    )
  })

  test('a document the sums do not hold yet (completed between the two reads) still names its entities', () => {
    const early: EntityOccurrence[] = [{ eventId: 'e1', text: 'Kessel Rail', kind: 'organisation', aliases: [], mentions: 2 }]
    const late: EntityOccurrence = { eventId: 'e2', text: 'Norland Freight', kind: 'organisation', aliases: ['Norland'], mentions: 3 }
    const index = mergeEntities([late], [], spellingsOf(early))
    expect(index.resolve('Norland')).toMatchObject({ name: 'Norland Freight', mentionCount: 3, byDocument: new Map([['e2', 3]]) })
    expect(index.resolve('Kessel Rail')).toMatchObject({ mentionCount: 2, byDocument: new Map() })
  })
})
