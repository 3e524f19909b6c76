/**
 * What the intelligence views computed for a tenant, kept while the tenant's material stands still
 * (issue 22, item 1). Every change to what they read (a document completing, changing or going; its frames,
 * stories and board places; a correction, an entity decision, a KPI, a research …) moves the tenant's
 * counter in `intelligence_versions` as it commits (migration 027). A read asks that counter first (one
 * row by its key) and answers what was computed at the same counter, and for a view that depends on the
 * time, in the same minute; otherwise it computes, keeps and answers.
 *
 * The counter is read before the computation, so what is kept under a counter is never older than it: a
 * change committing in between is kept under the older counter and computed again on the next read.
 * Each API process keeps its own entries (bounded by weight, least recently used out first) and asks the
 * one counter all processes share, so a change made through any process reaches all of them on their next read.
 */
import type { Queryable } from '../../platform/db/database'
import { answerUnchanging } from '../../platform/http/contracts'
import { perDatabase } from '../../platform/db/per-database'

/** The entries' total weight a process keeps at most: about this many bytes of answers. */
export const READ_CACHE_BYTES = 160 * 1024 * 1024
const MINUTE_MS = 60_000

export interface ReadOptions {
  /** The time the view is computed for: it is kept for the rest of that minute only. */
  at?: number
  /** The entry's weight in bytes; by default the length of its JSON. */
  weigh?: (value: unknown) => number
}

export interface ReadCacheStats {
  hits: number
  misses: number
  entries: number
  bytes: number
}

interface Entry {
  value: unknown
  bytes: number
}

export interface ReadCache {
  /** What `compute` answers for the tenant as its material stands now: kept, or computed and kept. */
  read<T>(db: Queryable, tenantId: string, key: string, compute: () => Promise<T>, options?: ReadOptions): Promise<T>
  stats(): ReadCacheStats
}

export function createReadCache(limitBytes = READ_CACHE_BYTES): ReadCache {
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, Entry>()
  const versions = new Map<string, bigint>()
  let bytes = 0
  let hits = 0
  let misses = 0

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }
  const forgetTenant = (tenantId: string) => {
    const prefix = `${tenantId.length}:${tenantId}|`
    for (const key of [...entries.keys()]) if (key.startsWith(prefix)) drop(key)
  }

  return {
    async read(db, tenantId, key, compute, options = {}) {
      const version = await tenantVersion(db, tenantId)
      // A counter other than the last one seen (moved on, or reset by an erasure): nothing kept holds.
      if (versions.get(tenantId) !== version) {
        forgetTenant(tenantId)
        versions.set(tenantId, version)
      }
      const minute = options.at === undefined ? '' : `@${Math.floor(options.at / MINUTE_MS)}`
      const full = `${tenantId.length}:${tenantId}|${version}${minute}|${key}`
      const kept = entries.get(full)
      if (kept) {
        hits++
        entries.delete(full)
        entries.set(full, kept)
        return kept.value as Awaited<ReturnType<typeof compute>>
      }
      misses++
      // Kept answers are shared by every later read: never changed, so their text is made once (contracts.ts).
      const value = answerUnchanging(await compute())
      const weight = options.weigh ? options.weigh(value) : jsonBytes(value)
      if (weight <= limitBytes / 4 && versions.get(tenantId) === version) {
        drop(full)
        entries.set(full, { value, bytes: weight })
        bytes += weight
        for (const oldest of entries.keys()) {
          if (bytes <= limitBytes) break
          drop(oldest)
        }
      }
      return value
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  }
}

/** The tenant's counter: 0 before anything it holds was ever analysed. */
export async function tenantVersion(db: Queryable, tenantId: string): Promise<bigint> {
  const [row] = await db.query<{ version: string | number }>('SELECT version FROM intelligence_versions WHERE tenant_id = $1', [tenantId])
  return row ? BigInt(row.version) : 0n
}

function jsonBytes(value: unknown): number {
  // Twice the characters: a JS string holds UTF-16, and the parsed value weighs about as much again.
  return 2 * (JSON.stringify(value)?.length ?? 0)
}

/** The process's cache for one database (each app a test builds has its own database, so its own cache). */
export const readCacheOf: (db: object) => ReadCache = perDatabase(createReadCache)

/** A route file's reads through its database's cache: `kept(tenantId, [what, ...params], compute, at?)`. */
export function keptReads(db: Queryable) {
  const cache = readCacheOf(db)
  return <T>(tenantId: string, key: readonly unknown[], compute: () => Promise<T>, at?: number): Promise<T> => cache.read(db, tenantId, JSON.stringify(key), compute, at === undefined ? {} : { at })
}
