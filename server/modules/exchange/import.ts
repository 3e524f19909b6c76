/**
 * Import: a bundle (src/protocol/bundle.ts) into the importer's tenant.
 *
 * - The bundle is checked before anything is written: its sections against the manifest's counts and
 *   hashes (a changed or damaged file is a 400 naming the section), then every reference inside it (a
 *   dangling one is a 400 naming the item). The schema has already bounded every value.
 * - Everything lands in the importer's tenant, owned by the importer, whatever tenant or user the
 *   bundle came from; sources are private there (sharing named tenants of the other installation).
 * - Every item gets a new id: `<prefix>_<import tag>_<n>`, numbered in the bundle's order, so items
 *   created in the same millisecond keep their order; a frame and a connection keep their id's tail
 *   after their document's new id (`evt_…-f2`), as the pipeline names them. References follow.
 * - The analysis is kept as it is: titles, summaries, analytics, payloads, frames and KPI values are
 *   written as the bundle has them, and nothing is queued; a completed document's action count is the number
 *   of its frames the bundle carries. A document whose processing had not finished
 *   when it was exported arrives in error, saying so (no pipeline here holds its unfinished steps);
 *   active sources arrive paused, to be resumed by hand, so an import never starts polling by itself.
 * - The analyst's corrections of frames come back as they were made (who, when, what the pipeline read then),
 *   at their documents' new ids, before the documents are kept as completed, so boards, briefings and search
 *   read the analyst's version from the start. A correction naming a document outside the bundle, or a place
 *   twice, is refused like any dangling or duplicate item.
 * - Stories are not carried: they are the team's reading of all its documents, so the completed
 *   documents of the bundle are placed in the importer's stories (server/modules/stories), oldest first,
 *   joining those told by documents already there.
 * - One transaction: an import is whole or absent.
 */
import type { Bundle, BundleKind, ImportResult } from '../../../src/protocol/bundle'
import { BundleSections } from '../../../src/protocol/bundle'
import type { Ids } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { type FrameRow, toActionFrame } from '../session-data'
import { placeDocument } from '../stories'
import { keepCompletedDocument } from '../intelligence'
import { raiseAlerts } from '../alerts'
import { assertMatchesManifest, invalidField } from './manifest'
import { insertBundleRow } from './queries'

/** The error an unfinished document carries once imported. */
export const UNFINISHED_ON_EXPORT = 'Processing had not finished when this document was exported; reprocess it to analyse it here'

/** Statuses a document ends in; any other was still processing at export. */
const FINAL_STATUSES = new Set(['completed', 'error'])

export interface Importer {
  tenantId: string
  uid: string
}

