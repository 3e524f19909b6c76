/**
 * The workspace graph: the document cards, action frames and connections of the open workspace,
 * folded from live messages and session loads by the rules of spec §4.
 *
 * - Every live-derived event carries its session and live-log id. Events for another session than the
 *   open one are ignored; an event whose id is at or before the last applied id of its session is a
 *   redelivery and changes nothing.
 * - Documents and frames merge by id. A frame may arrive before its document: it is kept and shows
 *   once the document does. An update for a frame not yet created waits for the frame.
 * - Deleting a document removes its frames; selecting another session clears everything.
 * - A session load may defer the frames (`framesDeferred`): its documents wait in 'deferred' until
 *   `workspace.framesLoaded` brings their frames. Those merge by id; a frame the live channel already
 *   changed after the fetched snapshot keeps its live state.
 */
import type { ActionFrame, Analytics, Connection, Payload } from '../protocol/entities'
import { compareMessageIds } from '../protocol/live-messages'
import { DocumentStatus } from '../domain/document'
import { cardType, isMeaningfulTitle } from '../domain/rules/titles'
import { createdFrameStatus, ParkingPhases, phaseMessage, reprocessStageMessage } from '../domain/rules/processing'
import { Texts } from '../domain/rules/texts'
import { appendAt, assign, upsertEntry } from './collections'
import { defineProjection, type HandlerMap } from './define-projection'
import { emptyShardedMap, type ShardedMap, smEdit, smGet, smHas, smSet } from './sharded-map'
import {
  accept,
  applyPendingUpdates,
  assignUpdates,
  draftConnections,
  draftCursors,
  draftFramesById,
  draftLoad,
  draftPendingUpdates,
  editDocument,
  loadEvent,
  loadFrame,
  mergePayload,
  placeFrame,
  removeDocument,
  resetTo,
  setTitle,
  showProgress,
  upsertDocument,
} from './workspace-graph-edits'

export interface ReprocessProgress {
  stage: string
  percentage: number
}

export interface DocumentCard {
  id: string
  /** Card type: document when there is an original filename, else the event type. */
  type: string
  eventType: string | null
  /** The title field as the live rules set it (status texts included); the card shows `selectCardTitle`. */
  title: string | null
  /**
   * The last meaningful title a message carried. The live rules overwrite `title` with status texts
   * ('Completed: 3 actions identified'); the title choice reads this instead, so a real title is never lost.
   */
  knownTitle: string | null
  /** Which title rule the card follows: the live one, or the session-load one until a live message arrives. */
  titleRule: 'live' | 'loaded'
  summary: string | null
  status: string
  /** What the pipeline last said it is doing ('Analyzing structure...', 'Reprocessing (40%)' …). */
  statusMessage: string | null
  /**
   * Why the document waits, while a job of it is parked behind an open circuit breaker ('Paused: ingestion
   * is disabled for this workspace's tenant'); null once it is replayed or any other message moves it on.
   */
  pausedReason: string | null
  payload: Payload | null
  analytics: Analytics | null
  uploadedAt: string | number | null
  ingestedAt: string | number | null
  error: string | null
  /** The total number of actions the server announced; null before any announcement. */
  actionCount: number | null
  reprocessing: boolean
  reprocessProgress: ReprocessProgress | null
  /** The status to return to if a reprocess request is refused. */
  statusBeforeReprocess: string | null
  sessionId: string | null
  /**
   * Whether the card's frames are here: 'present' (live, or loaded with the document), 'deferred' (the
   * session load left them on the server until the card is shown) or 'failed' (fetching them failed).
   */
  framesState: FramesState
}

export type FramesState = 'present' | 'deferred' | 'failed'

export type FrameCard = ActionFrame & { id: string; parentId: string; status: string }

export interface WorkspaceGraph {
  researchId: string | null
  sessionId: string | null
  documents: { byId: ShardedMap<DocumentCard>; order: string[] }
  frames: {
    byId: ShardedMap<FrameCard>
    /** Frame ids per document id, ordered by actionIndex (then arrival). */
    byParent: ShardedMap<string[]>
  }
  /** Updates for frames that have not been created yet, applied in arrival order on creation. */
  pendingFrameUpdates: Record<string, Array<Partial<ActionFrame>>>
  connections: { byId: ShardedMap<Connection>; order: string[] }
  /** The last applied live-log id per session. */
  cursors: Record<string, string>
  /** `pages`: how many pages of session loads have been folded (a reload counts on), so a view can tell a load's documents from news. */
  load: { status: 'idle' | 'loaded' | 'failed'; message: string | null; liveCursor: string | null; pages: number }
}

export const emptyWorkspaceGraph: WorkspaceGraph = {
  researchId: null,
  sessionId: null,
  documents: { byId: emptyShardedMap(), order: [] },
  frames: { byId: emptyShardedMap(), byParent: emptyShardedMap() },
  pendingFrameUpdates: {},
  connections: { byId: emptyShardedMap(), order: [] },
  cursors: {},
  load: { status: 'idle', message: null, liveCursor: null, pages: 0 },
}

