/**
 * Progress cards for uploads, texts and URLs (spec §3 "Processing notification", §4 "Processing
 * progress"). A card starts locally; once the server accepts the input it is linked to the event id and
 * what the server says of that document moves its phases, until the document ends:
 *
 * - the skeleton starts the reading (parsing a file, fetching a page, cleaning a text: the server's work),
 *   structuring starts the analysis, document-ready the action frames, processing-complete ends it
 *   completed; a processing error ends it in error (every unfinished phase failed with the reason); a
 *   deleted document ends it cancelled, as the analyst's cancel does;
 * - `parked` says the document waits behind an open circuit breaker (the card reads 'Paused' with why);
 *   `resumed`, or any later step, takes that back;
 * - a session load says how far each document got, for the time the workspace was not watched live (the
 *   analyst was in Admin Access replaying parked jobs, say): a linked card catches up from it.
 * - an input the server refused before accepting it (the team's ingest quota) ends its card 'refused': not
 *   sent, none of its steps run (they go back to pending, none red: nothing failed, nothing was done), with
 *   the server's reason; it is kept as the latest `refusal` until the analyst sends something again or
 *   dismisses it, so the input bar can go on saying why (the card itself leaves 5 s later, as any).
 *
 * The live channel can outrun the answer to the submit (the skeleton, even the failure, can arrive before
 * `progress.linked`), so what is seen of a document no card is linked to yet is kept, a few hundred
 * documents at most, and applied when the link comes. Every step is idempotent: a redelivered message or a
 * load after the live messages changes nothing more. Finished cards leave 5 s later (`clock.ticked`).
 *
 * Folded on the copy-on-write transaction, not immer: these cards see every document message of a
 * replay (a 100,000-message replay folds ~17,000 here), where immer cost 140-550 ms against ~10 ms
 * (the README's Dependency notes).
 */
import type { EventOf } from '../domain/events'
import { type PhaseDefinition, PhaseOfStep, PROGRESS_AUTO_REMOVE_MS, ProgressPhases, type ServerStep, ServerSteps } from '../domain/rules/notifications'
import { ParkingPhases, pausedText } from '../domain/rules/processing'
import { Texts } from '../domain/rules/texts'
import { earliestTime } from './collections'
import { defineProjection, edit, type Tx } from './define-projection'

export type PhaseStatus = 'pending' | 'in_progress' | 'completed' | 'error'
/** 'refused': the server did not accept the input (the team's quota); nothing of it was sent on. */
export type OverallStatus = 'in_progress' | 'completed' | 'error' | 'cancelled' | 'refused'

export interface ProgressPhase extends PhaseDefinition {
  status: PhaseStatus
  progress: number
  startTime: number | null
  endTime: number | null
  error: string | null
}

export interface ProgressCard {
  id: string
  kind: keyof typeof ProgressPhases
  title: string
  filename: string | null
  url: string | null
  eventId: string | null
  phases: ProgressPhase[]
  overallStatus: OverallStatus
  /** Why the document waits ('Paused: ingestion is disabled for this workspace's tenant'); null while it moves. */
  pausedReason: string | null
  /** Why the server did not accept the input, when it was refused ('refused'); null otherwise. */
  refusedReason: string | null
  startTime: number
  endTime: number | null
  /** When the card leaves on its own; null while it stays. */
  removeAt: number | null
}

/** The latest input the server refused, and why: what the input bar says until the analyst acts. */
export interface InputRefusal {
  progressId: string
  kind: ProgressCard['kind']
  reason: string
  /** When the server said the same input may succeed; null when it did not say. */
  retryAt: number | null
}

/** What was seen of a document before a card was linked to it: the furthest step and how it ended. */
export interface SeenProgress {
  step: ServerStep | null
  stepAt: number
  pausedReason: string | null
  failed: { error: string; at: number } | null
  cancelledAt: number | null
}

export interface ProgressCards {
  byId: Record<string, ProgressCard>
  order: string[]
  byEventId: Record<string, string>
  /** Documents seen before their card was linked (oldest first in `unlinkedOrder`, at most MAX_UNLINKED). */
  unlinked: Record<string, SeenProgress>
  unlinkedOrder: string[]
  /** The latest refused input, until another is sent or it is dismissed. */
  refusal: InputRefusal | null
}

export const emptyProgressCards: ProgressCards = { byId: {}, order: [], byEventId: {}, unlinked: {}, unlinkedOrder: [], refusal: null }

