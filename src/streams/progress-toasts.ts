/**
 * Success toasts that wait for the truth (issue 15): an input's success text ('Text analyzed
 * successfully', 'File uploaded successfully', 'Website processed successfully: {hostname}') is raised when
 * the progress card of that input completes, that is when processing of its document completed, not when
 * the server accepted it. The card decides (src/projections/progress.ts); this only watches it.
 *
 * Contract: one toast at most per card, with a stable id, so a card seen completed twice toasts once. The
 * watch ends when the card ends (completed, error, cancelled) or goes (dismissed, retried); a card that
 * waits for ever (parked and never replayed) keeps its watch, one subscription, until the page goes.
 */
import type { ProgressCards } from '../projections/progress'
import type { IntentContext } from './intents'

/** Raises `message` (success) when the progress card `progressId` completes. */
export function toastWhenDone(ctx: IntentContext, progressId: string, message: string): void {
  const model = ctx.core.models.progressCards
  let done = false
  let unsubscribe: (() => void) | null = null
  const check = (state: ProgressCards) => {
    if (done) return
    const card = state.byId[progressId]
    if (card && card.overallStatus === 'in_progress') return
    done = true
    unsubscribe?.()
    if (card?.overallStatus !== 'completed') return
    ctx.core.bus.publish({ type: 'notification.shown', id: `done:${progressId}`, kind: 'success', message, at: ctx.now() }, 'local')
  }
  unsubscribe = model.subscribe(() => check(model.get()))
  // It may have ended already (a document can complete before its submit is answered).
  check(model.get())
  if (done) unsubscribe()
}
