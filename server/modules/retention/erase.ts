/**
 * Delete means delete (issue 16): what deleting a document, a workspace, a research or a project removes,
 * everywhere the server copied it. One function per kind, each one transaction; the routes keep their
 * checks (404, 410) and their KPI refresh.
 *
 * - A document: its row and, by foreign key, its frames, connections, stored input and full text, its place in
 *   a story (the story assessed again without it, and every story message that quoted it gone), and stage
 *   runs (their memos hold its analysis); its messages on its session's live log, with one
 *   `genesis-event-deleted` tombstone appended in their place (a client that has the card drops it, one
 *   resuming from before never sees it); its parked jobs and its pg-boss jobs, queued or archived; its
 *   address in the tenant's processed-URL registry; the one-item source made for it (a pasted text's
 *   keeps its opening words) once it has no document left. Its source item stays, unlinked, so the
 *   running source that found it does not ingest it again.
 * - A workspace: its documents as above, its sandbox sources (their items by foreign key, their poll jobs),
 *   its live log and the log's head, then the workspace itself. No tombstones: nothing of the log is left.
 * - A research: each workspace as above, whatever document or sandbox source of it is left, the research
 *   (its KPI bindings by foreign key).
 * - A project: its sources and their poll jobs, the documents that are its own (those it shares with a
 *   workspace stay the workspace's, unlinked from it), the project (its KPI bindings by foreign key).
 *
 * After the commit: live notices for the tombstones; `DELETIONS_CHANNEL` for copies kept in memory
 * (notices.ts). On PGlite the deleted rows still sit in the database's files until they are rewritten:
 * every deletion marks a purge due, which maintenance.ts runs (VACUUM FULL and a WAL switch).
 * Recordings and exports a user downloaded are theirs; nothing on the server keeps one.
 */
import type { Database, Queryable } from '../../platform/db/database'
import { deleteAlertMessages, dropLiveLog, eraseFromLiveLog, notifyLive, type LiveNotice } from '../live'
import { afterRemoval, storiesOf } from '../stories'
import { announceDeletion } from './notices'
import {
  bossInstalled,
  deleteBossJobs,
  deleteEventRows,
  deleteLoneIntakeSources,
  deleteLooseConnections,
  deleteParkedJobsOf,
  deleteProjectRow,
  deleteProjectSources,
  deleteResearchLooseSources,
  deleteResearchRow,
  deleteSessionConnections,
  deleteSessionRow,
  deleteSessionSandboxSources,
  type DeletedEventRow,
  documentFrameIds,
  forgetProcessedUrls,
  lockProject,
  lockResearch,
  lockSession,
  projectOwnEventIds,
  researchEventIds,
  researchSessionIds,
  sessionEventIds,
  sessionEventIdsAmong,
  sessionsEventIds,
  unlinkProjectEvents,
  unlinkSourceItems,
} from './queries/erase'
import { addPending } from './queries/maintenance'

/** Deletes these documents of a session (`'all'`: every one of them, the workspace's Clear); answers the ids deleted. */
export async function eraseDocuments(db: Database, tenantId: string, scope: { sessionId: string; eventIds: readonly string[] | 'all' }, now: number): Promise<string[]> {
  const erased = await db.transaction(async (tx) => {
    const ids = scope.eventIds === 'all' ? await sessionEventIds(tx, tenantId, scope.sessionId) : await sessionEventIdsAmong(tx, tenantId, scope.sessionId, scope.eventIds)
    const removed = await removeEvents(tx, tenantId, ids, now)
    const notices: LiveNotice[] = []
    for (const [sessionId, eventIds] of removed.bySession) {
      const last = await eraseFromLiveLog(tx, tenantId, sessionId, eventIds, now)
      if (last !== null) notices.push({ tenantId, sessionId, id: last })
    }
    if (removed.ids.length > 0) await markPurgeDue(db, tx)
    return { ids: removed.ids, notices }
  })
  await afterCommit(db, tenantId, erased.ids, erased.notices)
  return erased.ids
}

