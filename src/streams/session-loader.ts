/**
 * Loads a workspace through the API and publishes it: the first page replaces the graph, following
 * pages (while either continuation token remains) append. A failed load publishes workspace.loadFailed
 * with 'Failed to load workspace data' (the empty-workspace view), never an exception.
 *
 * Paging: the first page is small (the spec's default of 50), so the first cards show after a small
 * answer; the following pages are large, so a 10,000-document workspace takes a few dozen round trips
 * rather than thousands. The next page is requested before the current one is folded, so the server
 * prepares it while the client folds. A side that is complete is asked for with page size 0.
 *
 * Frames 'on-view' (the app's way): the pages carry the documents alone (frames page size 0), marked
 * `framesDeferred`; each card's frames are fetched when it is first shown (frame-loader.ts). A workspace
 * of 10,000 documents and 100,000 frames then loads its 27 MB of documents, not 150 MB of both.
 */
import { SessionDataHeaders } from '../protocol/api'
import { pathOf } from '../protocol/http/contract'
import { sessionDataContract } from '../protocol/http/session-data'
import type { ApiClient } from './api-client'
import type { ClientCore } from './client-core'
import { translateSessionData } from './translators/session-data'

export const LOAD_FAILED = 'Failed to load workspace data'

interface Paging {
  /** Rows of each kind in the first page. */
  first: number
  /** Rows of each kind in every later page. */
  next: number
}

export const DEFAULT_PAGING: Paging = { first: 50, next: 2000 }

/** Whether the pages bring the frames with the documents, or leave them until their cards are shown. */
export type FramesLoading = 'with-documents' | 'on-view'

export async function loadWorkspace(
  core: ClientCore,
  api: ApiClient,
  ids: { researchId: string; sessionId: string },
  paging: Paging = DEFAULT_PAGING,
  frames: FramesLoading = 'with-documents',
): Promise<boolean> {
  const deferred = frames === 'on-view'
  const path = pathOf(sessionDataContract, { id: ids.researchId, sid: ids.sessionId })
  const abort = new AbortController()
  const request = (size: number, cursor: Cursor) => {
    const headers: Record<string, string> = {
      [SessionDataHeaders.eventsPageSize]: String(cursor.eventsDone ? 0 : size),
      [SessionDataHeaders.framesPageSize]: String(cursor.framesDone ? 0 : size),
    }
    if (cursor.eventsToken) headers[SessionDataHeaders.eventsContinuationToken] = cursor.eventsToken
    if (cursor.framesToken) headers[SessionDataHeaders.framesContinuationToken] = cursor.framesToken
    return api.request('GET', path, { headers, signal: abort.signal })
  }
  let cursor: Cursor = { eventsToken: null, framesToken: null, eventsDone: false, framesDone: deferred }
  let pending: Promise<unknown> | null = request(paging.first, cursor)
  try {
    for (let page = 0; pending !== null; page++) {
      const body = await pending
      const done = cursor
      const next = body as { eventsContinuationToken?: string | null; framesContinuationToken?: string | null }
      cursor = {
        eventsToken: next.eventsContinuationToken ?? null,
        framesToken: next.framesContinuationToken ?? null,
        eventsDone: done.eventsDone || !next.eventsContinuationToken,
        framesDone: done.framesDone || !next.framesContinuationToken,
      }
      pending = cursor.eventsDone && cursor.framesDone ? null : request(paging.next, cursor)
      // A server that ignores page size 0 would restart a finished side from the top: drop that side.
      const page_ = withoutFinished(body, done.eventsDone, done.framesDone)
      const events = translateSessionData(page_, { sessionId: ids.sessionId, append: page > 0, framesDeferred: deferred })
      core.bus.publish(events, 'api')
      if (events[0]?.type !== 'workspace.loaded') throw new Error('rejected')
    }
    return true
  } catch {
    // The page requested ahead is not wanted any more; its rejection is expected, not an error.
    abort.abort()
    void pending?.catch(() => {})
    core.bus.publish({ type: 'workspace.loadFailed', sessionId: ids.sessionId, message: LOAD_FAILED }, 'api')
    return false
  }
}

/** Where the next page starts: each side's token, and whether that side has been read to its end. */
interface Cursor {
  eventsToken: string | null
  framesToken: string | null
  eventsDone: boolean
  framesDone: boolean
}

function withoutFinished(body: unknown, eventsDone: boolean, framesDone: boolean): unknown {
  if (body === null || typeof body !== 'object') return body
  return { ...body, ...(eventsDone ? { events: [] } : {}), ...(framesDone ? { actionFrames: [] } : {}) }
}
