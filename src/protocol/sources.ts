/**
 * Source previews, discovery and visibility (spec §2 add-source dialogs, §7), as bodies on the wire.
 *
 * Previews read the source live and store nothing:
 *   `GET /datasources/{id}/preview` (an rss source)      → `{items: RssPreviewItem[]}`
 *   `POST /datasources/preview-search` {searchQuery}      → `{items: SearchPreviewItem[]}`
 *   `POST /datasources/preview-telegram` {channelUsername} → `{items: TelegramPreviewItem[]}`
 *   `POST /datasources/preview-twitter` {searchQuery}     → `{items: TwitterPreviewItem[]}`
 * at most `PREVIEW_ITEM_LIMIT` items each. A missing or unusable input answers 400 VALIDATION_ERROR with
 * the spec's text ('Please enter a search query', …); a source that cannot be read answers 502
 * `SOURCE_FAILED` with the reader's text ('Failed to load RSS preview', …).
 *
 * Sharing: a source is `private` (its tenant's workspaces and projects only, the default), `tenant`
 * (listed in discovery for every user of its tenant) or `listed` (also for the tenants in
 * `allowedTenants`). `GET /sources/discover` answers `{items: DiscoveredSource[]}` plus
 * `continuationToken` while more remain; `PUT /sources/{id}/visibility` answers the updated data source.
 */
import { z } from 'zod'
import { DataSourceKinds, DataSourceStatuses, dataSourceSchema, idSchema, sourceDetailsSchema, timestampSchema } from './entities'

/** One item of each kind of preview, as the reader gives it. */
export const searchPreviewItemSchema = z.object({ title: z.string(), snippet: z.string().nullish(), link: z.string() })
export const telegramPreviewItemSchema = z.object({
  id: idSchema,
  text: z.string(),
  date: timestampSchema.nullish(),
  views: z.number().nullish(),
  forwards: z.number().nullish(),
})
export const twitterPreviewItemSchema = z.object({
  id: idSchema,
  text: z.string(),
  authorName: z.string().nullish(),
  authorUsername: z.string().nullish(),
  createdAt: timestampSchema.nullish(),
  link: z.string().nullish(),
})
export const rssPreviewItemSchema = z.object({
  title: z.string(),
  snippet: z.string().nullish(),
  link: z.string().nullish(),
  publishDate: timestampSchema.nullish(),
})
export type SearchPreviewItem = z.infer<typeof searchPreviewItemSchema>
export type TelegramPreviewItem = z.infer<typeof telegramPreviewItemSchema>
export type TwitterPreviewItem = z.infer<typeof twitterPreviewItemSchema>
export type RssPreviewItem = z.infer<typeof rssPreviewItemSchema>

/** Items one preview answers at most: enough to judge a source, small enough for a dialog. */
export const PREVIEW_ITEM_LIMIT = 20

/** The code of a preview whose source could not be read (upstream down, not a feed, unknown channel …). */
export const SOURCE_FAILED = 'SOURCE_FAILED'

export const SourceVisibilities = ['private', 'tenant', 'listed'] as const
export const SourceVisibility = { Private: 'private', Tenant: 'tenant', Listed: 'listed' } as const
export type SourceVisibility = (typeof SourceVisibilities)[number]
export const sourceVisibilitySchema = z.enum(SourceVisibilities)

/** Bounds on free text a preview sends upstream; emptiness is checked by the server with the spec's text. */
const previewInput = z.string().max(1000).nullish()

export const previewSearchRequestSchema = z.object({ searchQuery: previewInput })
export const previewTelegramRequestSchema = z.object({ channelUsername: previewInput })
export const previewTwitterRequestSchema = z.object({ searchQuery: previewInput })
export type PreviewSearchRequest = z.infer<typeof previewSearchRequestSchema>
export type PreviewTelegramRequest = z.infer<typeof previewTelegramRequestSchema>
export type PreviewTwitterRequest = z.infer<typeof previewTwitterRequestSchema>

export const rssPreviewBodySchema = z.object({ items: z.array(rssPreviewItemSchema) })
export const searchPreviewBodySchema = z.object({ items: z.array(searchPreviewItemSchema) })
export const telegramPreviewBodySchema = z.object({ items: z.array(telegramPreviewItemSchema) })
export const twitterPreviewBodySchema = z.object({ items: z.array(twitterPreviewItemSchema) })

/** A blank query parameter (`?category=`) means "any", as the client sends absent filters. */
const blankAsAbsent = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional())

export const discoverQuerySchema = z.object({
  /** Case-insensitive, matched against the name and the values of the source details. */
  query: blankAsAbsent(z.string().max(200)),
  /** The source kind. */
  category: blankAsAbsent(z.enum(DataSourceKinds)),
  /** Only sources shared this way; discovery never lists private sources. */
  visibility: blankAsAbsent(z.enum(['tenant', 'listed'])),
  continuationToken: z.string().optional(),
})
export type DiscoverQuery = z.infer<typeof discoverQuerySchema>

/** A source another user shared; which tenants it is listed for stays with its owner. */
export const discoveredSourceSchema = z.object({
  id: idSchema,
  kind: z.enum(DataSourceKinds),
  displayName: z.string(),
  status: z.enum(DataSourceStatuses),
  ownerTenantId: z.string(),
  visibility: sourceVisibilitySchema,
  /** The kind, under the name the discovery filter uses. */
  category: z.enum(DataSourceKinds),
  sourceDetails: sourceDetailsSchema,
  createdAt: timestampSchema.nullish(),
})
export type DiscoveredSource = z.infer<typeof discoveredSourceSchema>

export const discoverBodySchema = z.object({ items: z.array(discoveredSourceSchema), continuationToken: z.string().nullish() })

export const LISTED_NEEDS_TENANTS = 'A listed source must name at least one tenant'

export const updateVisibilityRequestSchema = z
  .object({
    visibility: sourceVisibilitySchema,
    /** Tenant ids (a corporate domain, or a personal account's e-mail); only kept for 'listed'. */
    allowedTenants: z.array(z.string().trim().toLowerCase().min(1, 'a tenant id must not be blank').max(320)).max(100).nullish(),
  })
  .refine((b) => b.visibility !== 'listed' || (b.allowedTenants ?? []).length > 0, { path: ['allowedTenants'], message: LISTED_NEEDS_TENANTS })
export type UpdateVisibilityRequest = z.infer<typeof updateVisibilityRequestSchema>

/** The answer of `PUT /sources/{id}/visibility`: the data source with how it is shared. */
export const sharedDataSourceSchema = dataSourceSchema.extend({
  visibility: sourceVisibilitySchema,
  allowedTenants: z.array(z.string()),
})
export type SharedDataSource = z.infer<typeof sharedDataSourceSchema>
