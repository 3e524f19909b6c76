import fc from 'fast-check'
import { expect, test } from 'vitest'
import { defineProjection } from '../../src/projections/define-projection'
import { emptyShardedMap, type ShardedMap, smDelete, smEdit, smEntries, smGet, smHas, smKeys, smSet, smSumByGroup } from '../../src/projections/sharded-map'
import { propertySeed } from '../arbitraries'

type Op = { kind: 'set'; key: string; value: number } | { kind: 'delete'; key: string } | { kind: 'bump'; key: string }
type S = { map: ShardedMap<{ n: number }> }

// A projection over the map, so the map is exercised through real batch transactions.
const counter = defineProjection<S>({
  name: 'counter',
  initial: { map: emptyShardedMap() },
  on: {
    'clock.ticked': (tx, e) => {
      const op = decode(e.at)
      const s = tx.draft()
      const map = tx.own(s.map)
      s.map = map
      if (op.kind === 'set') smSet(tx, map, op.key, { n: op.value })
      else if (op.kind === 'delete') smDelete(tx, map, op.key)
      else if (smHas(map, op.key)) smEdit(tx, map, op.key).n += 1
    },
  },
})

// Ops are smuggled through clock ticks as numbers: key index, kind, value.
function encode(op: Op, keys: string[]): number {
  const k = keys.indexOf(op.key)
  const kind = op.kind === 'set' ? 0 : op.kind === 'delete' ? 1 : 2
  return (op.kind === 'set' ? op.value : 0) * 10_000 + k * 10 + kind
}
const KEYS = Array.from({ length: 600 }, (_, i) => `key-${i}`)
function decode(n: number): Op {
  const kind = n % 10
  const key = KEYS[Math.floor((n % 10_000) / 10)] as string
  const value = Math.floor(n / 10_000)
  return kind === 0 ? { kind: 'set', key, value } : kind === 1 ? { kind: 'delete', key } : { kind: 'bump', key }
}

test('behaves like a Map under any sequence of sets, deletes and edits', () => {
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...KEYS), value: fc.nat(99) }),
    fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...KEYS) }),
    fc.record({ kind: fc.constant('bump' as const), key: fc.constantFrom(...KEYS) }),
  )
  fc.assert(
    fc.property(fc.array(op, { maxLength: 300 }), fc.integer({ min: 1, max: 50 }), (ops, chunk) => {
      const model = new Map<string, number>()
      for (const o of ops) {
        if (o.kind === 'set') model.set(o.key, o.value)
        else if (o.kind === 'delete') model.delete(o.key)
        else if (model.has(o.key)) model.set(o.key, (model.get(o.key) as number) + 1)
      }
      const envs = ops.map((o, i) => ({ seq: i, receivedAt: 0, source: 'local' as const, event: { type: 'clock.ticked' as const, at: encode(o, KEYS) } }))
      let s = counter.initial
      for (let i = 0; i < envs.length; i += chunk) s = counter.applyAll(s, envs.slice(i, i + chunk))
      expect(s.map.count).toBe(model.size)
      expect(new Map([...smEntries(s.map)].map(([k, v]) => [k, v.n]))).toEqual(model)
      for (const k of KEYS.slice(0, 50)) expect(smGet(s.map, k)?.n).toBe(model.get(k))
    }),
    { seed: propertySeed('sharded map = Map'), numRuns: 200 },
  )
})

test('a change copies one shard and shares the others', () => {
  let s = counter.initial
  const set = (key: string, value: number) => {
    s = counter.apply(s, { seq: 0, receivedAt: 0, source: 'local', event: { type: 'clock.ticked', at: encode({ kind: 'set', key, value }, KEYS) } })
  }
  for (const k of KEYS) set(k, 1)
  const before = s
  set('key-7', 2)
  const changed = before.map.shards.filter((shard, i) => shard !== s.map.shards[i])
  expect(changed).toHaveLength(1)
  expect(smKeys(s.map)).toHaveLength(KEYS.length)
  expect(smGet(before.map, 'key-7')?.n).toBe(1)
})

test('a change copies one bucket of its group and shares the group’s other buckets', () => {
  let s = counter.initial
  const set = (key: string, value: number) => {
    s = counter.apply(s, { seq: 0, receivedAt: 0, source: 'local', event: { type: 'clock.ticked', at: encode({ kind: 'set', key, value }, KEYS) } })
  }
  for (const k of KEYS) set(k, 1)
  const before = s
  set('key-7', 2)
  const group = before.map.shards.findIndex((g, i) => g !== s.map.shards[i])
  const changed = (before.map.shards[group] ?? []).filter((bucket, i) => bucket !== s.map.shards[group]?.[i])
  expect(changed).toHaveLength(1)
  expect(changed[0]).toContain('key-7')
})

test('a batch of many keys copies the buckets it adds to and shares every other', () => {
  let s = counter.initial
  const batch = (keys: string[]) => {
    s = counter.applyAll(
      s,
      keys.map((key, i) => ({ seq: i, receivedAt: 0, source: 'local' as const, event: { type: 'clock.ticked' as const, at: encode({ kind: 'set', key, value: 1 }, KEYS) } })),
    )
  }
  batch(KEYS.slice(0, 300))
  const before = s
  batch(KEYS.slice(300))
  const added = new Set(KEYS.slice(300))
  const buckets = (m: typeof s.map) => m.shards.flatMap((g) => (g ?? []).filter((b) => b !== undefined))
  const old = new Set(buckets(before.map))
  for (const b of buckets(s.map)) expect(old.has(b)).toBe(!b.some((k) => typeof k === 'string' && added.has(k)))
  expect(smKeys(s.map)).toHaveLength(KEYS.length)
  expect(smKeys(before.map)).toHaveLength(300)
})

test('smSumByGroup equals the plain sum after any changes to either map, reusing what it summed before', () => {
  // Few keys, so the two maps share many and most changes land on a key of both.
  const keys = KEYS.slice(0, 40)
  const op: fc.Arbitrary<Op> = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys), value: fc.nat(99) }),
    fc.record({ kind: fc.constant('delete' as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant('bump' as const), key: fc.constantFrom(...keys) }),
  )
  const count = (a: { n: number }, b: { n: number } | undefined) => a.n * 1000 + (b?.n ?? 7)
  fc.assert(
    fc.property(fc.array(fc.tuple(op, op), { minLength: 10, maxLength: 200 }), fc.integer({ min: 1, max: 20 }), (ops, chunk) => {
      const sums = new WeakMap()
      let a = counter.initial
      let b = counter.initial
      const envs = (side: 0 | 1) => ops.map((pair, i) => ({ seq: i, receivedAt: 0, source: 'local' as const, event: { type: 'clock.ticked' as const, at: encode(pair[side], KEYS) } }))
      const [ea, eb] = [envs(0), envs(1)]
      for (let i = 0; i < ops.length; i += chunk) {
        // One side at a time, so some steps change only the map summed over and others only the other map.
        if ((i / chunk) % 2 === 0) a = counter.applyAll(a, ea.slice(i, i + chunk))
        else b = counter.applyAll(b, eb.slice(i, i + chunk))
        let plain = 0
        for (const [key, value] of smEntries(a.map)) plain += count(value, smGet(b.map, key))
        expect(smSumByGroup(a.map, b.map, count, sums)).toBe(plain)
      }
    }),
    { seed: propertySeed('smSumByGroup = sum'), numRuns: 150 },
  )
})
