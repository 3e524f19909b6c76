/**
 * The analyst's grade of a source (issue 20, item 5): read, set (A–E with a reason) and clear it. The grade
 * wins over the one the source's record gives (server/analysis/stories/reliability.ts), and credibility
 * leans on it where only one publisher family reports a claim, so a change assesses again, in the same
 * transaction and under the tenant's story lock (a document being placed meanwhile sees the old grade or the
 * new one, never half of each), every story with a document from that source: its frames' credibility and
 * its sources' grades follow at once, and each workspace holding one of those stories gets `story-updated`.
 *
 * A source is one the tenant knows: a document of its stories comes from it, or the analyst has graded it.
 * Any other key (another tenant's source among them) is not found.
 */
import type { DataSourceReliability, SettableReliabilityGrade, SourceReliability as WireSourceReliability } from '../../../src/protocol/stories'
import { missing } from '../../platform/core/refusal'
import type { Database, Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { dataSourceKeys, deleteSourceGrade, lockTenantStories, sourceKnown, sourceRecords, storiesOfSource, upsertSourceGrade } from './queries'
import { refreshStory, reliabilityOfRecord } from './service'

/** A source's reliability: its grade and why, its record, and the analyst's grade if one is set. */
export async function sourceReliability(db: Database, tenantId: string, sourceKey: string): Promise<WireSourceReliability> {
  if (!(await sourceKnown(db, tenantId, sourceKey))) throw missing('Source')
  return reliabilityBody(db, tenantId, sourceKey)
}

/** Sets the analyst's grade of a source (the reason already trimmed and bounded by the contract). */
export async function setSourceGrade(db: Database, tenantId: string, sourceKey: string, grade: { grade: SettableReliabilityGrade; reason: string }, now: number): Promise<WireSourceReliability> {
  return db.transaction(async (tx) => {
    await lockTenantStories(tx, tenantId)
    if (!(await sourceKnown(tx, tenantId, sourceKey))) throw missing('Source')
    await upsertSourceGrade(tx, tenantId, { sourceKey, grade: grade.grade, reason: grade.reason, at: now })
    await reassess(tx, tenantId, sourceKey, now)
    return reliabilityBody(tx, tenantId, sourceKey)
  })
}

/** Drops the analyst's grade: the source goes back to the grade its record gives. Clearing none changes nothing. */
export async function clearSourceGrade(db: Database, tenantId: string, sourceKey: string, now: number): Promise<WireSourceReliability> {
  return db.transaction(async (tx) => {
    await lockTenantStories(tx, tenantId)
    if (!(await sourceKnown(tx, tenantId, sourceKey))) throw missing('Source')
    const [before] = await sourceRecords(tx, tenantId, [sourceKey])
    if (before?.grade) {
      await deleteSourceGrade(tx, tenantId, sourceKey)
      await reassess(tx, tenantId, sourceKey, now)
    }
    return reliabilityBody(tx, tenantId, sourceKey)
  })
}

/** Every story with a document from the source, assessed again (each tells its workspaces). */
async function reassess(tx: Queryable, tenantId: string, sourceKey: string, now: number): Promise<void> {
  for (const storyId of await storiesOfSource(tx, tenantId, sourceKey)) await refreshStory(tx, tenantId, storyId, [], now)
}

async function reliabilityBody(q: Queryable, tenantId: string, sourceKey: string): Promise<WireSourceReliability> {
  const [row] = await sourceRecords(q, tenantId, [sourceKey])
  const record = { corroborated: row?.corroborated ?? 0, contradicted: row?.contradicted ?? 0 }
  const graded = reliabilityOfRecord({ source_key: sourceKey, ...record, grade: row?.grade ?? null, reason: row?.reason ?? null, updated_at: row?.updated_at ?? null })
  return {
    sourceKey,
    grade: graded.grade,
    explanation: graded.explanation,
    record,
    override: row?.grade ? { grade: row.grade as SettableReliabilityGrade, reason: row.reason ?? '', updatedAt: iso(row.updated_at) ?? '' } : null,
  }
}

/**
 * Each data source's reliability (the Sources page): the grades of the sources its analysed documents came
 * from (a feed's items are graded by their publisher, a paste or upload by its data source), most documents
 * first; its `grade` is that of the source most of its documents came from. A data source with no analysed
 * document yet is absent.
 */
export async function dataSourcesReliability(db: Database, tenantId: string): Promise<DataSourceReliability[]> {
  const rows = await dataSourceKeys(db, tenantId)
  const records = new Map((await sourceRecords(db, tenantId, [...new Set(rows.map((r) => r.source_key))])).map((r) => [r.source_key, reliabilityOfRecord(r)]))
  const bySource = new Map<string, DataSourceReliability>()
  for (const r of rows) {
    const entry = bySource.get(r.data_source_id) ?? { dataSourceId: r.data_source_id, grade: 'F', documents: 0, sources: [] }
    const reliability = records.get(r.source_key)
    entry.documents += r.documents
    entry.sources.push({ sourceKey: r.source_key, grade: reliability?.grade ?? 'F', explanation: reliability?.explanation ?? '', documents: r.documents })
    bySource.set(r.data_source_id, entry)
  }
  return [...bySource.values()]
    .map((e) => {
      const sources = e.sources.sort((a, b) => b.documents - a.documents || a.sourceKey.localeCompare(b.sourceKey))
      return { ...e, sources, grade: sources[0]!.grade }
    })
    .sort((a, b) => a.dataSourceId.localeCompare(b.dataSourceId))
}
