/**
 * Workspace-level intents: Reset (clear the view and load it again from the server), Clear (delete every
 * document of the workspace on the server, then empty the view; a toast says how many went, or why
 * nothing did) and the progress
 * list's cancel, retry and dismiss (spec §4 "Processing progress": error cards offer retry, which
 * re-runs the stored input; in-progress cards can be cancelled; finished ones dismissed).
 */
import { eventsClearContract } from '../protocol/http/session-data'
import { ApiError } from './api-client'
import { call } from './call'
import { loadWorkspaceAndStories } from './story-loader'
import { type IntentContext, toast } from './intents'

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
  await loadWorkspaceAndStories(ctx.core, ctx.api, ids)
  toast(ctx, 'info', 'View reset: documents reloaded from the server')
}

/** Deletes the workspace's documents and their frames; resolves to how many went, or null when refused. */
export async function clearWorkspace(ctx: IntentContext, ids: { researchId: string; sessionId: string }): Promise<number | null> {
  try {
    const { deleted } = await call(ctx.api, eventsClearContract, { params: { id: ids.researchId, sid: ids.sessionId } })
    ctx.core.bus.publish({ type: 'workspace.cleared' }, 'local')
    toast(ctx, 'success', `Workspace cleared: ${deleted} ${deleted === 1 ? 'document' : 'documents'} deleted`)
    return deleted
  } catch (error) {
    toast(ctx, 'error', `Failed to clear the workspace: ${error instanceof ApiError ? error.message : 'the server could not be reached'}`)
    return null
  }
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
