/** Data sources of workspaces (sandbox) and projects. Scoped by tenant. */
import { SINGLE_DOCUMENT_KINDS } from '../../../src/domain/rules/source-kinds'
import type { DataSource } from '../../../src/protocol/entities'
import type { SourceVisibility } from '../../../src/protocol/sources'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import type { EventRow, FrameRow } from '../session-data'

/** A stored source; its kind, status and visibility are only ever written from the API's own sets. */
export interface DataSourceRow {
  id: string
  kind: DataSource['kind']
  display_name: string
  status: DataSource['status']
  research_id: string | null
  session_id: string | null
  project_id: string | null
  source_details: Record<string, unknown>
  visibility: SourceVisibility
  allowed_tenants: string[]
  poll_interval_seconds: number | null
  last_run_at: Date | string | null
  items_ingested: number
  last_error: string | null
  owner_user_id: string
  created_at: Date | string
  updated_at: Date | string
}

export const toDataSource = (r: DataSourceRow) => ({
  id: r.id,
  kind: r.kind,
  displayName: r.display_name,
  status: r.status,
  researchId: r.research_id,
  sessionId: r.session_id,
  projectId: r.project_id,
  sourceDetails: r.source_details,
  visibility: r.visibility,
  allowedTenants: r.allowed_tenants,
  pollIntervalSeconds: r.poll_interval_seconds,
  lastRunAt: iso(r.last_run_at),
  itemsIngested: r.items_ingested,
  lastError: r.last_error,
  ownerUserId: r.owner_user_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
})

export interface NewDataSource {
  id: string
  kind: DataSource['kind']
  displayName: string
  status: DataSource['status']
  researchId: string | null
  sessionId: string | null
  projectId: string | null
  sourceDetails: Record<string, unknown>
  pollIntervalSeconds?: number | null
  ownerUserId: string
  now: number
}

export async function insertDataSource(db: Queryable, tenantId: string, s: NewDataSource): Promise<void> {
  const at = new Date(s.now).toISOString()
  await db.query(
    `INSERT INTO data_sources (tenant_id, id, kind, display_name, status, research_id, session_id, project_id, source_details, poll_interval_seconds, owner_user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)`,
    [tenantId, s.id, s.kind, s.displayName, s.status, s.researchId, s.sessionId, s.projectId, JSON.stringify(s.sourceDetails), s.pollIntervalSeconds ?? null, s.ownerUserId, at],
  )
}

