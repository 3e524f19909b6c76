/**
 * The live log (ARCHITECTURE.md §4): every live message is appended to its session's log, with the next
 * id of that session, before anyone is told about it. Ids increase strictly per session because they are
 * allocated by an UPDATE … RETURNING on the session's head row, which serialises concurrent appends.
 *
 * After the append commits, `LIVE_CHANNEL` is notified with `{tenantId, sessionId, id}`: every API process
 * (PGlite: this one; PostgreSQL: all of them) then reads the new rows and pushes them to its sockets.
 * Readers never trust the notification's content beyond "something new in this session".
 *
 * This file holds those rules; the statements, and the reads and prunes that are nothing but a statement,
 * are in queries/log.ts.
 */
import type { LiveMessage, LiveMessageType } from '../../../src/protocol/live-messages'
import type { Database, Queryable } from '../../platform/db/database'
import { advanceHead, deleteDocumentMessages, insertLogRows, insertTombstones, notifyOnCommit, readHead } from './queries/log'

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
  const last = await advanceHead(tx, tenantId, sessionId, messages.length)
  const first = BigInt(last ?? messages.length) - BigInt(messages.length) + 1n
  const seqs = messages.map((_, i) => String(first + BigInt(i)))
  await insertLogRows(tx, tenantId, sessionId, {
    seqs,
    types: messages.map((m) => m.type),
    data: messages.map((m) => JSON.stringify(m.data)),
    createdAt: messages.map((m) => new Date(m.at).toISOString()),
    eventIds: messages.map((m) => m.eventId ?? messageEventId(m.data)),
  })
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
  await notifyOnCommit(tx, LIVE_CHANNEL, JSON.stringify(notice))
}

/**
 * The first id a session's log reaches back to (everything before it was pruned by retention) and its last
 * id, or nulls when it has none. Between them ids may skip: deleted documents' messages are gone, and a
 * client resuming across such a hole misses nothing.
 */
export async function liveLogBounds(db: Queryable, tenantId: string, sessionId: string): Promise<{ first: string | null; last: string | null }> {
  const row = await readHead(db, tenantId, sessionId)
  if (!row) return { first: null, last: null }
  const pruned = BigInt(row.pruned_through)
  const last = BigInt(row.last_seq)
  return { first: pruned >= last ? null : String(pruned + 1n), last: String(last) }
}

/**
 * Erasure of documents from a session's log, inside the caller's transaction (server/modules/retention/erase.ts):
 * every message about them goes, and one `genesis-event-deleted` per document is appended, so a client
 * that has a card drops it and one resuming from before never sees it. Returns the last id appended
 * (notify after commit), or null when there was nothing to append.
 */
export async function eraseFromLiveLog(tx: Queryable, tenantId: string, sessionId: string, eventIds: readonly string[], at: number): Promise<string | null> {
  if (eventIds.length === 0) return null
  await deleteDocumentMessages(tx, tenantId, sessionId, eventIds)
  // One id per tombstone, allocated together under the head's row lock as single appends are.
  const last = BigInt((await advanceHead(tx, tenantId, sessionId, eventIds.length)) ?? 0)
  const first = last - BigInt(eventIds.length) + 1n
  await insertTombstones(tx, tenantId, sessionId, String(first), new Date(at).toISOString(), eventIds)
  return String(last)
}

/** The document a message is about when its appender did not say: its data's eventId, or a frame's parentId. */
function messageEventId(data: Record<string, unknown>): string | null {
  const id = data.eventId ?? data.parentId
  return typeof id === 'string' ? id : null
}
