/**
 * The briefing aggregate: a briefing on one object (spec §2 "Briefing view"), keyed by the object's
 * type and id, and — for an action frame — what the UncertaintyResolver flagged about it.
 *
 * Every load is one `briefing.requested` followed by exactly one answer for the same `requestId`:
 * `briefing.loaded` or `briefing.failed`; an action frame's load also answers `briefing.uncertaintiesLoaded`
 * or `briefing.uncertaintiesFailed`, and `briefing.predictionLoaded` or `briefing.predictionFailed` (what
 * tends to follow the frame's action type), under that same request id. Retrying the prediction alone is
 * one `briefing.predictionRequested` with a new request id, answered the same way. Times (`at`, epoch ms)
 * and ids come with the events.
 */
import { z } from 'zod'
import { briefingBodySchema, type BriefingType, BriefingTypes, predictBodySchema, uncertaintySchema, type UncertaintyKinds } from '../protocol/intelligence'

export { BriefingTypes, type BriefingType }

/** The select's labels, in the spec's order. */
export const BriefingTypeLabels: Record<BriefingType, string> = {
  causalcontext: 'Causal Context',
  actionframe: 'Action Frame',
  entity: 'Entity',
  project: 'Project',
  research: 'Research',
  story: 'Story',
}

/** The object type the form starts with: the first of the spec's list. */
export const DEFAULT_BRIEFING_TYPE: BriefingType = 'causalcontext'

export const BriefingTexts = {
  /** Spec §5: a briefing load needs an object ID. */
  idRequired: 'Please enter an object ID',
  loadButton: 'Load Briefing',
} as const

/** 'No action has followed an Impose tariff yet in your documents.' — an action type nothing followed. */
export function nothingFollowedText(actionTypeLabel: string): string {
  return `No action has followed ${/^[aeiou]/i.test(actionTypeLabel) ? 'an' : 'a'} ${actionTypeLabel} yet in your documents.`
}

/** The read model's key of one briefing. */
export function briefingKey(type: BriefingType, id: string): string {
  return `${type}:${id}`
}

/** 'No Action Frame with ID af_12' — what a 404 says. */
export function briefingNotFoundText(type: BriefingType, id: string): string {
  return `No ${BriefingTypeLabels[type]} with ID ${id}`
}

/** How an uncertainty's kind reads in a list ('low_confidence' → 'Low confidence'). */
export const UncertaintyLabels: Record<(typeof UncertaintyKinds)[number], string> = {
  low_confidence: 'Low confidence',
  low_veracity: 'Low veracity',
  conflicting_sources: 'Conflicting sources',
  missing_actor: 'Missing actor',
  predicted: 'Predicted, not yet happened',
  negated: 'Negated in the source',
}

const target = { requestId: z.string(), briefingType: z.enum(BriefingTypes), id: z.string(), at: z.number() }
const failure = { httpStatus: z.number().nullable(), code: z.string(), message: z.string() }

/** The analyst (or the view opening on an address) asked for the briefing of one object. */
export const briefingRequested = z.object({ type: z.literal('briefing.requested'), ...target })
/** The server answered the briefing. */
export const briefingLoaded = z.object({ type: z.literal('briefing.loaded'), ...target, body: briefingBodySchema })
/** The briefing could not be loaded; `httpStatus` 404 means there is no such object for the tenant. */
export const briefingFailed = z.object({ type: z.literal('briefing.failed'), ...target, ...failure })
/** The server answered what it flagged for the action frame of an `actionframe` briefing. */
export const briefingUncertaintiesLoaded = z.object({ type: z.literal('briefing.uncertaintiesLoaded'), ...target, items: z.array(uncertaintySchema) })
/** The action frame's uncertainties could not be loaded (the briefing itself may still have been). */
export const briefingUncertaintiesFailed = z.object({ type: z.literal('briefing.uncertaintiesFailed'), ...target, ...failure })

/** The analyst retried what tends to follow an action frame, apart from its briefing. */
export const briefingPredictionRequested = z.object({ type: z.literal('briefing.predictionRequested'), ...target })
/** The server answered which action types followed the frame's action type in the tenant's documents. */
export const briefingPredictionLoaded = z.object({ type: z.literal('briefing.predictionLoaded'), ...target, body: predictBodySchema })
/** What tends to follow the action frame could not be loaded (the briefing itself may still have been). */
export const briefingPredictionFailed = z.object({ type: z.literal('briefing.predictionFailed'), ...target, ...failure })

export const briefingEvents = [
  briefingRequested,
  briefingLoaded,
  briefingFailed,
  briefingUncertaintiesLoaded,
  briefingUncertaintiesFailed,
  briefingPredictionRequested,
  briefingPredictionLoaded,
  briefingPredictionFailed,
] as const
