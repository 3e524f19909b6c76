/**
 * Raising alerts when a document completes (issue 21, item 6). `raiseAlerts` runs in the transaction that
 * completes a document, after its story placement (`placeDocument`, which holds the tenant's story lock until
 * the transaction ends, so two sources of one event completing at once are matched one after the other):
 * the frame enricher, a reprocess and an import call it next to `keepCompletedDocument`.
 *
 * - The watches whose scope holds the document (the tenant, its workspace, its project) are matched against
 *   its frames: an entity watch by its keys (aliases.ts `nameKeys`) among a frame's actors ("A and B" names
 *   both; a frame naming it alone comes first), its keys followed through the analyst's entity decisions
 *   (aliases.ts `keysThroughDecisions`: a name merged into the watched entity since is watched too, a rename
 *   keeps the watch, a name split off leaves it); a category watch by
 *   the frame's CAMEO root and urgency; a saved search by PostgreSQL text search over the frame's description
 *   and summary, or the document's text (queries/alerts.ts `searchMatches`). The first matching frame stands
 *   for the document.
 * - A document alerts a watch once (alert_documents): a retry or a reprocess of it raises nothing again.
 * - One alert per watch and story: a second source of the same event counts in the first alert
 *   (document_count) instead of raising another, and its owner's inbox hears of the grown count; a document in
 *   no story is its own key. A story absorbed by a merge is found through its documents.
 * - A new alert goes to its owner's inbox channel (live/inbox.ts) in this transaction, notified on commit, and,
 *   when the watch or its owner has a webhook, to a delivery the worker makes after the commit (webhooks.ts).
 */
import { createHash } from 'node:crypto'
import type { Alert } from '../../../src/protocol/alerts'
import type { Queryable } from '../../platform/db/database'
import { type EntityDecision, entityDecisions, keysThroughDecisions, nameKeys } from '../intelligence'
import { appendLiveMessages, inboxSessionId, notifyLiveOnCommit } from '../live'
import { storyOfEvent } from '../stories'
import { type AlertRow, alertById, claimDocument, countAlertDocument, documentFrames, insertAlert, type MatchFrame, matchDocument, searchMatches, storyAlertId } from './queries/alerts'
import { insertDelivery } from './queries/deliveries'
import { userWebhook, type WatchRow, watchesInScope } from './queries/watches'
import { toAlert, webhookBody } from './shapes'

/** Matches a completed document with the tenant's watches and raises what it must (the rules are above). */
export async function raiseAlerts(tx: Queryable, tenantId: string, eventId: string, now: number): Promise<void> {
  const doc = await matchDocument(tx, tenantId, eventId)
  if (!doc) return
  const watches = await watchesInScope(tx, tenantId, { sessionId: doc.session_id, projectId: doc.project_id })
  if (watches.length === 0) return
  const frames = await documentFrames(tx, tenantId, eventId)
  // The entity decisions are read once per document, and only when an entity watch may need them.
  const decisions = watches.some((w) => w.kind === 'entity') ? await entityDecisions(tx, tenantId) : []
  const searched = new Map(
    (
      await searchMatches(
        tx,
        tenantId,
        eventId,
        watches.filter((w) => w.kind === 'search').map((w) => w.id),
      )
    ).map((m) => [m.watch_id, m.frame_id]),
  )
  const storyId = await storyOfEvent(tx, tenantId, eventId)
  const storyKey = storyId ?? `document:${eventId}`
  const raised: Array<{ alert: AlertRow; fresh: boolean; watch: WatchRow }> = []
  for (const watch of watches) {
    const match = watch.kind === 'search' ? (searched.has(watch.id) ? { frame: frames.find((f) => f.id === searched.get(watch.id)) ?? null } : null) : matchingFrame(followed(watch, decisions), frames)
    if (!match || !(await claimDocument(tx, tenantId, watch.id, eventId))) continue
    const existing = await storyAlertId(tx, tenantId, watch.id, storyKey, storyId)
    if (existing) await countAlertDocument(tx, tenantId, existing)
    else {
      const id = alertId(tenantId, watch.id, storyKey)
      const excerpt = frameText(match.frame) ?? doc.summary ?? ''
      await insertAlert(tx, tenantId, {
        id,
        watchId: watch.id,
        userId: watch.user_id,
        storyKey,
        storyId,
        eventId,
        frameId: match.frame?.id ?? null,
        title: doc.title ?? 'Untitled Document',
        excerpt,
        at: now,
      })
    }
    const alert = await alertById(tx, tenantId, existing ?? alertId(tenantId, watch.id, storyKey))
    if (alert) raised.push({ alert, fresh: !existing, watch })
  }
  await tell(tx, tenantId, raised, now)
}

