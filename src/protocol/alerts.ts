/**
 * Watch-lists and alerts (issue 21, item 6): what an analyst watches, the alerts a new matching frame
 * raises, and the day's digest. A watch belongs to the user who made it, within the tenant.
 *
 * - An entity watch names an entity of the tenant (its id `ent_<kind>_<slug>` or any of its names); a frame
 *   naming it (any alias) among its actors matches.
 * - A search watch keeps a text query; a frame matches when its description or summary, or its document's
 *   text, matches the query (PostgreSQL `websearch_to_tsquery` syntax: words, "phrases", or, -not).
 * - A category watch names a CAMEO root category ('01'…'20') and an urgency from 0 to 1; a frame of that
 *   category whose urgency is at or above it matches.
 * Each watches a workspace, a project or the whole tenant. One alert is raised per watch and story: the
 * sources of one event raise one alert, whose document count grows as they arrive.
 */
import { z } from 'zod'
import { cameoCodeSchema } from './cameo'

export const WatchKinds = ['entity', 'search', 'category'] as const
export const WatchScopes = ['tenant', 'workspace', 'project'] as const

/** The longest saved search the API takes. */
export const WATCH_QUERY_MAX = 300
export const WEBHOOK_URL_MAX = 2000

export const watchScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tenant') }),
  z.object({ kind: z.literal('workspace'), researchId: z.string().min(1), sessionId: z.string().min(1) }),
  z.object({ kind: z.literal('project'), projectId: z.string().min(1) }),
])
export type WatchScope = z.infer<typeof watchScopeSchema>

const webhookUrl = z.string().trim().max(WEBHOOK_URL_MAX, `webhookUrl must be at most ${WEBHOOK_URL_MAX} characters`)

/** What the analyst asks to watch (create, or replace on edit). */
export const watchRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('entity'), entity: z.string().trim().min(1, 'entity must not be blank').max(300), scope: watchScopeSchema, webhookUrl: webhookUrl.nullish() }),
  z.object({ kind: z.literal('search'), query: z.string().trim().min(1, 'query must not be blank').max(WATCH_QUERY_MAX), scope: watchScopeSchema, webhookUrl: webhookUrl.nullish() }),
  z.object({ kind: z.literal('category'), category: cameoCodeSchema, minUrgency: z.number().min(0).max(1), scope: watchScopeSchema, webhookUrl: webhookUrl.nullish() }),
])
export type WatchRequest = z.infer<typeof watchRequestSchema>

export const watchSchema = z.object({
  id: z.string(),
  kind: z.enum(WatchKinds),
  /** What the watch is, in words: the entity's name, the query, or the category with its threshold. */
  label: z.string(),
  entityId: z.string().nullish(),
  query: z.string().nullish(),
  category: z.string().nullish(),
  minUrgency: z.number().nullish(),
  scope: watchScopeSchema,
  /** Where the scope is, in words ("Whole team", the workspace's or project's name). */
  scopeLabel: z.string(),
  webhookUrl: z.string().nullish(),
  /** The key the webhook's signature is made with (HMAC-SHA256), shown to the watch's owner only. */
  webhookSecret: z.string().nullish(),
  createdAt: z.string(),
  alertCount: z.number().int().nonnegative(),
})
export type Watch = z.infer<typeof watchSchema>

export const alertSchema = z.object({
  id: z.string(),
  watchId: z.string(),
  watchLabel: z.string(),
  watchKind: z.enum(WatchKinds),
  /** The story the alert is about (null: its document is in no story). */
  storyId: z.string().nullish(),
  /** The document and frame that raised it, where it opens. */
  eventId: z.string(),
  frameId: z.string().nullish(),
  researchId: z.string().nullish(),
  sessionId: z.string().nullish(),
  projectId: z.string().nullish(),
  title: z.string(),
  /** The matching frame's description (or the document's summary). */
  excerpt: z.string(),
  /** Documents of the story that matched this watch (each source once). */
  documentCount: z.number().int().positive(),
  createdAt: z.string(),
  readAt: z.string().nullish(),
})
export type Alert = z.infer<typeof alertSchema>

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  unreadCount: z.number().int().nonnegative(),
  /** The caller's own live channel, where `alert-raised` arrives (POST /ws/negotiate/{inboxSessionId}). */
  inboxSessionId: z.string(),
})
export type AlertList = z.infer<typeof alertListSchema>

export const alertDigestSchema = z.object({
  /** The UTC day, yyyy-mm-dd. */
  day: z.string(),
  groups: z.array(z.object({ watchId: z.string(), watchLabel: z.string(), watchKind: z.enum(WatchKinds), alerts: z.array(alertSchema) })),
})
export type AlertDigest = z.infer<typeof alertDigestSchema>

export const userWebhookSchema = z.object({ webhookUrl: z.string().nullable(), webhookSecret: z.string().nullable() })
export type UserWebhook = z.infer<typeof userWebhookSchema>

/** The JSON body a webhook receives (its signature: WEBHOOK_SIGNATURE_HEADER). */
export const webhookBodySchema = z.object({ type: z.literal('alert'), tenantId: z.string(), alert: alertSchema })

/**
 * The webhook's signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the secret>`.
 * A receiver recomputes it and refuses a timestamp far from its own clock (a replay).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-sightline-signature'
