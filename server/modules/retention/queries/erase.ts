/**
 * The statements of erasure (../erase.ts holds what goes with what, and in which order). Every one is
 * scoped by tenant ($1) and runs inside the caller's transaction.
 */
import type { Queryable } from '../../../platform/db/database'
import { BOSS_SCHEMA } from '../../pipeline'

/** Locks the workspace row of a research; false when there is no such workspace. */
export async function lockSession(tx: Queryable, tenantId: string, researchId: string, sessionId: string): Promise<boolean> {
  const found = await tx.query(`SELECT 1 FROM sessions WHERE tenant_id = $1 AND research_id = $2 AND id = $3 FOR UPDATE`, [tenantId, researchId, sessionId])
  return found.length > 0
}

export async function deleteSessionRow(tx: Queryable, tenantId: string, sessionId: string): Promise<void> {
  await tx.query(`DELETE FROM sessions WHERE tenant_id = $1 AND id = $2`, [tenantId, sessionId])
}

/** Locks the research row; false when there is no such research. */
export async function lockResearch(tx: Queryable, tenantId: string, researchId: string): Promise<boolean> {
  const found = await tx.query(`SELECT 1 FROM researches WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, researchId])
  return found.length > 0
}

export async function researchSessionIds(tx: Queryable, tenantId: string, researchId: string): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM sessions WHERE tenant_id = $1 AND research_id = $2`, [tenantId, researchId]))
}

export async function deleteResearchRow(tx: Queryable, tenantId: string, researchId: string): Promise<void> {
  await tx.query(`DELETE FROM researches WHERE tenant_id = $1 AND id = $2`, [tenantId, researchId])
}

/** Locks the project row; false when there is no such project. */
export async function lockProject(tx: Queryable, tenantId: string, projectId: string): Promise<boolean> {
  const found = await tx.query(`SELECT 1 FROM projects WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, projectId])
  return found.length > 0
}

/** Keeps the project's committed documents (their workspace's), no longer naming the project. */
export async function unlinkProjectEvents(tx: Queryable, tenantId: string, projectId: string): Promise<void> {
  await tx.query(`UPDATE events SET project_id = NULL WHERE tenant_id = $1 AND project_id = $2`, [tenantId, projectId])
}

export async function deleteProjectRow(tx: Queryable, tenantId: string, projectId: string): Promise<void> {
  await tx.query(`DELETE FROM projects WHERE tenant_id = $1 AND id = $2`, [tenantId, projectId])
}

/** Every document of a session. */
export async function sessionEventIds(tx: Queryable, tenantId: string, sessionId: string): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = $2`, [tenantId, sessionId]))
}

/** Those of `eventIds` that are documents of the session. */
export async function sessionEventIdsAmong(tx: Queryable, tenantId: string, sessionId: string, eventIds: readonly string[]): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = $2 AND id = ANY($3::text[])`, [tenantId, sessionId, eventIds]))
}

/** Every document of these sessions. */
export async function sessionsEventIds(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds]))
}

/** Every document of a research, whatever its workspace. */
export async function researchEventIds(tx: Queryable, tenantId: string, researchId: string): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND research_id = $2`, [tenantId, researchId]))
}

/** The documents a project's sources polled that no workspace took. */
export async function projectOwnEventIds(tx: Queryable, tenantId: string, projectId: string): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND project_id = $2 AND session_id IS NULL`, [tenantId, projectId]))
}

export async function documentFrameIds(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`SELECT id FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[])`, [tenantId, eventIds]))
}

/** Connections written without a document that join any of these frames. */
export async function deleteLooseConnections(tx: Queryable, tenantId: string, frameIds: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM connections WHERE tenant_id = $1 AND event_id IS NULL AND participants ?| $2::text[]`, [tenantId, frameIds])
}