/** The frame of the document that an entity or category watch matches first, or null. */
export function matchingFrame(watch: Pick<WatchRow, 'kind' | 'entity_keys' | 'category' | 'min_urgency'>, frames: readonly MatchFrame[]): { frame: MatchFrame } | null {
  if (watch.kind === 'category') {
    const frame = frames.find((f) => cameoOf(f.body) === watch.category && urgencyOf(f.body) >= (watch.min_urgency ?? 0))
    return frame ? { frame } : null
  }
  if (watch.kind !== 'entity') return null
  const keys = new Set(watch.entity_keys)
  const names = (actor: string) => nameKeys(actor).some((k) => keys.has(k))
  const frame = frames.find((f) => actorNames(f.body).some(names)) ?? frames.find((f) => actorNames(f.body).some((actor) => namesIn(actor).some(names)))
  return frame ? { frame } : null
}

/** An entity watch with its keys followed through the analyst's decisions (anchored on its label, the entity's name when picked). */
function followed(watch: WatchRow, decisions: readonly EntityDecision[]): WatchRow {
  if (watch.kind !== 'entity' || decisions.length === 0) return watch
  return { ...watch, entity_keys: [...keysThroughDecisions(watch.entity_keys, watch.label, decisions)] }
}

/** Each raised alert to its owner's inbox (one append per owner), and new ones to their webhooks. */
async function tell(tx: Queryable, tenantId: string, raised: Array<{ alert: AlertRow; fresh: boolean; watch: WatchRow }>, now: number): Promise<void> {
  const byUser = new Map<string, Alert[]>()
  for (const { alert, fresh, watch } of raised) {
    const wire = toAlert(alert)
    byUser.set(alert.user_id, [...(byUser.get(alert.user_id) ?? []), wire])
    if (!fresh) continue
    const hook = watch.webhook_url && watch.webhook_secret ? { url: watch.webhook_url, secret: watch.webhook_secret } : await userWebhook(tx, tenantId, watch.user_id)
    if (hook) await insertDelivery(tx, tenantId, { id: `dlv_${alert.id.slice(4)}`, alertId: alert.id, url: hook.url, secret: hook.secret, body: webhookBody(tenantId, wire), at: now })
  }
  for (const [userId, alerts] of byUser) {
    const sessionId = inboxSessionId(userId)
    const appended = await appendLiveMessages(
      tx,
      tenantId,
      sessionId,
      alerts.map((alert) => ({ type: 'alert-raised' as const, data: { alert }, at: now, eventId: alert.eventId })),
    )
    await notifyLiveOnCommit(tx, { tenantId, sessionId, id: appended[appended.length - 1]?.id as string })
  }
}

/** The same alert id for the same watch and story, whichever source raised it first. */
function alertId(tenantId: string, watchId: string, storyKey: string): string {
  return `alr_${createHash('sha256').update(`${tenantId}\u0000${watchId}\u0000${storyKey}`).digest('hex').slice(0, 24)}`
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {})

function actorNames(body: Record<string, unknown>): string[] {
  const entries = obj(body.actors).entries
  return Array.isArray(entries) ? entries.flatMap((e) => (typeof obj(e).text === 'string' ? [obj(e).text as string] : [])) : []
}

/** An actor's name and, for a coordination ("Kessel Rail and Norland Freight"), each name it joins. */
function namesIn(actor: string): string[] {
  const parts = actor.split(/\s*(?:,|&|\band\b)\s*/).filter((p) => p.length > 0)
  return parts.length > 1 ? [actor, ...parts] : [actor]
}

function cameoOf(body: Record<string, unknown>): string | null {
  const code = obj(body.cameo).code
  return typeof code === 'string' ? code : null
}

function urgencyOf(body: Record<string, unknown>): number {
  const score = obj(body.urgency).score
  return typeof score === 'number' && Number.isFinite(score) ? score : 0
}

function frameText(frame: MatchFrame | null): string | null {
  if (!frame) return null
  const text = frame.body.actionDescription ?? frame.body.summary
  return typeof text === 'string' && text.length > 0 ? text : null
}
