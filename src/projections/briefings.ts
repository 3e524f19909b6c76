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
import { defineProjection, edit, type Tx } from './define-projection'

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

export const briefings = defineProjection<Briefings>({
  name: 'briefings',
  initial: emptyBriefings,
  on: {
    'briefing.requested': (tx, e) => {
      const key = briefingKey(e.briefingType, e.id)
      const current = tx.state.byKey[key]
      if (current?.request.requestId === e.requestId) return
      const s = tx.draft()
      const byKey = edit(tx, s, 'byKey')
      byKey[key] = tx.adopt({
        key,
        briefingType: e.briefingType,
        id: e.id,
        request: { requestId: e.requestId, at: e.at, settled: false },
        status: BriefingStatus.Loading,
        body: current?.body ?? null,
        loadedAt: current?.loadedAt ?? null,
        error: null,
        uncertainties: e.briefingType === 'actionframe' ? { requestId: e.requestId, settled: false, items: current?.uncertainties?.items ?? [], error: null } : null,
        prediction: e.briefingType === 'actionframe' ? { requestId: e.requestId, settled: false, body: current?.prediction?.body ?? null, error: null } : null,
      })
      const order = [key, ...s.order.filter((k) => k !== key)]
      for (const evicted of order.splice(MAX_BRIEFINGS)) delete byKey[evicted]
      s.order = order
    },
    'briefing.loaded': (tx, e) => {
      const entry = settle(tx, e)
      if (!entry) return
      entry.status = BriefingStatus.Loaded
      entry.body = e.body
      entry.loadedAt = e.at
      entry.error = null
    },
    'briefing.failed': (tx, e) => {
      const entry = settle(tx, e)
      if (!entry) return
      const notFound = e.httpStatus === 404
      entry.status = notFound ? BriefingStatus.NotFound : BriefingStatus.Failed
      entry.error = { httpStatus: e.httpStatus, code: e.code, message: e.message, at: e.at }
      if (notFound) {
        entry.body = null
        entry.loadedAt = null
      }
    },
    'briefing.uncertaintiesLoaded': (tx, e) => {
      const u = uncertaintiesOf(tx, e)
      if (!u) return
      u.settled = true
      u.items = e.items
      u.error = null
    },
    'briefing.uncertaintiesFailed': (tx, e) => {
      const u = uncertaintiesOf(tx, e)
      if (!u) return
      u.settled = true
      u.error = { httpStatus: e.httpStatus, code: e.code, message: e.message, at: e.at }
    },
    'briefing.predictionRequested': (tx, e) => {
      const key = briefingKey(e.briefingType, e.id)
      const p = tx.state.byKey[key]?.prediction
      // Only an action frame whose briefing was asked for has a prediction to ask for again.
      if (!p || p.requestId === e.requestId) return
      edit(tx, edit(tx, tx.draft(), 'byKey'), key).prediction = tx.adopt({ requestId: e.requestId, settled: false, body: p.body, error: null })
    },
    'briefing.predictionLoaded': (tx, e) => {
      const p = predictionOf(tx, e)
      if (!p) return
      p.settled = true
      p.body = e.body
      p.error = null
    },
    'briefing.predictionFailed': (tx, e) => {
      const p = predictionOf(tx, e)
      if (!p) return
      p.settled = true
      p.error = { httpStatus: e.httpStatus, code: e.code, message: e.message, at: e.at }
    },
    'auth.signedOut': (tx) => {
      if (tx.state === emptyBriefings) return
      Object.assign(tx.draft(), emptyBriefings)
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
function settle(tx: Tx<Briefings>, e: Answer): BriefingEntry | null {
  const key = briefingKey(e.briefingType, e.id)
  const entry = tx.state.byKey[key]
  if (!entry || entry.request.requestId !== e.requestId || entry.request.settled) return null
  const owned = edit(tx, edit(tx, tx.draft(), 'byKey'), key)
  owned.request = { ...entry.request, settled: true }
  return owned
}

function uncertaintiesOf(tx: Tx<Briefings>, e: Answer): BriefingUncertainties | null {
  const key = briefingKey(e.briefingType, e.id)
  const u = tx.state.byKey[key]?.uncertainties
  if (!u || u.requestId !== e.requestId || u.settled) return null
  return edit(tx, edit(tx, edit(tx, tx.draft(), 'byKey'), key), 'uncertainties')
}

function predictionOf(tx: Tx<Briefings>, e: Answer): BriefingPrediction | null {
  const key = briefingKey(e.briefingType, e.id)
  const p = tx.state.byKey[key]?.prediction
  if (!p || p.requestId !== e.requestId || p.settled) return null
  return edit(tx, edit(tx, edit(tx, tx.draft(), 'byKey'), key), 'prediction')
}