/** Deletes a workspace of a research with everything in it; false when there is no such workspace. */
export async function eraseSession(db: Database, tenantId: string, researchId: string, sessionId: string, now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    if (!(await lockSession(tx, tenantId, researchId, sessionId))) return null
    const ids = await removeSessions(tx, tenantId, [sessionId], now)
    await deleteSessionRow(tx, tenantId, sessionId)
    await markPurgeDue(db, tx)
    return ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** Deletes a research, its workspaces and everything in them; false when there is no such research. */
export async function eraseResearch(db: Database, tenantId: string, researchId: string, now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    if (!(await lockResearch(tx, tenantId, researchId))) return null
    const ids = await removeSessions(tx, tenantId, await researchSessionIds(tx, tenantId, researchId), now)
    // Anything of the research no workspace held (a document or source whose workspace went earlier).
    ids.push(...(await removeEvents(tx, tenantId, await researchEventIds(tx, tenantId, researchId), now)).ids)
    await removeBossJobs(tx, tenantId, 'dataSourceId', await deleteResearchLooseSources(tx, tenantId, researchId))
    await deleteResearchRow(tx, tenantId, researchId)
    await markPurgeDue(db, tx)
    return ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** Deletes a project, its sources and its own documents; false when there is no such project. */
export async function eraseProject(db: Database, tenantId: string, projectId: string, now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    if (!(await lockProject(tx, tenantId, projectId))) return null
    await removeBossJobs(tx, tenantId, 'dataSourceId', await deleteProjectSources(tx, tenantId, projectId))
    // A project's own documents (polled by its sources) have no workspace; committed ones stay their workspace's.
    const removed = await removeEvents(tx, tenantId, await projectOwnEventIds(tx, tenantId, projectId), now)
    await unlinkProjectEvents(tx, tenantId, projectId)
    await deleteProjectRow(tx, tenantId, projectId)
    await markPurgeDue(db, tx)
    return removed.ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** The maintenance task a deletion makes due (maintenance.ts reads and clears it). */
export const PURGE_TASK = 'purge-deleted'

interface Removed {
  ids: string[]
  /** The deleted documents of each session, for its log. */
  bySession: Map<string, string[]>
}

/** Deletes documents and every row that names them; their live messages are the caller's. */
async function removeEvents(tx: Queryable, tenantId: string, eventIds: readonly string[], now: number): Promise<Removed> {
  const removed: Removed = { ids: [], bySession: new Map() }
  if (eventIds.length === 0) return removed
  // A connection written without its document (an imported one) is found by the frames it joins.
  const frames = await documentFrameIds(tx, tenantId, eventIds)
  if (frames.length > 0) await deleteLooseConnections(tx, tenantId, frames)
  const stories = await storiesOf(tx, tenantId, eventIds)
  const rows = await deleteEventRows(tx, tenantId, eventIds)
  if (rows.length === 0) return removed
  // Their stories, assessed again without them; the messages that quoted them leave every log.
  await afterRemoval(tx, tenantId, stories, now)
  const ids = rows.map((r) => r.id)
  removed.ids = ids
  removed.bySession = bySession(rows)
  // What the foreign keys do not reach: rows that name the document in their data.
  await unlinkSourceItems(tx, tenantId, ids)
  await deleteParkedJobsOf(tx, tenantId, ids)
  // Their alerts go by the foreign key; the inbox messages that told of them, here.
  await deleteAlertMessages(tx, tenantId, ids)
  await removeBossJobs(tx, tenantId, 'eventId', ids)
  // The tenant's registry of processed addresses forgets the deleted documents' (unless another document
  // has the address): a project that follows the feed again ingests it again.
  const urls = distinct(rows.map((r) => r.url))
  if (urls.length > 0) await forgetProcessedUrls(tx, tenantId, urls)
  // A pasted text, an uploaded file or a web page came in through a source of its own, which holds its
  // opening words, file name or address: with its one document gone it goes too.
  const sources = distinct(rows.map((r) => r.data_source_id))
  if (sources.length > 0) await removeBossJobs(tx, tenantId, 'dataSourceId', await deleteLoneIntakeSources(tx, tenantId, sources))
  return removed
}

/** Deletes sessions' documents, sandbox sources and live logs (not the session rows); answers the documents' ids. */
async function removeSessions(tx: Queryable, tenantId: string, sessionIds: readonly string[], now: number): Promise<string[]> {
  if (sessionIds.length === 0) return []
  const removed = await removeEvents(tx, tenantId, await sessionsEventIds(tx, tenantId, sessionIds), now)
  await removeBossJobs(tx, tenantId, 'dataSourceId', await deleteSessionSandboxSources(tx, tenantId, sessionIds))
  // Connections without a document (none are written so) would otherwise outlive their workspace.
  await deleteSessionConnections(tx, tenantId, sessionIds)
  await dropLiveLog(tx, tenantId, sessionIds)
  return removed.ids
}

/** pg-boss jobs (queued, running or archived) whose data names one of these documents or sources. */
async function removeBossJobs(tx: Queryable, tenantId: string, field: 'eventId' | 'dataSourceId', ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !(await bossInstalled(tx))) return
  await deleteBossJobs(tx, tenantId, field, ids)
}

/** The embedded database's files still hold what was deleted until a purge rewrites them (maintenance.ts). */
async function markPurgeDue(db: Database, tx: Queryable): Promise<void> {
  // PostgreSQL's files are its operator's (autovacuum); one row every deletion touched would serialise them.
  if (db.dialect !== 'pglite') return
  await addPending(tx, PURGE_TASK)
}

async function afterCommit(db: Database, tenantId: string, eventIds: readonly string[], notices: readonly LiveNotice[]): Promise<void> {
  for (const notice of notices) await notifyLive(db, notice)
  if (eventIds.length > 0) await announceDeletion(db, tenantId, eventIds)
}

/** The deleted documents of each session they were in. */
function bySession(rows: readonly DeletedEventRow[]): Map<string, string[]> {
  const sessions = new Map<string, string[]>()
  for (const r of rows) {
    if (r.session_id === null) continue
    const list = sessions.get(r.session_id) ?? []
    list.push(r.id)
    sessions.set(r.session_id, list)
  }
  return sessions
}

function distinct(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.flatMap((v) => (v === null ? [] : [v])))]
}
