/** Stories as other modules read them (briefings): parsed wire bodies, by document or by id. */
import { type Story, storySchema } from '../../../src/protocol/stories'
import type { Queryable } from '../../platform/db/database'
import { documentStoryIndex, storyBodiesOfEvents, storyBody } from './queries'

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

/** Each of these documents' story, id and title (a document not placed yet has none), for the dashboard's hot topics. */
export async function documentStories(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<Map<string, { id: string; title: string }>> {
  return new Map((await documentStoryIndex(db, tenantId, eventIds)).map((r) => [r.event_id, { id: r.story_id, title: r.title }]))
}
