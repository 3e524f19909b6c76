/**
 * The breaker aggregate: the tenant's per-handler circuit breakers (Admin Access view, spec §2, §3, §7).
 *
 * Every request the analyst makes from a card is one `breaker.actionRequested` followed by exactly one
 * answer for the same `requestId`: `breaker.statusLoaded`, `breaker.enabled`, `breaker.disabled`,
 * `breaker.parkedReplayed` or `breaker.actionFailed`. Times (`at`, epoch ms) and ids come with the events.
 */
import { z } from 'zod'
import { BreakerKeys, type BreakerKey } from '../protocol/entities'
import { breakerStatusBodySchema } from '../protocol/breakers'

/** What a card can ask of its breaker. */
export const BreakerActions = ['refresh', 'enable', 'disable', 'replay'] as const
export type BreakerAction = (typeof BreakerActions)[number]

const handlerKey = z.enum(BreakerKeys)
const answer = { requestId: z.string(), tenantId: z.string(), handlerKey, at: z.number() }

/** The analyst (or the view opening) asked for a breaker's status, or to enable, disable or replay it. */
export const breakerActionRequested = z.object({ type: z.literal('breaker.actionRequested'), ...answer, action: z.enum(BreakerActions) })
/** The server answered a breaker's current status. */
export const breakerStatusLoaded = z.object({ type: z.literal('breaker.statusLoaded'), ...answer, status: breakerStatusBodySchema })
/** The breaker was closed by hand; its failures so far are forgotten. */
export const breakerEnabled = z.object({ type: z.literal('breaker.enabled'), ...answer, status: breakerStatusBodySchema })
/** The breaker is held open by hand until enabled; jobs arriving meanwhile are parked. */
export const breakerDisabled = z.object({ type: z.literal('breaker.disabled'), ...answer, reason: z.string(), status: breakerStatusBodySchema })
/** Up to the replay limit of parked jobs went back onto the handler's queue (`replayed` of them). */
export const breakerParkedReplayed = z.object({
  type: z.literal('breaker.parkedReplayed'),
  ...answer,
  replayed: z.number(),
  status: breakerStatusBodySchema,
})
/** A breaker request failed; `message` says why in the analyst's words. */
export const breakerActionFailed = z.object({
  type: z.literal('breaker.actionFailed'),
  ...answer,
  action: z.enum(BreakerActions),
  /** The HTTP status, or null when the server was not reached. */
  httpStatus: z.number().nullable(),
  code: z.string(),
  message: z.string(),
})

export const breakerEvents = [breakerActionRequested, breakerStatusLoaded, breakerEnabled, breakerDisabled, breakerParkedReplayed, breakerActionFailed] as const

/** 'Core_ContextPairVerifier' → 'Context Pair Verifier'; 'Core_HypothesisAF' → 'Hypothesis AF'. */
export function breakerLabel(key: string): string {
  return key
    .replace(/^Core_/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
}

/** One line on what each handler does (server/modules/pipeline/stages), so an analyst knows what a breaker holds back. */
export const BreakerDescriptions: Record<BreakerKey, string> = {
  Core_ContentIngestor: 'Reads each new source (text, web page or document) into content for analysis.',
  Core_EventOrchestrator: 'Analyses the content and fills the document card; also runs reprocessing.',
  Core_FrameEnricher: 'Turns the analysis into the document’s action frames.',
  Core_ContextUpdater: 'After a document completes: places it in its workspace (area, domain, main entities).',
  Core_ContextPairVerifier: 'After a document completes: connects action frames that share an actor.',
  Core_UncertaintyResolver: 'After a document completes: flags action frames that rest on weak ground.',
  Core_HypothesisAF: 'After a document completes: keeps planned and predicted actions as hypotheses.',
  Core_AliasEnricher: 'After a document completes: finds other names of the same entity.',
}

/** The handlers a document passes through before it completes: while one is open, new documents wait. */
export const PipelineChainKeys = ['Core_ContentIngestor', 'Core_EventOrchestrator', 'Core_FrameEnricher'] as const satisfies readonly BreakerKey[]

/**
 * What disabling a breaker stops, for the confirmation Admin Access asks before it does (not in the spec,
 * which disables in one click): the analyst should know whose work halts and how it comes back.
 */
export function disableConsequence(key: BreakerKey, tenantId: string): string {
  const stops: Record<BreakerKey, string> = {
    Core_ContentIngestor: 'all ingestion stops: no new text, web page, file or feed item is read, in any workspace or project',
    Core_EventOrchestrator: 'analysis stops: new documents are read but not analysed, and reprocessing waits',
    Core_FrameEnricher: 'action frames stop: documents are analysed but get no action frames and do not complete',
    Core_ContextUpdater: 'this step after completion stops; documents still complete without it',
    Core_ContextPairVerifier: 'this step after completion stops; documents still complete without it',
    Core_UncertaintyResolver: 'this step after completion stops; documents still complete without it',
    Core_HypothesisAF: 'this step after completion stops; documents still complete without it',
    Core_AliasEnricher: 'this step after completion stops; documents still complete without it',
  }
  return `For everyone in ${tenantId}, ${stops[key]}. Its jobs are parked, not lost: Enable, then Replay Parked, lets them go on.`
}

/** The toast for a failed breaker request: what failed, on which breaker, and why. */
export function breakerFailureText(action: BreakerAction, key: string, reason: string): string {
  const name = breakerLabel(key)
  const what: Record<BreakerAction, string> = {
    refresh: `Failed to load the ${name} breaker`,
    enable: `Failed to enable the ${name} breaker`,
    disable: `Failed to disable the ${name} breaker`,
    replay: `Failed to replay parked jobs of the ${name} breaker`,
  }
  return reason ? `${what[action]}: ${reason}` : what[action]
}
