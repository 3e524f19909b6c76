/**
 * KPIs (spec §7): built-in definitions, each a pure function of a Corpus and a time, and their bindings
 * to a research or a project (table kpi_bindings).
 *
 * Definitions (a signal is one action frame of a completed document, dated when its document was
 * ingested; riskIndex as in src/protocol/intelligence.ts):
 * - documents_processed: the context's completed documents.
 * - frames_per_document: frames / completed documents, 2 decimals; null without documents.
 * - average_urgency: the mean urgency score (0–1) of the frames, 2 decimals; null without frames.
 * - average_risk_index: the mean riskIndex of the frames, 2 decimals; null without frames.
 * - signals_per_day: frames whose document was ingested in the last 7 days (the 168 hours ending at
 *   `now`, now included) / 7, 2 decimals.
 * - high_risk_signals: frames whose riskIndex is at least 0.5.
 * Each value is rounded to its definition's `decimals` (half away from zero for these non-negative figures).
 *
 * Bindings: a binding's value is computed when it is created, and again whenever a document of its
 * context completes, is reprocessed or is deleted (`refreshKpiBindings`, called by Core_ContextUpdater and
 * by the document delete route). A value set by hand (`manual`) is left alone until it is handed back
 * (set to null), which computes it again at once.
 *
 * Concurrency: a refresh locks the bindings it will write (in id order) before it reads the corpus, so of
 * two refreshes racing for one context the later one reads everything the earlier one read, and the last
 * value written is never older than the last completed document.
 */
