/**
 * How the workspace graph (./workspace-graph.ts) is changed: typed ways into its collections, and the
 * edits its handlers are made of. This is the hot path of a replay (ARCHITECTURE.md): every edit works
 * on the transaction's copy-on-write drafts (define-projection.ts), so a collection is copied at most once
 * per batch, and `draftFramesById(tx)` reads as what it is rather than as three nested `edit` calls.
 */
import type { ActionFrame, Connection, GenesisEvent, Payload } from '../protocol/entities'
import { compareMessageIds } from '../protocol/live-messages'
import { DocumentStatus } from '../domain/document'
import { cardType, chooseLoadedTitle, isMeaningfulTitle } from '../domain/rules/titles'
import { putEntry, removeEntries, smUpsert, upsertEntry } from './collections'
import { edit, type Tx } from './define-projection'
import { emptyShardedMap, type ShardedMap, smDelete, smEdit, smGet, smHas, smSet } from './sharded-map'
import type { DocumentCard, FrameCard, FramesState, WorkspaceGraph } from './workspace-graph'

type G = Tx<WorkspaceGraph>
type LiveEvent = { sessionId: string; messageId?: string | null }

// ---- the collections, owned by the transaction ---------------------------------------------------

export const draftDocuments = (tx: G) => edit(tx, tx.draft(), 'documents')
export const draftDocumentsById = (tx: G) => edit(tx, draftDocuments(tx), 'byId')
export const draftFrames = (tx: G) => edit(tx, tx.draft(), 'frames')
export const draftFramesById = (tx: G) => edit(tx, draftFrames(tx), 'byId')
export const draftConnections = (tx: G) => edit(tx, tx.draft(), 'connections')
export const draftPendingUpdates = (tx: G) => edit(tx, tx.draft(), 'pendingFrameUpdates')
export const draftCursors = (tx: G) => edit(tx, tx.draft(), 'cursors')
export const draftLoad = (tx: G) => edit(tx, tx.draft(), 'load')

// ---- edits -----------------------------------------------------------------------------------------

/**
 * Whether a live event applies: it belongs to the open session (or none is open) and its id is past the
 * last applied one. Accepting it advances the session's cursor.
 */
export function accept(tx: G, e: LiveEvent): boolean {
  const g = tx.state
  if (g.sessionId !== null && e.sessionId !== g.sessionId) return false
  const id = e.messageId
  if (id != null) {
    const last = g.cursors[e.sessionId]
    if (last !== undefined && compareMessageIds(id, last) <= 0) return false
    draftCursors(tx)[e.sessionId] = id
  }
  return true
}

export function setTitle(doc: DocumentCard, title: string): void {
  doc.title = title
  if (isMeaningfulTitle(title)) doc.knownTitle = title
}

/** A step of a card's processing: its status, and the line that says so (the title too, until a real one is known). */
export function showProgress(doc: DocumentCard, status: DocumentCard['status'], line: string): void {
  setTitle(doc, line)
  doc.status = status
  doc.statusMessage = line
}

function newDocument(id: string, sessionId: string | null): DocumentCard {
  return {
    id,
    type: 'document',
    eventType: null,
    title: null,
    knownTitle: null,
    titleRule: 'live',
    summary: null,
    status: DocumentStatus.Processing,
    statusMessage: null,
    pausedReason: null,
    payload: null,
    analytics: null,
    uploadedAt: null,
    ingestedAt: null,
    error: null,
    actionCount: null,
    reprocessing: false,
    reprocessProgress: null,
    statusBeforeReprocess: null,
    sessionId,
    framesState: 'present',
  }
}

/** An owned copy of an existing document. */
export function editDocument(tx: G, id: string): DocumentCard {
  return smEdit(tx, draftDocumentsById(tx), id)
}

/** The document to change, created when a message arrives before its skeleton; it now follows the live title rule. */
export function upsertDocument(tx: G, id: string, sessionId: string | null): DocumentCard {
  const doc = upsertEntry(tx, draftDocuments(tx), id, () => newDocument(id, sessionId))
  doc.titleRule = 'live'
  // Whatever the server says next about it, the document is no longer waiting (parked says so again).
  if (doc.pausedReason !== null) doc.pausedReason = null
  return doc
}

/** Merges a payload into the document's: fields the message leaves out or nulls are kept. */
export function mergePayload(tx: G, doc: DocumentCard, next: Payload): void {
  if (doc.payload) Object.assign(edit(tx, doc, 'payload'), stripNullish(next))
  else doc.payload = next
}

function stripNullish<T extends object>(obj: T): Partial<T> {
  const out: Record<string, unknown> = {}
  for (const k in obj) {
    const v = (obj as Record<string, unknown>)[k]
    if (v != null && Object.hasOwn(obj, k)) out[k] = v
  }
  return out as Partial<T>
}

/** Merges an update into an owned frame; an update cannot move a frame (id and parent are fixed by creation). */
export function assignUpdates(frame: FrameCard, updates: Partial<ActionFrame>): void {
  for (const key in updates) {
    const value = (updates as Record<string, unknown>)[key]
    if (value == null || key === 'id' || key === 'parentId' || !Object.hasOwn(updates, key)) continue
    ;(frame as Record<string, unknown>)[key] = value
  }
}

