/**
 * Typed collection helpers for the copy-on-write transaction (./define-projection.ts), so a hot-path
 * handler reads as one line per change, as an immer handler does, without immer's proxies (why: the
 * README's Dependency notes). Every helper takes a collection the batch owns (from a `draft…(tx)` accessor or
 * `edit`) and makes owned whatever it changes inside it, copying each part at most once per batch.
 */
import { edit, type Tx } from './define-projection'
import { type ShardedMap, smDelete, smEdit, smHas, smSet } from './sharded-map'

/** A normalised collection: entries by id, and the order they arrived in. */
export interface Ordered<V> {
  byId: ShardedMap<V>
  order: string[]
}

/** An owned copy of the value at `key` of an owned map, or a new one from `create` (owned, and stored). */
export function smUpsert<V extends object>(tx: Tx<unknown>, map: ShardedMap<V>, key: string, create: () => V): V {
  if (smHas(map, key)) return smEdit(tx, map, key)
  const value = tx.adopt(create())
  smSet(tx, map, key, value)
  return value
}

/** An owned copy of the entry `id`, or a new one from `create`, stored and appended to the order. */
export function upsertEntry<V extends object>(tx: Tx<unknown>, collection: Ordered<V>, id: string, create: () => V): V {
  const byId = edit(tx, collection, 'byId')
  if (smHas(byId, id)) return smEdit(tx, byId, id)
  const value = tx.adopt(create())
  smSet(tx, byId, id, value)
  edit(tx, collection, 'order').push(id)
  return value
}

/** Stores `value` (owned or not) as the entry `id`, appending `id` to the order when it is new. */
export function putEntry<V>(tx: Tx<unknown>, collection: Ordered<V>, id: string, value: V): void {
  const byId = edit(tx, collection, 'byId')
  if (!smHas(byId, id)) edit(tx, collection, 'order').push(id)
  smSet(tx, byId, id, value)
}

/** Removes the entries `ids` (absent ones are skipped) and their places in the order. */
export function removeEntries<V>(tx: Tx<unknown>, collection: Ordered<V>, ids: ReadonlySet<string>): void {
  const byId = edit(tx, collection, 'byId')
  for (const id of ids) smDelete(tx, byId, id)
  collection.order = tx.adopt(collection.order.filter((id) => !ids.has(id)))
}

/** Appends `item` to the list at `key` of an owned record of lists (a new list; the old one may be shared). */
export function appendAt<T>(record: Record<string, T[]>, key: string, item: T): void {
  record[key] = [...(record[key] ?? []), item]
}

/** `Object.assign` that checks the changes against the target's type (one line for several fields). */
export function assign<T extends object>(target: T, changes: Partial<T>): T {
  return Object.assign(target, changes)
}

/** The earliest of the times the listed items carry (an expiry, a removal), or null when none carries one. */
export function earliestTime<V>(collection: { byId: Record<string, V>; order: readonly string[] }, time: (item: V) => number | null | undefined): number | null {
  let next: number | null = null
  for (const id of collection.order) {
    const item = collection.byId[id]
    const at = item === undefined ? null : time(item)
    if (at != null && (next === null || at < next)) next = at
  }
  return next
}
