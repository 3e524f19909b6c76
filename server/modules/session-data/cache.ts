/**
 * The session-data and frames reads' validators and response cache (issue 22, item 2).
 *
 * Contract:
 * - A read's version is what its session's data is at: the session row's own version, the live cursor and the
 *   sum of the session's changes (migration 025 keeps it; every change to what the reads return raises it, a
 *   new live message moves the cursor). Read in the same statement as the body, so a body and its version
 *   always belong together.
 * - ETag = hash(protocol version and fingerprint, tenant, user, the read and every parameter that changes its
 *   body, the version). `If-None-Match` naming it answers 304 without a body; `Cache-Control: private, no-cache`
 *   lets the browser keep the body and ask again each time (its fetch sends If-None-Match by itself).
 * - The cache holds serialised bodies by (tenant, session, read and parameters), with their version, at most
 *   `maxBytes` of them (least recently used go first; a body over `maxEntryBytes` is not kept). It never holds
 *   anything of one tenant under another's key, and a body is the same for every user of its tenant (the
 *   reads are scoped by tenant alone), while the ETag is per user.
 * - When a body may be served from it: on the embedded store (one process, every write is this process's),
 *   whenever it holds one — the notice `sightline_session_data` of each change drops the session's bodies at
 *   the commit, and a read that began before a notice does not store what it read (`begin`/`put`: the fill's
 *   ticket is older than the session's last notice). On PostgreSQL (several processes; a notice may come
 *   late) only after a one-row query gave the same version; notices there only free memory.
 */
import { createHash } from 'node:crypto'
import { PROTOCOL_FINGERPRINT, PROTOCOL_VERSION } from '../../../src/protocol/version'

/** The channel migration 025's triggers notify with ["tenant", "session"], or ["*"] for everything. */
export const SESSION_DATA_CHANNEL = 'sightline_session_data'

export interface CachedBody {
  /** The version the body reflects (`readSessionVersion`). */
  version: string
  body: Buffer
}

/** A read that may store what it reads, unless its session changed since it began. */
export interface FillTicket {
  readonly session: string
  readonly epoch: number
}

export interface ResponseCache {
  get(tenantId: string, sessionId: string, variant: string): CachedBody | undefined
  /** Call before reading: what `put` needs to know whether the session changed meanwhile. */
  begin(tenantId: string, sessionId: string): FillTicket
  /** Stores a body read after `ticket` was taken, unless the session was invalidated since; answers whether it did. */
  put(ticket: FillTicket, variant: string, entry: CachedBody): boolean
  /** The session changed: its bodies go, and reads begun before now store nothing. */
  invalidate(tenantId: string, sessionId: string): void
  /** Everything goes (a TRUNCATE, a lost listener). */
  clear(): void
  /** A payload of SESSION_DATA_CHANNEL. */
  onNotice(payload: string): void
  stats(): { entries: number; bytes: number; hits: number; misses: number }
}

export interface ResponseCacheOptions {
  maxBytes?: number
  maxEntryBytes?: number
  /** How many sessions' last invalidation are remembered before all older fills are refused at once. */
  maxTracked?: number
}

export function createResponseCache(options: ResponseCacheOptions = {}): ResponseCache {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024
  const maxEntryBytes = options.maxEntryBytes ?? Math.min(8 * 1024 * 1024, maxBytes)
  const maxTracked = options.maxTracked ?? 10_000
  /** Insertion order is recency: a hit moves its entry to the end, eviction takes from the start. */
  const entries = new Map<string, CachedBody & { session: string }>()
  const bySession = new Map<string, Set<string>>()
  let bytes = 0
  let hits = 0
  let misses = 0
  /** Raised at every invalidation; a fill stores only if its session's last invalidation is not after its ticket. */
  let epoch = 0
  /** Fills whose ticket is older than this store nothing (the tracked sessions were forgotten, or all was cleared). */
  let floor = 0
  const invalidatedAt = new Map<string, number>()

  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.body.length
    const keys = bySession.get(entry.session)
    keys?.delete(key)
    if (keys?.size === 0) bySession.delete(entry.session)
  }

  const invalidateSession = (session: string) => {
    epoch++
    for (const key of [...(bySession.get(session) ?? [])]) drop(key)
    invalidatedAt.delete(session)
    invalidatedAt.set(session, epoch)
    if (invalidatedAt.size > maxTracked) {
      invalidatedAt.clear()
      floor = epoch
    }
  }

  const cache: ResponseCache = {
    get(tenantId, sessionId, variant) {
      const key = entryKey(sessionKey(tenantId, sessionId), variant)
      const entry = entries.get(key)
      if (!entry) {
        misses++
        return undefined
      }
      hits++
      entries.delete(key)
      entries.set(key, entry)
      return entry
    },
    begin(tenantId, sessionId) {
      return { session: sessionKey(tenantId, sessionId), epoch }
    },
    put(ticket, variant, entry) {
      if (ticket.epoch < floor || (invalidatedAt.get(ticket.session) ?? 0) > ticket.epoch) return false
      if (entry.body.length > maxEntryBytes) return false
      const key = entryKey(ticket.session, variant)
      drop(key)
      entries.set(key, { ...entry, session: ticket.session })
      bytes += entry.body.length
      let keys = bySession.get(ticket.session)
      if (!keys) bySession.set(ticket.session, (keys = new Set()))
      keys.add(key)
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break
        drop(oldest)
      }
      return true
    },
    invalidate(tenantId, sessionId) {
      invalidateSession(sessionKey(tenantId, sessionId))
    },
    clear() {
      epoch++
      floor = epoch
      entries.clear()
      bySession.clear()
      invalidatedAt.clear()
      bytes = 0
    },
    onNotice(payload) {
      const notice = parseNotice(payload)
      if (notice === 'all') cache.clear()
      else if (notice) cache.invalidate(notice.tenantId, notice.sessionId)
      // A payload we cannot read could have named any session.
      else cache.clear()
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
  }
  return cache
}

/** The ETag of a read for this user at this version: quoted, strong (the body is the same bytes at one version). */
export function etagOf(scope: { tenantId: string; uid: string; sessionId: string }, variant: string, version: string): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([PROTOCOL_VERSION, PROTOCOL_FINGERPRINT, scope.tenantId, scope.uid, scope.sessionId, variant, version]))
    .digest('base64url')
  return `"${hash.slice(0, 32)}"`
}

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for it; `*` matches). */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (header === undefined) return false
  const text = Array.isArray(header) ? header.join(',') : header
  const bare = etag.replace(/^W\//, '')
  return text.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === bare
  })
}

function sessionKey(tenantId: string, sessionId: string): string {
  return `${tenantId}\u0000${sessionId}`
}

function entryKey(session: string, variant: string): string {
  return `${session}\u0000${variant}`
}

function parseNotice(payload: string): { tenantId: string; sessionId: string } | 'all' | null {
  let value: unknown
  try {
    value = JSON.parse(payload)
  } catch {
    return null
  }
  if (!Array.isArray(value)) return null
  if (value.length === 1 && value[0] === '*') return 'all'
  if (value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string') return { tenantId: value[0], sessionId: value[1] }
  return null
}