export async function getDataSource(db: Queryable, tenantId: string, id: string): Promise<DataSourceRow | undefined> {
  return (await db.query<DataSourceRow>(`SELECT * FROM data_sources WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]
}

export async function listDataSources(db: Queryable, tenantId: string, filter: { projectId?: string; researchId?: string; sessionId?: string }): Promise<DataSourceRow[]> {
  return db.query<DataSourceRow>(
    `SELECT * FROM data_sources WHERE tenant_id = $1
       AND ($2::text IS NULL OR project_id = $2)
       AND ($3::text IS NULL OR research_id = $3)
       AND ($4::text IS NULL OR session_id = $4)
     ORDER BY created_at DESC, id`,
    [tenantId, filter.projectId ?? null, filter.researchId ?? null, filter.sessionId ?? null],
  )
}

export async function updateDataSource(
  db: Queryable,
  tenantId: string,
  id: string,
  fields: { status?: string; displayName?: string; sourceDetails?: Record<string, unknown>; pollIntervalSeconds?: number | null; lastError?: string | null; now: number },
): Promise<DataSourceRow | undefined> {
  const rows = await db.query<DataSourceRow>(
    `UPDATE data_sources SET
       status = COALESCE($3, status),
       display_name = COALESCE($4, display_name),
       source_details = CASE WHEN $5::jsonb IS NULL THEN source_details ELSE source_details || $5::jsonb END,
       poll_interval_seconds = CASE WHEN $6::boolean THEN $7 ELSE poll_interval_seconds END,
       last_error = CASE WHEN $8::boolean THEN $9 ELSE last_error END,
       updated_at = $10
     WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [
      tenantId,
      id,
      fields.status ?? null,
      fields.displayName ?? null,
      fields.sourceDetails === undefined ? null : JSON.stringify(fields.sourceDetails),
      'pollIntervalSeconds' in fields,
      fields.pollIntervalSeconds ?? null,
      'lastError' in fields,
      fields.lastError ?? null,
      new Date(fields.now).toISOString(),
    ],
  )
  return rows[0]
}

/**
 * Records a document's outcome on its source when the source is that one document: a failure makes it
 * `error` with the reason (wherever it is listed, and after a commit into a project, which moves it as it
 * is); a later success (a reprocess) makes it `processed` again. Feeds and searches keep their own status.
 */
export async function recordDocumentOutcome(tx: Queryable, tenantId: string, dataSourceId: string | null, outcome: { error: string } | 'processed', now: number): Promise<void> {
  if (!dataSourceId) return
  const at = new Date(now).toISOString()
  if (outcome === 'processed') {
    await tx.query(`UPDATE data_sources SET status = 'processed', last_error = NULL, updated_at = $3 WHERE tenant_id = $1 AND id = $2 AND status = 'error' AND kind = ANY($4::text[])`, [
      tenantId,
      dataSourceId,
      at,
      SINGLE_DOCUMENT_KINDS,
    ])
    return
  }
  await tx.query(`UPDATE data_sources SET status = 'error', last_error = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND kind = ANY($5::text[])`, [
    tenantId,
    dataSourceId,
    outcome.error.slice(0, 1000),
    at,
    SINGLE_DOCUMENT_KINDS,
  ])
}

export async function deleteDataSource(db: Queryable, tenantId: string, id: string): Promise<boolean> {
  return (await db.query(`DELETE FROM data_sources WHERE tenant_id = $1 AND id = $2 RETURNING id`, [tenantId, id])).length > 0
}

/** A shared source as discovery lists it: no owner user, no list of the tenants it is shared with. */
export const toDiscoveredSource = (r: DataSourceRow & { tenant_id: string }) => ({
  id: r.id,
  kind: r.kind,
  displayName: r.display_name,
  status: r.status,
  ownerTenantId: r.tenant_id,
  visibility: r.visibility,
  category: r.kind,
  sourceDetails: r.source_details,
  createdAt: iso(r.created_at),
})

export interface DiscoverFilter {
  /** Case-insensitive substring of the name or of any source detail's value. */
  query?: string | undefined
  kind?: string | undefined
  visibility?: 'tenant' | 'listed' | undefined
  limit: number
  offset: number
}

/**
 * The shared sources a tenant may see, newest first: its own 'tenant' and 'listed' ones, and other
 * tenants' 'listed' ones whose allowed tenants name it. Another tenant's 'tenant' source is shared within
 * that tenant only, and 'private' never leaves its tenant, so neither appears here.
 */
export async function discoverDataSources(db: Queryable, tenantId: string, filter: DiscoverFilter): Promise<Array<DataSourceRow & { tenant_id: string }>> {
  const query = filter.query?.trim()
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  return db.query<DataSourceRow & { tenant_id: string }>(
    `SELECT * FROM data_sources
     WHERE ((tenant_id = $1 AND visibility IN ('tenant', 'listed'))
         OR (tenant_id <> $1 AND visibility = 'listed' AND allowed_tenants @> jsonb_build_array($1::text)))
       AND ($2::text IS NULL OR kind = $2)
       AND ($3::text IS NULL OR visibility = $3)
       AND ($4::text IS NULL OR display_name ILIKE $4
            OR EXISTS (SELECT 1 FROM jsonb_each_text(source_details) AS d WHERE d.value ILIKE $4))
     ORDER BY created_at DESC, tenant_id, id
     LIMIT $5 OFFSET $6`,
    [tenantId, filter.kind ?? null, filter.visibility ?? null, pattern, filter.limit, filter.offset],
  )
}

/** Sets how a source is shared; `allowedTenants` is kept for 'listed' only. */
export async function setDataSourceVisibility(db: Queryable, tenantId: string, id: string, fields: { visibility: string; allowedTenants: string[]; now: number }): Promise<DataSourceRow | undefined> {
  const allowed = fields.visibility === 'listed' ? [...new Set(fields.allowedTenants)] : []
  const rows = await db.query<DataSourceRow>(
    `UPDATE data_sources SET visibility = $3, allowed_tenants = $4::jsonb, updated_at = $5
     WHERE tenant_id = $1 AND id = $2 RETURNING *`,
    [tenantId, id, fields.visibility, JSON.stringify(allowed), new Date(fields.now).toISOString()],
  )
  return rows[0]
}

/** One more document came in through the source, now. */
export async function noteItemIngested(db: Queryable, tenantId: string, id: string, now: number): Promise<void> {
  await db.query(`UPDATE data_sources SET items_ingested = items_ingested + 1, last_run_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, new Date(now).toISOString()])
}

/** A project's documents (of one source, or all) changed after the key `after`, in the order they last changed. */
export async function listProjectDocuments(
  db: Queryable,
  tenantId: string,
  projectId: string,
  page: { dataSourceId: string | null; after: { at: string; id: string } | null; limit: number },
): Promise<EventRow[]> {
  return db.query<EventRow>(
    `SELECT * FROM events WHERE tenant_id = $1 AND project_id = $2
       AND ($3::text IS NULL OR data_source_id = $3)
       AND ($4::timestamptz IS NULL OR (updated_at, id) > ($4::timestamptz, $5::text))
     ORDER BY updated_at, id LIMIT $6`,
    [tenantId, projectId, page.dataSourceId, page.after?.at ?? null, page.after?.id ?? '', page.limit],
  )
}

/** The action frames of these documents, by document then position. */
export async function listFramesOfEvents(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<FrameRow[]> {
  if (eventIds.length === 0) return []
  return db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY event_id, action_index NULLS LAST, id`, [tenantId, eventIds])
}