import type { KpiBinding, KpiDefinition } from '../../../src/protocol/intelligence'
import type { Database, Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { type Corpus, type CorpusFrame, DAY_MS, loadCorpus, riskIndex } from './corpus'
import { type KpiBindingRow, type KpiDefinitionId, lockComputedBindings, writeComputedValue } from './queries/kpis'

export type { KpiContextType, KpiDefinitionId } from './queries/kpis'

/** A built-in definition: what the wire shows, and the formula its value comes from. */
export interface BuiltInKpi extends KpiDefinition {
  id: KpiDefinitionId
  /** The unrounded value, or null when the corpus has nothing to measure it on. */
  formula: (corpus: Corpus, now: number) => number | null
}

/** riskIndex at or above which a signal counts as high-risk. */
export const HIGH_RISK_THRESHOLD = 0.5
/** The window of signals_per_day. */
export const SIGNAL_WINDOW_DAYS = 7

export const KPI_DEFINITIONS: readonly BuiltInKpi[] = [
  {
    id: 'documents_processed',
    name: 'Documents processed',
    description: 'Completed documents in this context.',
    unit: 'documents',
    decimals: 0,
    formula: (c) => c.documents.length,
  },
  {
    id: 'frames_per_document',
    name: 'Action frames per document',
    description: 'Action frames extracted divided by completed documents.',
    unit: 'frames per document',
    decimals: 2,
    formula: (c) => (c.documents.length === 0 ? null : c.frames.length / c.documents.length),
  },
  {
    id: 'average_urgency',
    name: 'Average urgency',
    description: 'Mean urgency score (0–1) of the action frames.',
    unit: 'score (0–1)',
    decimals: 2,
    formula: (c) => mean(c.frames.map((f) => f.urgency)),
  },
  {
    id: 'average_risk_index',
    name: 'Average risk index',
    description: 'Mean risk index of the action frames: confidence × (0.4·impact severity + 0.3·urgency + 0.3·(1 − sentiment)/2).',
    unit: 'index (0–1)',
    decimals: 2,
    formula: (c) => mean(c.frames.map((f) => frameRisk(c, f))),
  },
  {
    id: 'signals_per_day',
    name: 'Signals per day',
    description: 'Action frames of documents ingested in the last 7 days, divided by 7.',
    unit: 'signals per day',
    decimals: 2,
    formula: (c, now) => c.frames.filter((f) => f.at > now - SIGNAL_WINDOW_DAYS * DAY_MS && f.at <= now).length / SIGNAL_WINDOW_DAYS,
  },
  {
    id: 'high_risk_signals',
    name: 'High-risk signals',
    description: 'Action frames whose risk index is 0.5 or more.',
    unit: 'signals',
    decimals: 0,
    formula: (c) => c.frames.filter((f) => frameRisk(c, f) >= HIGH_RISK_THRESHOLD).length,
  },
]

/** The definitions as the wire shows them (GET /kpi/definitions). */
export function kpiDefinitions(): KpiDefinition[] {
  return KPI_DEFINITIONS.map(({ id, name, description, unit, decimals }) => ({ id, name, description, unit, decimals }))
}

export function kpiDefinition(id: string): BuiltInKpi | undefined {
  return KPI_DEFINITIONS.find((d) => d.id === id)
}

/** A definition's value on a corpus at `now`, rounded to its decimals; null when there is nothing to measure. */
export function computeKpi(def: BuiltInKpi, corpus: Corpus, now: number): number | null {
  const value = def.formula(corpus, now)
  return value === null ? null : round(value, def.decimals)
}

// ---------------------------------------------------------------------------------------------------
// Bindings

/** The contexts a document belongs to. */
export interface KpiContexts {
  researchId?: string | null
  projectId?: string | null
}

export function toKpiBinding(row: KpiBindingRow): KpiBinding {
  return {
    id: row.id,
    contextId: row.context_id,
    contextType: row.context_type,
    kpiDefinitionId: row.kpi_definition_id,
    currentValue: row.current_value === null ? null : Number(row.current_value),
    manual: row.manual,
    updatedAt: iso(row.updated_at)!,
  }
}

/**
 * Recomputes the non-manual bindings of a document's research and project. Pass the transaction the
 * change is committed in (the pipeline does), or the database to run it in a transaction of its own.
 */
export async function refreshKpiBindings(db: Queryable | Database, tenantId: string, contexts: KpiContexts, now: number): Promise<void> {
  const contextIds = [contexts.researchId, contexts.projectId].filter((x): x is string => typeof x === 'string' && x !== '')
  if (contextIds.length === 0) return
  await inTransaction(db, (tx) => recompute(tx, tenantId, { contextIds, ids: [] }, now))
}

/** Recomputes one binding (unless it is manual) in a transaction of its own. */
export async function refreshKpiBinding(db: Database, tenantId: string, id: string, now: number): Promise<void> {
  await db.transaction((tx) => recompute(tx, tenantId, { contextIds: [], ids: [id] }, now))
}

// ---------------------------------------------------------------------------------------------------

function frameRisk(corpus: Corpus, frame: CorpusFrame): number {
  return riskIndex(frame, corpus.documentsById.get(frame.eventId)?.impactSeverity ?? 0)
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, v) => sum + v, 0) / values.length
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals
  return Math.round(value * f) / f
}

/** Locks the selected non-manual bindings, then reads each context's corpus once and writes their values. */
async function recompute(tx: Queryable, tenantId: string, select: { contextIds: string[]; ids: string[] }, now: number): Promise<void> {
  const rows = await lockComputedBindings(tx, tenantId, select)
  for (const [contextId, bindings] of groupBy(rows, (r) => r.context_id)) {
    const corpus = await loadCorpus(tx, tenantId, { contextId })
    for (const b of bindings) {
      const def = kpiDefinition(b.kpi_definition_id)
      const value = def ? computeKpi(def, corpus, now) : null
      await writeComputedValue(tx, tenantId, b.id, value, now)
    }
  }
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

function isDatabase(db: Queryable | Database): db is Database {
  return 'transaction' in db && typeof db.transaction === 'function'
}

async function inTransaction<T>(db: Queryable | Database, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return isDatabase(db) ? db.transaction(fn) : fn(db)
}
