/**
 * Loads a workspace through the API and publishes it: the first page replaces the graph, following
 * pages (while either continuation token remains) append. A failed load publishes workspace.loadFailed
 * with 'Failed to load workspace data' (the empty-workspace view), never an exception.
 */
import { SessionDataHeaders } from '../protocol/api'
import type { ApiClient } from './api-client'
import type { ClientCore } from './client-core'
import { translateSessionData } from './translators/session-data'

export const LOAD_FAILED = 'Failed to load workspace data'

export async function loadWorkspace(core: ClientCore, api: ApiClient, ids: { researchId: string; sessionId: string }, pageSize = 50): Promise<boolean> {
  const path = `/researches/${encodeURIComponent(ids.researchId)}/sessions/${encodeURIComponent(ids.sessionId)}/data`
  let eventsToken: string | null = null
  let framesToken: string | null = null
  let eventsDone = false
  let framesDone = false
  try {
    for (let page = 0; !(eventsDone && framesDone); page++) {
      const headers: Record<string, string> = {
        [SessionDataHeaders.eventsPageSize]: String(pageSize),
        [SessionDataHeaders.framesPageSize]: String(pageSize),
      }
      if (eventsToken) headers[SessionDataHeaders.eventsContinuationToken] = eventsToken
      if (framesToken) headers[SessionDataHeaders.framesContinuationToken] = framesToken
      const body = await api.request('GET', path, { headers })
      // Once one side is exhausted the server would restart it from the top: drop that side.
      const page_ = page === 0 ? body : withoutFinished(body, eventsDone, framesDone)
      const events = translateSessionData(page_, { sessionId: ids.sessionId, append: page > 0 })
      core.bus.publish(events, 'api')
      if (events[0]?.type !== 'workspace.loaded') throw new Error('rejected')
      const next = body as { eventsContinuationToken?: string | null; framesContinuationToken?: string | null }
      eventsToken = next.eventsContinuationToken ?? null
      framesToken = next.framesContinuationToken ?? null
      eventsDone ||= eventsToken === null
      framesDone ||= framesToken === null
    }
    return true
  } catch {
    core.bus.publish({ type: 'workspace.loadFailed', sessionId: ids.sessionId, message: LOAD_FAILED }, 'api')
    return false
  }
}

function withoutFinished(body: unknown, eventsDone: boolean, framesDone: boolean): unknown {
  if (body === null || typeof body !== 'object') return body
  return { ...body, ...(eventsDone ? { events: [] } : {}), ...(framesDone ? { actionFrames: [] } : {}) }
}
