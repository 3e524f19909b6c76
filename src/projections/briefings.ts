/**
 * Briefings the analyst opened (spec §2 "Briefing view"), keyed by `${type}:${id}`: per object its latest
 * request, what that request came to (loading, loaded, not found, failed), the last briefing the server
 * answered, and — for an action frame — its flagged uncertainties and what tends to follow it.
 *
 * Only the answers to an object's latest request are applied: an answer to a request a newer one
 * superseded, to one already answered, or for an object never requested changes nothing (so a slow first
 * load can never overwrite a Retry's answer). A new request keeps the last briefing, so going Back or
 * refreshing shows it at once while the new one loads; a 404 drops it (the object is gone). An action
 * frame's prediction can be asked for again on its own (`briefing.predictionRequested`): from then on only
 * that request's answer applies to it, until the next briefing request asks for both again. At most
 * `MAX_BRIEFINGS` objects are kept, the least recently requested leaving first. Signing out empties it.
 *
 * Like the breakers these events are published once, by this tab's intents, and never redelivered: the
 * property held is "a duplicate event changes nothing".
 */
import { type BriefingType, briefingKey } from '../domain/briefing'
import type { EventOf } from '../domain/events'
import type { BriefingBody, PredictBody, Uncertainty } from '../protocol/intelligence'
import { castDraft, type Draft } from 'immer'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

/** How many objects' briefings are kept. */
export const MAX_BRIEFINGS = 50

export const BriefingStatus = {
  /** The latest request runs. */
  Loading: 'loading',
  Loaded: 'loaded',
  /** The server has no such object for the tenant (404). */
  NotFound: 'notFound',
  Failed: 'failed',
} as const
export type BriefingStatus = (typeof BriefingStatus)[keyof typeof BriefingStatus]

export interface BriefingFailure {
  httpStatus: number | null
  code: string
  message: string
  at: number
}

export interface BriefingUncertainties {
  /** The request these belong to; `settled` once answered. */
  requestId: string
  settled: boolean
  /** The last items answered (kept while a newer request runs). */
  items: readonly Uncertainty[]
  error: BriefingFailure | null
}

/** What tends to follow an action frame (POST /prospective/predict-from-seed). */
export interface BriefingPrediction {
  /** The request this belongs to; `settled` once answered. */
  requestId: string
  settled: boolean
  /** The last prediction answered (kept while a newer request runs, or after one failed). */
  body: PredictBody | null
  /** The latest request's failure; null otherwise. */
  error: BriefingFailure | null
}

export interface BriefingEntry {
  key: string
  briefingType: BriefingType
  id: string
  request: { requestId: string; at: number; settled: boolean }
  status: BriefingStatus
  /** The last briefing answered; null before one, and after a 404. */
  body: BriefingBody | null
  loadedAt: number | null
  /** The latest request's failure (not found or failed); null otherwise. */
  error: BriefingFailure | null
  /** Action frames only: what the UncertaintyResolver flagged. */
  uncertainties: BriefingUncertainties | null
  /** Action frames only: the action types that followed this one's type. */
  prediction: BriefingPrediction | null
}

export interface Briefings {
  byKey: Record<string, BriefingEntry>
  /** Keys, most recently requested first. */
  order: readonly string[]
}

export const emptyBriefings: Briefings = { byKey: {}, order: [] }

type Answer = EventOf<'briefing.loaded' | 'briefing.failed' | 'briefing.uncertaintiesLoaded' | 'briefing.uncertaintiesFailed' | 'briefing.predictionLoaded' | 'briefing.predictionFailed'>

