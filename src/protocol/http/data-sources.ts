/**
 * Data sources (spec §3, §4, §7): a workspace's sources (researchId + sessionId) and a project's
 * (projectId), created as drafts and moved by `PUT {status}` (play, pause, resume); each answer is the
 * source as the scheduler sees it (`effectivePollIntervalSeconds`, `nextRunAt`). Also what goes with them:
 * the previews of the add-source dialogs (nothing stored; a source that cannot be read answers 502
 * SOURCE_FAILED), discovery of shared sources and a source's sharing, and the project documents the
 * project view polls (`after` is the previous answer's `cursor`; a page shorter than asked has caught up,
 * and its cursor reaches back a little, so cards may come twice and the view merges them by id).
 */
import { z } from 'zod'
import { pageLimitSchema } from '../api'
import { actionFrameSchema, DataSourceKinds, dataSourceSchema, DataSourceStatuses, genesisEventSchema, sourceDetailsSchema } from '../entities'
import { TextBounds } from '../input-text'
import {
  discoverBodySchema,
  discoverQuerySchema,
  previewSearchRequestSchema,
  previewTelegramRequestSchema,
  previewTwitterRequestSchema,
  rssPreviewBodySchema,
  searchPreviewBodySchema,
  sharedDataSourceSchema,
  telegramPreviewBodySchema,
  twitterPreviewBodySchema,
  updateVisibilityRequestSchema,
} from '../sources'
import { contract } from './contract'

export const dataSourceListSchema = z.object({ items: z.array(dataSourceSchema) })

/** A project document: its card, when it last changed, and its action frames (the project view has no live channel). */
export const projectDocumentSchema = genesisEventSchema.extend({ updatedAt: z.union([z.string(), z.number()]).nullish(), actionFrames: z.array(actionFrameSchema).optional() })

export const projectDocumentsPageSchema = z.object({ items: z.array(projectDocumentSchema), cursor: z.string().nullable() })

const byId = z.object({ id: z.string() })
const pollInterval = z.number().int().min(60).max(86_400).nullish()

export const dataSourceCreateContract = contract('POST /datasources', 'Create a draft source for a workspace (researchId + sessionId) or a project (projectId)', {
  body: z.object({
    displayName: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1, 'displayName must not be blank').max(TextBounds.displayName)),
    kind: z.enum(DataSourceKinds),
    researchId: z.string().nullish(),
    sessionId: z.string().nullish(),
    projectId: z.string().nullish(),
    sourceDetails: sourceDetailsSchema.default({}),
    pollIntervalSeconds: pollInterval,
  }),
  responses: { 201: dataSourceSchema },
})

export const dataSourceListContract = contract('GET /datasources', "The tenant's sources, newest first: a project's, a workspace's, or all", {
  query: z.object({ projectId: z.string().optional(), researchId: z.string().optional(), sessionId: z.string().optional() }),
  responses: { 200: dataSourceListSchema },
})

export const dataSourceGetContract = contract('GET /datasources/:id', 'One source', { params: byId, responses: { 200: dataSourceSchema } })

export const dataSourceUpdateContract = contract('PUT /datasources/:id', 'Rename a source, change its details or poll interval, or move its status (play, pause, resume)', {
  params: byId,
  body: z.object({
    status: z.enum(DataSourceStatuses).optional(),
    displayName: z
      .string()
      .transform((s) => s.trim())
      .pipe(z.string().min(1).max(TextBounds.displayName))
      .optional(),
    sourceDetails: sourceDetailsSchema.optional(),
    pollIntervalSeconds: pollInterval,
  }),
  responses: { 200: dataSourceSchema },
})

export const dataSourceDeleteContract = contract('DELETE /datasources/:id', 'Delete a source: it stops, and what it had seen goes with it', {
  params: byId,
  responses: { 200: z.object({ message: z.string() }) },
})

export const projectDocumentsContract = contract('GET /projects/:id/documents', "A project's documents changed since a cursor, with their action frames (page size: x-page-size or limit)", {
  params: byId,
  query: z.object({ after: z.string().max(1000).optional(), dataSourceId: z.string().optional(), limit: pageLimitSchema.optional() }),
  responses: { 200: projectDocumentsPageSchema },
})

export const dataSourcePreviewContract = contract('GET /datasources/:id/preview', "The latest items of an rss source's feed", { params: byId, responses: { 200: rssPreviewBodySchema } })

export const dataSourcePreviewSearchContract = contract('POST /datasources/preview-search', 'What a news search returns, before any source exists', {
  body: previewSearchRequestSchema,
  responses: { 200: searchPreviewBodySchema },
})

export const dataSourcePreviewTelegramContract = contract('POST /datasources/preview-telegram', "A Telegram channel's latest posts, before any source exists", {
  body: previewTelegramRequestSchema,
  responses: { 200: telegramPreviewBodySchema },
})

export const dataSourcePreviewTwitterContract = contract('POST /datasources/preview-twitter', 'What a Twitter search returns, before any source exists', {
  body: previewTwitterRequestSchema,
  responses: { 200: twitterPreviewBodySchema },
})

export const sourceDiscoverContract = contract('GET /sources/discover', 'The shared sources the caller may see, newest first (page size: x-page-size; next page: continuationToken)', {
  query: discoverQuerySchema,
  responses: { 200: discoverBodySchema },
})

export const sourceVisibilityContract = contract('PUT /sources/:id/visibility', 'Who may discover a source: private, its tenant, or the listed tenants (the owning tenant only)', {
  params: byId,
  body: updateVisibilityRequestSchema,
  responses: { 200: sharedDataSourceSchema },
})
