/**
 * What one poll reads: the source's reader (feed, news search, Telegram channel, Twitter search) turned
 * into items, each with the key that identifies it across polls, the hash of its normalised text and the
 * input the pipeline ingests. A failed read becomes a `RunFailure` with a message for the sources
 * manager (the readers' own texts are the preview modal's, "Failed to load RSS preview").
 *
 * Inputs: feed and search items with a link are ingested as that URL (the article itself, read by the
 * content ingestor), without a link as their title and snippet; Telegram posts and tweets are their text.
 * Each carries what the item says of its origin (publisher, author, date, headline, link) and its channel:
 * the card's provenance starts from it (server/modules/pipeline/provenance.ts).
 */
import { createHash } from 'node:crypto'
import type { Provenance } from '../../../../src/protocol/entities'
import type { IngestInput } from '../../pipeline'
import type { DataSourceRow } from '../queries'
import { isSourceError, type SourceReaders, SourceErrorCode, SourceFailure } from '../../../sources/index'
import { isRunnableKind } from './intervals'

/** The readers a poll uses; createSourceReaders() gives them. */
export type FeedReaders = Pick<SourceReaders, 'readRssFeed' | 'searchNews' | 'readTelegramChannel' | 'searchTwitter'>

export interface PolledItem {
  /** The item's identity across polls: its link, or the post's / tweet's id. */
  key: string
  link: string | null
  /** sha-256 of the normalised text; '' when the item has no text (no duplicate check by content). */
  contentHash: string
  input: IngestInput | null
}

export class RunFailure extends Error {
  override readonly name = 'RunFailure'
  /** Expected to pass by itself (rate limit, timeout, network): tolerated for a few runs. */
  readonly transient: boolean
  constructor(message: string, transient: boolean, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.transient = transient
  }
}

/** Reads the source once; items in the order to ingest them (oldest first, as feeds list newest first). */
export async function readItems(readers: FeedReaders, source: Pick<DataSourceRow, 'kind' | 'source_details'>, options: { signal?: AbortSignal } = {}): Promise<PolledItem[]> {
  const details = source.source_details as Record<string, unknown>
  const detail = (...names: string[]) =>
    names
      .map((n) => details[n])
      .find((v): v is string => typeof v === 'string' && v.trim() !== '')
      ?.trim() ?? null
  const kind = source.kind
  if (!isRunnableKind(kind)) throw new RunFailure(`A ${kind} source does not run on a schedule`, false)
  try {
    switch (kind) {
      case 'rss': {
        const url = detail('rssUrl', 'uri')
        if (!url) throw new RunFailure('This RSS source has no feed URL', false)
        const feed = await readers.readRssFeed(url, options)
        return feed.items
          .map((i) => {
            const said = { publisher: feed.title, author: i.author, publishedAt: i.publishDate, headline: i.title, language: feed.language }
            return linkedItem(i.link, `${i.title}\n\n${i.snippet}`, i.title, i.publishDate, { ...said, via: { channel: 'rss' } })
          })
          .reverse()
      }
      case 'topic_based_interest': {
        const query = detail('searchQuery', 'snippet')
        if (!query) throw new RunFailure('This search source has no query', false)
        const results = await readers.searchNews(query, options)
        return results.items.map((i) => linkedItem(i.link, `${i.title}\n\n${i.snippet}`, i.title, null, { headline: i.title, via: { channel: 'search' } })).reverse()
      }
      case 'telegram_channel': {
        const channel = detail('channelUsername', 'uri')
        if (!channel) throw new RunFailure('This Telegram source has no channel', false)
        const page = await readers.readTelegramChannel(channel, options)
        // The channel page lists posts oldest first already.
        const publisher = page.title ?? `@${page.channel}`
        return page.items.map((p) => textItem(`telegram:${p.id}`, p.link, p.text, { url: p.link, publisher, publishedAt: p.date, via: { channel: 'telegram' } }))
      }
      case 'twitter_search': {
        const query = detail('searchQuery', 'snippet')
        if (!query) throw new RunFailure('This Twitter source has no search query', false)
        const found = await readers.searchTwitter(query, options)
        return found.items
          .map((t) => {
            const said = { url: t.link, publisher: `@${t.authorUsername}`, author: t.authorName, publishedAt: t.createdAt, via: { channel: 'twitter' } }
            return textItem(`tweet:${t.id}`, t.link, t.text.trim() === '' ? '' : `@${t.authorUsername}: ${t.text}`, said)
          })
          .reverse()
      }
    }
  } catch (error) {
    throw asRunFailure(kind, error)
  }
}

