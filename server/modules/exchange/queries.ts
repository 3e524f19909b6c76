/**
 * The SQL of export and import. Reads take the tenant and the scope (one research, one project, or the
 * whole tenant) and return rows in a stable order; writes insert rows already given new ids. Every
 * statement is scoped by tenant in the query itself.
 */
import type { Queryable } from '../../platform/db/database'
import type { DataSourceRow } from '../data-sources'
import type { EventRow, FrameRow } from '../session-data'
import type { ProjectRow } from '../projects'
import type { ResearchRow, SessionRow } from '../researches'

/** What one export reads: a research, a project, or everything of the tenant. */
export type ExportScope = { kind: 'research'; id: string } | { kind: 'project'; id: string } | { kind: 'tenant' }

export interface SourceItemRow {
  data_source_id: string
  item_key: string
  link: string | null
  content_hash: string
  outcome: 'claimed' | 'ingested' | 'duplicate' | 'empty'
  event_id: string | null
  claimed_at: Date | string
  first_seen_at: Date | string
  last_seen_at: Date | string
  content_changed_at: Date | string | null
}

export interface ContentRow {
  event_id: string
  content_hash: string
  title: string | null
  extracted_text: string
  cleaned_content: string
  metadata: Record<string, unknown>
  reference_date: string | null
  reprocess_count: number
  created_at: Date | string
  updated_at: Date | string
}

export interface ConnectionRow {
  id: string
  session_id: string | null
  type: string
  participants: string[]
  status: string
  confidence: number | null
  updated_at: Date | string
}

export interface BindingRow {
  id: string
  context_type: 'research' | 'project'
  context_id: string
  kpi_definition_id: string
  current_value: number | string | null
  manual: boolean
  created_at: Date | string
  updated_at: Date | string
}

export interface CorrectionRow {
  event_id: string
  action_index: number
  verdict: 'edited' | 'rejected' | 'noted'
  edits: Record<string, string>
  note: string | null
  pipeline: { actionDescription?: string | null; actionType?: string | null; summary?: string | null }
  corrected_by: string
  corrected_at: Date | string
}

export interface ScopeRows {
  researches: ResearchRow[]
  sessions: SessionRow[]
  projects: ProjectRow[]
  dataSources: DataSourceRow[]
  sourceItems: SourceItemRow[]
  documents: EventRow[]
  contents: ContentRow[]
  frames: FrameRow[]
  connections: ConnectionRow[]
  bindings: BindingRow[]
  corrections: CorrectionRow[]
}

/** Makes the transaction's reads one read-only snapshot (PostgreSQL's first statement in it; PGlite's one connection is one already). */
export async function readInOneSnapshot(tx: Queryable): Promise<void> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
}

/**
 * The rows of a scope, or null when its research or project is not the tenant's. Read in one transaction
 * (on PostgreSQL at REPEATABLE READ), so a document finishing meanwhile is in the bundle with all its
 * frames or not at all.
 */
