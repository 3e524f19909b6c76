/**
 * An entity watch's keys followed through the analyst's entity decisions (aliases.ts `keysThroughDecisions`),
 * as alerts match them: a merge brings the other entity's names, a rename the new name, a split takes the split
 * name away (never the name the watch was made for), and undoing a decision takes its effect away.
 */
import { describe, expect, test } from 'vitest'
import { type EntityDecision, keysThroughDecisions, nameKeys } from '../../../server/modules/intelligence/aliases'

const watched = (...names: string[]) => [...new Set(names.flatMap(nameKeys))]
const follows = (keys: Set<string>, name: string) => nameKeys(name).some((k) => keys.has(k))

describe('keysThroughDecisions', () => {
  const merge: EntityDecision = { action: 'merge', name: 'Kessel Rail', other: 'Norland Freight', keep: 'Kessel Rail' }

  test('no decisions: the keys as stored', () => {
    expect([...keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [])]).toEqual(watched('Kessel Rail'))
  })

  test('a merge with the watched entity, from either side, brings the other name; an unrelated merge brings nothing', () => {
    expect(follows(keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [merge]), 'Norland Freight')).toBe(true)
    const reversed: EntityDecision = { action: 'merge', name: 'Norland Freight', other: 'Kessel Rail', keep: 'Norland Freight' }
    expect(follows(keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [reversed]), 'Norland Freight')).toBe(true)
    const other: EntityDecision = { action: 'merge', name: 'Google', other: 'Alphabet', keep: 'Google' }
    expect(keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [other])).toEqual(new Set(watched('Kessel Rail')))
  })

  test('a chain of merges and a rename are followed; the old names stay watched', () => {
    const keys = keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [
      { action: 'merge', name: 'Norland Freight', other: 'Baltic Haulage', keep: 'Norland Freight' },
      merge,
      { action: 'rename', name: 'Kessel Rail', other: 'Kessel Group' },
    ])
    for (const name of ['Kessel Rail', 'Norland Freight', 'Baltic Haulage', 'Kessel Group']) expect(follows(keys, name), name).toBe(true)
  })

  test('a split takes the split name away, undoes the merge of it before, and never takes the watched name', () => {
    const split = keysThroughDecisions(watched('Kessel Rail', 'KR'), 'Kessel Rail', [merge, { action: 'split', name: 'Norland Freight' }])
    expect(follows(split, 'Norland Freight')).toBe(false)
    expect(follows(split, 'Kessel Rail')).toBe(true)
    const own = keysThroughDecisions(watched('Kessel Rail'), 'Kessel Rail', [{ action: 'split', name: 'Kessel Rail' }])
    expect(follows(own, 'Kessel Rail')).toBe(true)
    const alias = keysThroughDecisions(watched('Kessel Rail', 'Kessel'), 'Kessel Rail', [{ action: 'split', name: 'Kessel' }])
    expect(follows(alias, 'Kessel')).toBe(false)
  })
})
