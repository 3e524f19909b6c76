/**
 * The live log (ARCHITECTURE.md §4): every live message is appended to its session's log, with the next
 * id of that session, before anyone is told about it. Ids increase strictly per session because they are
 * allocated by an UPDATE … RETURNING on the session's head row, which serialises concurrent appends.
 *
 * After the append commits, `LIVE_CHANNEL` is notified with `{tenantId, sessionId, id}`: every API process
 * (PGlite: this one; PostgreSQL: all of them) then reads the new rows and pushes them to its sockets.
 * Readers never trust the notification's content beyond "something new in this session".
 */
import type { LiveMessage, LiveMessageType } from '../../../src/protocol/live-messages'
import type { Database, Queryable } from '../../platform/db/database'

export const LIVE_CHANNEL = 'sightline_live'

export interface LiveNotice {
  tenantId: string
  sessionId: string
  id: string
}

/** A message to append. `eventId` names the document it is about (default: its data's `eventId`). */
export interface NewLiveMessage {
  tenantId: string
  sessionId: string
  type: LiveMessageType
  data: Record<string, unknown>
  at: number
  eventId?: string | null
}

/** Appends one message inside the caller's transaction; returns it with its id. Notify after commit. */
export async function appendLiveMessage(tx: Queryable, message: NewLiveMessage): Promise<LiveMessage> {
  const [appended] = await appendLiveMessages(tx, message.tenantId, message.sessionId, [message])
  return appended as LiveMessage
}

/**
 * Appends messages of one session inside the caller's transaction, in order, with consecutive ids: two
 * statements however many there are (a document's frames are announced a hundred at a time). Returns them
 * with their ids; notify after commit.
 */
export async function appendLiveMessages(tx: Queryable, tenantId: string, sessionId: string, messages: ReadonlyArray<Omit<NewLiveMessage, 'tenantId' | 'sessionId'>>): Promise<LiveMessage[]> {
  if (messages.length === 0) return []
  const head = await tx.query<{ last_seq: string | number }>(
    `INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, session_id) DO UPDATE SET last_seq = live_log_heads.last_seq + $3
     RETURNING last_seq`,
    [tenantId, sessionId, messages.length],
  )
  const first = BigInt(head[0]?.last_seq ?? messages.length) - BigInt(messages.length) + 1n
  const seqs = messages.map((_, i) => String(first + BigInt(i)))
  await tx.query(
    `INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at, event_id)
     SELECT $1, $2, m.seq, m.type, m.data::jsonb, m.created_at, m.event_id
     FROM unnest($3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::text[]) AS m(seq, type, data, created_at, event_id)`,
    [
      tenantId,
      sessionId,
      seqs,
      messages.map((m) => m.type),
      messages.map((m) => JSON.stringify(m.data)),
      messages.map((m) => new Date(m.at).toISOString()),
      messages.map((m) => m.eventId ?? messageEventId(m.data)),
    ],
  )
  return messages.map((m, i) => ({ type: m.type, sessionId, id: seqs[i], data: m.data }) as LiveMessage)
}

/** Appends in its own transaction and notifies listeners: the usual way a stage emits. */
export async function emitLive(db: Database, message: NewLiveMessage): Promise<LiveMessage> {
  const appended = await db.transaction((tx) => appendLiveMessage(tx, message))
  await notifyLive(db, { tenantId: message.tenantId, sessionId: message.sessionId, id: appended.id as string })
  return appended
}

export async function notifyLive(db: Database, notice: LiveNotice): Promise<void> {
  await db.notify(LIVE_CHANNEL, JSON.stringify(notice))
}

/**
 * The same notice, sent from inside the transaction that appended the messages: PostgreSQL (and PGlite)
 * deliver it when the transaction commits and drop it if it rolls back, so it still comes after the rows
 * are there, and costs no turn of its own at the embedded store's connection.
 */
export async function notifyLiveOnCommit(tx: Queryable, notice: LiveNotice): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [LIVE_CHANNEL, JSON.stringify(notice)])
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

/**
 * The first id a session's log reaches back to (everything before it was pruned by retention) and its last
 * id, or nulls when it has none. Between them ids may skip: deleted documents' messages are gone, and a
 * client resuming across such a hole misses nothing.
 */
