/**
 * The corpus every analytical figure is computed from: a tenant's completed documents (optionally within
 * one research or project, or some of them by id) and their action frames, read once
 * into plain values. Everything downstream (pulse, briefing, graph, forecasts, KPIs) is a pure function
 * of a Corpus and a time, so it can be checked by hand on a small corpus.
 */
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { type EntityIndex, type EntityOccurrence, mergeEntities, withDocuments } from './aliases'
import { tenantSpellings } from './queries/spellings'
import { entityDecisions, tenantEntities } from './tenant-entities'
import { type ParsedDocument, parsedDocumentsOf } from './parsed-documents'
import { type CorpusDocumentRow as DocRow, type CorpusFrameRow as FrameRowLite, type CorpusScope, corpusRows, corpusVersions } from './queries/corpus'

export type { CorpusScope } from './queries/corpus'

export const DAY_MS = 86_400_000
/** This week against the week before: a comparison needs this much history (14 days) behind it. */
export const COMPARISON_MS = 14 * DAY_MS

export interface CorpusDocument {
  id: string
  researchId: string | null
  sessionId: string | null
  projectId: string | null
  title: string
  summary: string
  /** When it was ingested (ms since epoch): the date of its signals. */
  at: number
  pestleCategory: string | null
  knowledgeArea: string | null
  impactSeverity: number
  /** The ten analytics scores, as stored. */
  scores: Record<string, number>
  entities: EntityOccurrence[]
}

export interface CorpusFrame {
  id: string
  eventId: string
  actionIndex: number
  actionType: string
  description: string
  summary: string
  temporality: string
  confidence: number
  urgency: number
  sentiment: number
  veracity: number
  negated: boolean
  actors: string[]
  /** The actors with the roles the analyser gave them (agent, patient, recipient …), in the frame's order. */
  roles: Array<{ text: string; role: string }>
  resources: string[]
  /** The act's CAMEO root category code ('01'…'20'), when the analyser gave one. */
  cameo: string | null
  /** The result's impacts: a domain or direction (effect) and how much (magnitude 0–1). */
  impacts: Array<{ effect: string; magnitude: number }>
  /** The date the sentence names (yyyy-mm-dd), if any. */
  occurredOn: string | null
  /** The document's ingestion time: when the signal arrived. */
  at: number
}

export interface Corpus {
  documents: CorpusDocument[]
  frames: CorpusFrame[]
  documentsById: Map<string, CorpusDocument>
  framesByDocument: Map<string, CorpusFrame[]>
  entities: EntityIndex
}

/**
 * The scope's documents and frames, their entities merged among them; with `tenantEntities`, the tenant's
 * entities instead (named as the tenant's whole corpus names them, from the spellings migration 028 keeps),
 * each with its mentions in the scope's documents: what a view of part of the tenant over the tenant's
 * entities reads, without reading the rest of the corpus. With `frames: false`, no frames (for what reads
 * only documents and their entities: most of a corpus's bytes are its frames).
 */
export async function loadCorpus(db: Queryable, tenantId: string, scope: CorpusScope = {}, options: { tenantEntities?: boolean; frames?: boolean } = {}): Promise<Corpus> {
  const withFrames = options.frames ?? true
  const parsed = await parsedScope(db, tenantId, scope, withFrames)
  const occurrences = parsed.flatMap((p) => p.document.entities)
  // The tenant's entities as kept for its version, with the scope's mentions; merged again only when a spelling
  // of the scope's is not among them yet.
  const entities = options.tenantEntities
    ? (withDocuments(await tenantEntities(db, tenantId), occurrences) ?? mergeEntities(occurrences, await entityDecisions(db, tenantId), await tenantSpellings(db, tenantId)))
    : mergeEntities(occurrences, await entityDecisions(db, tenantId))
  return buildCorpus(parsed, entities, withFrames)
}

/**
 * The scope's documents, oldest first, parsed: those whose rows have not changed since this process parsed
 * them from what it kept (parsed-documents.ts), the rest read and parsed now, and kept.
 */
async function parsedScope(db: Queryable, tenantId: string, scope: CorpusScope, withFrames: boolean): Promise<ParsedDocument[]> {
  const versions = await corpusVersions(db, tenantId, scope)
  const parsedDocuments = parsedDocumentsOf(db)
  const kept = new Map<string, ParsedDocument>()
  for (const { id, version } of versions) {
    const entry = parsedDocuments.get(tenantId, id, version, withFrames)
    if (entry) kept.set(id, entry)
  }
  const missing = versions.filter((v) => !kept.has(v.id)).map((v) => v.id)
  if (missing.length > 0) {
    // Read as they stand now: one that changed since its version was read is kept under its new version.
    const { docs, frames } = await corpusRows(db, tenantId, { eventIds: missing }, withFrames)
    const documents = new Map(docs.map((row) => [row.id, toDocument(row)]))
    const framesOf = new Map<string, CorpusFrame[]>()
    for (const row of frames) {
      const document = documents.get(row.event_id)
      // The analyst's version wins; a frame the analyst rejected is no signal at all.
      if (!document || row.verdict === 'rejected') continue
      const frame = toFrame(row, document.at)
      const list = framesOf.get(row.event_id)
      if (list) list.push(frame)
      else framesOf.set(row.event_id, [frame])
    }
    for (const row of docs) {
      const entry: ParsedDocument = { version: row.version, document: documents.get(row.id)!, frames: withFrames ? (framesOf.get(row.id) ?? []) : null }
      parsedDocuments.set(tenantId, row.id, entry)
      kept.set(row.id, entry)
    }
  }
  // In the versions' order; a document that stopped being in the scope meanwhile is left out.
  return versions.flatMap((v) => kept.get(v.id) ?? [])
}

