/**
 * Watch-lists and alerts (issue 21, item 6): load the analyst's alerts, watches and the day's digest, save
 * and delete watches, mark alerts read. Each load publishes what the server answered; a change publishes
 * only what the server confirmed. Saves and deletes resolve to an outcome so a form keeps what the analyst
 * typed and says why it failed; other loads and reads fail with a toast (the list keeps what it showed).
 */
import type { Alert, Watch, WatchRequest } from '../protocol/alerts'
import {
  alertDigestContract,
  alertListContract,
  alertReadAllContract,
  alertReadContract,
  watchCreateContract,
  watchDeleteContract,
  watchListContract,
  watchUpdateContract,
} from '../protocol/http/alerts'
import { ApiError } from './api-client'
import { call } from './call'
import { type IntentContext, toast } from './intents'

export type WatchOutcome = { ok: true; watch: Watch } | { ok: false; error: string }

export const AlertTexts = {
  loadFailed: 'Failed to load alerts',
  watchesFailed: 'Failed to load watch-lists',
  digestFailed: "Failed to load today's digest",
  saveFailed: 'The watch could not be saved',
  deleteFailed: 'The watch could not be deleted',
  readFailed: 'Failed to mark the alert read',
  unreachable: 'the server could not be reached',
} as const

/**
 * The newest alerts, the unread count and the inbox channel's id; null when they could not be read. Quiet:
 * the bell asks on every page load and says itself when it could not (no toast over the analyst's work).
 */
export async function loadAlerts(ctx: IntentContext): Promise<{ inboxSessionId: string } | null> {
  try {
    const body = await call(ctx.api, alertListContract, { query: {} })
    ctx.core.bus.publish({ type: 'alert.listLoaded', items: body.items, unreadCount: body.unreadCount, inboxSessionId: body.inboxSessionId }, 'api')
    return { inboxSessionId: body.inboxSessionId }
  } catch {
    return null
  }
}

export async function loadWatches(ctx: IntentContext): Promise<void> {
  try {
    ctx.core.bus.publish({ type: 'watch.listLoaded', items: (await call(ctx.api, watchListContract, {})).items }, 'api')
  } catch {
    toast(ctx, 'error', AlertTexts.watchesFailed)
  }
}

/** Today's alerts (UTC) grouped by watch. */
export async function loadDigest(ctx: IntentContext): Promise<void> {
  try {
    ctx.core.bus.publish({ type: 'alert.digestLoaded', digest: await call(ctx.api, alertDigestContract, { query: {} }) }, 'api')
  } catch {
    toast(ctx, 'error', AlertTexts.digestFailed)
  }
}

/** Creates a watch, or changes the watch `id`. */
export async function saveWatch(ctx: IntentContext, request: WatchRequest, id?: string): Promise<WatchOutcome> {
  try {
    const watch = id ? await call(ctx.api, watchUpdateContract, { params: { id }, body: request }) : await call(ctx.api, watchCreateContract, { body: request })
    ctx.core.bus.publish({ type: 'watch.saved', watch }, 'api')
    return { ok: true, watch }
  } catch (error) {
    return { ok: false, error: failureText(AlertTexts.saveFailed, error) }
  }
}

export async function deleteWatch(ctx: IntentContext, id: string): Promise<{ ok: true } | { ok: false; error: string }> {
  try {
    await call(ctx.api, watchDeleteContract, { params: { id } })
    ctx.core.bus.publish({ type: 'watch.deleted', watchId: id }, 'api')
    return { ok: true }
  } catch (error) {
    return { ok: false, error: failureText(AlertTexts.deleteFailed, error) }
  }
}

/** Marks an alert read (nothing to do when it is already). */
export async function markAlertRead(ctx: IntentContext, alert: Alert): Promise<void> {
  if (alert.readAt) return
  try {
    ctx.core.bus.publish({ type: 'alert.read', alert: await call(ctx.api, alertReadContract, { params: { id: alert.id } }) }, 'api')
  } catch {
    toast(ctx, 'error', AlertTexts.readFailed)
  }
}

export async function markAllAlertsRead(ctx: IntentContext): Promise<void> {
  try {
    const { unreadCount } = await call(ctx.api, alertReadAllContract, {})
    ctx.core.bus.publish({ type: 'alert.allRead', at: new Date(ctx.now()).toISOString(), unreadCount }, 'api')
  } catch {
    toast(ctx, 'error', AlertTexts.readFailed)
  }
}

/** What failed, then why in the server's words. */
function failureText(failed: string, error: unknown): string {
  if (!(error instanceof ApiError)) return `${failed}: ${AlertTexts.unreachable}`
  const message = /^Request failed \(\d+\)$/.test(error.message) ? '' : error.message
  return message ? `${failed}: ${message}` : `${failed}.`
}