export async function importBundle(db: Database, ids: Ids, importer: Importer, bundle: Bundle, now: number): Promise<ImportResult> {
  assertMatchesManifest(bundle, bundle.manifest)
  assertSelfContained(bundle)
  const map = remap(bundle, ids)
  const t = importer.tenantId
  // Every reference was checked to name an item of the bundle (assertSelfContained), so each has a new id.
  const ref = (value: string | null) => (value === null ? null : (map.get(value) as string))
  const json = (value: unknown) => JSON.stringify(value)

  await db.transaction(async (tx) => {
    for (const r of bundle.researches) {
      await insertBundleRow(tx, 'research', [t, ref(r.id), r.title, r.description, r.status, json(r.tags), importer.uid, r.createdAt, r.updatedAt])
    }
    for (const s of bundle.sessions) {
      await insertBundleRow(tx, 'session', [t, ref(s.id), ref(s.researchId), s.title, s.status, importer.uid, s.tokensUsed, s.createdAt, s.updatedAt, s.expiresAt])
    }
    for (const p of bundle.projects) {
      await insertBundleRow(tx, 'project', [t, ref(p.id), p.displayName, p.description, p.status, importer.uid, p.createdAt, p.updatedAt])
    }
    for (const s of bundle.dataSources) {
      await insertBundleRow(tx, 'dataSource', [
        t,
        ref(s.id),
        s.kind,
        s.displayName,
        s.status === 'active' ? 'paused' : s.status,
        ref(s.researchId),
        ref(s.sessionId),
        ref(s.projectId),
        json(s.sourceDetails),
        s.pollIntervalSeconds,
        s.lastRunAt,
        s.itemsIngested,
        s.lastError,
        importer.uid,
        s.createdAt,
        s.updatedAt,
      ])
    }
    // A completed document's signals are its frames: the count the bundle carries, so a changed figure can
    // never stand for frames that are not there (and overflow the dashboard's counts).
    const framesOf = new Map<string, number>()
    for (const f of bundle.frames) framesOf.set(f.documentId, (framesOf.get(f.documentId) ?? 0) + 1)
    for (const d of bundle.documents) {
      const finished = FINAL_STATUSES.has(d.status)
      await insertBundleRow(tx, 'document', [
        t,
        ref(d.id),
        ref(d.researchId),
        ref(d.sessionId),
        ref(d.projectId),
        ref(d.dataSourceId),
        d.type,
        d.eventType,
        d.title,
        d.summary,
        finished ? d.status : 'error',
        json(withSourceRef(d.payload, ref)),
        d.analytics === null ? null : json(d.analytics),
        finished ? d.error : UNFINISHED_ON_EXPORT,
        d.status === 'completed' ? (framesOf.get(d.id) ?? 0) : d.actionCount,
        d.contentHash,
        d.uploadedAt,
        d.ingestedAt,
        d.updatedAt,
      ])
    }
    for (const i of bundle.sourceItems) {
      await insertBundleRow(tx, 'sourceItem', [t, ref(i.dataSourceId), i.itemKey, i.link, i.contentHash, i.outcome, ref(i.eventId), i.claimedAt, i.firstSeenAt, i.lastSeenAt, i.contentChangedAt])
    }
    for (const c of bundle.contents) {
      await insertBundleRow(tx, 'content', [
        t,
        ref(c.documentId),
        c.contentHash,
        c.title,
        c.extractedText,
        c.cleanedContent,
        json(c.metadata),
        c.referenceDate,
        c.reprocessCount,
        c.createdAt,
        c.updatedAt,
      ])
    }
    const documents = new Map(bundle.documents.map((d) => [d.id, d]))
    for (const f of bundle.frames) {
      const document = documents.get(f.documentId)!
      const row: FrameRow = {
        id: map.get(f.id)!,
        event_id: map.get(f.documentId)!,
        research_id: ref(document.researchId),
        session_id: ref(document.sessionId),
        status: f.status,
        action_index: f.actionIndex,
        total_actions: f.totalActions,
        action_type: f.actionType,
        body: f.body,
        created_at: f.createdAt,
        updated_at: f.updatedAt,
      }
      // The stored body is the frame as the API sends it, its ids and tenant this installation's (migration 006).
      await insertBundleRow(tx, 'frame', [
        t,
        row.id,
        row.event_id,
        row.research_id,
        row.session_id,
        row.status,
        row.action_index,
        row.total_actions,
        row.action_type,
        json(toActionFrame(row, t)),
        f.createdAt,
        f.updatedAt,
      ])
    }
    for (const c of bundle.connections) {
      await insertBundleRow(tx, 'connection', [t, ref(c.id), ref(c.sessionId), c.type, json(c.participants.map((p) => map.get(p))), c.status, c.confidence, c.updatedAt])
    }
    for (const b of bundle.kpiBindings) {
      const contextId = ref(b.contextId)
      await insertBundleRow(tx, 'binding', [
        t,
        ref(b.id),
        contextId,
        b.contextType,
        b.contextType === 'research' ? contextId : null,
        b.contextType === 'project' ? contextId : null,
        b.kpiDefinitionId,
        b.currentValue,
        b.manual,
        b.createdAt,
        b.updatedAt,
      ])
    }
    for (const c of bundle.corrections) {
      await insertBundleRow(tx, 'correction', [t, ref(c.documentId), c.actionIndex, c.verdict, json(c.edits), c.note, json(c.pipeline), c.correctedBy, c.correctedAt])
    }
    // Its completed documents join the team's stories, oldest first, as if each had just completed here.
    const completed = bundle.documents.filter((d) => d.status === 'completed').sort((a, b) => compareText(a.ingestedAt, b.ingestedAt) || compareText(a.id, b.id))
    for (const d of completed) {
      await placeDocument(tx, t, map.get(d.id)!, now)
      await keepCompletedDocument(tx, t, map.get(d.id)!)
      await raiseAlerts(tx, t, map.get(d.id)!, now)
    }
  })

  const counts = Object.fromEntries(BundleSections.map((s) => [s, bundle[s].length])) as ImportResult['counts']
  const researches = bundle.researches.map((r) => ({
    id: map.get(r.id)!,
    title: r.title,
    sessionIds: bundle.sessions.filter((s) => s.researchId === r.id).map((s) => map.get(s.id)!),
  }))
  const projects = bundle.projects.map((p) => ({ id: map.get(p.id)!, displayName: p.displayName }))
  return { kind: bundle.manifest.kind, researches, projects, counts, ids: [...map.entries()], message: importMessage(bundle.manifest.kind, bundle) }
}

