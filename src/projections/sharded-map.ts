/**
 * A persistent map for read models that grow large (10,000 documents, 100,000 frames).
 *
 * Copying a plain object with 40,000 keys takes ~30 ms; a live message that changes one frame must not
 * pay that, and neither may a session-data page of 2,000 frames pay for the 100,000 already loaded. Keys
 * hash to one of 16,384 buckets, held as 128 groups of 128: a bucket is a flat array `[tag, key, value,
 * …]` (about 6 keys each at 100,000; the tag is the key's hash, so a scan compares integers, not strings),
 * and a change copies the group array (128 slots), one group (128 slots) and one small bucket — array
 * copies, which are memcpy, unlike copying an object's keys — whatever the size of the map; a page's batch
 * copies each bucket it touches once. Reads are a hash, two array lookups and a short scan. Iteration
 * order is not insertion order: keep an `order` list where order matters.
 */
import { edit, type Tx } from './define-projection'

export interface ShardedMap<V> {
  readonly count: number
  /** Groups of buckets, sparse at both levels: a group or bucket exists once a key hashes to it. */
  readonly shards: ReadonlyArray<ReadonlyArray<Bucket<V> | undefined> | undefined>
}

/** Entries of three slots: the key's hash tag, the key, the value. */
type Bucket<V> = ReadonlyArray<number | string | V>

const GROUP_COUNT = 128
const BUCKETS_PER_GROUP = 128

export function emptyShardedMap<V>(): ShardedMap<V> {
  return { count: 0, shards: [] }
}

export function smGet<V>(map: ShardedMap<V>, key: string): V | undefined {
  const h = hashOf(key)
  const bucket = bucketAt(map, h)
  if (bucket === undefined) return undefined
  const at = indexIn(bucket, h, key)
  return at < 0 ? undefined : (bucket[at + 2] as V)
}

export function smHas<V>(map: ShardedMap<V>, key: string): boolean {
  const h = hashOf(key)
  const bucket = bucketAt(map, h)
  return bucket !== undefined && indexIn(bucket, h, key) >= 0
}

/** Sets `key` in a map the batch owns. */
export function smSet<V>(tx: Tx<unknown>, map: ShardedMap<V>, key: string, value: V): void {
  const m = map as Mutable<V>
  const h = hashOf(key)
  const bucket = ownedBucket(tx, m, h)
  const at = indexIn(bucket, h, key)
  if (at >= 0) bucket[at + 2] = value
  else {
    bucket.push(tag(h), key, value)
    m.count += 1
  }
}

/** An owned copy of the value at `key` (which must exist), stored back in the owned map. */
export function smEdit<V extends object>(tx: Tx<unknown>, map: ShardedMap<V>, key: string): V {
  const h = hashOf(key)
  const bucket = ownedBucket(tx, map as Mutable<V>, h)
  const at = indexIn(bucket, h, key)
  if (at < 0) throw new Error(`smEdit: no key ${key}`)
  return edit(tx, bucket, at + 2) as V
}

/** Deletes `key` from a map the batch owns; no change when absent. */
export function smDelete<V>(tx: Tx<unknown>, map: ShardedMap<V>, key: string): void {
  if (!smHas(map, key)) return
  const m = map as Mutable<V>
  const h = hashOf(key)
  const bucket = ownedBucket(tx, m, h)
  bucket.splice(indexIn(bucket, h, key), 3)
  m.count -= 1
}

export function* smEntries<V>(map: ShardedMap<V>): Generator<[string, V]> {
  for (const group of map.shards) {
    if (group === undefined) continue
    for (const bucket of group) {
      if (bucket === undefined) continue
      for (let i = 0; i < bucket.length; i += 3) yield [bucket[i + 1] as string, bucket[i + 2] as V]
    }
  }
}

export function smKeys<V>(map: ShardedMap<V>): string[] {
  const keys: string[] = []
  for (const [key] of smEntries(map)) keys.push(key)
  return keys
}

/** What `smSumByGroup` remembers of one group: the other map's group it was summed against, and the sum. */
export type GroupSums = WeakMap<object, { other: object | undefined; sum: number }>

/**
 * The sum of `count(value, other's value at the same key)` over the entries of `map`. Both maps hash keys
 * alike, so a key's entries sit in the same group and bucket of each; a group whose arrays neither map
 * changed since `sums` saw them (a change copies only the groups it touches) is not summed again, so a
 * total over 10,000 documents stays current for a change to a few in about 128 lookups.
 */
export function smSumByGroup<V, W>(map: ShardedMap<V>, other: ShardedMap<W>, count: (value: V, otherValue: W | undefined) => number, sums: GroupSums): number {
  let total = 0
  for (let g = 0; g < map.shards.length; g++) {
    const group = map.shards[g]
    if (group === undefined) continue
    const otherGroup = other.shards[g]
    const hit = sums.get(group)
    if (hit && hit.other === otherGroup) {
      total += hit.sum
      continue
    }
    let sum = 0
    for (let b = 0; b < group.length; b++) {
      const bucket = group[b]
      if (bucket === undefined) continue
      const otherBucket = otherGroup?.[b]
      for (let i = 0; i < bucket.length; i += 3) {
        let otherValue: W | undefined
        if (otherBucket !== undefined) {
          for (let j = 0; j < otherBucket.length; j += 3) {
            if (otherBucket[j] === bucket[i] && otherBucket[j + 1] === bucket[i + 1]) {
              otherValue = otherBucket[j + 2] as W
              break
            }
          }
        }
        sum += count(bucket[i + 2] as V, otherValue)
      }
    }
    sums.set(group, { other: otherGroup, sum })
    total += sum
  }
  return total
}

type Mutable<V> = { count: number; shards: Array<Array<Array<number | string | V> | undefined> | undefined> }

function bucketAt<V>(map: ShardedMap<V>, h: number): Bucket<V> | undefined {
  return map.shards[h % GROUP_COUNT]?.[(h >>> 7) % BUCKETS_PER_GROUP]
}

/** The bucket of hash `h`, owned by the batch along with its group and the group array (created when missing). */
function ownedBucket<V>(tx: Tx<unknown>, map: Mutable<V>, h: number): Array<number | string | V> {
  const g = h % GROUP_COUNT
  const b = (h >>> 7) % BUCKETS_PER_GROUP
  const groups = edit(tx, map, 'shards')
  const group = groups[g] !== undefined ? edit(tx, groups, g) : (groups[g] = tx.adopt([]))
  return group[b] !== undefined ? edit(tx, group, b) : (group[b] = tx.adopt([]))
}

/** Where `key` sits in its bucket, or -1: the stored tags are compared first, so other keys cost an integer comparison. */
function indexIn<V>(bucket: Bucket<V>, h: number, key: string): number {
  const t = tag(h)
  for (let i = 0; i < bucket.length; i += 3) if (bucket[i] === t && bucket[i + 1] === key) return i
  return -1
}

/** The hash as a small integer (30 bits), which an array holds unboxed. */
function tag(h: number): number {
  return h >>> 2
}

/** FNV-1a over the key's UTF-16 code units; the low 7 bits pick the group, the next 7 the bucket. */
function hashOf(key: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  return h >>> 0
}
