/**
 * Storing the bench corpus as the pipeline does: per document, one transaction with its row (completed,
 * with its analysis's payload and provenance), its frames (`replaceFrames` of `frameRows`, as
 * Core_FrameEnricher stores them), its placement in its story (`placeDocument`), and its frames' places on the
 * dashboard's boards with its briefing keys (`keepCompletedDocument`), as the enricher's last
 * step does, in arrival order. Each document's analysis is a real local analysis of its text (a copy
 * carries its original's), taken before the transaction and not timed with it. Every VACUUM_EVERY documents, and
 * at the end, the database is vacuumed and analysed as the server's upkeep does every hour
 * (`vacuumDatabase`, DB_VACUUM_MINUTES), so the planner has statistics; that is not timed either.
 */
import type { Analysis } from '../../server/analysis/index'
import { analyseLocal } from '../../server/analysis/index'
import { frameRows } from '../../server/modules/pipeline/stages/shapes'
import { insertResearch, insertSession } from '../../server/modules/researches/queries'
import { vacuumDatabase } from '../../server/modules/retention/maintenance'
import { replaceFrames } from '../../server/modules/session-data'
import { placeDocument } from '../../server/modules/stories'
import { keepCompletedDocument } from '../../server/modules/intelligence'
import type { Database, Queryable } from '../../server/platform/db/database'
import type { BenchDocument } from './corpus'

export const TENANT = 'bench.example'
const OWNER = 'bench-user'
/** About a week of arrivals; the server vacuums hourly, but this corpus's statistics barely move in a week. */
const VACUUM_EVERY = 500

export interface Seeding {
  /** placeDocument per document (ms), in arrival order. */
  place: number[]
  /** keepCompletedDocument per document (ms): its frames' places on the boards and its briefing keys. */
  signals: number[]
  /** The whole transaction per document: row, frames, placement, signals, commit (ms). */
  transaction: number[]
  analyseMs: number
  vacuumMs: number
  frames: number
}

/** Analyses by text, each dropped once the last document carrying it is stored. */
export class Analyses {
  private readonly cache = new Map<string, { analysis: Analysis | null; left: number }>()
  analyseMs = 0

  constructor(docs: readonly BenchDocument[]) {
    for (const d of docs) {
      const entry = this.cache.get(d.analysedText) ?? { analysis: null, left: 0 }
      entry.left++
      this.cache.set(d.analysedText, entry)
    }
  }

  of(d: BenchDocument): Analysis {
    const entry = this.cache.get(d.analysedText)!
    if (!entry.analysis) {
      const t = performance.now()
      entry.analysis = analyseLocal(d.analysedText, { ingestedOn: new Date(d.ingestedAt).toISOString() })
      this.analyseMs += performance.now() - t
    }
    const analysis = entry.analysis
    if (--entry.left === 0) this.cache.delete(d.analysedText)
    return analysis
  }
}

/** Stores and places docs[from, to) one transaction each, then vacuums; `progress` is told every 1,000 documents. */
export async function seedDocuments(db: Database, docs: readonly BenchDocument[], from: number, to: number, analyses: Analyses, progress: (done: number) => void): Promise<Seeding> {
  const seeding: Seeding = { place: [], signals: [], transaction: [], analyseMs: 0, vacuumMs: 0, frames: 0 }
  const vacuum = async () => {
    const t = performance.now()
    await vacuumDatabase(db)
    seeding.vacuumMs += performance.now() - t
  }
  const before = analyses.analyseMs
  for (let i = from; i < to; i++) {
    const d = docs[i]!
    const analysis = analyses.of(d)
    await ensureWorkspace(db, d)
    const t = performance.now()
    await db.transaction(async (tx) => {
      seeding.frames += await storeDocument(tx, d, analysis)
      const p = performance.now()
      await placeDocument(tx, TENANT, d.id, d.ingestedAt + 60_000)
      seeding.place.push(performance.now() - p)
      const k = performance.now()
      await keepCompletedDocument(tx, TENANT, d.id)
      seeding.signals.push(performance.now() - k)
    })
    seeding.transaction.push(performance.now() - t)
    if ((i + 1) % VACUUM_EVERY === 0 && i + 1 < to) await vacuum()
    if ((i + 1) % 1000 === 0) progress(i + 1)
  }
  await vacuum()
  seeding.analyseMs = analyses.analyseMs - before
  return seeding
}

const workspaces = new Set<string>()

async function ensureWorkspace(db: Database, d: BenchDocument): Promise<void> {
  if (workspaces.has(d.sessionId)) return
  workspaces.add(d.sessionId)
  const now = d.ingestedAt - 60_000
  await insertResearch(db, TENANT, { id: d.researchId, title: `Research ${d.researchId}`, description: null, tags: [], ownerUserId: OWNER, now })
  await insertSession(db, TENANT, { id: d.sessionId, researchId: d.researchId, title: `Workspace ${d.sessionId}`, ownerUserId: OWNER, now, expiresAt: now + 365 * 86_400_000 })
}

/** The completed document's row and its frames, as the pipeline leaves them; answers the number of frames. */
async function storeDocument(tx: Queryable, d: BenchDocument, a: Analysis): Promise<number> {
  const at = new Date(d.ingestedAt).toISOString()
  const payload = {
    aiTitle: a.title,
    aiSummary: a.summary,
    pestleCategory: a.pestleCategory,
    knowledgeArea: a.knowledgeArea,
    detectedEntities: a.entities,
    cleanedContent: d.text,
    provenance: d.provenance,
  }
  await tx.query(
    `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, title, summary, status, payload, analytics, action_count, ingested_at, updated_at)
     VALUES ($1, $2, $3, $4, 'genesis', 'text', $5, $6, 'completed', $7, $8, $9, $10, $10)`,
    [TENANT, d.id, d.researchId, d.sessionId, a.title, a.summary, JSON.stringify(payload), JSON.stringify(a.analytics), a.frames.length, at],
  )
  await replaceFrames(tx, TENANT, d.id, frameRows(d.id, a), { researchId: d.researchId, sessionId: d.sessionId, now: d.ingestedAt + 30_000 })
  return a.frames.length
}
