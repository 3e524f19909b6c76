/**
 * The live log (ARCHITECTURE.md §4): every live message is appended to its session's log, with the next
 * id of that session, before anyone is told about it. Ids increase strictly per session because they are
 * allocated by an UPDATE … RETURNING on the session's head row, which serialises concurrent appends.
 *
 * After the append commits, `LIVE_CHANNEL` is notified with `{tenantId, sessionId, id}`: every API process
 * (PGlite: this one; PostgreSQL: all of them) then reads the new rows and pushes them to its sockets.
 * Readers never trust the notification's content beyond "something new in this session".
 */
import type { LiveMessage, LiveMessageType } from '../../src/protocol/live-messages'
import type { Database, Queryable } from '../db/database'

export const LIVE_CHANNEL = 'sightline_live'

export interface LiveNotice {
  tenantId: string
  sessionId: string
  id: string
}

/** Appends one message inside the caller's transaction; returns it with its id. Notify after commit. */
export async function appendLiveMessage(
  tx: Queryable,
  message: { tenantId: string; sessionId: string; type: LiveMessageType; data: Record<string, unknown>; at: number },
): Promise<LiveMessage> {
  const head = await tx.query<{ last_seq: string | number }>(
    `INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ($1, $2, 1)
     ON CONFLICT (tenant_id, session_id) DO UPDATE SET last_seq = live_log_heads.last_seq + 1
     RETURNING last_seq`,
    [message.tenantId, message.sessionId],
  )
  const seq = String(head[0]?.last_seq)
  await tx.query(`INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
    message.tenantId,
    message.sessionId,
    seq,
    message.type,
    JSON.stringify(message.data),
    new Date(message.at).toISOString(),
  ])
  return { type: message.type, sessionId: message.sessionId, id: seq, data: message.data } as LiveMessage
}

/** Appends in its own transaction and notifies listeners: the usual way a stage emits. */
export async function emitLive(db: Database, message: Parameters<typeof appendLiveMessage>[1]): Promise<LiveMessage> {
  const appended = await db.transaction((tx) => appendLiveMessage(tx, message))
  await notifyLive(db, { tenantId: message.tenantId, sessionId: message.sessionId, id: appended.id as string })
  return appended
}

export async function notifyLive(db: Database, notice: LiveNotice): Promise<void> {
  await db.notify(LIVE_CHANNEL, JSON.stringify(notice))
}

/** Messages of a session after `after` (exclusive), in order, at most `limit`. */
export async function readLiveMessages(db: Queryable, tenantId: string, sessionId: string, after: string | null, limit = 1000): Promise<LiveMessage[]> {
  const rows = await db.query<{ seq: string | number; type: string; data: Record<string, unknown> }>(
    `SELECT seq, type, data FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND seq > $3 ORDER BY seq LIMIT $4`,
    [tenantId, sessionId, after === null ? 0 : after, limit],
  )
  return rows.map((r) => ({ type: r.type, sessionId, id: String(r.seq), data: r.data }) as LiveMessage)
}

/** The last id of a session's log, or null when it has none. */
export async function lastLiveId(db: Queryable, tenantId: string, sessionId: string): Promise<string | null> {
  const rows = await db.query<{ last_seq: string | number }>(`SELECT last_seq FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2`, [tenantId, sessionId])
  return rows[0] ? String(rows[0].last_seq) : null
}

/** The first and last ids a session's log still holds (pruning removes the oldest), or nulls when empty. */
export async function liveLogBounds(db: Queryable, tenantId: string, sessionId: string): Promise<{ first: string | null; last: string | null }> {
  const rows = await db.query<{ first: string | number | null; last: string | number | null }>(
    `SELECT (SELECT seq FROM live_log WHERE tenant_id = $1 AND session_id = $2 ORDER BY seq LIMIT 1) AS first,
            (SELECT last_seq FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2) AS last`,
    [tenantId, sessionId],
  )
  const row = rows[0]
  return { first: row?.first == null ? null : String(row.first), last: row?.last == null ? null : String(row.last) }
}

/**
 * Retention: deletes all but the newest `keep` messages of a session and returns how many went. Ids are
 * never reused (the head keeps counting), so a client resuming from a pruned id is told to resync.
 */
export async function pruneLiveLog(db: Queryable, tenantId: string, sessionId: string, keep: number): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    `WITH gone AS (
       DELETE FROM live_log WHERE tenant_id = $1 AND session_id = $2
         AND seq <= (SELECT last_seq - $3::bigint FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2)
       RETURNING 1)
     SELECT count(*) AS n FROM gone`,
    [tenantId, sessionId, keep],
  )
  return Number(rows[0]?.n ?? 0)
}

/** The last id of each of the given sessions that has a log (one query for a whole hub's sessions). */
export async function lastLiveIds(db: Queryable, sessions: ReadonlyArray<{ tenantId: string; sessionId: string }>): Promise<LiveNotice[]> {
  if (sessions.length === 0) return []
  const rows = await db.query<{ tenant_id: string; session_id: string; last_seq: string | number }>(
    `SELECT h.tenant_id, h.session_id, h.last_seq FROM live_log_heads h
       JOIN unnest($1::text[], $2::text[]) AS k(tenant_id, session_id) ON h.tenant_id = k.tenant_id AND h.session_id = k.session_id`,
    [sessions.map((s) => s.tenantId), sessions.map((s) => s.sessionId)],
  )
  return rows.map((r) => ({ tenantId: r.tenant_id, sessionId: r.session_id, id: String(r.last_seq) }))
}