/** How many unlinked documents are remembered: far more than inputs an analyst can have in flight. */
export const MAX_UNLINKED = 200

type S = Tx<ProgressCards>

/** One thing the server said of a document, as far as its progress card is concerned. */
type Step =
  | { kind: 'reached'; step: ServerStep; at: number }
  | { kind: 'failed'; error: string; at: number }
  | { kind: 'cancelled'; at: number }
  | { kind: 'paused'; reason: string }
  | { kind: 'resumed' }

export const progressCards = defineProjection<ProgressCards>({
  name: 'progressCards',
  initial: emptyProgressCards,
  on: {
    'progress.started': (tx, e) => {
      const s = tx.draft()
      s.refusal = null // the analyst sent something again: the last refusal has had its answer
      const previous = s.byId[e.id]
      if (previous?.eventId) delete edit(tx, s, 'byEventId')[previous.eventId]
      if (!previous) edit(tx, s, 'order').push(e.id)
      edit(tx, s, 'byId')[e.id] = {
        id: e.id,
        kind: e.kind,
        title: e.title,
        filename: e.filename ?? null,
        url: e.url ?? null,
        eventId: null,
        phases: ProgressPhases[e.kind].map((p, i) => ({
          ...p,
          status: i === 0 ? 'in_progress' : 'pending',
          progress: 0,
          startTime: i === 0 ? e.at : null,
          endTime: null,
          error: null,
        })),
        overallStatus: 'in_progress',
        pausedReason: null,
        refusedReason: null,
        startTime: e.at,
        endTime: null,
        removeAt: null,
      }
    },
    'progress.phaseUpdated': (tx, e) => {
      const current = tx.state.byId[e.id]
      if (current?.overallStatus !== 'in_progress') return
      if (!current.phases.some((p) => p.id === e.phaseId)) return
      const card = editCard(tx, e.id)
      setPhase(card.phases.find((p) => p.id === e.phaseId) as ProgressPhase, e.status, e.at, e.progress, e.error ?? null)
      settle(card, e.at)
    },
    'progress.refused': (tx, e) => {
      const card = tx.state.byId[e.id]
      // A refusal of a card that has ended (this one, redelivered) changes nothing.
      if (card?.overallStatus !== 'in_progress') return
      const refused = editCard(tx, e.id)
      refused.phases = refused.phases.map((phase) => ({ ...phase, status: 'pending', progress: 0, startTime: null, endTime: null, error: null }))
      refused.overallStatus = 'refused'
      refused.pausedReason = null
      refused.refusedReason = e.reason
      refused.endTime = e.at
      refused.removeAt = e.at + PROGRESS_AUTO_REMOVE_MS
      tx.draft().refusal = { progressId: e.id, kind: card.kind, reason: e.reason, retryAt: e.retryAfterSeconds == null ? null : e.at + e.retryAfterSeconds * 1000 }
    },
    'progress.linked': (tx, e) => {
      if (!tx.state.byId[e.id]) return
      editCard(tx, e.id).eventId = e.eventId
      edit(tx, tx.draft(), 'byEventId')[e.eventId] = e.id
      const seen = tx.state.unlinked[e.eventId]
      if (!seen) return
      forget(tx, e.eventId)
      // Catch up in the order it happened: how far it got, whether it waits, how it ended.
      if (seen.step !== null) toCard(tx, e.id, { kind: 'reached', step: seen.step, at: seen.stepAt })
      if (seen.pausedReason !== null) toCard(tx, e.id, { kind: 'paused', reason: seen.pausedReason })
      if (seen.failed) toCard(tx, e.id, { kind: 'failed', ...seen.failed })
      if (seen.cancelledAt !== null) toCard(tx, e.id, { kind: 'cancelled', at: seen.cancelledAt })
    },
    'progress.cancelled': (tx, e) => toCard(tx, e.id, { kind: 'cancelled', at: e.at }),
    'progress.dismissed': (tx, e) => {
      remove(tx, e.id)
      if (tx.state.refusal?.progressId === e.id) tx.draft().refusal = null
    },
    'document.skeletonReceived': (tx, e, meta) => observe(tx, e.eventId, { kind: 'reached', step: 'reading', at: meta.receivedAt }),
    'document.summaryReceived': (tx, e, meta) => observe(tx, e.eventId, { kind: 'reached', step: 'analysis', at: meta.receivedAt }),
    'document.ready': (tx, e, meta) => observe(tx, e.eventId, { kind: 'reached', step: 'actionframe', at: meta.receivedAt }),
    'document.actionAnalysisStarted': (tx, e, meta) => observe(tx, e.eventId, { kind: 'reached', step: 'actionframe', at: meta.receivedAt }),
    'document.actionAnalysisCompleted': (tx, e, meta) => {
      if (e.outcome === 'no-actions-found') observe(tx, e.eventId, { kind: 'reached', step: 'done', at: meta.receivedAt })
    },
    'document.processingCompleted': (tx, e, meta) => observe(tx, e.eventId, { kind: 'reached', step: 'done', at: meta.receivedAt }),
    'document.processingFailed': (tx, e, meta) => observe(tx, e.eventId, { kind: 'failed', error: e.error && e.error.trim() !== '' ? e.error : Texts.processingErrorFallback, at: meta.receivedAt }),
    'document.phaseReported': (tx, e, meta) => {
      const step = phaseStep(e, meta.receivedAt)
      if (step) observe(tx, e.eventId, step)
    },
    'document.deleted': (tx, e, meta) => observe(tx, e.eventId, { kind: 'cancelled', at: meta.receivedAt }),
    'workspace.loaded': (tx, e, meta) => {
      // Only cards already linked: a load lists every document of the workspace, not just the awaited ones.
      for (const ev of e.events) {
        if (tx.state.byEventId[ev.id] === undefined) continue
        const step = loadedStep(ev.status, ev.error, meta.receivedAt)
        if (step) observe(tx, ev.id, step)
      }
    },
    'workspace.sessionSelected': (tx) => {
      if (tx.state.unlinkedOrder.length === 0) return
      const s = tx.draft()
      s.unlinked = {}
      s.unlinkedOrder = []
    },
    'clock.ticked': (tx, e) => {
      const s = tx.state
      const due = s.order.filter((id) => {
        const at = s.byId[id]?.removeAt
        return at != null && at <= e.at
      })
      for (const id of due) remove(tx, id)
    },
  },
})

