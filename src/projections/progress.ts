/**
 * Progress cards for uploads, texts and URLs (spec §3 "Processing notification", §4 "Processing
 * progress"). A card starts locally; once the server accepts the input it is linked to the event id and
 * the live messages of that document move its phases: the skeleton means the input arrived and parsing
 * is done, document-ready ends the analysis, processing-complete ends everything, a processing error
 * marks every unfinished phase failed. Finished and failed cards leave 5 s later (`clock.ticked`).
 */
import { type PhaseDefinition, PROGRESS_AUTO_REMOVE_MS, ProgressPhases } from '../domain/rules/notifications'
import { Texts } from '../domain/rules/texts'
import { defineProjection, edit, type Tx } from './define-projection'

export type PhaseStatus = 'pending' | 'in_progress' | 'completed' | 'error'
export type OverallStatus = 'in_progress' | 'completed' | 'error' | 'cancelled'

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
  startTime: number
  endTime: number | null
  /** When the card leaves on its own; null while it stays. */
  removeAt: number | null
}

export interface ProgressCards {
  byId: Record<string, ProgressCard>
  order: string[]
  byEventId: Record<string, string>
}

export const emptyProgressCards: ProgressCards = { byId: {}, order: [], byEventId: {} }

type S = Tx<ProgressCards>

export const progressCards = defineProjection<ProgressCards>({
  name: 'progressCards',
  initial: emptyProgressCards,
  on: {
    'progress.started': (tx, e) => {
      const s = tx.draft()
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
        startTime: e.at,
        endTime: null,
        removeAt: null,
      }
    },
    'progress.phaseUpdated': (tx, e) => {
      const current = tx.state.byId[e.id]
      if (!current || current.overallStatus !== 'in_progress') return
      if (!current.phases.some((p) => p.id === e.phaseId)) return
      const card = editCard(tx, e.id)
      setPhase(card.phases.find((p) => p.id === e.phaseId) as ProgressPhase, e.status, e.at, e.progress, e.error ?? null)
      settle(card, e.at)
    },
    'progress.linked': (tx, e) => {
      if (!tx.state.byId[e.id]) return
      editCard(tx, e.id).eventId = e.eventId
      edit(tx, tx.draft(), 'byEventId')[e.eventId] = e.id
    },
    'progress.cancelled': (tx, e) => {
      const current = tx.state.byId[e.id]
      if (!current || current.overallStatus !== 'in_progress') return
      const card = editCard(tx, e.id)
      card.overallStatus = 'cancelled'
      card.endTime = e.at
    },
    'progress.dismissed': (tx, e) => remove(tx, e.id),
    'document.skeletonReceived': (tx, e, meta) => advanceTo(tx, e.eventId, 'analysis', meta.receivedAt),
    'document.ready': (tx, e, meta) => advanceTo(tx, e.eventId, 'actionframe', meta.receivedAt),
    'document.processingCompleted': (tx, e, meta) => advanceTo(tx, e.eventId, null, meta.receivedAt),
    'document.processingFailed': (tx, e, meta) => {
      if (linkedStatus(tx, e.eventId) !== 'in_progress') return
      const card = linkedCard(tx, e.eventId) as ProgressCard
      const message = e.error && e.error.trim() !== '' ? e.error : Texts.processingErrorFallback
      for (const phase of card.phases) {
        if (phase.status !== 'completed') setPhase(phase, 'error', meta.receivedAt, phase.progress, message)
      }
      settle(card, meta.receivedAt)
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

/** The next moment a card leaves by itself. */
export function selectNextProgressRemoval(state: ProgressCards): number | null {
  let next: number | null = null
  for (const id of state.order) {
    const at = state.byId[id]?.removeAt
    if (at != null && (next === null || at < next)) next = at
  }
  return next
}

function linkedStatus(tx: S, eventId: string): OverallStatus | null {
  const id = tx.state.byEventId[eventId]
  return id === undefined ? null : (tx.state.byId[id]?.overallStatus ?? null)
}

/** An owned copy of the card linked to `eventId`, with owned phases. */
function linkedCard(tx: S, eventId: string): ProgressCard | undefined {
  const id = tx.state.byEventId[eventId]
  if (id === undefined || !tx.state.byId[id]) return undefined
  return editCard(tx, id)
}

function editCard(tx: S, id: string): ProgressCard {
  const card = edit(tx, edit(tx, tx.draft(), 'byId'), id)
  const phases = edit(tx, card, 'phases')
  for (let i = 0; i < phases.length; i++) edit(tx, phases, i)
  return card
}

/** Completes every phase before `phaseId` and starts it; `null` completes them all. */
function advanceTo(tx: S, eventId: string, phaseId: string | null, at: number): void {
  if (linkedStatus(tx, eventId) !== 'in_progress') return
  const card = linkedCard(tx, eventId) as ProgressCard
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