/** sha-256 of text with case, spacing and punctuation runs normalised; '' for no text. */
export function itemHash(text: string): string {
  const normal = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}]+/gu, ' ')
    .trim()
  return normal === '' ? '' : createHash('sha256').update(normal, 'utf8').digest('hex')
}

const RunTexts: Record<string, string> = {
  rss: 'Failed to load RSS feed',
  topic_based_interest: 'Failed to load search results',
  telegram_channel: 'Failed to load Telegram channel',
  twitter_search: 'Failed to load Twitter search',
}

/** A reader's failure as the sources manager shows it: what failed and why, never the raw upstream detail. */
export function asRunFailure(kind: string, error: unknown): RunFailure {
  if (error instanceof RunFailure) return error
  const what = RunTexts[kind] ?? 'Failed to read the source'
  if (!isSourceError(error)) return new RunFailure(`${what}: an unexpected error occurred`, false, { cause: error })
  const status = (error.cause as { status?: unknown } | undefined)?.status
  const why: Partial<Record<SourceFailure, string>> = {
    [SourceFailure.HttpStatus]: typeof status === 'number' ? `the server answered HTTP ${status}` : 'the server answered with an error',
    [SourceFailure.Timeout]: 'the server did not answer in time',
    [SourceFailure.Network]: 'the server could not be reached',
    [SourceFailure.BlockedAddress]: 'the address is not a public one',
    [SourceFailure.InvalidUrl]: 'the address is not valid',
    [SourceFailure.InvalidFeed]: 'the answer is not a valid feed',
    [SourceFailure.EntityDeclaration]: 'the feed declares XML entities, which are refused',
    [SourceFailure.InvalidResponse]: 'the answer could not be read',
    [SourceFailure.BodyTooLarge]: 'the answer is too large',
    [SourceFailure.RedirectLimit]: 'too many redirects',
    [SourceFailure.UnsupportedContentType]: 'the answer is not a feed',
    [SourceFailure.ChannelNotFound]: 'the channel does not exist or is not public',
    [SourceFailure.RejectedToken]: 'the Twitter/X API refused the server token',
    [SourceFailure.RateLimited]: 'the provider is rate limiting; the next poll tries again',
    [SourceFailure.BotCheck]: 'the site asked for a browser check',
  }
  // The readers' own texts are right where they name the problem rather than the preview.
  const urlProblem = error.reason === SourceFailure.BlockedAddress || error.reason === SourceFailure.InvalidUrl
  if (error.code === SourceErrorCode.NotConfigured || (error.code === SourceErrorCode.ValidationError && !urlProblem)) {
    return new RunFailure(error.message, false, { cause: error })
  }
  const transient = error.code === SourceErrorCode.RateLimit || error.reason === SourceFailure.Timeout || error.reason === SourceFailure.Network || (typeof status === 'number' && status >= 500)
  return new RunFailure(`${what}: ${why[error.reason] ?? error.message}`, transient, { cause: error })
}

function linkedItem(link: string | null, text: string, title: string, publishDate: string | null, provenance: Provenance): PolledItem {
  const hash = itemHash(text)
  if (link) return { key: link, link, contentHash: hash, input: { kind: 'url', url: link, provenance } }
  // No link: the text is all there is, and also what tells the item apart.
  const body = text.trim()
  return {
    key: `text:${itemHash(`${title}\n${publishDate ?? ''}\n${text}`) || 'empty'}`,
    link: null,
    contentHash: hash,
    input: hash === '' ? null : { kind: 'text', text: body, title: title.trim() || null, provenance },
  }
}

function textItem(key: string, link: string, text: string, provenance: Provenance): PolledItem {
  const hash = itemHash(text)
  return { key, link, contentHash: hash, input: hash === '' ? null : { kind: 'text', text: text.trim(), title: null, provenance } }
}
