/**
 * Delete means delete (issue 16): what deleting a document, a workspace, a research or a project removes,
 * everywhere the server copied it. One function per kind, each one transaction; the routes keep their
 * checks (404, 410) and their KPI refresh.
 *
 * - A document: its row and, by foreign key, its frames, connections, stored input and full text, and stage
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
import { dropLiveLog, eraseFromLiveLog, notifyLive, type LiveNotice } from '../live'
import { BOSS_SCHEMA } from '../pipeline'
import { announceDeletion } from './notices'

/** Deletes these documents of a session (`'all'`: every one of them, the workspace's Clear); answers the ids deleted. */
export async function eraseDocuments(db: Database, tenantId: string, scope: { sessionId: string; eventIds: readonly string[] | 'all' }, now: number): Promise<string[]> {
  const erased = await db.transaction(async (tx) => {
    const ids =
      scope.eventIds === 'all'
        ? (await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = $2`, [tenantId, scope.sessionId])).map((r) => r.id)
        : (await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = $2 AND id = ANY($3::text[])`, [tenantId, scope.sessionId, scope.eventIds])).map((r) => r.id)
    const removed = await removeEvents(tx, tenantId, ids)
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
export async function eraseSession(db: Database, tenantId: string, researchId: string, sessionId: string, _now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    const found = await tx.query(`SELECT 1 FROM sessions WHERE tenant_id = $1 AND research_id = $2 AND id = $3 FOR UPDATE`, [tenantId, researchId, sessionId])
    if (found.length === 0) return null
    const ids = await removeSessions(tx, tenantId, [sessionId])
    await tx.query(`DELETE FROM sessions WHERE tenant_id = $1 AND id = $2`, [tenantId, sessionId])
    await markPurgeDue(db, tx)
    return ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** Deletes a research, its workspaces and everything in them; false when there is no such research. */
export async function eraseResearch(db: Database, tenantId: string, researchId: string, _now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    const found = await tx.query(`SELECT 1 FROM researches WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, researchId])
    if (found.length === 0) return null
    const sessions = (await tx.query<{ id: string }>(`SELECT id FROM sessions WHERE tenant_id = $1 AND research_id = $2`, [tenantId, researchId])).map((r) => r.id)
    const ids = await removeSessions(tx, tenantId, sessions)
    // Anything of the research no workspace held (a document or source whose workspace went earlier).
    const rest = (await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND research_id = $2`, [tenantId, researchId])).map((r) => r.id)
    ids.push(...(await removeEvents(tx, tenantId, rest)).ids)
    await removeSources(tx, tenantId, `research_id = $2 AND project_id IS NULL`, [researchId])
    await tx.query(`DELETE FROM researches WHERE tenant_id = $1 AND id = $2`, [tenantId, researchId])
    await markPurgeDue(db, tx)
    return ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** Deletes a project, its sources and its own documents; false when there is no such project. */
export async function eraseProject(db: Database, tenantId: string, projectId: string, _now: number): Promise<boolean> {
  const erased = await db.transaction(async (tx) => {
    const found = await tx.query(`SELECT 1 FROM projects WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, projectId])
    if (found.length === 0) return null
    await removeSources(tx, tenantId, `project_id = $2`, [projectId])
    // A project's own documents (polled by its sources) have no workspace; committed ones stay their workspace's.
    const own = (await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND project_id = $2 AND session_id IS NULL`, [tenantId, projectId])).map((r) => r.id)
    const removed = await removeEvents(tx, tenantId, own)
    await tx.query(`UPDATE events SET project_id = NULL WHERE tenant_id = $1 AND project_id = $2`, [tenantId, projectId])
    await tx.query(`DELETE FROM projects WHERE tenant_id = $1 AND id = $2`, [tenantId, projectId])
    await markPurgeDue(db, tx)
    return removed.ids
  })
  if (erased === null) return false
  await afterCommit(db, tenantId, erased, [])
  return true
}

/** The maintenance task a deletion makes due (maintenance.ts reads and clears it). */
export const PURGE_TASK = 'purge-deleted'

/** Whether pg-boss has installed its tables in this database (route tests run without a pipeline). */
export async function bossInstalled(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(`SELECT to_regclass('${BOSS_SCHEMA}.archive') IS NOT NULL AS ok`)
  return rows[0]?.ok === true
}

interface Removed {
  ids: string[]
  /** The deleted documents of each session, for its log. */
  bySession: Map<string, string[]>
}

/** Deletes documents and every row that names them; their live messages are the caller's. */
async function removeEvents(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<Removed> {
  const removed: Removed = { ids: [], bySession: new Map() }
  if (eventIds.length === 0) return removed
  // A connection written without its document (an imported one) is found by the frames it joins.
  const frames = (await tx.query<{ id: string }>(`SELECT id FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[])`, [tenantId, eventIds])).map((r) => r.id)
  if (frames.length > 0) await tx.query(`DELETE FROM connections WHERE tenant_id = $1 AND event_id IS NULL AND participants ?| $2::text[]`, [tenantId, frames])
  const rows = await tx.query<{ id: string; session_id: string | null; data_source_id: string | null; url: string | null }>(
    `DELETE FROM events WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id, session_id, data_source_id, payload->>'sourceUrl' AS url`,
    [tenantId, eventIds],
  )
  if (rows.length === 0) return removed
  const ids = rows.map((r) => r.id)
  removed.ids = ids
  for (const r of rows) {
    if (r.session_id === null) continue
    const list = removed.bySession.get(r.session_id) ?? []
    list.push(r.id)
    removed.bySession.set(r.session_id, list)
  }
  // What the foreign keys do not reach: rows that name the document in their data.
  await tx.query(`UPDATE source_items SET event_id = NULL WHERE tenant_id = $1 AND event_id = ANY($2::text[])`, [tenantId, ids])
  await tx.query(`DELETE FROM pipeline_parked_jobs WHERE tenant_id = $1 AND data->>'eventId' = ANY($2::text[])`, [tenantId, ids])
  await removeBossJobs(tx, tenantId, 'eventId', ids)
  // The tenant's registry of processed addresses forgets the deleted documents' (unless another document
  // has the address): a project that follows the feed again ingests it again.
  const urls = [...new Set(rows.flatMap((r) => (r.url === null ? [] : [r.url])))]
  if (urls.length > 0) {
    await tx.query(
      `DELETE FROM processed_urls WHERE tenant_id = $1 AND url = ANY($2::text[])
         AND url NOT IN (SELECT payload->>'sourceUrl' FROM events WHERE tenant_id = $1 AND payload->>'sourceUrl' = ANY($2::text[]))`,
      [tenantId, urls],
    )
  }
  // A pasted text, an uploaded file or a web page came in through a source of its own, which holds its
  // opening words, file name or address: with its one document gone it goes too.
  const sources = [...new Set(rows.flatMap((r) => (r.data_source_id === null ? [] : [r.data_source_id])))]
  if (sources.length > 0) {
    await removeSources(
      tx,
      tenantId,
      `id = ANY($2::text[]) AND project_id IS NULL AND kind IN ('text_input', 'document', 'web')
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = data_sources.tenant_id AND e.data_source_id = data_sources.id)`,
      [sources],
    )
  }
  return removed
}

/** Deletes sessions' documents, sandbox sources and live logs (not the session rows); answers the documents' ids. */
async function removeSessions(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<string[]> {
  if (sessionIds.length === 0) return []
  const events = (await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])).map((r) => r.id)
  const removed = await removeEvents(tx, tenantId, events)
  await removeSources(tx, tenantId, `session_id = ANY($2::text[]) AND project_id IS NULL`, [sessionIds])
  // Connections without a document (none are written so) would otherwise outlive their workspace.
  await tx.query(`DELETE FROM connections WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
  await dropLiveLog(tx, tenantId, sessionIds)
  return removed.ids
}

/** Deletes the tenant's sources matching `where` ($1 is the tenant) with their items (by foreign key) and poll jobs. */
async function removeSources(tx: Queryable, tenantId: string, where: string, params: readonly unknown[]): Promise<void> {
  const rows = await tx.query<{ id: string }>(`DELETE FROM data_sources WHERE tenant_id = $1 AND ${where} RETURNING id`, [tenantId, ...params])
  if (rows.length > 0)
    await removeBossJobs(
      tx,
      tenantId,
      'dataSourceId',
      rows.map((r) => r.id),
    )
}

/** pg-boss jobs (queued, running or archived) whose data names one of these documents or sources. */
async function removeBossJobs(tx: Queryable, tenantId: string, field: 'eventId' | 'dataSourceId', ids: readonly string[]): Promise<void> {
  if (ids.length === 0 || !(await bossInstalled(tx))) return
  for (const table of ['job', 'archive']) {
    await tx.query(`DELETE FROM ${BOSS_SCHEMA}.${table} WHERE data->>'tenantId' = $1 AND data->>$2 = ANY($3::text[])`, [tenantId, field, ids])
  }
}

/** The embedded database's files still hold what was deleted until a purge rewrites them (maintenance.ts). */
async function markPurgeDue(db: Database, tx: Queryable): Promise<void> {
  // PostgreSQL's files are its operator's (autovacuum); one row every deletion touched would serialise them.
  if (db.dialect !== 'pglite') return
  await tx.query(`INSERT INTO maintenance_state (task, pending) VALUES ($1, 1) ON CONFLICT (task) DO UPDATE SET pending = maintenance_state.pending + 1`, [PURGE_TASK])
}

async function afterCommit(db: Database, tenantId: string, eventIds: readonly string[], notices: readonly LiveNotice[]): Promise<void> {
  for (const notice of notices) await notifyLive(db, notice)
  if (eventIds.length > 0) await announceDeletion(db, tenantId, eventIds)
}
