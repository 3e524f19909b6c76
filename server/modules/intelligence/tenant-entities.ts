/**
 * The tenant's entities without its documents (issue 22, item 1): merged from the spellings migration 028 keeps
 * and the analyst's decisions, kept per tenant version. Apart from service.ts so other modules (search) may use it.
 */
import type { Queryable } from '../../platform/db/database'
import type { EntityDecision, EntityIndex } from './aliases'
import { advanceEntities, type EntityState } from './entity-state'
import { entityDecisionRows } from './queries/entity-decisions'
import { tenantSpellings } from './queries/spellings'
import { readCacheOf } from './read-cache'
import { perDatabase } from '../../platform/db/per-database'

/**
 * The tenant's entities, named as its whole corpus names them (the spellings migration 028 keeps, and the
 * analyst's decisions), without their documents (`byDocument` is empty): what a name or an id stands for
 * anywhere in the tenant. Kept while the tenant's material stands still (read-cache.ts).
 */
export async function tenantEntities(db: Queryable, tenantId: string): Promise<EntityIndex> {
  return readCacheOf(db).read(
    db,
    tenantId,
    'tenant-entities',
    async () => {
      const decisions = await entityDecisions(db, tenantId)
      const spellings = await tenantSpellings(db, tenantId)
      // Carried from the version before: only the entities the new spellings touch are merged again (entity-state.ts).
      const kept = statesOf(db)
      const state = advanceEntities(kept.get(tenantId), spellings, decisions)
      kept.delete(tenantId)
      kept.set(tenantId, state)
      for (const oldest of kept.keys()) {
        if (kept.size <= STATE_TENANTS) break
        kept.delete(oldest)
      }
      return state.index
    },
    {
      // About this many bytes an entity: its names, its keys in the index and its record.
      weigh: (index) => 1024 + 600 * (index as EntityIndex).entities.length,
    },
  )
}

/** How many tenants' entity states a process keeps per database, the most recently read (about 10 MB each at 12,000 spellings). */
const STATE_TENANTS = 16
const statesOf = perDatabase(() => new Map<string, EntityState>())

/** The analyst's entity decisions, in the order they were taken, as `mergeEntities` applies them. */
export async function entityDecisions(db: Queryable, tenantId: string): Promise<EntityDecision[]> {
  return (await entityDecisionRows(db, tenantId)).map((r) => (r.action === 'split' ? { action: 'split', name: r.name } : { action: r.action, name: r.name, other: r.other ?? r.name, keep: r.keep }))
}
