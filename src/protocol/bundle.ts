/**
 * The portable bundle: a research, a project or a whole tenant as one JSON file, to move between
 * installations and tenants (`GET /researches/{id}/export`, `GET /projects/{id}/export`,
 * `GET /exports/tenant`, `POST /imports`).
 *
 * Contract:
 * - A bundle is `{manifest, researches, sessions, projects, dataSources, sourceItems, documents, contents,
 *   frames, connections, kpiBindings}`. Every section is always present (empty when it holds nothing), in
 *   a stable order (by creation time, then id), with the stored values as they are: the analysis
 *   (titles, summaries, analytics, payloads, frames) travels whole and is never computed again.
 * - It is self-contained: every reference (a session's research, a document's workspace, project and
 *   source, a frame's document, a connection's frames, a binding's research or project) names an item of
 *   the bundle or is null. A project's bundle leaves out the sandbox its documents came from (their
 *   research and workspace are null in it); a research's leaves out the project it was committed to.
 * - `manifest.hashes` holds the sha-256 of each section's canonical JSON (keys sorted at every level,
 *   no whitespace, as `JSON.stringify` writes values), and `manifest.counts` its length. An importer
 *   recomputes both and refuses a bundle that does not match: the hashes detect a file changed or damaged
 *   after export. They are not a signature: who may import is decided by the importer's sign-in, and
 *   everything imported lands in the importer's tenant whatever the bundle says.
 * - Ids are the exporting installation's. An import gives every item a new id (references follow), so
 *   a bundle can be imported twice, or into the tenant it came from, without touching what is there.
 * - Sightline keeps no stories (narratives) yet, so bundles carry none; a later format version adds them.
 * - Version 2 adds `corrections`: the analyst's version of frames (src/protocol/corrections.ts), each by its
 *   document and action index, with who made it and when, and what the pipeline read then. A version 1 file has
 *   no such section and still imports (its manifest names no count or hash for it; it reads as empty).
 *
 * The format has its own version (`BUNDLE_VERSION`): files outlive the wire protocol's messages. (The
 * fingerprint of PROTOCOL_VERSION covers these schemas too, because the export and import contracts name
 * them: src/protocol/http/exchange.ts.) These schemas take no defaults and no transforms, so a parsed
 * bundle hashes exactly like the file it came from.
 */
import { z } from 'zod'
import { CORRECTION_TEXT_MAX, CorrectionVerdicts } from './corrections'
import { DataSourceKinds, DataSourceStatuses } from './entities'
import { TextBounds } from './input-text'
import { KpiDefinitionIds } from './intelligence'

export const BUNDLE_FORMAT = 'sightline-bundle'
export const BUNDLE_VERSION = 2
/** The format versions an import reads: this one, and 1 (the same without corrections). */
export const BUNDLE_VERSIONS_READ = [1, 2] as const

export const BundleKinds = ['research', 'project', 'tenant'] as const
export type BundleKind = (typeof BundleKinds)[number]

/** The sections of a bundle, in the order they are written, hashed and imported. */
export const BundleSections = ['researches', 'sessions', 'projects', 'dataSources', 'sourceItems', 'documents', 'contents', 'frames', 'connections', 'kpiBindings', 'corrections'] as const
export type BundleSection = (typeof BundleSections)[number]
/** The sections a version 1 bundle has (its manifest counts and hashes these only). */
export const BundleSectionsV1 = BundleSections.filter((s) => s !== 'corrections')

const id = z.string().min(1).max(200)
/** An ISO 8601 instant that names a real date and time (no 30 February), as the database stores it. */
const at = z.iso.datetime({ offset: true }).refine(isRealInstant, 'not a real date and time')
const record = z.record(z.string(), z.unknown())
/** Whole numbers the database keeps in an `integer` column. */
const count = z.number().int().nonnegative().max(2_147_483_647)
const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647)
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a sha-256 in lowercase hex')

