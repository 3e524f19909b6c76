/**
 * Entities (issue 21, item 1; src/protocol/dossier.ts): an entity's dossier, and the analyst's decisions about
 * it. `:id` is an entity id (`ent_<kind>_<slug>`) or any name it goes by; an entity the caller's tenant has no
 * document naming answers 404. A decision answers the entity it leaves, whose id changes with its name.
 */
import { z } from 'zod'
import { entityDecisionResultSchema, entityDossierSchema, entityMergeRequestSchema, entityRenameRequestSchema, entitySplitRequestSchema } from '../dossier'
import { contract } from './contract'

const entity = z.object({ id: z.string().trim().min(1, 'id must not be blank').max(300) })

export const entityDossierContract = contract('GET /entities/:id', "An entity's dossier: names, mentions over time, frames by category, counterparts, stories, sources", {
  params: entity,
  responses: { 200: entityDossierSchema },
})

export const entityMergeContract = contract('POST /entities/:id/merge', 'Fold another entity into this one: from now on, in every document, they are one', {
  params: entity,
  body: entityMergeRequestSchema,
  responses: { 200: entityDecisionResultSchema },
})

export const entitySplitContract = contract('POST /entities/:id/split', 'Split an alias off: the name stands for an entity of its own', {
  params: entity,
  body: entitySplitRequestSchema,
  responses: { 200: entityDecisionResultSchema },
})

export const entityRenameContract = contract('POST /entities/:id/rename', "Give the entity a name of the analyst's choosing; the old one stays an alias", {
  params: entity,
  body: entityRenameRequestSchema,
  responses: { 200: entityDecisionResultSchema },
})

export const entityDecisionUndoContract = contract('DELETE /entity-decisions/:id', 'Undo one decision about entities: they read as the documents say again', {
  params: z.object({ id: z.string().trim().min(1).max(100) }),
  // `entityId`: the entity the decision's name stands for now (null when no document names it any more).
  responses: { 200: z.object({ id: z.string(), undone: z.literal(true), entityId: z.string().nullable() }) },
})