export const briefings = defineDraftProjection<Briefings>({
  name: 'briefings',
  initial: emptyBriefings,
  on: {
    'briefing.requested': (s, e) => {
      const key = briefingKey(e.briefingType, e.id)
      const current = s.byKey[key]
      if (current?.request.requestId === e.requestId) return
      const frame = e.briefingType === 'actionframe'
      s.byKey[key] = castDraft({
        key,
        briefingType: e.briefingType,
        id: e.id,
        request: { requestId: e.requestId, at: e.at, settled: false },
        status: BriefingStatus.Loading,
        body: current?.body ?? null,
        loadedAt: current?.loadedAt ?? null,
        error: null,
        uncertainties: frame ? { requestId: e.requestId, settled: false, items: current?.uncertainties?.items ?? [], error: null } : null,
        prediction: frame ? { requestId: e.requestId, settled: false, body: current?.prediction?.body ?? null, error: null } : null,
      })
      const order = [key, ...s.order.filter((k) => k !== key)]
      for (const evicted of order.splice(MAX_BRIEFINGS)) delete s.byKey[evicted]
      s.order = order
    },
    'briefing.loaded': (s, e) => {
      const entry = settle(s, e)
      if (entry) assign(entry, { status: BriefingStatus.Loaded, body: e.body, loadedAt: e.at, error: null })
    },
    'briefing.failed': (s, e) => {
      const entry = settle(s, e)
      if (!entry) return
      const notFound = e.httpStatus === 404
      entry.status = notFound ? BriefingStatus.NotFound : BriefingStatus.Failed
      entry.error = failureOf(e)
      if (notFound) assign(entry, { body: null, loadedAt: null })
    },
    'briefing.uncertaintiesLoaded': (s, e) => settlePart(uncertaintiesOf(s, e), { items: e.items, error: null }),
    'briefing.uncertaintiesFailed': (s, e) => settlePart(uncertaintiesOf(s, e), { error: failureOf(e) }),
    'briefing.predictionRequested': (s, e) => {
      const entry = s.byKey[briefingKey(e.briefingType, e.id)]
      const p = entry?.prediction
      // Only an action frame whose briefing was asked for has a prediction to ask for again.
      if (entry && p && p.requestId !== e.requestId) entry.prediction = { requestId: e.requestId, settled: false, body: p.body, error: null }
    },
    'briefing.predictionLoaded': (s, e) => settlePart(predictionOf(s, e), { body: e.body, error: null }),
    'briefing.predictionFailed': (s, e) => settlePart(predictionOf(s, e), { error: failureOf(e) }),
    'auth.signedOut': (s) => {
      assign(s, castDraft(emptyBriefings))
    },
  },
})

/** The briefing of one object, or null before it was requested. */
export function selectBriefing(s: Briefings, type: BriefingType, id: string): BriefingEntry | null {
  return s.byKey[briefingKey(type, id)] ?? null
}

/** Whether the object's latest request still runs. */
export function isBriefingLoading(entry: BriefingEntry | null): boolean {
  return entry !== null && !entry.request.settled
}

/** Whether its uncertainties are still on their way. */
export function isUncertaintiesLoading(entry: BriefingEntry | null): boolean {
  return entry?.uncertainties != null && !entry.uncertainties.settled
}

/** Whether what tends to follow the action frame is still on its way. */
export function isPredictionLoading(entry: BriefingEntry | null): boolean {
  return entry?.prediction != null && !entry.prediction.settled
}

/** The entry to change for a briefing answer, or null when the answer is stale, a duplicate or unknown. */
function settle(s: Draft<Briefings>, e: Answer): Draft<BriefingEntry> | null {
  const entry = s.byKey[briefingKey(e.briefingType, e.id)]
  if (!entry || entry.request.requestId !== e.requestId || entry.request.settled) return null
  entry.request.settled = true
  return entry
}

function uncertaintiesOf(s: Draft<Briefings>, e: Answer): Draft<BriefingUncertainties> | null {
  const u = s.byKey[briefingKey(e.briefingType, e.id)]?.uncertainties
  return u && u.requestId === e.requestId && !u.settled ? u : null
}

function predictionOf(s: Draft<Briefings>, e: Answer): Draft<BriefingPrediction> | null {
  const p = s.byKey[briefingKey(e.briefingType, e.id)]?.prediction
  return p && p.requestId === e.requestId && !p.settled ? p : null
}

function failureOf(e: EventOf<'briefing.failed' | 'briefing.uncertaintiesFailed' | 'briefing.predictionFailed'>): BriefingFailure {
  return { httpStatus: e.httpStatus, code: e.code, message: e.message, at: e.at }
}

/** A briefing's part (its uncertainties, its prediction) answered, when it is still the one asked for. */
function settlePart<P extends { settled: boolean }>(part: P | null | undefined, changes: Partial<P>): void {
  if (part) assign(part, { settled: true, ...changes } as Partial<P>)
}