export async function readScope(tx: Queryable, tenantId: string, scope: ExportScope): Promise<ScopeRows | null> {
  const t = tenantId
  const byCreation = 'ORDER BY created_at, id'
  let researches: ResearchRow[] = []
  let projects: ProjectRow[] = []
  let sessions: SessionRow[] = []
  let dataSources: DataSourceRow[]
  let documents: EventRow[]
  let bindings: BindingRow[]
  if (scope.kind === 'research') {
    researches = await tx.query<ResearchRow>(`SELECT * FROM researches WHERE tenant_id = $1 AND id = $2`, [t, scope.id])
    if (researches.length === 0) return null
    sessions = await tx.query<SessionRow>(`SELECT * FROM sessions WHERE tenant_id = $1 AND research_id = $2 ${byCreation}`, [t, scope.id])
    // Sources committed to a project are the project's now; the sandbox's own stay with the research.
    dataSources = await tx.query<DataSourceRow>(`SELECT * FROM data_sources WHERE tenant_id = $1 AND research_id = $2 AND project_id IS NULL ${byCreation}`, [t, scope.id])
    documents = await tx.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at, id`, [t, scope.id])
    bindings = await tx.query<BindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND research_id = $2 ${byCreation}`, [t, scope.id])
  } else if (scope.kind === 'project') {
    projects = await tx.query<ProjectRow>(`SELECT * FROM projects WHERE tenant_id = $1 AND id = $2`, [t, scope.id])
    if (projects.length === 0) return null
    dataSources = await tx.query<DataSourceRow>(`SELECT * FROM data_sources WHERE tenant_id = $1 AND project_id = $2 ${byCreation}`, [t, scope.id])
    documents = await tx.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND project_id = $2 ORDER BY ingested_at, id`, [t, scope.id])
    bindings = await tx.query<BindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 AND project_id = $2 ${byCreation}`, [t, scope.id])
  } else {
    researches = await tx.query<ResearchRow>(`SELECT * FROM researches WHERE tenant_id = $1 ${byCreation}`, [t])
    sessions = await tx.query<SessionRow>(`SELECT * FROM sessions WHERE tenant_id = $1 ${byCreation}`, [t])
    projects = await tx.query<ProjectRow>(`SELECT * FROM projects WHERE tenant_id = $1 ${byCreation}`, [t])
    dataSources = await tx.query<DataSourceRow>(`SELECT * FROM data_sources WHERE tenant_id = $1 ${byCreation}`, [t])
    documents = await tx.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 ORDER BY ingested_at, id`, [t])
    bindings = await tx.query<BindingRow>(`SELECT * FROM kpi_bindings WHERE tenant_id = $1 ${byCreation}`, [t])
  }
  const sourceIds = dataSources.map((s) => s.id)
  const eventIds = documents.map((d) => d.id)
  // Items a source keeps for later (deferred past an ingest quota) are not yet the source's record: they stay
  // here to be ingested; the copy's source, resumed, reads its feed afresh.
  const sourceItems = await tx.query<SourceItemRow>(
    `SELECT * FROM source_items WHERE tenant_id = $1 AND data_source_id = ANY($2::text[]) AND outcome <> 'deferred' ORDER BY data_source_id, first_seen_at, item_key`,
    [t, sourceIds],
  )
  // A large text kept in parts (server/modules/pipeline/blobs.ts) is put together here.
  const blobText = (column: string) => `(SELECT string_agg(b.data, '' ORDER BY b.part) FROM pipeline_blobs b WHERE b.tenant_id = c.tenant_id AND b.blob_id = c.${column})`
  const contents = await tx.query<ContentRow>(
    `SELECT c.event_id, c.content_hash, c.title, COALESCE(c.extracted_text, ${blobText('extracted_blob')}) AS extracted_text,
            COALESCE(c.cleaned_content, ${blobText('cleaned_blob')}) AS cleaned_content, c.metadata, c.reference_date, c.reprocess_count, c.created_at, c.updated_at
       FROM pipeline_contents c WHERE c.tenant_id = $1 AND c.event_id = ANY($2::text[]) ORDER BY c.created_at, c.event_id`,
    [t, eventIds],
  )
  const frames = await tx.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY created_at, event_id, action_index, id`, [t, eventIds])
  // A connection joins frames; it belongs to the bundle when every frame it joins does (filtered by the caller).
  const connections = await tx.query<ConnectionRow>(`SELECT * FROM connections WHERE tenant_id = $1 AND participants ?| $2::text[] ORDER BY updated_at, id`, [t, frames.map((f) => f.id)])
  const corrections = await tx.query<CorrectionRow>(
    `SELECT event_id, action_index, verdict, edits, note, pipeline, corrected_by, corrected_at FROM frame_corrections
      WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY corrected_at, event_id, action_index`,
    [t, eventIds],
  )
  return { researches, sessions, projects, dataSources, sourceItems, documents, contents, frames, connections, bindings, corrections }
}

/** Inserts of rows that already carry their new ids and the importer's tenant and user. */
const insertSql = {
  research: `INSERT INTO researches (tenant_id, id, title, description, status, tags, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
  session: `INSERT INTO sessions (tenant_id, id, research_id, title, status, owner_user_id, tokens_used, created_at, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
  project: `INSERT INTO projects (tenant_id, id, display_name, description, status, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  dataSource: `INSERT INTO data_sources (tenant_id, id, kind, display_name, status, research_id, session_id, project_id, source_details, visibility, allowed_tenants, poll_interval_seconds, last_run_at, items_ingested, last_error, owner_user_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'private', '[]', $10, $11, $12, $13, $14, $15, $16)`,
  sourceItem: `INSERT INTO source_items (tenant_id, data_source_id, item_key, link, content_hash, outcome, event_id, claimed_at, first_seen_at, last_seen_at, content_changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
  document: `INSERT INTO events (tenant_id, id, research_id, session_id, project_id, data_source_id, type, event_type, title, summary, status, payload, analytics, error, action_count, content_hash, uploaded_at, ingested_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)`,
  content: `INSERT INTO pipeline_contents (tenant_id, event_id, content_hash, title, extracted_text, cleaned_content, metadata, reference_date, reprocess_count, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
  frame: `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
  connection: `INSERT INTO connections (tenant_id, id, session_id, type, participants, status, confidence, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  // Restoring one twice is one correction: the second write is the first's values again.
  correction: `INSERT INTO frame_corrections (tenant_id, event_id, action_index, verdict, edits, note, pipeline, corrected_by, corrected_at)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7::jsonb, $8, $9)
     ON CONFLICT (tenant_id, event_id, action_index) DO UPDATE SET verdict = EXCLUDED.verdict, edits = EXCLUDED.edits, note = EXCLUDED.note,
       pipeline = EXCLUDED.pipeline, corrected_by = EXCLUDED.corrected_by, corrected_at = EXCLUDED.corrected_at`,
  binding: `INSERT INTO kpi_bindings (tenant_id, id, context_id, context_type, research_id, project_id, kpi_definition_id, current_value, manual, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
} as const

/** One imported row of a kind, its values in the order of that kind's insert (`insertSql`). */
export async function insertBundleRow(tx: Queryable, kind: keyof typeof insertSql, values: readonly unknown[]): Promise<void> {
  await tx.query(insertSql[kind], values)
}