/** Keeps the frame in its parent's list, ordered by actionIndex then arrival. */
export function placeFrame(tx: G, frame: FrameCard, before: { parentId: string; actionIndex: unknown } | null): void {
  if (before && before.parentId === frame.parentId && before.actionIndex === frame.actionIndex) return
  const frames = draftFrames(tx)
  const byParent = edit(tx, frames, 'byParent')
  if (before) removeFromList(tx, byParent, before.parentId, frame.id)
  const list = smUpsert(tx, byParent, frame.parentId, (): string[] => [])
  const key = orderKey(frame.actionIndex)
  let at = list.length
  while (at > 0 && orderKey(smGet(frames.byId, list[at - 1] as string)?.actionIndex) > key) at--
  list.splice(at, 0, frame.id)
}

function orderKey(index: number | null | undefined): number {
  return typeof index === 'number' && Number.isFinite(index) ? index : Number.MAX_SAFE_INTEGER
}

function removeFromList(tx: G, lists: ShardedMap<string[]>, key: string, id: string): void {
  if (!smHas(lists, key)) return
  const list = smEdit(tx, lists, key)
  const i = list.indexOf(id)
  if (i >= 0) list.splice(i, 1)
  if (list.length === 0) smDelete(tx, lists, key)
}

export function removeDocument(tx: G, id: string): void {
  if (!smHas(tx.state.documents.byId, id)) return
  removeEntries(tx, draftDocuments(tx), new Set([id]))
  const children = smGet(tx.state.frames.byParent, id)
  if (children) {
    const frames = draftFrames(tx)
    const byId = edit(tx, frames, 'byId')
    for (const frameId of children) smDelete(tx, byId, frameId)
    smDelete(tx, edit(tx, frames, 'byParent'), id)
    removeConnectionsOf(tx, new Set(children))
  }
}

/** Connections between frames that are gone go with them (a deleted document's own connections). */
function removeConnectionsOf(tx: G, frameIds: ReadonlySet<string>): void {
  const gone = tx.state.connections.order.filter((cid) => smGet(tx.state.connections.byId, cid)?.participants?.some((p) => frameIds.has(p)))
  if (gone.length === 0) return
  removeEntries(tx, draftConnections(tx), new Set(gone))
}

export function resetTo(tx: G, researchId: string | null, sessionId: string | null): void {
  const g = tx.draft()
  g.researchId = researchId
  g.sessionId = sessionId
  g.documents = tx.adopt({ byId: tx.adopt(emptyShardedMap<DocumentCard>()), order: tx.adopt([]) })
  g.frames = tx.adopt({ byId: tx.adopt(emptyShardedMap<FrameCard>()), byParent: tx.adopt(emptyShardedMap<string[]>()) })
  g.pendingFrameUpdates = tx.adopt({})
  g.connections = tx.adopt({ byId: tx.adopt(emptyShardedMap<Connection>()), order: tx.adopt([]) })
  g.cursors = tx.adopt({})
  g.load = tx.adopt({ status: 'idle', message: null, liveCursor: null, pages: 0 })
}

/** Session load: events count as completed (failed ones stay failed), titles follow the load rule. */
export function loadEvent(tx: G, ev: GenesisEvent, sessionId: string, framesState: FramesState): void {
  const payload = ev.payload ?? null
  const eventType = ev.eventType ?? ev.type ?? null
  putEntry(
    tx,
    draftDocuments(tx),
    ev.id,
    tx.adopt({
      ...newDocument(ev.id, ev.sessionId ?? sessionId),
      type: cardType(payload, eventType),
      eventType,
      title: chooseLoadedTitle({ payload, title: ev.title, type: eventType }),
      knownTitle: isMeaningfulTitle(ev.title) ? ev.title : null,
      titleRule: 'loaded',
      summary: ev.summary ?? null,
      // Spec §4: loaded events are marked completed. A stored failure stays visible as one.
      status: ev.status === DocumentStatus.Error ? DocumentStatus.Error : DocumentStatus.Completed,
      payload,
      analytics: ev.analytics ?? null,
      uploadedAt: ev.uploadedAt ?? null,
      ingestedAt: ev.ingestedAt ?? null,
      error: ev.error ?? null,
      actionCount: ev.actionCount ?? null,
      framesState,
    }),
  )
}

/** Updates that arrived for a frame before it did, applied now in arrival order. */
export function applyPendingUpdates(tx: G, frameId: string): void {
  const pending = tx.state.pendingFrameUpdates[frameId]
  if (!pending) return
  const frame = smEdit(tx, draftFramesById(tx), frameId)
  for (const updates of pending) assignUpdates(frame, updates)
  delete draftPendingUpdates(tx)[frameId]
}

/** Session load: frames default to draft; a frame without an id or parent cannot be placed and is skipped. */
export function loadFrame(tx: G, fr: ActionFrame): void {
  const id = fr.id
  const parentId = fr.parentId ?? fr.parentEventId
  if (id == null || parentId == null) return
  const previous = smGet(tx.state.frames.byId, id)
  const before = previous ? { parentId: previous.parentId, actionIndex: previous.actionIndex } : null
  // A frame that already carries its id, parent and status is its own card: stored as it is, not owned,
  // so a later edit copies it first and the event itself is never changed.
  const complete = fr.parentId === parentId && fr.status != null
  const frame = complete ? (fr as FrameCard) : tx.adopt(Object.assign({}, fr, { id, parentId, status: fr.status ?? 'draft' }) as FrameCard)
  smSet(tx, draftFramesById(tx), id, frame)
  placeFrame(tx, frame, before)
}