export async function liveLogBounds(db: Queryable, tenantId: string, sessionId: string): Promise<{ first: string | null; last: string | null }> {
  const rows = await db.query<{ pruned_through: string | number; last_seq: string | number }>(`SELECT pruned_through, last_seq FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2`, [
    tenantId,
    sessionId,
  ])
  const row = rows[0]
  if (!row) return { first: null, last: null }
  const pruned = BigInt(row.pruned_through)
  const last = BigInt(row.last_seq)
  return { first: pruned >= last ? null : String(pruned + 1n), last: String(last) }
}

/**
 * Retention: deletes all but the newest `keep` messages of a session and returns how many went. Ids are
 * never reused (the head keeps counting), so a client resuming from a pruned id is told to resync.
 */
export async function pruneLiveLog(db: Queryable, tenantId: string, sessionId: string, keep: number): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    `WITH head AS (
       UPDATE live_log_heads SET pruned_through = last_seq - $3::bigint
       WHERE tenant_id = $1 AND session_id = $2 AND last_seq - $3::bigint > pruned_through
       RETURNING pruned_through),
     gone AS (
       DELETE FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND seq <= (SELECT pruned_through FROM head)
       RETURNING 1)
     SELECT count(*) AS n FROM gone`,
    [tenantId, sessionId, keep],
  )
  return Number(rows[0]?.n ?? 0)
}

/**
 * Retention by age: every message older than `before` goes, in every session, with whatever precedes it
 * in its session (a log is pruned from its start only, so resume's rule stays "before the first kept id
 * means resync"). At most `sessions` sessions per call; returns how many messages went (0: nothing left).
 */
export async function pruneLiveLogBefore(db: Queryable, before: number, sessions = 500): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    `WITH cut AS (
       SELECT tenant_id, session_id, max(seq) AS upto FROM live_log WHERE created_at < $1 GROUP BY tenant_id, session_id LIMIT $2),
     head AS (
       UPDATE live_log_heads h SET pruned_through = GREATEST(h.pruned_through, c.upto)
       FROM cut c WHERE h.tenant_id = c.tenant_id AND h.session_id = c.session_id
       RETURNING h.tenant_id, h.session_id, h.pruned_through),
     gone AS (
       DELETE FROM live_log l USING head
       WHERE l.tenant_id = head.tenant_id AND l.session_id = head.session_id AND l.seq <= head.pruned_through
       RETURNING 1)
     SELECT count(*) AS n FROM gone`,
    [new Date(before).toISOString(), sessions],
  )
  return Number(rows[0]?.n ?? 0)
}

/**
 * Erasure of documents from a session's log, inside the caller's transaction (server/modules/retention/erase.ts):
 * every message about them goes, and one `genesis-event-deleted` per document is appended, so a client
 * that has a card drops it and one resuming from before never sees it. Returns the last id appended
 * (notify after commit), or null when there was nothing to append.
 */
export async function eraseFromLiveLog(tx: Queryable, tenantId: string, sessionId: string, eventIds: readonly string[], at: number): Promise<string | null> {
  if (eventIds.length === 0) return null
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND event_id = ANY($3::text[])`, [tenantId, sessionId, eventIds])
  // One id per tombstone, allocated together under the head's row lock as single appends are.
  const head = await tx.query<{ last_seq: string | number }>(
    `INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, session_id) DO UPDATE SET last_seq = live_log_heads.last_seq + $3
     RETURNING last_seq`,
    [tenantId, sessionId, eventIds.length],
  )
  const last = BigInt(head[0]?.last_seq ?? 0)
  const first = last - BigInt(eventIds.length) + 1n
  await tx.query(
    `INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at, event_id)
     SELECT $1, $2, $3::bigint + d.n - 1, 'genesis-event-deleted', jsonb_build_object('eventId', d.id), $4, d.id
     FROM unnest($5::text[]) WITH ORDINALITY AS d(id, n)`,
    [tenantId, sessionId, String(first), new Date(at).toISOString(), eventIds],
  )
  return String(last)
}

/** A whole session's log and its head, inside the caller's transaction (the workspace is being deleted). */
export async function dropLiveLog(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
  await tx.query(`DELETE FROM live_log_heads WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
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

/** The document a message is about when its appender did not say: its data's eventId, or a frame's parentId. */
function messageEventId(data: Record<string, unknown>): string | null {
  const id = data.eventId ?? data.parentId
  return typeof id === 'string' ? id : null
}