export async function deleteSessionConnections(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM connections WHERE tenant_id = $1 AND session_id = ANY($2::text[])`, [tenantId, sessionIds])
}

export interface DeletedEventRow {
  id: string
  session_id: string | null
  data_source_id: string | null
  url: string | null
}

/** Deletes the document rows (their frames, stored input and runs by foreign key); what each was. */
export async function deleteEventRows(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<DeletedEventRow[]> {
  return tx.query<DeletedEventRow>(`DELETE FROM events WHERE tenant_id = $1 AND id = ANY($2::text[]) RETURNING id, session_id, data_source_id, payload->>'sourceUrl' AS url`, [tenantId, eventIds])
}

/** Source items keep their row (so their source does not ingest them again) without the document. */
export async function unlinkSourceItems(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<void> {
  await tx.query(`UPDATE source_items SET event_id = NULL WHERE tenant_id = $1 AND event_id = ANY($2::text[])`, [tenantId, eventIds])
}

export async function deleteParkedJobsOf(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM pipeline_parked_jobs WHERE tenant_id = $1 AND data->>'eventId' = ANY($2::text[])`, [tenantId, eventIds])
}

/** Drops these addresses from the tenant's processed-URL registry, unless a document left still has one. */
export async function forgetProcessedUrls(tx: Queryable, tenantId: string, urls: readonly string[]): Promise<void> {
  await tx.query(
    `DELETE FROM processed_urls WHERE tenant_id = $1 AND url = ANY($2::text[])
         AND url NOT IN (SELECT payload->>'sourceUrl' FROM events WHERE tenant_id = $1 AND payload->>'sourceUrl' = ANY($2::text[]))`,
    [tenantId, urls],
  )
}

/** Of these sources, the one-item ones made for a pasted text, a file or a page that no document names now; their ids. */
export async function deleteLoneIntakeSources(tx: Queryable, tenantId: string, sourceIds: readonly string[]): Promise<string[]> {
  return deleteSourcesWhere(
    tx,
    tenantId,
    `id = ANY($2::text[]) AND project_id IS NULL AND kind IN ('text_input', 'document', 'web')
      AND NOT EXISTS (SELECT 1 FROM events e WHERE e.tenant_id = data_sources.tenant_id AND e.data_source_id = data_sources.id)`,
    [sourceIds],
  )
}

/** The sandbox sources of these sessions; their ids. */
export async function deleteSessionSandboxSources(tx: Queryable, tenantId: string, sessionIds: readonly string[]): Promise<string[]> {
  return deleteSourcesWhere(tx, tenantId, `session_id = ANY($2::text[]) AND project_id IS NULL`, [sessionIds])
}

/** The research's sources that belong to no project; their ids. */
export async function deleteResearchLooseSources(tx: Queryable, tenantId: string, researchId: string): Promise<string[]> {
  return deleteSourcesWhere(tx, tenantId, `research_id = $2 AND project_id IS NULL`, [researchId])
}

/** The project's sources; their ids. */
export async function deleteProjectSources(tx: Queryable, tenantId: string, projectId: string): Promise<string[]> {
  return deleteSourcesWhere(tx, tenantId, `project_id = $2`, [projectId])
}

/** Whether pg-boss has installed its tables in this database (route tests run without a pipeline). */
export async function bossInstalled(q: Queryable): Promise<boolean> {
  const rows = await q.query<{ ok: boolean }>(`SELECT to_regclass('${BOSS_SCHEMA}.archive') IS NOT NULL AS ok`)
  return rows[0]?.ok === true
}

/** pg-boss jobs, queued, running or archived, whose data names one of `ids` as `field`. */
export async function deleteBossJobs(tx: Queryable, tenantId: string, field: 'eventId' | 'dataSourceId', ids: readonly string[]): Promise<void> {
  for (const table of ['job', 'archive']) {
    await tx.query(`DELETE FROM ${BOSS_SCHEMA}.${table} WHERE data->>'tenantId' = $1 AND data->>$2 = ANY($3::text[])`, [tenantId, field, ids])
  }
}

/** Deletes the tenant's sources matching `where` ($1 is the tenant), their items by foreign key; their ids. */
async function deleteSourcesWhere(tx: Queryable, tenantId: string, where: string, params: readonly unknown[]): Promise<string[]> {
  return ids(await tx.query<{ id: string }>(`DELETE FROM data_sources WHERE tenant_id = $1 AND ${where} RETURNING id`, [tenantId, ...params]))
}

function ids(rows: ReadonlyArray<{ id: string }>): string[] {
  return rows.map((r) => r.id)
}
