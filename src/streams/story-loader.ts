/**
 * Loads the stories of a workspace's documents (`GET …/sessions/{sid}/stories`, issue 20) and publishes
 * them as `story.listLoaded`, beside the session data and whenever it is reloaded (open, resync, Reset).
 * Later changes come on the live channel as `story-updated`.
 *
 * Stories add to a workspace; they are never what it needs to work. So a failed call publishes nothing:
 * no toast, the cards show no story (a server without the stories route answers 404 alike). An answer
 * that does not read as stories is a `diagnostic.inputRejected`, like any rejected input, for the
 * developer tools rather than the analyst.
 */
import { RejectionReason } from '../domain/diagnostic'
import { sessionStoriesContract } from '../protocol/http/stories'
import { ApiError, type ApiClient } from './api-client'
import { call } from './call'
import type { ClientCore } from './client-core'
import { loadCorrections } from './correction-intents'
import { DEFAULT_PAGING, loadWorkspace } from './session-loader'

/**
 * A workspace's load as the app does it (open, resync, Reset): its documents (frames when their cards
 * show) and, at the same time, its stories and the analyst's corrections of its frames. Resolves to whether the documents loaded; the stories' fate
 * does not change it.
 */
export async function loadWorkspaceAndStories(core: ClientCore, api: ApiClient, ids: { researchId: string; sessionId: string }): Promise<boolean> {
  const [loaded] = await Promise.all([loadWorkspace(core, api, ids, DEFAULT_PAGING, 'on-view'), loadStories(core, api, ids), loadCorrections(core, api, ids)])
  return loaded
}

/** Resolves to whether the stories were published. */
export async function loadStories(core: ClientCore, api: ApiClient, ids: { researchId: string; sessionId: string }): Promise<boolean> {
  try {
    const body = await call(api, sessionStoriesContract, { params: { id: ids.researchId, sid: ids.sessionId } })
    core.bus.publish({ type: 'story.listLoaded', sessionId: ids.sessionId, stories: body.stories }, 'api')
    return true
  } catch (error) {
    if (error instanceof ApiError && error.code === 'INVALID_RESPONSE') {
      core.bus.publish(
        { type: 'diagnostic.inputRejected', reason: RejectionReason.SchemaMismatch, detail: error.message, messageType: `${sessionStoriesContract.method} ${sessionStoriesContract.path}` },
        'api',
      )
    }
    return false
  }
}
