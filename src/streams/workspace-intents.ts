/**
 * Workspace-level intents: Reset (clear the view and load it again from the server) and the progress
 * list's cancel, retry and dismiss (spec §4 "Processing progress": error cards offer retry, which
 * re-runs the stored input; in-progress cards can be cancelled; finished ones dismissed).
 */
import { DEFAULT_PAGING, loadWorkspace } from './session-loader'
import type { IntentContext } from './intents'

/** The stored inputs of progress cards, so a failed one can be sent again. Kept out of read models (files can be large). */
const retries = new Map<string, () => Promise<boolean>>()

/** Called by the intents that start a progress card. */
export function rememberInput(progressId: string, run: () => Promise<boolean>): void {
  retries.set(progressId, run)
}

export function canRetry(progressId: string): boolean {
  return retries.has(progressId)
}

export async function resetWorkspace(ctx: IntentContext, ids: { researchId: string; sessionId: string }): Promise<void> {
  ctx.core.bus.publish({ type: 'workspace.cleared' }, 'local')
  await loadWorkspace(ctx.core, ctx.api, ids, DEFAULT_PAGING, 'on-view')
}

export function cancelProgress(ctx: IntentContext, progressId: string): void {
  ctx.core.bus.publish({ type: 'progress.cancelled', id: progressId, at: ctx.now() }, 'local')
}

export function dismissProgress(ctx: IntentContext, progressId: string): void {
  retries.delete(progressId)
  ctx.core.bus.publish({ type: 'progress.dismissed', id: progressId }, 'local')
}

/** Sends a failed input again: its old card goes, the new attempt brings its own. */
export async function retryProgress(ctx: IntentContext, progressId: string): Promise<boolean> {
  const run = retries.get(progressId)
  if (!run) return false
  dismissProgress(ctx, progressId)
  return run()
}
