/**
 * Previews of the add-source dialogs (spec §2, §7): `GET /datasources/{id}/preview` reads an rss source of
 * the caller's tenant; `POST /datasources/preview-search`, `/preview-telegram` and `/preview-twitter` read
 * what the dialog holds before any source exists. Nothing is stored.
 *
 * Errors: a missing or unusable input (blank query, not a channel name, a URL the readers refuse) is the
 * caller's to fix: 400 VALIDATION_ERROR naming the field, with the reader's text in the spec's wording ('searchQuery: Please enter a search
 * query', …). Anything else the readers report (upstream down, not a feed, unknown channel, Twitter not
 * configured or rate limited) is a source that could not be read: 502 SOURCE_FAILED with the reader's
 * text ('Failed to load RSS preview', …), its finer reason going to the log only. Contracts:
 * src/protocol/http/data-sources.ts.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { RssPreviewItem, SearchPreviewItem, TelegramPreviewItem, TwitterPreviewItem } from '../../../src/protocol/sources'
import { dataSourcePreviewContract, dataSourcePreviewSearchContract, dataSourcePreviewTelegramContract, dataSourcePreviewTwitterContract } from '../../../src/protocol/http/data-sources'
import { PREVIEW_ITEM_LIMIT, SOURCE_FAILED } from '../../../src/protocol/sources'
import type { ModuleDeps } from '../../platform/module'
import type { SourceReaders } from '../../sources/index'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, notFound, validation } from '../../platform/http/errors'
import { getDataSource } from './queries'
import { type RssItem, type SearchResult, SourceErrorCode, SourceMessage, type TelegramPost, type Tweet, createSourceReaders, toSourceError } from '../../sources/index'

/** What this module's routes need beside the database, the clock and the ids. */
export type PreviewDeps = ModuleDeps & {
  /** The source readers previews use; `createSourceReaders(loadSourcesConfig())` when absent. */
  sourceReaders?: SourceReaders
}

export async function sourcePreviewRoutes(app: FastifyInstance, deps: PreviewDeps): Promise<void> {
  const { db } = deps
  const readers = deps.sourceReaders ?? createSourceReaders()

  route(app, dataSourcePreviewContract, async ({ params, request }) => {
    const source = await getDataSource(db, authOf(request).tenantId, params.id)
    if (!source) throw notFound('Data source')
    if (source.kind !== 'rss') throw validation('kind', `Only RSS sources have a feed preview; this source is ${source.kind}`)
    const details = source.source_details
    const url = stringOr(details.rssUrl) || stringOr(details.uri)
    const feed = await read(request.log, () => readers.readRssFeed(url), SourceMessage.rssFailed, 'rssUrl')
    return { items: feed.items.slice(0, PREVIEW_ITEM_LIMIT).map(rssItem) }
  })

  route(app, dataSourcePreviewSearchContract, async ({ body, request }) => {
    const results = await read(request.log, () => readers.searchNews(body.searchQuery ?? ''), SourceMessage.searchFailed, 'searchQuery')
    return { items: results.items.slice(0, PREVIEW_ITEM_LIMIT).map(searchItem) }
  })

  route(app, dataSourcePreviewTelegramContract, async ({ body, request }) => {
    // The reader drops a leading @ (and a t.me/ prefix) and refuses what is not a channel name.
    const channel = await read(request.log, () => readers.readTelegramChannel(body.channelUsername ?? ''), SourceMessage.telegramFailed, 'channelUsername')
    return { items: channel.items.slice(0, PREVIEW_ITEM_LIMIT).map(telegramItem) }
  })

  route(app, dataSourcePreviewTwitterContract, async ({ body, request }) => {
    const search = await read(request.log, () => readers.searchTwitter(body.searchQuery ?? ''), SourceMessage.twitterFailed, 'searchQuery')
    return { items: search.items.slice(0, PREVIEW_ITEM_LIMIT).map(twitterItem) }
  })
}

/** Runs a reader, turning its failure into the 400 (naming `field`) or 502 of the file header. */
async function read<T>(log: FastifyBaseLogger, run: () => Promise<T>, failed: string, field: string): Promise<T> {
  try {
    return await run()
  } catch (err) {
    const source = toSourceError(err, { failed })
    if (source.code === SourceErrorCode.ValidationError) throw validation(field, source.message)
    log.warn({ reason: source.reason, detail: source.detail }, 'source preview failed')
    throw new ApiError(502, SOURCE_FAILED, source.message)
  }
}

// Absent values are left out rather than sent as null or '': the dialogs show what is there.
function rssItem(i: RssItem): RssPreviewItem {
  return { title: i.title, ...present('snippet', i.snippet), ...present('link', i.link), ...present('publishDate', i.publishDate) }
}

function searchItem(i: SearchResult): SearchPreviewItem {
  return { title: i.title, ...present('snippet', i.snippet), link: i.link }
}

function telegramItem(i: TelegramPost): TelegramPreviewItem {
  return { id: i.id, text: i.text, ...present('date', i.date), ...present('views', i.views), ...present('forwards', i.forwards) }
}

function twitterItem(i: Tweet): TwitterPreviewItem {
  return {
    id: i.id,
    text: i.text,
    ...present('authorName', i.authorName),
    ...present('authorUsername', i.authorUsername),
    ...present('createdAt', i.createdAt),
    link: i.link,
  }
}

function present<K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } {
  return value === null || value === undefined || value === '' ? {} : ({ [key]: value } as { [P in K]: V })
}

function stringOr(value: unknown): string {
  return typeof value === 'string' ? value : ''
}