/** What the input bar says of the latest refused input, if any. */
export function selectInputRefusal(state: ProgressCards): InputRefusal | null {
  return state.refusal
}

/** The next moment a card leaves by itself. */
export function selectNextProgressRemoval(state: ProgressCards): number | null {
  return earliestTime(state, (card) => card.removeAt)
}

/** A step for the linked card, or kept for the card a link will name. */
function observe(tx: S, eventId: string, step: Step): void {
  const cardId = tx.state.byEventId[eventId]
  if (cardId !== undefined) {
    toCard(tx, cardId, step)
    return
  }
  const before = tx.state.unlinked[eventId]
  const seen = merge(before ?? { step: null, stepAt: 0, pausedReason: null, failed: null, cancelledAt: null }, step)
  const s = tx.draft()
  edit(tx, s, 'unlinked')[eventId] = seen
  if (before) return
  const order = edit(tx, s, 'unlinkedOrder')
  order.push(eventId)
  while (order.length > MAX_UNLINKED) delete edit(tx, s, 'unlinked')[order.shift() as string]
}

function merge(seen: SeenProgress, step: Step): SeenProgress {
  switch (step.kind) {
    case 'reached':
      return ServerSteps.indexOf(step.step) > (seen.step === null ? -1 : ServerSteps.indexOf(seen.step))
        ? { ...seen, step: step.step, stepAt: step.at, pausedReason: null }
        : { ...seen, pausedReason: null }
    case 'failed':
      return { ...seen, failed: seen.failed ?? { error: step.error, at: step.at }, pausedReason: null }
    case 'cancelled':
      return { ...seen, cancelledAt: seen.cancelledAt ?? step.at }
    case 'paused':
      return { ...seen, pausedReason: step.reason }
    case 'resumed':
      return { ...seen, pausedReason: null }
  }
}

/** Applies a step to a card still in progress; a finished card stays as it ended. */
function toCard(tx: S, cardId: string, step: Step): void {
  const current = tx.state.byId[cardId]
  if (current?.overallStatus !== 'in_progress') return
  if (step.kind === 'paused' && current.pausedReason === step.reason) return
  if (step.kind === 'resumed' && current.pausedReason === null) return
  const card = editCard(tx, cardId)
  switch (step.kind) {
    case 'reached':
      card.pausedReason = null
      advanceTo(card, PhaseOfStep[card.kind][step.step], step.at)
      return
    case 'failed':
      card.pausedReason = null
      for (const phase of card.phases) {
        if (phase.status !== 'completed') setPhase(phase, 'error', step.at, phase.progress, step.error)
      }
      settle(card, step.at)
      return
    case 'cancelled':
      card.pausedReason = null
      card.overallStatus = 'cancelled'
      card.endTime = step.at
      return
    case 'paused':
      card.pausedReason = step.reason
      return
    case 'resumed':
      card.pausedReason = null
      return
  }
}

