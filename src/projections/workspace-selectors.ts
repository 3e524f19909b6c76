/**
 * Selectors over the workspace graph: what a card, a frame card and the title line show.
 * Derived values are computed here, never stored; the memoised ones recompute only when the part of
 * the state they read changes (read models are immutable, so reference equality is enough).
 */
import type { Payload } from '../protocol/entities'
import { DocumentStatus } from '../domain/document'
import { chooseLiveTitle, chooseSummary } from '../domain/rules/titles'
import { type GroupSums, smEntries, smGet, smSumByGroup } from './sharded-map'
import type { DocumentCard, FrameCard, WorkspaceGraph } from './workspace-graph'

/** The title a card displays: the live rule, or the session-load rule for a loaded, untouched card. */
export function selectCardTitle(doc: DocumentCard): string {
  if (doc.titleRule === 'loaded' && doc.title) return doc.title
  return chooseLiveTitle({ payload: doc.payload as Payload | null, title: doc.knownTitle })
}

/** The summary a card displays. */
export function selectCardSummary(doc: DocumentCard): string {
  return chooseSummary(doc.payload as Payload | null, doc.summary)
}

/**
 * Why the workspace's processing waits, when any of its documents is parked behind an open circuit breaker
 * (the first such document's reason); null when none is. Memoised per documents map.
 */
export function selectPausedReason(state: WorkspaceGraph): string | null {
  const byId = state.documents.byId
  const hit = pausedCache.get(byId)
  if (hit !== undefined) return hit
  let reason: string | null = null
  for (const [, doc] of smEntries(byId)) {
    if (doc.pausedReason !== null && doc.status !== DocumentStatus.Completed && doc.status !== DocumentStatus.Error) {
      reason = doc.pausedReason
      break
    }
  }
  pausedCache.set(byId, reason)
  return reason
}

/** Frames of one document, ordered by actionIndex. */
export function selectDocumentFrames(state: WorkspaceGraph, documentId: string): FrameCard[] {
  const ids = smGet(state.frames.byParent, documentId)
  if (!ids) return EMPTY_FRAMES
  const hit = framesCache.get(ids)
  if (hit && hit.byId === state.frames.byId) return hit.value
  const value = ids.map((id) => smGet(state.frames.byId, id)).filter((f): f is FrameCard => f !== undefined)
  // Another frame changing elsewhere must not give this document a new array (and its card a re-render).
  const stable = hit && sameItems(hit.value, value) ? hit.value : value
  framesCache.set(ids, { byId: state.frames.byId, value: stable })
  return stable
}

/** Document ids in order of first appearance. */
export function selectDocumentIds(state: WorkspaceGraph): readonly string[] {
  return state.documents.order
}

export function selectDocument(state: WorkspaceGraph, id: string): DocumentCard | undefined {
  return smGet(state.documents.byId, id)
}

export function selectFrame(state: WorkspaceGraph, id: string): FrameCard | undefined {
  return smGet(state.frames.byId, id)
}

/** '(N documents, M actions)': documents shown, and frames attached to a shown document. */
export function selectCounts(state: WorkspaceGraph): { documents: number; actions: number } {
  // Only adding or removing frames changes the counts; a frame update (byId) does not.
  const cached = countsCache.get(state.documents)
  if (cached && cached.byParent === state.frames.byParent) return cached.value
  // Summed group by group of the maps, so frames arriving for a few cards re-count only their groups.
  const actions = smSumByGroup(state.documents.byId, state.frames.byParent, documentActions, actionSums)
  const value = { documents: state.documents.order.length, actions }
  countsCache.set(state.documents, { byParent: state.frames.byParent, value })
  return value
}

/** The title line text: '(N documents, M actions)'. */
export function formatCounts({ documents, actions }: { documents: number; actions: number }): string {
  return `(${documents} documents, ${actions} actions)`
}

/**
 * 'Actions: n/total' — frames received against the total announced (or received, before any announcement).
 * Frames deferred by the session load exist on the server: they count as received.
 */
export function selectActionProgress(state: WorkspaceGraph, doc: DocumentCard): { done: number; total: number } {
  const done = documentActions(doc, smGet(state.frames.byParent, doc.id))
  const total = Math.max(done, doc.actionCount ?? done)
  return { done, total }
}

/** Whether the card should read 'No action frame generated yet'. */
export function selectShowsNoFrameYet(state: WorkspaceGraph, doc: DocumentCard): boolean {
  return doc.status === DocumentStatus.Completed && doc.framesState === 'present' && (smGet(state.frames.byParent, doc.id)?.length ?? 0) === 0
}

/** Whether the document's frames are still on the server (deferred by the session load, or failed to load). */
export function selectAwaitsFrames(state: WorkspaceGraph, id: string): boolean {
  const framesState = smGet(state.documents.byId, id)?.framesState
  return framesState !== undefined && framesState !== 'present'
}

/** Documents whose frames the session load left on the server (deferred or failed), in list order. */
export function selectDocumentsAwaitingFrames(state: WorkspaceGraph): string[] {
  const out: string[] = []
  for (const id of state.documents.order) if (selectAwaitsFrames(state, id)) out.push(id)
  return out
}

/** The read model as `npm run replay -- --json` prints it (ARCHITECTURE.md §5). */
export function selectReplaySummary(state: WorkspaceGraph) {
  return {
    documents: state.documents.order.map((id) => {
      const doc = smGet(state.documents.byId, id) as DocumentCard
      return {
        id,
        type: doc.type,
        title: selectCardTitle(doc),
        summary: selectCardSummary(doc),
        status: doc.status,
        actionCount: doc.actionCount,
        frames: selectDocumentFrames(state, id).map((f) => ({
          id: f.id,
          status: f.status,
          actionIndex: f.actionIndex ?? null,
          totalActions: f.totalActions ?? null,
          actionType: f.actionType ?? null,
        })),
      }
    }),
    counts: selectCounts(state),
  }
}

/** A document's actions (title line, 'Actions: n/…'): its frames, or for frames still on the server its announced count. */
function documentActions(doc: DocumentCard, frameIds: string[] | undefined): number {
  const attached = frameIds?.length ?? 0
  return doc.framesState !== 'present' ? Math.max(attached, doc.actionCount ?? 0) : attached
}

const actionSums: GroupSums = new WeakMap()
const pausedCache = new WeakMap<object, string | null>()
const EMPTY_FRAMES: FrameCard[] = []
const framesCache = new WeakMap<object, { byId: object; value: FrameCard[] }>()
const countsCache = new WeakMap<object, { byParent: object; value: { documents: number; actions: number } }>()

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}
