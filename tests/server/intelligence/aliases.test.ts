/** Alias merging across a tenant's documents (server/modules/intelligence/aliases.ts), on hand-written occurrences. */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { type EntityOccurrence, initialsKey, mergeEntities } from '../../../server/modules/intelligence/aliases'
import { propertySeed } from '../../arbitraries'

const occ = (eventId: string, text: string, kind: string, mentions = 1, aliases: string[] = []): EntityOccurrence => ({ eventId, text, kind, aliases, mentions })

const corpus: EntityOccurrence[] = [
  occ('e1', 'U.S.', 'place', 2),
  occ('e2', 'USA', 'place', 1),
  occ('e3', 'United States', 'place', 3),
  occ('e3', 'European Union', 'organisation', 1),
  occ('e4', 'EU', 'organisation', 2),
  occ('e4', 'Acme Corp', 'organisation', 1, ['Acme']),
  occ('e5', 'Acme', 'organisation', 1),
  occ('e5', 'Shell', 'organisation', 4),
]

describe('mergeEntities', () => {
  test('a merged entity keeps the anchor it was merged into, so a rename after the merge stays with it when a merged-in name is split off', () => {
    const docs = [occ('e1', 'Alphabet', 'organisation', 5), occ('e2', 'Google', 'organisation', 1)]
    const merge = { action: 'merge' as const, name: 'Google', other: 'Alphabet', keep: 'Google' }
    const merged = mergeEntities(docs, [merge]).resolve('Alphabet')!
    // Alphabet is named more often, but Google is what the analyst merged into: decisions are recorded under it.
    expect(merged).toMatchObject({ name: 'Google', anchor: 'Google', aliases: ['Alphabet'] })
    const rename = { action: 'rename' as const, name: merged.anchor, other: 'Google LLC', keep: null }
    const after = mergeEntities(docs, [merge, rename, { action: 'split', name: 'Alphabet' }])
    expect(after.resolve('Google')).toMatchObject({ name: 'Google LLC', mentionCount: 1 })
    expect(after.resolve('Alphabet')).toMatchObject({ name: 'Alphabet', mentionCount: 5 })
  })

  test("'U.S.', 'USA' and 'United States' are one entity with the gazetteer's name; mentions add up per document", () => {
    const index = mergeEntities(corpus)
    const us = index.resolve('usa')!
    expect(us).toMatchObject({ id: 'ent_place_united-states', name: 'United States', kind: 'place', aliases: ['U.S.', 'USA'], mentionCount: 6 })
    expect([...us.byDocument]).toEqual([
      ['e1', 2],
      ['e2', 1],
      ['e3', 3],
    ])
    expect(index.resolve('U.S.')).toBe(us)
    expect(index.resolve('United States of America')).toBe(us)
  })

  test('a short form joins the full name it is the initials of; analyser aliases join too; others stay apart', () => {
    const index = mergeEntities(corpus)
    expect(index.resolve('EU')).toMatchObject({ id: 'ent_organisation_european-union', mentionCount: 3, aliases: ['EU'] })
    expect(index.resolve('Acme')).toMatchObject({ name: 'Acme Corp', mentionCount: 2 })
    expect(index.resolve('Shell')).toMatchObject({ id: 'ent_organisation_shell', mentionCount: 4, aliases: [] })
    expect(index.entities).toHaveLength(4)
    expect(index.resolve('Shell', 'place')).toBeUndefined()
    expect(index.resolve('Nobody')).toBeUndefined()
  })

  test('initials ignore connectors and need two capitalised words', () => {
    expect(initialsKey('United States of America')).toBe('usa')
    expect(initialsKey('European Union')).toBe('eu')
    expect(initialsKey('Shell')).toBeNull()
    expect(initialsKey('the hydrogen terminal')).toBeNull()
  })

  test('the result does not depend on the order of the documents', () => {
    const canonical = (o: EntityOccurrence[]) => mergeEntities(o).entities.map((e) => [e.id, e.name, e.aliases, e.mentionCount])
    const expected = canonical(corpus)
    fc.assert(
      fc.property(fc.shuffledSubarray(corpus, { minLength: corpus.length, maxLength: corpus.length }), (shuffled) => {
        expect(canonical(shuffled)).toEqual(expected)
      }),
      { seed: propertySeed('alias merging is order-free') },
    )
  })
})
