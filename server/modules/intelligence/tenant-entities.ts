/**
 * The tenant's entities without its documents (issue 22, item 1): merged from the spellings migration 028 keeps
 * and the analyst's decisions, kept per tenant version. Apart from service.ts so other modules (search) may use it.
 */
import type { Queryable } from '../../platform/db/database'
import { type EntityDecision, type EntityIndex, mergeEntities } from './aliases'
import { entityDecisionRows } from './queries/entity-decisions'
import { tenantSpellings } from './queries/spellings'
import { readCacheOf } from './read-cache'

/**
 * The tenant's entities, named as its whole corpus names them (the spellings migration 028 keeps, and the
 * analyst's decisions), without their documents (`byDocument` is empty): what a name or an id stands for
 * anywhere in the tenant. Kept while the tenant's material stands still (read-cache.ts).
 */
export async function tenantEntities(db: Queryable, tenantId: string): Promise<EntityIndex> {
  return readCacheOf(db).read(db, tenantId, 'tenant-entities', async () => mergeEntities([], await entityDecisions(db, tenantId), await tenantSpellings(db, tenantId)), {
    // About this many bytes an entity: its names, its keys in the index and its record.
    weigh: (index) => 1024 + 600 * (index as EntityIndex).entities.length,
  })
}

/** The analyst's entity decisions, in the order they were taken, as `mergeEntities` applies them. */
export async function entityDecisions(db: Queryable, tenantId: string): Promise<EntityDecision[]> {
  return (await entityDecisionRows(db, tenantId)).map((r) => (r.action === 'split' ? { action: 'split', name: r.name } : { action: r.action, name: r.name, other: r.other ?? r.name, keep: r.keep }))
}
