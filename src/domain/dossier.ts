/**
 * The entity dossier aggregate (issue 21, item 1; src/protocol/dossier.ts): dossiers the analyst opened,
 * keyed by what the address names (an entity id, a former id or a name), and the decisions taken about them.
 *
 * Every load is one `dossier.requested` followed by exactly one answer for the same `requestId`:
 * `dossier.loaded` or `dossier.failed`. A decision (merge, split, rename, undo) the server took is one
 * `entity.decided`, naming the entity it leaves (whose id may have changed); its dossier is then loaded again.
 */
import { z } from 'zod'
import { entityDecisionSchema, entityDossierSchema } from '../protocol/dossier'

const target = { requestId: z.string(), key: z.string(), at: z.number() }

export const dossierRequested = z.object({ type: z.literal('dossier.requested'), ...target })
export const dossierLoaded = z.object({ type: z.literal('dossier.loaded'), ...target, body: entityDossierSchema })
/** The dossier could not be loaded; `httpStatus` 404 means the tenant's documents name no such entity. */
export const dossierFailed = z.object({ type: z.literal('dossier.failed'), ...target, httpStatus: z.number().nullable(), code: z.string(), message: z.string() })
/** The server took a decision about an entity: `entityId` is the entity it leaves; `undone` for an undo. */
export const entityDecided = z.object({
  type: z.literal('entity.decided'),
  key: z.string(),
  entityId: z.string(),
  decision: entityDecisionSchema,
  undone: z.boolean(),
  at: z.number(),
})

export const dossierEvents = [dossierRequested, dossierLoaded, dossierFailed, entityDecided] as const

/** What each decision reads as in the dossier's list and its confirmation. */
export function decisionText(d: { action: 'merge' | 'split' | 'rename'; name: string; other: string | null }): string {
  if (d.action === 'merge') return `Merged “${d.other}” into “${d.name}”`
  if (d.action === 'split') return `Split “${d.name}” off as an entity of its own`
  return `Renamed “${d.name}” to “${d.other}”`
}

export const DossierTexts = {
  notFound: (key: string) => `No entity “${key}” in your documents`,
  noFrames: 'No action frames name it in this role yet.',
  noStories: 'No story mentions it yet.',
  noCounterparts: 'No other entity acts with it yet.',
} as const
