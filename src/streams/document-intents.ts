/**
 * Document intents (spec §7, §8): reprocess a document card and delete one.
 *
 * Reprocess: the card is marked processing at once (`document.reprocessRequested`, local: 'Reprocessing...'
 * at 0%, stage starting), then `POST …/events/{eventId}/reprocess` starts the run; the server answers 202
 * and the run's progress arrives on the live channel (`genesis_event_updated`). If the call is refused the
 * card returns to where it was (`document.reprocessStartFailed`) and an alert says why: the server's
 * "does not support reprocessing" refusal, or 'Failed to start reprocessing. Please try again.' for any
 * other failure. A type the client already knows cannot be reprocessed is refused without a request.
 *
 * Delete: `DELETE …/events/{eventId}`; on success (or when the server no longer has it) the card and its
 * frames go (`document.deleted`). A failure leaves the card and is only logged (spec §8).
 */
import { supportsReprocess } from '../domain/rules/processing'
import { Texts } from '../domain/rules/texts'
import { selectDocument } from '../projections/workspace-selectors'
import { eventDeleteContract, eventReprocessContract } from '../protocol/http/session-data'
import { ApiError } from './api-client'
import { call } from './call'
import { type IntentContext, toast } from './intents'

interface DocumentRef {
  researchId: string
  sessionId: string
  /** The genesis event (document card) id. */
  eventId: string
}

/** started: the server accepted; in-progress: one is already running; unsupported / failed: refused, with an alert. */
type ReprocessOutcome = 'started' | 'in-progress' | 'unsupported' | 'failed'

export async function reprocessDocument(ctx: IntentContext, ref: DocumentRef): Promise<ReprocessOutcome> {
  const { eventId } = ref
  const doc = selectDocument(ctx.core.models.workspaceGraph.get(), eventId)
  if (doc && !supportsReprocess(doc.type)) {
    toast(ctx, 'error', Texts.reprocessUnsupported)
    return 'unsupported'
  }
  if (doc?.reprocessing) return 'in-progress'
  ctx.core.bus.publish({ type: 'document.reprocessRequested', eventId }, 'local')
  try {
    await call(ctx.api, eventReprocessContract, { params: eventParams(ref) })
    return 'started'
  } catch (error) {
    const unsupported = isUnsupportedRefusal(error)
    const message = unsupported ? Texts.reprocessUnsupported : Texts.reprocessStartFailed
    ctx.core.bus.publish({ type: 'document.reprocessStartFailed', eventId, message }, 'local')
    toast(ctx, 'error', message)
    return unsupported ? 'unsupported' : 'failed'
  }
}

interface DeleteDocumentOptions {
  /** Where a failure is logged (spec §8: silent, only logged). Defaults to console.warn. */
  log?: (message: string) => void
}

/** Deletes a document card and its action frames; resolves to whether it is gone. */
export async function deleteDocument(ctx: IntentContext, ref: DocumentRef, options: DeleteDocumentOptions = {}): Promise<boolean> {
  try {
    await call(ctx.api, eventDeleteContract, { params: eventParams(ref) })
  } catch (error) {
    // Already gone on the server (deleted elsewhere): the card should go here too. Any other 404 (no
    // such session or route) is a failure like the rest.
    if (!(error instanceof ApiError && error.status === 404 && error.message === 'Event not found')) {
      const log = options.log ?? ((message: string) => console.warn(message))
      log(`[sightline] document ${ref.eventId} was not deleted: ${error instanceof Error ? error.message : String(error)}`)
      return false
    }
  }
  ctx.core.bus.publish({ type: 'document.deleted', eventId: ref.eventId }, 'api')
  return true
}

function eventParams({ researchId, sessionId, eventId }: DocumentRef) {
  return { id: researchId, sid: sessionId, eventId }
}

/** The server's refusal for a type it cannot reprocess (400 VALIDATION_ERROR with the spec's text). */
function isUnsupportedRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /does not support reprocessing/i.test(error.message)
}
