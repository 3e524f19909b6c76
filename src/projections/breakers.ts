/**
 * The tenant's eight circuit breakers, for the Admin Access view: per handler key the last status the
 * server answered, the request running on that card, the last failure and the last replay.
 *
 * Only the answer to a card's latest request is applied: an answer to a request that a newer one on the
 * same card superseded, or to one already answered, changes nothing (so a slow refresh can never
 * overwrite a newer enable). A request for another tenant starts over from empty cards; answers for a
 * tenant other than the current one are dropped; signing out empties the model.
 *
 * Unlike the live log these events are published once, by this tab's intents, and never redelivered,
 * so the property we hold this projection to is "a duplicate event changes nothing", not "redelivering
 * any prefix changes nothing" (an old request replayed after newer ones would rightly become the latest).
 */
import { type BreakerAction, PipelineChainKeys } from '../domain/breaker'
import type { EventOf } from '../domain/events'
import type { BreakerStatusBody } from '../protocol/breakers'
import { BreakerKeys, type BreakerKey } from '../protocol/entities'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export interface BreakerCard {
  handlerKey: BreakerKey
  /** The last status the server answered; null until the first answer. */
  status: BreakerStatusBody | null
  /** When that status was answered (epoch ms). */
  checkedAt: number | null
  /** The card's latest request; `settled` once its answer (or failure) arrived. */
  request: { requestId: string; action: BreakerAction; at: number; settled: boolean } | null
  /** The failure of the latest request, cleared by the next success. */
  error: { action: BreakerAction; message: string; code: string; httpStatus: number | null; at: number } | null
  /** The last Replay Parked: how many parked jobs went back onto the queue. */
  lastReplay: { replayed: number; at: number } | null
}

export interface Breakers {
  /** The tenant the cards belong to; null before any request. */
  tenantId: string | null
  byKey: Record<BreakerKey, BreakerCard>
}

/** What a card shows as its state. */
export const BreakerState = {
  /** No status yet. */
  Unknown: 'unknown',
  /** Jobs run. */
  Closed: 'closed',
  /** Opened by failures; closes by itself after its TTL. */
  Tripped: 'tripped',
  /** Held open by hand until enabled. */
  Disabled: 'disabled',
  /** Open for a reason this client does not know. */
  Open: 'open',
} as const
export type BreakerState = (typeof BreakerState)[keyof typeof BreakerState]

const emptyCard = (handlerKey: BreakerKey): BreakerCard => ({ handlerKey, status: null, checkedAt: null, request: null, error: null, lastReplay: null })

export const emptyBreakers: Breakers = {
  tenantId: null,
  byKey: Object.fromEntries(BreakerKeys.map((k) => [k, emptyCard(k)])) as Record<BreakerKey, BreakerCard>,
}

type Answer = EventOf<'breaker.statusLoaded' | 'breaker.enabled' | 'breaker.disabled' | 'breaker.parkedReplayed' | 'breaker.actionFailed'>

export const breakers = defineDraftProjection<Breakers>({
  name: 'breakers',
  initial: emptyBreakers,
  on: {
    'breaker.actionRequested': (s, e) => {
      if (s.tenantId !== e.tenantId) {
        s.tenantId = e.tenantId
        // Another tenant's cards start over; the requested one is built here, so it may be changed below.
        s.byKey = { ...emptyBreakers.byKey, [e.handlerKey]: emptyCard(e.handlerKey) }
      }
      const card = s.byKey[e.handlerKey]
      if (card.request?.requestId !== e.requestId) card.request = { requestId: e.requestId, action: e.action, at: e.at, settled: false }
    },
    'breaker.statusLoaded': (s, e) => answered(s, e, e.status),
    'breaker.enabled': (s, e) => answered(s, e, e.status),
    'breaker.disabled': (s, e) => answered(s, e, e.status),
    'breaker.parkedReplayed': (s, e) => {
      const card = answered(s, e, e.status)
      if (card) card.lastReplay = { replayed: e.replayed, at: e.at }
    },
    'breaker.actionFailed': (s, e) => {
      const card = settle(s, e)
      if (card) card.error = { action: e.action, message: e.message, code: e.code, httpStatus: e.httpStatus, at: e.at }
    },
    'auth.signedOut': (s) => {
      assign(s, emptyBreakers)
    },
  },
})

export function selectBreakerCard(s: Breakers, key: BreakerKey): BreakerCard {
  return s.byKey[key]
}

/** Whether the card's latest request is still running (its buttons wait for it). */
export function isBreakerBusy(card: BreakerCard): boolean {
  return card.request !== null && !card.request.settled
}

export function breakerStateOf(card: BreakerCard): BreakerState {
  const status = card.status
  if (status === null) return BreakerState.Unknown
  if (!status.isOpen) return BreakerState.Closed
  if (status.reason === 'failure_threshold' || (status.reason == null && status.openTtlSeconds > 0)) return BreakerState.Tripped
  if (status.reason) return BreakerState.Disabled
  return BreakerState.Open
}

/** When a tripped breaker closes by itself (epoch ms), reckoned from the time its status was answered. */
export function breakerClosesAt(card: BreakerCard): number | null {
  if (breakerStateOf(card) !== BreakerState.Tripped || card.checkedAt === null || !card.status || card.status.openTtlSeconds <= 0) return null
  return card.checkedAt + card.status.openTtlSeconds * 1000
}

/** How many of the tenant's breakers are open (tripped, disabled or otherwise), as last answered. */
export function selectOpenBreakerCount(s: Breakers): number {
  return BreakerKeys.filter((k) => s.byKey[k].status?.isOpen === true).length
}

/**
 * Why the tenant's documents wait, as far as the last known statuses say: the reason of the first open
 * breaker of the chain a document passes through before it completes ('manual_disable',
 * 'failure_threshold', a reason given to disable), or null. Cards of another tenant say nothing.
 */
export function selectPipelinePause(s: Breakers, tenantId: string | null): string | null {
  if (tenantId === null || s.tenantId !== tenantId) return null
  for (const key of PipelineChainKeys) {
    const status = s.byKey[key].status
    if (status?.isOpen) return status.reason ?? 'failure_threshold'
  }
  return null
}

/** How many cards have a request running. */
export function selectBusyBreakerCount(s: Breakers): number {
  return BreakerKeys.filter((k) => isBreakerBusy(s.byKey[k])).length
}

/** The card to change for an answer, or null when the answer is stale, a duplicate or another tenant's. */
function settle(s: Breakers, e: Answer): BreakerCard | null {
  if (s.tenantId !== e.tenantId) return null
  const card = s.byKey[e.handlerKey]
  if (card.request === null || card.request.requestId !== e.requestId || card.request.settled) return null
  card.request.settled = true
  return card
}

function answered(s: Breakers, e: Answer, status: BreakerStatusBody): BreakerCard | null {
  const card = settle(s, e)
  if (card === null) return null
  assign(card, { status, checkedAt: e.at, error: null })
  return card
}
