/**
 * Exact copies (issue 20): a document whose cleaned text is the very text of one the team analysed already
 * (the same content hash: a paste repeated, the same article from two feeds) is not analysed again. Its
 * orchestrator takes the earlier analysis, consumed no tokens, and its payload names the original
 * (`copyOf`), which the card and the story show. The earlier analysis is found in the stage journal, so
 * copies are recognised while the original's run is kept there (PIPELINE_RETENTION_DAYS); an older copy is
 * analysed as any document is, and its story still lists it as a copy of the same text.
 */
import { z } from 'zod'
import { type Analysis, analysisSchema } from '../../analysis/index'
import type { Queryable } from '../../platform/db/database'
import { selectAnalysedCopy } from './queries/store'

export const copySchema = z.object({ eventId: z.string(), title: z.string().nullable() }).nullable()
export type CopyOf = z.infer<typeof copySchema>

/** The document whose analysis of this same text can be reused, if any. */
export async function analysedCopyOf(db: Queryable, tenantId: string, eventId: string, contentHash: string): Promise<CopyOf> {
  const row = await selectAnalysedCopy(db, tenantId, eventId, contentHash)
  if (!row || !analysisSchema.safeParse(row.analysis).success) return null
  return { eventId: row.event_id, title: row.title }
}

/**
 * The original's analysis, as this document's: no tokens consumed (its novelty is measured again by the
 * caller). Null when it went meanwhile (the original was deleted): the document is then analysed itself.
 */
export async function copiedAnalysis(db: Queryable, tenantId: string, eventId: string, contentHash: string): Promise<Analysis | null> {
  const parsed = analysisSchema.safeParse((await selectAnalysedCopy(db, tenantId, eventId, contentHash))?.analysis)
  if (!parsed.success) return null
  const { usage: _usage, ...analysis } = parsed.data
  return analysis
}