/** Refuses (400, naming the item) a bundle with a duplicate id or a reference to nothing in it. */
export function assertSelfContained(b: Bundle): void {
  const researches = unique(
    'researches',
    b.researches.map((r) => r.id),
  )
  const sessions = unique(
    'sessions',
    b.sessions.map((s) => s.id),
  )
  const projects = unique(
    'projects',
    b.projects.map((p) => p.id),
  )
  const sources = unique(
    'dataSources',
    b.dataSources.map((s) => s.id),
  )
  const documents = unique(
    'documents',
    b.documents.map((d) => d.id),
  )
  const frames = unique(
    'frames',
    b.frames.map((f) => f.id),
  )
  const connections = unique(
    'connections',
    b.connections.map((c) => c.id),
  )
  const bindings = unique(
    'kpiBindings',
    b.kpiBindings.map((k) => k.id),
  )
  unique(
    'contents',
    b.contents.map((c) => c.documentId),
    'documentId',
  )
  unique(
    'sourceItems',
    b.sourceItems.map((i) => `${i.dataSourceId}\u0001${i.itemKey}`),
    'itemKey',
  )
  unique(
    'kpiBindings',
    b.kpiBindings.map((k) => `${k.contextId}\u0001${k.kpiDefinitionId}`),
    'kpiDefinitionId',
  )
  // Every id of every section is remapped through one map, so one id may name one item only.
  unique('bundle', [...researches, ...sessions, ...projects, ...sources, ...documents, ...frames, ...connections, ...bindings], 'id')

  const sessionResearch = new Map(b.sessions.map((s) => [s.id, s.researchId]))
  const names = (set: Set<string>, value: string | null, field: string, what: string) => {
    if (value !== null && !set.has(value)) throw invalidField(field, `names no ${what} of the bundle`)
  }
  const sameResearch = (researchId: string | null, sessionId: string | null, field: string) => {
    if (sessionId !== null && sessionResearch.get(sessionId) !== researchId) throw invalidField(field, 'names a workspace of another research')
  }
  b.sessions.forEach((s, i) => names(researches, s.researchId, `sessions.${i}.researchId`, 'research'))
  b.dataSources.forEach((s, i) => {
    names(researches, s.researchId, `dataSources.${i}.researchId`, 'research')
    names(sessions, s.sessionId, `dataSources.${i}.sessionId`, 'workspace')
    names(projects, s.projectId, `dataSources.${i}.projectId`, 'project')
    sameResearch(s.researchId, s.sessionId, `dataSources.${i}.sessionId`)
    if (s.projectId === null && (s.researchId === null || s.sessionId === null)) throw invalidField(`dataSources.${i}.projectId`, 'a source belongs to a project or to a workspace of a research')
  })
  b.sourceItems.forEach((item, i) => {
    names(sources, item.dataSourceId, `sourceItems.${i}.dataSourceId`, 'data source')
    names(documents, item.eventId, `sourceItems.${i}.eventId`, 'document')
  })
  b.documents.forEach((d, i) => {
    names(researches, d.researchId, `documents.${i}.researchId`, 'research')
    names(sessions, d.sessionId, `documents.${i}.sessionId`, 'workspace')
    names(projects, d.projectId, `documents.${i}.projectId`, 'project')
    names(sources, d.dataSourceId, `documents.${i}.dataSourceId`, 'data source')
    sameResearch(d.researchId, d.sessionId, `documents.${i}.sessionId`)
  })
  b.contents.forEach((c, i) => names(documents, c.documentId, `contents.${i}.documentId`, 'document'))
  b.frames.forEach((f, i) => names(documents, f.documentId, `frames.${i}.documentId`, 'document'))
  b.connections.forEach((c, i) => {
    names(sessions, c.sessionId, `connections.${i}.sessionId`, 'workspace')
    c.participants.forEach((p, j) => names(frames, p, `connections.${i}.participants.${j}`, 'action frame'))
  })
  unique(
    'corrections',
    b.corrections.map((c) => `${c.documentId}\u0001${c.actionIndex}`),
    'actionIndex',
  )
  b.corrections.forEach((c, i) => {
    names(documents, c.documentId, `corrections.${i}.documentId`, 'document')
    if (c.verdict === 'edited' && Object.keys(c.edits).length === 0) throw invalidField(`corrections.${i}.edits`, 'an edit needs a new actionDescription, actionType or summary')
    if (c.verdict !== 'edited' && Object.keys(c.edits).length > 0) throw invalidField(`corrections.${i}.edits`, `a ${c.verdict} frame carries no edits`)
    if (c.verdict === 'noted' && c.note === null) throw invalidField(`corrections.${i}.note`, 'a note needs its text')
  })
  b.kpiBindings.forEach((k, i) => names(k.contextType === 'research' ? researches : projects, k.contextId, `kpiBindings.${i}.contextId`, k.contextType))
  const root = b.manifest.root
  if (root) names(root.type === 'research' ? researches : projects, root.id, 'manifest.root.id', root.type)
}

