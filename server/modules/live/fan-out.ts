/**
 * The hub's fan-out (hub.ts has the contract): which authenticated sockets watch which tenant's session,
 * and what a notice on `LIVE_CHANNEL` does to them.
 *
 * - A notice wakes every socket of its session (each reads what it has not sent yet); a malformed one is
 *   counted and dropped. A notice past the retention size schedules the session's prune: one prune at a
 *   time per session, notices during it cause one more (none once the hub is closing).
 * - `sweep` asks the log for the last id of every watched session and wakes their sockets, so a lost
 *   notice costs latency, never data.
 */
import { z } from 'zod'
import type { Database } from '../../platform/db/database'
import type { ConnectionContext, LiveConnection } from './connection'
import { lastLiveIds, pruneLiveLog } from './queries/log'

export interface SessionFanOut {
  /** The connection passed authentication: it watches its session from now on. */
  watch(connection: LiveConnection): void
  /** The connection closed: it watches nothing. */
  unwatch(connection: LiveConnection): void
  /** A payload received on LIVE_CHANNEL. */
  onNotice(payload: string): void
  /** Wakes every watched session's sockets with its last id (notices lost meanwhile). */
  sweep(): Promise<void>
  /** Sessions with at least one authenticated socket. */
  sessionCount(): number
  invalidNotices(): number
  /** Prunes in flight, for a close to wait on. */
  prunesInFlight(): Promise<void>[]
}

export function createSessionFanOut(deps: {
  db: Database
  /** Messages each session's log keeps. */
  retention: number
  log: () => ConnectionContext['log']
  closing: () => boolean
}): SessionFanOut {
  const bySession = new Map<string, Set<LiveConnection>>()
  const prunes = new Map<string, { again: boolean; done: Promise<void> }>()
  let invalidNotices = 0

  const wake = (tenantId: string, sessionId: string, id: bigint) => {
    for (const connection of bySession.get(sessionKey(tenantId, sessionId)) ?? []) connection.notify(id)
  }

  const schedulePrune = (tenantId: string, sessionId: string) => {
    const key = sessionKey(tenantId, sessionId)
    const running = prunes.get(key)
    if (running) {
      running.again = true
      return
    }
    const state = { again: false, done: Promise.resolve() }
    prunes.set(key, state)
    state.done = (async () => {
      try {
        do {
          state.again = false
          await pruneLiveLog(deps.db, tenantId, sessionId, deps.retention)
        } while (state.again && !deps.closing())
      } catch (error) {
        deps.log().error({ err: error, sessionId }, 'live log pruning failed')
      } finally {
        prunes.delete(key)
      }
    })()
  }

  return {
    watch(connection) {
      const key = sessionKey(connection.tenantId as string, connection.sessionId)
      let set = bySession.get(key)
      if (!set) bySession.set(key, (set = new Set()))
      set.add(connection)
    },

    unwatch(connection) {
      if (connection.tenantId === null) return
      const key = sessionKey(connection.tenantId, connection.sessionId)
      const set = bySession.get(key)
      set?.delete(connection)
      if (set?.size === 0) bySession.delete(key)
    },

    onNotice(payload) {
      const notice = noticeSchema.safeParse(parseJson(payload))
      if (!notice.success) {
        invalidNotices++
        return
      }
      const { tenantId, sessionId } = notice.data
      const id = BigInt(notice.data.id)
      wake(tenantId, sessionId, id)
      if (id > BigInt(deps.retention)) schedulePrune(tenantId, sessionId)
    },

    async sweep() {
      const sessions = [...bySession.values()].flatMap((set) => {
        const c = set.values().next().value
        return c ? [{ tenantId: c.tenantId as string, sessionId: c.sessionId }] : []
      })
      for (let i = 0; i < sessions.length; i += SWEEP_CHUNK) {
        for (const head of await lastLiveIds(deps.db, sessions.slice(i, i + SWEEP_CHUNK))) wake(head.tenantId, head.sessionId, BigInt(head.id))
      }
    },

    sessionCount: () => bySession.size,
    invalidNotices: () => invalidNotices,
    prunesInFlight: () => [...prunes.values()].map((p) => p.done),
  }
}

/** Sessions whose last id one sweep query asks for. */
const SWEEP_CHUNK = 1000

const noticeSchema = z.object({ tenantId: z.string().min(1), sessionId: z.string().min(1), id: z.string().regex(/^\d{1,19}$/) })

function sessionKey(tenantId: string, sessionId: string): string {
  return `${tenantId}\u0000${sessionId}`
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
