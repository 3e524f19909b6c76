/**
 * The live log's statements (live_log and its per-session head, live_log_heads); ../log.ts holds its rules
 * (ids, notices, tombstones). Every statement is scoped by tenant except the operator's `locateSession`.
 */
import type { LiveMessage } from '../../../../src/protocol/live-messages'
import type { Queryable } from '../../../platform/db/database'

/**
 * Moves the session's head `count` ids on (creating it at `count`), under its row lock; the new last id
 * as the database gives it, or undefined when it gave no row.
 */
export async function advanceHead(tx: Queryable, tenantId: string, sessionId: string, count: number): Promise<string | number | undefined> {
  const head = await tx.query<{ last_seq: string | number }>(
    `INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ($1, $2, $3)
     ON CONFLICT (tenant_id, session_id) DO UPDATE SET last_seq = live_log_heads.last_seq + $3
     RETURNING last_seq`,
    [tenantId, sessionId, count],
  )
  return head[0]?.last_seq
}

/** Log rows of one session, column by column (the n-th of each array is the n-th row). */
export interface LogRows {
  seqs: readonly string[]
  types: readonly string[]
  /** Each row's data as JSON text. */
  data: readonly string[]
  /** ISO times. */
  createdAt: readonly string[]
  eventIds: ReadonlyArray<string | null>
}

export async function insertLogRows(tx: Queryable, tenantId: string, sessionId: string, rows: LogRows): Promise<void> {
  await tx.query(
    `INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at, event_id)
     SELECT $1, $2, m.seq, m.type, m.data::jsonb, m.created_at, m.event_id
     FROM unnest($3::bigint[], $4::text[], $5::text[], $6::timestamptz[], $7::text[]) AS m(seq, type, data, created_at, event_id)`,
    [tenantId, sessionId, rows.seqs, rows.types, rows.data, rows.createdAt, rows.eventIds],
  )
}

/** One `genesis-event-deleted` row per document, with consecutive ids from `firstSeq`, at `at` (ISO). */
export async function insertTombstones(tx: Queryable, tenantId: string, sessionId: string, firstSeq: string, at: string, eventIds: readonly string[]): Promise<void> {
  await tx.query(
    `INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at, event_id)
     SELECT $1, $2, $3::bigint + d.n - 1, 'genesis-event-deleted', jsonb_build_object('eventId', d.id), $4, d.id
     FROM unnest($5::text[]) WITH ORDINALITY AS d(id, n)`,
    [tenantId, sessionId, firstSeq, at, eventIds],
  )
}

/** Every message of the session about these documents. */
export async function deleteDocumentMessages(tx: Queryable, tenantId: string, sessionId: string, eventIds: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND event_id = ANY($3::text[])`, [tenantId, sessionId, eventIds])
}

/** The `alert-raised` messages of every inbox about these documents: an alert quotes its document's title and words. */
export async function deleteAlertMessages(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND type = 'alert-raised' AND event_id = ANY($2::text[])`, [tenantId, [...eventIds]])
}

/** Every session's `story-updated` messages about these stories: they may quote a document that is being deleted. */
export async function deleteStoryMessages(tx: Queryable, tenantId: string, storyIds: readonly string[]): Promise<void> {
  if (storyIds.length === 0) return
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND type = 'story-updated' AND data->'story'->>'id' = ANY($2::text[])`, [tenantId, [...storyIds]])
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

/** The session's head: the last id pruned and the last id given, or undefined when it has no log. */
export async function readHead(db: Queryable, tenantId: string, sessionId: string): Promise<{ pruned_through: string | number; last_seq: string | number } | undefined> {
  const rows = await db.query<{ pruned_through: string | number; last_seq: string | number }>(`SELECT pruned_through, last_seq FROM live_log_heads WHERE tenant_id = $1 AND session_id = $2`, [
    tenantId,
    sessionId,
  ])
  return rows[0]
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

/** A whole session's log and its head, inside the caller's transaction (the workspace is being deleted). */
export async function dropLiveLog(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<void> {
  if (sessionIds.length === 0) return
  await tx.query(`DELETE FROM live_log WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
  await tx.query(`DELETE FROM live_log_heads WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
}

/** The last id of each of the given sessions that has a log (one query for a whole hub's sessions). */
export async function lastLiveIds(db: Queryable, sessions: ReadonlyArray<{ tenantId: string; sessionId: string }>): Promise<Array<{ tenantId: string; sessionId: string; id: string }>> {
  if (sessions.length === 0) return []
  const rows = await db.query<{ tenant_id: string; session_id: string; last_seq: string | number }>(
    `SELECT h.tenant_id, h.session_id, h.last_seq FROM live_log_heads h
       JOIN unnest($1::text[], $2::text[]) AS k(tenant_id, session_id) ON h.tenant_id = k.tenant_id AND h.session_id = k.session_id`,
    [sessions.map((s) => s.tenantId), sessions.map((s) => s.sessionId)],
  )
  return rows.map((r) => ({ tenantId: r.tenant_id, sessionId: r.session_id, id: String(r.last_seq) }))
}

/** A notification delivered when the caller's transaction commits (dropped if it rolls back). */
export async function notifyOnCommit(tx: Queryable, channel: string, payload: string): Promise<void> {
  await tx.query('SELECT pg_notify($1, $2)', [channel, payload])
}

/** Where a session id lives, across tenants (an operator tool's view): from its row, else from its log. */
export async function locateSession(db: Queryable, sessionId: string): Promise<Array<{ tenantId: string; researchId: string | null }>> {
  const rows = await db.query<{ tenant_id: string; research_id: string | null }>(
    `SELECT tenant_id, research_id FROM sessions WHERE id = $1
     UNION
     SELECT h.tenant_id, NULL FROM live_log_heads h
       WHERE h.session_id = $1 AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.tenant_id = h.tenant_id AND s.id = h.session_id)
     ORDER BY 1`,
    [sessionId],
  )
  return rows.map((r) => ({ tenantId: r.tenant_id, researchId: r.research_id }))
}
