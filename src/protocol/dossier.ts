/**
 * An entity's dossier (issue 21, item 1: `GET /entities/{id}`): who an entity is and what it has done in the
 * tenant's documents, and the analyst's decisions about it (merge, split off an alias, rename).
 *
 * - `acting` holds the frames where one of its names is an agent, source or participant; `actedUpon` those
 *   where it is the patient or recipient; each grouped by action category (most frames first), at most
 *   DOSSIER_FRAMES_PER_CATEGORY frames a category, newest first, with the category's full count.
 * - `mentions` counts its mentions per UTC day of the documents' arrival, days without any left out.
 * - `counterparts` are the other entities named in its frames, by how many frames they share.
 * - `stories` and `sources` are those of the documents that mention it or name it in a frame.
 * - A frame's `grade` is its claim's credibility in its story (1–6); 6 when no second source speaks to it.
 */
import { z } from 'zod'
import { resolvedEntitySchema } from './intelligence'
import { ReliabilityGrades } from './stories'

export const DOSSIER_FRAMES_PER_CATEGORY = 20
export const DOSSIER_DOCUMENTS = 20
export const DOSSIER_COUNTERPARTS = 12
export const ENTITY_NAME_MAX = 200

/** Where a document lives: its workspace (research and session) or its project. */
export const documentPlaceSchema = z.object({
  researchId: z.string().nullable(),
  sessionId: z.string().nullable(),
  projectId: z.string().nullable(),
})

export const dossierFrameSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  documentTitle: z.string(),
  description: z.string(),
  /** As the frame's own names read: the role this entity plays in it. */
  role: z.string(),
  /** The day the text says it happened (yyyy-mm-dd), else null. */
  occurredOn: z.string().nullable(),
  /** When its document arrived (ISO 8601). */
  at: z.string(),
  confidence: z.number(),
  grade: z.number().int().min(1).max(6),
  place: documentPlaceSchema,
})
export type DossierFrame = z.infer<typeof dossierFrameSchema>

export const dossierCategorySchema = z.object({ category: z.string(), count: z.number().int().min(0), frames: z.array(dossierFrameSchema) })
export type DossierCategory = z.infer<typeof dossierCategorySchema>

export const EntityDecisionActions = ['merge', 'split', 'rename'] as const
export const entityDecisionSchema = z.object({
  id: z.string(),
  action: z.enum(EntityDecisionActions),
  /** A name the entity went by when the decision was taken. */
  name: z.string(),
  /** The other entity's name (merge), the new name (rename); null for a split. */
  other: z.string().nullable(),
  decidedBy: z.string(),
  decidedAt: z.string(),
})
export type EntityDecisionBody = z.infer<typeof entityDecisionSchema>

export const entityDossierSchema = z.object({
  entity: resolvedEntitySchema,
  firstSeen: z.string().nullable(),
  lastSeen: z.string().nullable(),
  mentions: z.array(z.object({ date: z.string(), count: z.number().int().min(0) })),
  acting: z.array(dossierCategorySchema),
  actedUpon: z.array(dossierCategorySchema),
  counterparts: z.array(z.object({ id: z.string(), name: z.string(), kind: z.string(), frames: z.number().int().min(1) })),
  stories: z.array(z.object({ id: z.string(), title: z.string(), documents: z.number().int().min(1), sources: z.number().int().min(0) })),
  sources: z.array(
    z.object({
      label: z.string(),
      sourceKey: z.string().nullable(),
      documents: z.number().int().min(1),
      grade: z.enum(ReliabilityGrades).nullable(),
    }),
  ),
  documents: z.array(z.object({ id: z.string(), title: z.string(), at: z.string(), place: documentPlaceSchema })),
  documentCount: z.number().int().min(0),
  /** The decisions that touch one of its names, oldest first. */
  decisions: z.array(entityDecisionSchema),
})
export type EntityDossier = z.infer<typeof entityDossierSchema>

const entityName = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} must not be blank`)
    .max(ENTITY_NAME_MAX, `${what} must be at most ${ENTITY_NAME_MAX} characters`)

/** POST /entities/{id}/merge: the entity (id or name) to fold into this one. */
export const entityMergeRequestSchema = z.object({ other: entityName('other') })
/** POST /entities/{id}/split: the alias that stands for an entity of its own. */
export const entitySplitRequestSchema = z.object({ alias: entityName('alias') })
/** POST /entities/{id}/rename: the entity's new name. */
export const entityRenameRequestSchema = z.object({ name: entityName('name') })
/** What a decision answers: the entity it leaves (its id may have changed) and the decision taken. */
export const entityDecisionResultSchema = z.object({ entityId: z.string(), decision: entityDecisionSchema })