/** What a `status-update` phase means for the card, if anything. */
function phaseStep(e: EventOf<'document.phaseReported'>, at: number): Step | null {
  switch (e.phase) {
    case ParkingPhases.Parked:
      return { kind: 'paused', reason: pausedText(e.reason) }
    case ParkingPhases.Resumed:
      return { kind: 'resumed' }
    case 'structuring-started':
    case 'structuring-completed':
      return { kind: 'reached', step: 'analysis', at }
    case 'decomposition-started':
      return { kind: 'reached', step: 'actionframe', at }
    case 'decomposition-completed':
      return { kind: 'reached', step: 'done', at }
    default:
      return null
  }
}

/** How far a document got, by the status a session load gives it (the server's own, not the card's). */
function loadedStep(status: string | null | undefined, error: string | null | undefined, at: number): Step | null {
  switch (status) {
    case 'completed':
      return { kind: 'reached', step: 'done', at }
    case 'error':
      return { kind: 'failed', error: error && error.trim() !== '' ? error : Texts.processingErrorFallback, at }
    case 'summarized':
      return { kind: 'reached', step: 'analysis', at }
    case 'document-ready':
    case 'analyzing-actions':
    case 'processing-actions':
      return { kind: 'reached', step: 'actionframe', at }
    case 'processing':
      return { kind: 'reached', step: 'reading', at }
    default:
      return null
  }
}

function forget(tx: S, eventId: string): void {
  const s = tx.draft()
  delete edit(tx, s, 'unlinked')[eventId]
  s.unlinkedOrder = s.unlinkedOrder.filter((id) => id !== eventId)
}

function editCard(tx: S, id: string): ProgressCard {
  const card = edit(tx, edit(tx, tx.draft(), 'byId'), id)
  const phases = edit(tx, card, 'phases')
  for (let i = 0; i < phases.length; i++) edit(tx, phases, i)
  return card
}

/** Completes every phase before `phaseId` and starts it; `null` completes them all. */
function advanceTo(card: ProgressCard, phaseId: string | null, at: number): void {
  const target = phaseId === null ? card.phases.length : card.phases.findIndex((p) => p.id === phaseId)
  if (target < 0) return
  card.phases.forEach((phase, i) => {
    if (i < target && phase.status !== 'completed') setPhase(phase, 'completed', at, 100, null)
    if (i === target && phase.status === 'pending') setPhase(phase, 'in_progress', at, phase.progress, null)
  })
  settle(card, at)
}

function setPhase(phase: ProgressPhase, status: PhaseStatus, at: number, progress: number, error: string | null): void {
  if (status === 'in_progress' && phase.startTime === null) phase.startTime = at
  if ((status === 'completed' || status === 'error') && phase.endTime === null) {
    phase.endTime = at
    if (phase.startTime === null) phase.startTime = at
  }
  phase.status = status
  phase.progress = status === 'completed' ? 100 : Math.max(0, Math.min(100, progress))
  phase.error = error
}

/** in_progress → completed when every phase completed; → error when any phase failed. */
function settle(card: ProgressCard, at: number): void {
  if (card.phases.some((p) => p.status === 'error')) {
    card.overallStatus = 'error'
  } else if (card.phases.every((p) => p.status === 'completed')) {
    card.overallStatus = 'completed'
  } else {
    const next = card.phases.find((p) => p.status === 'pending')
    if (next && !card.phases.some((p) => p.status === 'in_progress')) setPhase(next, 'in_progress', at, 0, null)
    return
  }
  card.pausedReason = null
  card.endTime = at
  card.removeAt = at + PROGRESS_AUTO_REMOVE_MS
}

function remove(tx: S, id: string): void {
  const card = tx.state.byId[id]
  if (!card) return
  const s = tx.draft()
  if (card.eventId) delete edit(tx, s, 'byEventId')[card.eventId]
  delete edit(tx, s, 'byId')[id]
  s.order = s.order.filter((x) => x !== id)
}
