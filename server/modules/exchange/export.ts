/**
 * Export: a research, a project or a tenant's whole work as one bundle (src/protocol/bundle.ts). The
 * rows are read in one snapshot, turned into the bundle's shapes, and every reference to something left
 * out of the bundle is cut (null), so the bundle stands on its own. Nothing is stored: an export is made
 * when asked for and handed over, so deleting a research leaves no copy of it here.
 */
import type { Bundle, BundleData, BundleManifest } from '../../../src/protocol/bundle'
import type { Database } from '../../platform/db/database'
import type { DataSourceRow } from '../data-sources'
import type { EventRow, FrameRow } from '../session-data'
import type { ProjectRow } from '../projects'
import type { ResearchRow, SessionRow } from '../researches'
import { iso } from '../../platform/db/rows'
import { manifestOf } from './manifest'
import { type BindingRow, type ConnectionRow, type ContentRow, type CorrectionRow, type ExportScope, readInOneSnapshot, readScope, type SourceItemRow } from './queries'

export type { ExportScope }

/** The bundle of a scope, or null when its research or project is not the tenant's. */
export async function exportBundle(db: Database, tenantId: string, scope: ExportScope, now: number): Promise<Bundle | null> {
  const rows = await db.transaction(async (tx) => {
    // One snapshot for every read (PostgreSQL; PGlite has one connection, so a transaction is one already).
    if (db.dialect === 'postgres') await readInOneSnapshot(tx)
    return readScope(tx, tenantId, scope)
  })
  if (!rows) return null
  const data = toBundleData(rows)
  const root: BundleManifest['root'] =
    scope.kind === 'research'
      ? { type: 'research', id: scope.id, title: rows.researches[0]?.title ?? '' }
      : scope.kind === 'project'
        ? { type: 'project', id: scope.id, title: rows.projects[0]?.display_name ?? '' }
        : null
  const manifest = manifestOf(data, { kind: scope.kind, root, exportedAt: new Date(now).toISOString(), exportedFrom: tenantId })
  return { manifest, ...data }
}

/** `research-<title>-<date>.sightline.json`: a name a person recognises in their downloads. */
export function bundleFileName(manifest: BundleManifest): string {
  const what = manifest.root ? `${manifest.root.type}-${slug(manifest.root.title) || manifest.root.id}` : `tenant-${slug(manifest.exportedFrom) || 'export'}`
  return `${what}-${manifest.exportedAt.slice(0, 10)}.sightline.json`
}

function toBundleData(rows: NonNullable<Awaited<ReturnType<typeof readScope>>>): BundleData {
  const researchIds = new Set(rows.researches.map((r) => r.id))
  const sessionIds = new Set(rows.sessions.map((s) => s.id))
  const projectIds = new Set(rows.projects.map((p) => p.id))
  const sourceIds = new Set(rows.dataSources.map((s) => s.id))
  const documentIds = new Set(rows.documents.map((d) => d.id))
  const frameIds = new Set(rows.frames.map((f) => f.id))
  const keep = (set: Set<string>, value: string | null) => (value !== null && set.has(value) ? value : null)
  return {
    researches: rows.researches.map(research),
    sessions: rows.sessions.map(session),
    projects: rows.projects.map(project),
    dataSources: rows.dataSources.map((s) => dataSource(s, { researchId: keep(researchIds, s.research_id), sessionId: keep(sessionIds, s.session_id), projectId: keep(projectIds, s.project_id) })),
    sourceItems: rows.sourceItems.map((i) => sourceItem(i, keep(documentIds, i.event_id))),
    documents: rows.documents.map((d) =>
      document(d, {
        researchId: keep(researchIds, d.research_id),
        sessionId: keep(sessionIds, d.session_id),
        projectId: keep(projectIds, d.project_id),
        dataSourceId: keep(sourceIds, d.data_source_id),
      }),
    ),
    contents: rows.contents.map(content),
    frames: rows.frames.map(frame),
    connections: rows.connections.filter((c) => c.participants.length > 0 && c.participants.every((p) => frameIds.has(p))).map((c) => connection(c, keep(sessionIds, c.session_id))),
    kpiBindings: rows.bindings.map(binding),
    corrections: rows.corrections.map(correction),
  }
}

const at = (value: unknown) => iso(value) as string

function research(r: ResearchRow) {
  return { id: r.id, title: r.title, description: r.description, status: r.status, tags: r.tags, createdAt: at(r.created_at), updatedAt: at(r.updated_at) }
}