/** The handlers, exported for bench/replay-immer-graph.ts (the same edits folded through immer). */
export const workspaceGraphHandlers: HandlerMap<WorkspaceGraph> = {
  'document.skeletonReceived': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    if (e.payload) mergePayload(tx, doc, e.payload)
    if (e.eventType) doc.eventType = e.eventType
    doc.type = cardType(doc.payload, doc.eventType)
    setTitle(doc, isMeaningfulTitle(e.title) ? e.title : Texts.processingDocument)
    doc.status = DocumentStatus.Processing
    doc.statusMessage = Texts.processingDocument
    if (e.uploadedAt != null) doc.uploadedAt = e.uploadedAt
  },
  'document.summaryReceived': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    setTitle(doc, e.title)
    doc.summary = e.summary
    doc.status = DocumentStatus.Summarized
    doc.statusMessage = null
  },
  'document.ready': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    if (e.title != null) setTitle(doc, e.title)
    if (e.summary != null) doc.summary = e.summary
    mergePayload(tx, doc, e.payload)
    doc.analytics = e.analytics
    doc.type = cardType(doc.payload, doc.eventType)
    doc.status = DocumentStatus.DocumentReady
    doc.statusMessage = null
  },
  'document.actionAnalysisStarted': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    showProgress(doc, DocumentStatus.AnalyzingActions, Texts.analyzingActions)
  },
  'document.actionAnalysisCompleted': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    if (e.outcome === 'no-actions-found') {
      showProgress(doc, DocumentStatus.Completed, Texts.noActionsFound)
      doc.actionCount = 0
    } else {
      doc.status = DocumentStatus.ProcessingActions
      doc.actionCount = e.actionCount
    }
  },
  'document.actionFramesDetected': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    showProgress(doc, DocumentStatus.ProcessingActions, Texts.processingActions(e.count))
    doc.actionCount = e.count
  },
  'document.processingCompleted': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    showProgress(doc, DocumentStatus.Completed, Texts.completedActions(e.actionCount))
    doc.actionCount = e.actionCount
    doc.reprocessing = false
  },
  'document.processingFailed': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    const message = e.error && e.error.trim() !== '' ? e.error : Texts.processingErrorFallback
    showProgress(doc, DocumentStatus.Error, Texts.processingFailed)
    doc.summary = message
    doc.error = message
    doc.reprocessing = false
  },
  'document.phaseReported': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    const { text, completes } = phaseMessage(e.phase, e.reason)
    doc.statusMessage = text
    if (e.phase === ParkingPhases.Parked) doc.pausedReason = text
    if (completes) doc.status = DocumentStatus.Completed
  },
  'document.reprocessProgressed': (tx, e) => {
    if (!accept(tx, e)) return
    const doc = upsertDocument(tx, e.eventId, e.sessionId)
    doc.statusMessage = reprocessStageMessage(e.stage, e.percentage)
    if (e.stage === 'completed') {
      const data = e.updatedData
      if (data?.title != null) setTitle(doc, data.title)
      if (data?.summary != null) doc.summary = data.summary
      if (data?.payload) doc.payload = data.payload
      if (data?.analytics) doc.analytics = data.analytics
      doc.type = cardType(doc.payload, doc.eventType)
      doc.status = DocumentStatus.Completed
      doc.error = null
      doc.reprocessing = false
      doc.reprocessProgress = { stage: e.stage, percentage: 100 }
      doc.statusBeforeReprocess = null
    } else if (e.stage === 'failed') {
      doc.status = DocumentStatus.Error
      doc.error = e.error && e.error.trim() !== '' ? e.error : Texts.reprocessFailed
      doc.reprocessing = false
      doc.reprocessProgress = { stage: e.stage, percentage: e.percentage }
      doc.statusBeforeReprocess = null
    } else {
      if (!doc.reprocessing) doc.statusBeforeReprocess = doc.status
      doc.status = DocumentStatus.Processing
      doc.reprocessing = true
      doc.reprocessProgress = { stage: e.stage, percentage: e.percentage }
    }
  },
  'document.reprocessRequested': (tx, e) => {
    if (!smHas(tx.state.documents.byId, e.eventId)) return
    const doc = editDocument(tx, e.eventId)
    if (!doc.reprocessing) doc.statusBeforeReprocess = doc.status
    doc.status = DocumentStatus.Processing
    doc.reprocessing = true
    doc.reprocessProgress = { stage: 'starting', percentage: 0 }
    doc.statusMessage = Texts.reprocessRequested
    // The old error stays (hidden while processing) so a refused start can show it again.
  },
  'document.reprocessStartFailed': (tx, e) => {
    const current = smGet(tx.state.documents.byId, e.eventId)
    if (!current?.reprocessing) return
    const doc = editDocument(tx, e.eventId)
    doc.status = doc.statusBeforeReprocess ?? DocumentStatus.Completed
    doc.reprocessing = false
    doc.reprocessProgress = null
    doc.statusBeforeReprocess = null
    doc.statusMessage = null
  },
  'document.deleted': (tx, e) => {
    // A tombstone from the live log applies once and in its session, like any live message; this
    // client's own delete (no session) applies at once.
    if (e.sessionId != null && !accept(tx, { sessionId: e.sessionId, messageId: e.messageId })) return
    removeDocument(tx, e.eventId)
  },
  'actionFrame.created': (tx, e) => {
    if (!accept(tx, e)) return
    const previous = smGet(tx.state.frames.byId, e.frameId)
    const before = previous ? { parentId: previous.parentId, actionIndex: previous.actionIndex } : null
    // Object.assign, then the fixed fields one by one: copying a parsed frame is several times faster this
    // way in V8 than a spread, and a third faster than assigning them from a second object.
    const frame = tx.adopt((previous ? Object.assign({}, previous, e.frame) : Object.assign({}, e.frame)) as FrameCard)
    frame.id = e.frameId
    frame.parentId = e.parentId
    frame.status = createdFrameStatus(e.frame.status)
    const pending = tx.state.pendingFrameUpdates[e.frameId]
    if (pending) {
      for (const updates of pending) assignUpdates(frame, updates)
      delete draftPendingUpdates(tx)[e.frameId]
    }
    smSet(tx, draftFramesById(tx), e.frameId, frame)
    placeFrame(tx, frame, before)
  },
  'actionFrame.updated': (tx, e) => {
    if (!accept(tx, e)) return
    const current = smGet(tx.state.frames.byId, e.frameId)
    if (!current) {
      appendAt(draftPendingUpdates(tx), e.frameId, e.updates)
      return
    }
    const before = { parentId: current.parentId, actionIndex: current.actionIndex }
    const frame = smEdit(tx, draftFramesById(tx), e.frameId)
    assignUpdates(frame, e.updates)
    placeFrame(tx, frame, before)
  },
  'connection.updated': (tx, e) => {
    if (!accept(tx, e)) return
    assign(
      upsertEntry(tx, draftConnections(tx), e.connection.id, () => ({ ...e.connection })),
      e.connection,
    )
  },
  'workspace.sessionSelected': (tx, e) => {
    const g = tx.state
    if (g.sessionId === e.sessionId && (g.researchId ?? null) === (e.researchId ?? null)) return
    resetTo(tx, e.researchId ?? null, e.sessionId)
  },
  'workspace.cleared': (tx) => resetTo(tx, tx.state.researchId, tx.state.sessionId),
  'workspace.loaded': (tx, e) => {
    if (tx.state.sessionId !== null && tx.state.sessionId !== e.sessionId) return
    const pages = tx.state.load.pages
    if (!e.append) {
      resetTo(tx, tx.state.researchId, e.sessionId)
      if (e.liveCursor) {
        draftLoad(tx).liveCursor = e.liveCursor
        draftCursors(tx)[e.sessionId] = e.liveCursor
      }
    }
    const framesState: FramesState = e.framesDeferred ? 'deferred' : 'present'
    for (const ev of e.events) loadEvent(tx, ev, e.sessionId, framesState)
    for (const fr of e.actionFrames) loadFrame(tx, fr)
    assign(draftLoad(tx), { status: 'loaded', message: null, pages: pages + 1 })
  },
  'workspace.framesLoaded': (tx, e) => {
    if (tx.state.sessionId !== e.sessionId) return
    const last = tx.state.cursors[e.sessionId]
    // Live messages applied after the snapshot the frames reflect are newer than the fetched frames.
    const liveIsNewer = last !== undefined && (e.liveCursor == null || compareMessageIds(last, e.liveCursor) > 0)
    const asked = new Set(e.documentIds)
    for (const fr of e.actionFrames) {
      const parentId = fr.parentId ?? fr.parentEventId
      if (fr.id == null || parentId == null || !asked.has(parentId) || !smHas(tx.state.documents.byId, parentId)) continue
      if (liveIsNewer && smHas(tx.state.frames.byId, fr.id)) continue
      loadFrame(tx, fr)
      applyPendingUpdates(tx, fr.id)
    }
    for (const id of e.documentIds) {
      const doc = smGet(tx.state.documents.byId, id)
      if (doc && doc.framesState !== 'present') editDocument(tx, id).framesState = 'present'
    }
  },
  'workspace.framesLoadFailed': (tx, e) => {
    if (tx.state.sessionId !== e.sessionId) return
    for (const id of e.documentIds) {
      const doc = smGet(tx.state.documents.byId, id)
      if (doc && doc.framesState === 'deferred') editDocument(tx, id).framesState = 'failed'
    }
  },
  'workspace.loadFailed': (tx, e) => {
    if (tx.state.sessionId !== null && tx.state.sessionId !== e.sessionId) return
    assign(draftLoad(tx), { status: 'failed', message: e.message })
  },
}

export const workspaceGraph = defineProjection<WorkspaceGraph>({ name: 'workspaceGraph', initial: emptyWorkspaceGraph, on: workspaceGraphHandlers })