/** Old id → new id for every item of the bundle. */
function remap(b: Bundle, ids: Ids): Map<string, string> {
  // One tag per import keeps this import's ids apart from every other's; the counter keeps the bundle's order.
  const tag = ids.next('imp').replace(/^imp_/, '')
  const map = new Map<string, string>()
  const number = (prefix: string, list: ReadonlyArray<{ id: string }>) => list.forEach((item, i) => map.set(item.id, `${prefix}_${tag}_${String(i + 1).padStart(5, '0')}`))
  number('res', b.researches)
  number('ses', b.sessions)
  number('prj', b.projects)
  number('src', b.dataSources)
  number('evt', b.documents)
  number('kpi', b.kpiBindings)
  // A frame or connection id that does not start with its document's (not the pipeline's naming), or
  // would come out twice, is numbered in a namespace of its own instead.
  const taken = new Set(map.values())
  const place = (id: string, candidate: string | null, fallback: string) => {
    const chosen = candidate !== null && !taken.has(candidate) ? candidate : fallback
    taken.add(chosen)
    map.set(id, chosen)
  }
  const frameDocument = new Map<string, string>()
  b.frames.forEach((f, i) => {
    frameDocument.set(f.id, f.documentId)
    place(f.id, under(f.id, f.documentId, map.get(f.documentId)!), `frm_${tag}_${String(i + 1).padStart(5, '0')}`)
  })
  b.connections.forEach((c, i) => {
    const document = frameDocument.get(c.participants[0] ?? '')
    place(c.id, document ? under(c.id, document, map.get(document)!) : null, `cnx_${tag}_${String(i + 1).padStart(5, '0')}`)
  })
  return map
}

/** `evt_old-f2` → `evt_new-f2`: the tail after the document's id kept under its new id; null when the id does not start with the document's. */
function under(id: string, oldDocument: string, newDocument: string): string | null {
  return id.startsWith(`${oldDocument}-`) ? `${newDocument}${id.slice(oldDocument.length)}` : null
}

function unique(section: string, values: string[], field = 'id'): Set<string> {
  const set = new Set<string>()
  values.forEach((value, i) => {
    if (set.has(value)) throw invalidField(`${section}.${i}.${field}`, 'appears twice in the bundle')
    set.add(value)
  })
  return set
}

function importMessage(kind: BundleKind, b: Bundle): string {
  const what =
    kind === 'research'
      ? `research “${b.researches[0]?.title ?? ''}”`
      : kind === 'project'
        ? `project “${b.projects[0]?.displayName ?? ''}”`
        : `${count(b.researches.length, 'research', 'researches')} and ${count(b.projects.length, 'project')}`
  const corrected = b.corrections.length > 0 ? `, ${count(b.corrections.length, 'analyst’s correction', 'analyst’s corrections')}` : ''
  return `Imported ${what}: ${count(b.documents.length, 'document')}, ${count(b.frames.length, 'action frame')}${corrected}`
}

function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`
}

/** A payload whose provenance names the source it came through, under that source's new id. */
function withSourceRef(payload: Record<string, unknown>, ref: (id: string | null) => string | null): Record<string, unknown> {
  const provenance = payload.provenance as { via?: { dataSourceId?: unknown } } | undefined
  const via = provenance?.via
  if (!via || typeof via.dataSourceId !== 'string') return payload
  return { ...payload, provenance: { ...provenance, via: { ...via, dataSourceId: ref(via.dataSourceId) } } }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