function session(s: SessionRow) {
  return {
    id: s.id,
    researchId: s.research_id,
    title: s.title,
    status: s.status,
    tokensUsed: s.tokens_used,
    createdAt: at(s.created_at),
    updatedAt: at(s.updated_at),
    expiresAt: iso(s.expires_at),
  }
}

function project(p: ProjectRow) {
  return { id: p.id, displayName: p.display_name, description: p.description, status: p.status, createdAt: at(p.created_at), updatedAt: at(p.updated_at) }
}

function dataSource(s: DataSourceRow, refs: { researchId: string | null; sessionId: string | null; projectId: string | null }) {
  return {
    id: s.id,
    kind: s.kind as Bundle['dataSources'][number]['kind'],
    displayName: s.display_name,
    status: s.status as Bundle['dataSources'][number]['status'],
    ...refs,
    sourceDetails: s.source_details,
    pollIntervalSeconds: s.poll_interval_seconds,
    lastRunAt: iso(s.last_run_at),
    itemsIngested: s.items_ingested,
    lastError: s.last_error,
    createdAt: at(s.created_at),
    updatedAt: at(s.updated_at),
  }
}

function sourceItem(i: SourceItemRow, eventId: string | null) {
  return {
    dataSourceId: i.data_source_id,
    itemKey: i.item_key,
    link: i.link,
    contentHash: i.content_hash,
    outcome: i.outcome,
    eventId,
    claimedAt: at(i.claimed_at),
    firstSeenAt: at(i.first_seen_at),
    lastSeenAt: at(i.last_seen_at),
    contentChangedAt: iso(i.content_changed_at),
  }
}

function document(e: EventRow, refs: { researchId: string | null; sessionId: string | null; projectId: string | null; dataSourceId: string | null }) {
  return {
    id: e.id,
    ...refs,
    type: e.type,
    eventType: e.event_type,
    title: e.title,
    summary: e.summary,
    status: e.status,
    payload: e.payload,
    analytics: e.analytics,
    error: e.error,
    actionCount: e.action_count,
    contentHash: e.content_hash,
    uploadedAt: iso(e.uploaded_at),
    ingestedAt: at(e.ingested_at),
    updatedAt: at(e.updated_at),
  }
}

function content(c: ContentRow) {
  return {
    documentId: c.event_id,
    contentHash: c.content_hash,
    title: c.title,
    extractedText: c.extracted_text,
    cleanedContent: c.cleaned_content,
    metadata: c.metadata,
    referenceDate: c.reference_date,
    reprocessCount: c.reprocess_count,
    createdAt: at(c.created_at),
    updatedAt: at(c.updated_at),
  }
}

function frame(f: FrameRow) {
  return {
    id: f.id,
    documentId: f.event_id,
    status: f.status,
    actionIndex: f.action_index,
    totalActions: f.total_actions,
    actionType: f.action_type,
    body: f.body,
    createdAt: at(f.created_at),
    updatedAt: at(f.updated_at),
  }
}

function connection(c: ConnectionRow, sessionId: string | null) {
  return { id: c.id, sessionId, type: c.type, participants: c.participants, status: c.status, confidence: c.confidence === null ? null : Number(c.confidence), updatedAt: at(c.updated_at) }
}

function binding(b: BindingRow) {
  return {
    id: b.id,
    contextType: b.context_type,
    contextId: b.context_id,
    kpiDefinitionId: b.kpi_definition_id as Bundle['kpiBindings'][number]['kpiDefinitionId'],
    currentValue: b.current_value === null ? null : Number(b.current_value),
    manual: b.manual,
    createdAt: at(b.created_at),
    updatedAt: at(b.updated_at),
  }
}

function correction(c: CorrectionRow) {
  // Only the fields a correction has, whatever else the stored JSON holds.
  const edits = Object.fromEntries((['actionDescription', 'actionType', 'summary'] as const).flatMap((k) => (typeof c.edits?.[k] === 'string' ? [[k, c.edits[k]]] : [])))
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  return {
    documentId: c.event_id,
    actionIndex: c.action_index,
    verdict: c.verdict,
    edits,
    note: c.note,
    pipeline: { actionDescription: text(c.pipeline?.actionDescription), actionType: text(c.pipeline?.actionType), summary: text(c.pipeline?.summary) },
    correctedBy: c.corrected_by,
    correctedAt: at(c.corrected_at),
  }
}

function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 60)
}
