/**
 * Source readers: files, web pages, feeds, news search, Telegram channels and Twitter/X search, usable
 * without HTTP. Each returns a SourceDocument or preview items, or throws a SourceError carrying the
 * spec's user-facing text and the HTTP status to answer with.
 */
import { loadSourcesConfig, type SourcesConfig } from './config'
import { readDocument, type DocumentInput } from './documents'
import { searchNews } from './news-search'
import { readRssFeed } from './rss-feed'
import { readTelegramChannel } from './telegram-channel'
import { searchTwitter } from './twitter-search'
import type { ReadOptions } from './types'
import { readWebPage } from './web-page'

export { loadSourcesConfig, DEFAULT_SEARCH_RSS_URL_TEMPLATE, SearchProvider } from './config'
export type { FetchLimits, SourcesConfig } from './config'
export { SourceError, SourceErrorCode, SourceFailure, SourceMessage, isSourceError, sourceErrorStatus } from './errors'
export {
  fetchText,
  parseHttpUrl,
  toSourceError,
  FetchError,
  DEFAULT_FETCH_LIMITS,
} from './fetch-text'
export type { FetchTextOptions, FetchTextResult } from './fetch-text'
export { BLOCKED_LOOKUP_CODE, guardedLookup, hostnameToAddress, isNonPublicAddress } from './address-guard'
export {
  readDocument,
  documentTypeOf,
  assertDocumentSize,
  MAX_DOCUMENT_BYTES,
  DOCUMENT_MIME_TYPES,
  DEFAULT_DOCUMENT_LIMITS,
} from './documents'
export type { DocumentInput, DocumentLimits } from './documents'
export { readWebPage, isBotCheck } from './web-page'
export { readRssFeed, parseFeedXml } from './rss-feed'
export { searchNews, searchUrlFor } from './news-search'
export { readTelegramChannel, normaliseChannelUsername, parseTelegramChannelPage } from './telegram-channel'
export { searchTwitter } from './twitter-search'
export * from './types'

export type SourceReaders = ReturnType<typeof createSourceReaders>

/** The readers bound to one configuration (by default the environment's), for the composition root. */
export function createSourceReaders(config: SourcesConfig = loadSourcesConfig()) {
  return {
    config,
    readDocument: (input: DocumentInput) => readDocument(input, config.documents),
    readWebPage: (url: string, options?: ReadOptions) => readWebPage(url, config, options),
    readRssFeed: (url: string, options?: ReadOptions) => readRssFeed(url, config, options),
    searchNews: (query: string, options?: ReadOptions) => searchNews(query, config, options),
    readTelegramChannel: (channel: string, options?: ReadOptions) => readTelegramChannel(channel, config, options),
    searchTwitter: (query: string, options?: ReadOptions) => searchTwitter(query, config, options),
  }
}