/** The corpus of these parsed documents (without frames unless `withFrames`, even those kept with theirs). */
function buildCorpus(parsed: readonly ParsedDocument[], entities: EntityIndex, withFrames: boolean): Corpus {
  const documents = parsed.map((p) => p.document)
  const framed = withFrames ? parsed : []
  const framesByDocument = new Map<string, CorpusFrame[]>()
  for (const p of framed) if (p.frames && p.frames.length > 0) framesByDocument.set(p.document.id, p.frames as CorpusFrame[])
  return {
    documents,
    frames: framed.flatMap((p) => p.frames ?? []),
    documentsById: new Map(documents.map((d) => [d.id, d])),
    framesByDocument,
    entities,
  }
}

const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback)
const str = (v: unknown) => (typeof v === 'string' ? v : null)
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function toDocument(row: DocRow): CorpusDocument {
  const p = row.payload ?? {}
  const a = row.analytics ?? {}
  const scores: Record<string, number> = {}
  for (const [k, v] of Object.entries(a)) if (typeof v === 'number') scores[k] = v
  return {
    id: row.id,
    researchId: row.research_id,
    sessionId: row.session_id,
    projectId: row.project_id,
    title: row.title ?? str(p.aiTitle) ?? 'Untitled Document',
    summary: row.summary ?? str(p.aiSummary) ?? '',
    at: Date.parse(iso(row.ingested_at)!),
    pestleCategory: str(p.pestleCategory),
    knowledgeArea: str(p.knowledgeArea),
    impactSeverity: num(scores.impactSeverity ?? p.impactSeverity),
    scores,
    entities: list(p.detectedEntities).flatMap((raw) => {
      const e = obj(raw)
      const text = str(e.text)
      if (!text) return []
      return [
        {
          eventId: row.id,
          text,
          kind: str(e.kind) ?? 'other',
          aliases: list(e.aliases).filter((x): x is string => typeof x === 'string'),
          mentions: Math.max(1, typeof e.mentionCount === 'number' ? e.mentionCount : list(e.mentions).length),
        },
      ]
    }),
  }
}

function toFrame(row: FrameRowLite, at: number): CorpusFrame {
  const b = { ...(row.body ?? {}), ...(row.edits ?? {}) }
  const meta = obj(b.metadata)
  const names = (v: unknown) => list(obj(v).entries).flatMap((x) => (typeof obj(x).text === 'string' ? [obj(x).text as string] : []))
  return {
    id: row.id,
    eventId: row.event_id,
    actionIndex: row.action_index ?? num(b.actionIndex, 1),
    actionType: row.edits?.actionType ?? row.action_type ?? str(b.actionType) ?? 'unknown',
    description: str(b.actionDescription) ?? str(b.summary) ?? row.id,
    summary: str(b.summary) ?? '',
    temporality: str(b.temporality) ?? 'past',
    confidence: num(b.confidence ?? meta.confidence),
    urgency: num(obj(b.urgency).score),
    sentiment: num(meta.sentiment),
    veracity: num(meta.veracity, 1),
    negated: b.negated === true,
    actors: names(b.actors),
    roles: list(obj(b.actors).entries).flatMap((x) => (typeof obj(x).text === 'string' ? [{ text: obj(x).text as string, role: str(obj(x).role) ?? 'participant' }] : [])),
    resources: names(b.resources),
    cameo: str(obj(b.cameo).code),
    impacts: list(obj(b.result).impacts).flatMap((raw) => {
      const i = obj(raw)
      const effect = str(i.effect)
      return effect ? [{ effect, magnitude: num(i.magnitude) }] : []
    }),
    occurredOn: str(obj(b.timeReference).date),
    at,
  }
}

/** The UTC day (yyyy-mm-dd) of a time. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

/** The last `days` UTC days ending with the day of `now`, oldest first. */
export function lastDays(now: number, days: number): string[] {
  const today = Date.parse(dayOf(now))
  return Array.from({ length: days }, (_, i) => dayOf(today - (days - 1 - i) * DAY_MS))
}

/** Counts per UTC day over the last `days` days (zeros included). */
export function dailyCounts(times: Array<{ at: number; count?: number }>, now: number, days: number): Array<{ date: string; count: number }> {
  const dates = lastDays(now, days)
  const counts = new Map(dates.map((d) => [d, 0]))
  for (const t of times) {
    const d = dayOf(t.at)
    if (counts.has(d)) counts.set(d, counts.get(d)! + (t.count ?? 1))
  }
  return dates.map((date) => ({ date, count: counts.get(date)! }))
}

const round2 = (x: number) => Math.round(x * 100) / 100

/** riskIndex of a frame (see src/protocol/intelligence.ts): confidence × (0.4·severity + 0.3·urgency + 0.3·negativity). */
export function riskIndex(frame: Pick<CorpusFrame, 'confidence' | 'urgency' | 'sentiment'>, impactSeverity: number): number {
  return round2(frame.confidence * (0.4 * impactSeverity + 0.3 * frame.urgency + 0.3 * ((1 - frame.sentiment) / 2)))
}

/** opportunityIndex of a frame: confidence × (0.4·severity + 0.3·urgency + 0.3·positivity). */
export function opportunityIndex(frame: Pick<CorpusFrame, 'confidence' | 'urgency' | 'sentiment'>, impactSeverity: number): number {
  return round2(frame.confidence * (0.4 * impactSeverity + 0.3 * frame.urgency + 0.3 * ((1 + frame.sentiment) / 2)))
}
