/**
 * Fetches the frames of documents whose frames the session load deferred (session-loader.ts, 'on-view'),
 * as `GET …/sessions/{sid}/frames?events=…`, and publishes what comes back as `workspace.framesLoaded`
 * (or `workspace.framesLoadFailed`).
 *
 * A card that shows a deferred document says `want(id)` and, when it leaves the screen, `release(id)`.
 * Ids still wanted a moment later (`delayMs`) are fetched together, up to the server's 200 a request: the
 * cards of a screen cost one round trip, and a card swept past in a fast scroll asks for nothing.
 * `loadAll()` fetches every deferred document's frames (the graph view draws all of them).
 */
import { selectAwaitsFrames, selectDocumentsAwaitingFrames } from '../projections/workspace-selectors'
import { SESSION_FRAMES_MAX_DOCUMENTS } from '../protocol/api'
import { pathOf } from '../protocol/http/contract'
import { sessionFramesContract } from '../protocol/http/session-data'
import type { ApiClient } from './api-client'
import type { ClientCore } from './client-core'
import { FRAMES_LOAD_FAILED, translateSessionFrames } from './translators/session-data'

/** The most documents one request names. */
export const FRAMES_BATCH = SESSION_FRAMES_MAX_DOCUMENTS
/** How long a card must stay wanted before its frames are asked for. */
export const WANT_DELAY_MS = 80

export interface FrameLoader {
  want(documentId: string): void
  release(documentId: string): void
  /** Fetches these documents' frames now (a card's Retry). */
  fetchNow(documentIds: readonly string[]): Promise<boolean>
  /** Fetches the frames of every document still waiting for them; false if any request failed. */
  loadAll(): Promise<boolean>
  dispose(): void
}

export function createFrameLoader(core: ClientCore, api: ApiClient, ids: { researchId: string; sessionId: string }, options: { delayMs?: number } = {}): FrameLoader {
  const path = pathOf(sessionFramesContract, { id: ids.researchId, sid: ids.sessionId })
  const delayMs = options.delayMs ?? WANT_DELAY_MS
  const wanted = new Set<string>()
  const inFlight = new Set<string>()
  const abort = new AbortController()
  let timer: ReturnType<typeof setTimeout> | null = null

  const awaiting = (id: string) => {
    const state = core.models.workspaceGraph.get()
    return state.sessionId === ids.sessionId && !inFlight.has(id) && selectAwaitsFrames(state, id)
  }

  async function fetchBatch(documentIds: string[]): Promise<boolean> {
    for (const id of documentIds) inFlight.add(id)
    try {
      const body = await api.request('GET', `${path}?events=${documentIds.map(encodeURIComponent).join(',')}`, { signal: abort.signal })
      if (abort.signal.aborted) return false
      const events = translateSessionFrames(body, { sessionId: ids.sessionId, documentIds })
      core.bus.publish(events, 'api')
      return events[0]?.type === 'workspace.framesLoaded'
    } catch {
      if (abort.signal.aborted) return false
      core.bus.publish({ type: 'workspace.framesLoadFailed', sessionId: ids.sessionId, documentIds, message: FRAMES_LOAD_FAILED }, 'api')
      return false
    } finally {
      for (const id of documentIds) inFlight.delete(id)
    }
  }

  async function fetchAll(documentIds: readonly string[]): Promise<boolean> {
    const due = documentIds.filter(awaiting)
    const batches: Array<Promise<boolean>> = []
    for (let i = 0; i < due.length; i += FRAMES_BATCH) batches.push(fetchBatch(due.slice(i, i + FRAMES_BATCH)))
    return (await Promise.all(batches)).every(Boolean)
  }

  const flush = () => {
    timer = null
    const due = [...wanted]
    wanted.clear()
    void fetchAll(due)
  }

  return {
    want(documentId) {
      if (abort.signal.aborted) return
      wanted.add(documentId)
      timer ??= setTimeout(flush, delayMs)
    },
    release(documentId) {
      wanted.delete(documentId)
    },
    fetchNow: (documentIds) => fetchAll(documentIds),
    async loadAll() {
      // One batch at a time: the cards on screen keep their turn between them.
      for (;;) {
        if (abort.signal.aborted) return false
        const due = selectDocumentsAwaitingFrames(core.models.workspaceGraph.get()).filter(awaiting)
        if (due.length === 0) return true
        if (!(await fetchBatch(due.slice(0, FRAMES_BATCH)))) return false
      }
    },
    dispose() {
      abort.abort()
      if (timer) clearTimeout(timer)
      timer = null
      wanted.clear()
    },
  }
}
