/** Stories as other modules read them (briefings): parsed wire bodies, by document or by id. */
import { type Story, storySchema } from '../../../src/protocol/stories'
import type { Queryable } from '../../platform/db/database'
import { storyBodiesOfEvents, storyBody } from './queries'

/** The stories holding any of these documents (a stored body that no longer parses is left out). */
export async function storiesOfDocuments(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<Story[]> {
  return (await storyBodiesOfEvents(db, tenantId, eventIds)).flatMap((b) => {
    const parsed = storySchema.safeParse(b)
    return parsed.success ? [parsed.data] : []
  })
}

/** One story of the tenant, or null. */
export async function storyById(db: Queryable, tenantId: string, storyId: string): Promise<Story | null> {
  const parsed = storySchema.safeParse(await storyBody(db, tenantId, storyId))
  return parsed.success ? parsed.data : null
}