export const bundledResearchSchema = z.object({
  id,
  title: z.string().min(1).max(TextBounds.title),
  description: z.string().max(TextBounds.description).nullable(),
  status: z.string().min(1).max(40),
  tags: z.array(z.string().max(TextBounds.tag)).max(TextBounds.tags),
  createdAt: at,
  updatedAt: at,
})

export const bundledSessionSchema = z.object({
  id,
  researchId: id,
  title: z.string().max(TextBounds.title).nullable(),
  status: z.string().min(1).max(40),
  tokensUsed: count,
  createdAt: at,
  updatedAt: at,
  expiresAt: at.nullable(),
})

export const bundledProjectSchema = z.object({
  id,
  displayName: z.string().min(1).max(TextBounds.displayName),
  description: z.string().max(TextBounds.description).nullable(),
  status: z.string().min(1).max(40),
  createdAt: at,
  updatedAt: at,
})

export const bundledDataSourceSchema = z.object({
  id,
  kind: z.enum(DataSourceKinds),
  displayName: z.string().min(1).max(TextBounds.displayName),
  status: z.enum(DataSourceStatuses),
  researchId: id.nullable(),
  sessionId: id.nullable(),
  projectId: id.nullable(),
  sourceDetails: record,
  pollIntervalSeconds: count.min(1).nullable(),
  lastRunAt: at.nullable(),
  itemsIngested: count,
  lastError: z.string().nullable(),
  createdAt: at,
  updatedAt: at,
})

/** An item a source has seen (its link or post id): what keeps a source from ingesting it twice. */
export const bundledSourceItemSchema = z.object({
  dataSourceId: id,
  itemKey: z.string().min(1),
  link: z.string().nullable(),
  contentHash: z.string().min(1),
  outcome: z.enum(['claimed', 'ingested', 'duplicate', 'empty']),
  eventId: id.nullable(),
  claimedAt: at,
  firstSeenAt: at,
  lastSeenAt: at,
  contentChangedAt: at.nullable(),
})

/** A document card (genesis event) as stored: payload and analytics are the analysis's, kept whole. */
export const bundledDocumentSchema = z.object({
  id,
  researchId: id.nullable(),
  sessionId: id.nullable(),
  projectId: id.nullable(),
  dataSourceId: id.nullable(),
  type: z.string().min(1).max(40),
  eventType: z.string().min(1).max(40),
  title: z.string().nullable(),
  summary: z.string().nullable(),
  status: z.string().min(1).max(40),
  payload: record,
  analytics: record.nullable(),
  error: z.string().nullable(),
  actionCount: count.nullable(),
  contentHash: z.string().nullable(),
  uploadedAt: at.nullable(),
  ingestedAt: at,
  updatedAt: at,
})

/** The readable text of a document, as analysis read it (what reprocessing reads again). */
export const bundledContentSchema = z.object({
  documentId: id,
  contentHash: z.string().min(1),
  title: z.string().nullable(),
  extractedText: z.string(),
  cleanedContent: z.string(),
  metadata: record,
  referenceDate: z.string().nullable(),
  reprocessCount: count,
  createdAt: at,
  updatedAt: at,
})

/** An action frame: `body` is the frame as the API sends it (its ids are rewritten on import). */
export const bundledFrameSchema = z.object({
  id,
  documentId: id,
  status: z.string().min(1).max(40),
  actionIndex: int32.nullable(),
  totalActions: int32.nullable(),
  actionType: z.string().nullable(),
  body: record,
  createdAt: at,
  updatedAt: at,
})

/** Two frames sharing an actor (`participants` are frame ids of the bundle). */
export const bundledConnectionSchema = z.object({
  id,
  sessionId: id.nullable(),
  type: z.string().min(1).max(80),
  participants: z.array(id).max(50),
  status: z.string().min(1).max(40),
  confidence: z.number().nullable(),
  updatedAt: at,
})

export const bundledKpiBindingSchema = z.object({
  id,
  contextType: z.enum(['research', 'project']),
  contextId: id,
  kpiDefinitionId: z.enum(KpiDefinitionIds),
  currentValue: z.number().nullable(),
  manual: z.boolean(),
  createdAt: at,
  updatedAt: at,
})

