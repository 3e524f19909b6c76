/**
 * Entity dossiers and the analyst's decisions about entities (issue 21, item 1), without HTTP. A decision is
 * recorded by names (aliases.ts applies it wherever the tenant's entities are merged), so it holds for
 * documents that arrive later and survives reprocessing. Refusals:
 * - an entity (id, former id or name) the tenant's documents do not name: not found;
 * - merging an entity with itself, renaming to a name another entity has: conflict (merge them instead);
 * - splitting off a name the entity does not go by, or its only name: invalid.
 */
import type { EntityDecisionBody, EntityDossier } from '../../../src/protocol/dossier'
import { missing, Refusal } from '../../platform/core/refusal'
import type { ModuleDeps } from '../../platform/module'
import { storiesOfDocuments } from '../stories'
import { entityKey, type MergedEntity } from './aliases'
import { entityDossier, findEntityOrFormer } from './dossier'
import { deleteEntityDecision, type EntityDecisionRow, entityDecisionRows, insertEntityDecision } from './queries/entity-decisions'
import type { Queryable } from '../../platform/db/database'
import { entityWithDocuments } from './service'
import { tenantEntities } from './tenant-entities'

type Db = Queryable

/** The entity and the view of the documents naming it, over the tenant's entities (service.ts `entityWithDocuments`). */
async function entityOf(db: Db, tenantId: string, idOrName: string) {
  const found = await entityWithDocuments(db, tenantId, (index) => findEntityOrFormer(index, idOrName))
  if (!found) throw missing(`Entity “${idOrName}”`)
  return found
}

export async function dossierOf(db: Db, tenantId: string, idOrName: string): Promise<EntityDossier> {
  const { view, entity } = await entityOf(db, tenantId, idOrName)
  const documentIds = [...new Set([...entity.byDocument.keys(), ...view.framesActing(entity.id).map((f) => f.eventId)])]
  const [stories, decisions] = await Promise.all([storiesOfDocuments(db, tenantId, documentIds), entityDecisionRows(db, tenantId)])
  return entityDossier(view, entity, stories, decisions)
}

export interface DecisionResult {
  entityId: string
  decision: EntityDecisionBody
}

/** Folds `otherIdOrName` into the entity. */
export async function mergeEntity(deps: ModuleDeps, tenantId: string, uid: string, idOrName: string, otherIdOrName: string): Promise<DecisionResult> {
  const { view, entity } = await entityOf(deps.db, tenantId, idOrName)
  const other = findEntityOrFormer(view.corpus.entities, otherIdOrName)
  if (!other) throw missing(`Entity “${otherIdOrName}”`)
  if (other.id === entity.id) throw new Refusal('conflict', `“${other.name}” and “${entity.name}” are one entity already`)
  const decision = await decide(deps, tenantId, uid, { action: 'merge', name: entity.anchor, other: other.anchor, keep: entity.name })
  return { entityId: await idNow(deps.db, tenantId, entity.anchor), decision }
}

/** Splits `alias` off the entity: from now on it stands for an entity of its own. */
export async function splitAlias(deps: ModuleDeps, tenantId: string, uid: string, idOrName: string, alias: string): Promise<DecisionResult> {
  const { entity } = await entityOf(deps.db, tenantId, idOrName)
  const names = [entity.name, ...entity.aliases]
  const name = names.find((n) => entityKey(n) === entityKey(alias))
  if (!name) throw new Refusal('invalid', `“${entity.name}” does not go by “${alias}”`)
  const staying = names.find((n) => entityKey(n) !== entityKey(name))
  if (!staying) throw new Refusal('invalid', `“${name}” is the only name of this entity: there is nothing to split it from`)
  const decision = await decide(deps, tenantId, uid, { action: 'split', name, other: null, keep: null })
  return { entityId: await idNow(deps.db, tenantId, entityKey(entity.anchor) === entityKey(name) ? staying : entity.anchor), decision }
}

/** Renames the entity; its old name stays one of its aliases. */
export async function renameEntity(deps: ModuleDeps, tenantId: string, uid: string, idOrName: string, to: string): Promise<DecisionResult> {
  const { view, entity } = await entityOf(deps.db, tenantId, idOrName)
  const holder = view.corpus.entities.entities.find((e) => e.id !== entity.id && entityKey(e.name) === entityKey(to))
  if (holder) throw new Refusal('conflict', `Another entity is called “${holder.name}”: merge the two instead`)
  if (to === entity.name) throw new Refusal('conflict', `The entity is called “${to}” already`)
  const decision = await decide(deps, tenantId, uid, { action: 'rename', name: entity.anchor, other: to, keep: null })
  return { entityId: await idNow(deps.db, tenantId, to), decision }
}

/** Undoes a decision; answers the entity its name stands for now (its id may have changed back), null if none. */
export async function undoDecision(db: Db, tenantId: string, id: string): Promise<string | null> {
  const name = await deleteEntityDecision(db, tenantId, id)
  if (name === null) throw missing('Entity decision')
  return (await tenantEntities(db, tenantId)).resolve(name)?.id ?? null
}

async function decide(deps: ModuleDeps, tenantId: string, uid: string, d: Pick<EntityDecisionRow, 'action' | 'name' | 'other' | 'keep'>): Promise<EntityDecisionBody> {
  const id = deps.ids.next('entdec')
  const at = deps.clock.now()
  await insertEntityDecision(deps.db, tenantId, { id, action: d.action, name: d.name, other: d.other, keep: d.keep, decidedBy: uid, at })
  return { id, action: d.action, name: d.name, other: d.other, decidedBy: uid, decidedAt: new Date(at).toISOString() }
}

/** The id of the entity a name stands for once the decisions so far are applied. */
async function idNow(db: Db, tenantId: string, name: string): Promise<string> {
  const entity: MergedEntity | undefined = (await tenantEntities(db, tenantId)).resolve(name)
  if (!entity) throw missing(`Entity “${name}”`)
  return entity.id
}
