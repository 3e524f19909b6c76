/**
 * What a deletion tells the processes that keep copies in memory (the pipeline's memos of analyses): after
 * the deleting transaction commits, `DELETIONS_CHANNEL` carries `{tenantId, eventIds}` (PostgreSQL: to
 * every process; PGlite: within this one). A lost notice costs nothing but memory: a memo of a deleted
 * document is never read again (its runs are gone) and falls out of its bounded cache.
 */
import { z } from 'zod'
import type { Database } from '../../platform/db/database'

export const DELETIONS_CHANNEL = 'sightline_deletions'

export const deletionNoticeSchema = z.object({ tenantId: z.string().min(1), eventIds: z.array(z.string()) })
export type DeletionNotice = z.infer<typeof deletionNoticeSchema>

/** Ids per notice: NOTIFY payloads stop at 8,000 bytes. */
const IDS_PER_NOTICE = 100

export async function announceDeletion(db: Database, tenantId: string, eventIds: readonly string[]): Promise<void> {
  for (let i = 0; i < eventIds.length; i += IDS_PER_NOTICE) {
    await db.notify(DELETIONS_CHANNEL, JSON.stringify({ tenantId, eventIds: eventIds.slice(i, i + IDS_PER_NOTICE) }))
  }
}

/** The notice in a payload, or null when it is not one. */
export function parseDeletionNotice(payload: string): DeletionNotice | null {
  try {
    const parsed = deletionNoticeSchema.safeParse(JSON.parse(payload))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