const correctionText = z.string().min(1).max(CORRECTION_TEXT_MAX)
const reading = z.object({ actionDescription: z.string().nullable(), actionType: z.string().nullable(), summary: z.string().nullable() })

/**
 * The analyst's version of a document's frame, by its place (document, action index) as the server keeps it:
 * reprocessing there writes the frames again and the correction stays. `pipeline` is what the pipeline read
 * when the analyst corrected it; `correctedBy` the exporting installation's user id (who, as a record).
 */
export const bundledCorrectionSchema = z.object({
  documentId: id,
  actionIndex: int32,
  verdict: z.enum(CorrectionVerdicts),
  edits: z.strictObject({ actionDescription: correctionText.optional(), actionType: correctionText.optional(), summary: correctionText.optional() }),
  note: correctionText.nullable(),
  pipeline: reading,
  correctedBy: z.string().min(1).max(200),
  correctedAt: at,
})

const manifestCounts = z.object({
  ...(Object.fromEntries(BundleSectionsV1.map((s) => [s, count])) as Record<Exclude<BundleSection, 'corrections'>, typeof count>),
  corrections: count.optional(),
})
const manifestHashes = z.object({
  ...(Object.fromEntries(BundleSectionsV1.map((s) => [s, sha256])) as Record<Exclude<BundleSection, 'corrections'>, typeof sha256>),
  corrections: sha256.optional(),
})

export const bundleManifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  version: z.union([z.literal(1), z.literal(BUNDLE_VERSION)]),
  kind: z.enum(BundleKinds),
  /** The research or project the bundle was made for (null for a tenant's). */
  root: z.object({ type: z.enum(['research', 'project']), id, title: z.string() }).nullable(),
  exportedAt: at,
  /** The tenant it was exported from: informative only (an import never goes there unless the importer's is that one). */
  exportedFrom: z.string().max(320),
  hashAlgorithm: z.literal('sha256'),
  /** Every section's (a version 1 manifest has none for `corrections`). */
  counts: manifestCounts,
  hashes: manifestHashes,
})
export type BundleManifest = z.infer<typeof bundleManifestSchema>

export const bundleSchema = z.object({
  manifest: bundleManifestSchema,
  researches: z.array(bundledResearchSchema),
  sessions: z.array(bundledSessionSchema),
  projects: z.array(bundledProjectSchema),
  dataSources: z.array(bundledDataSourceSchema),
  sourceItems: z.array(bundledSourceItemSchema),
  documents: z.array(bundledDocumentSchema),
  contents: z.array(bundledContentSchema),
  frames: z.array(bundledFrameSchema),
  connections: z.array(bundledConnectionSchema),
  kpiBindings: z.array(bundledKpiBindingSchema),
  // The one default of these schemas: a version 1 file has no corrections (nothing of it is hashed for them).
  corrections: z.array(bundledCorrectionSchema).default([]),
})
export type Bundle = z.infer<typeof bundleSchema>
export type BundleData = Omit<Bundle, 'manifest'>

/** What `POST /imports` answers (201): the new research and project ids, and how many of each kind came in. */
export const importResultSchema = z.object({
  kind: z.enum(BundleKinds),
  researches: z.array(z.object({ id: z.string(), title: z.string(), sessionIds: z.array(z.string()) })),
  projects: z.array(z.object({ id: z.string(), displayName: z.string() })),
  /** How many of each section came in (`corrections` from format version 2 on: a server before it does not say). */
  counts: manifestCounts,
  /** Every id the bundle named and the one it has here, `[bundle id, new id]` (frames and connections included). */
  ids: z.array(z.tuple([z.string(), z.string()])),
  message: z.string(),
})
export type ImportResult = z.infer<typeof importResultSchema>

function isRealInstant(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const d = new Date(Date.UTC(year, month - 1, day))
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && hour < 24 && minute < 60 && second < 60
}
