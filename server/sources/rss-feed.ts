/**
 * RSS 0.9x/1.0/2.0 and Atom feeds → preview items (title, snippet, link, publishDate), via rss-parser.
 * Entity declarations are refused before any XML parser runs (billion laughs and friends); links that
 * are not absolute http(s) after resolving against the feed URL become null, so no `javascript:` link
 * ever reaches a page.
 */
import Parser from 'rss-parser'
import { z } from 'zod'
import type { SourcesConfig } from './config'
import { parseHtml } from './dom'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { fetchText, parseHttpUrl, toSourceError } from './fetch-text'
import { cleanText, htmlToText, snippet } from './text'
import type { ReadOptions, RssFeed, RssItem } from './types'

export const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5'

export async function readRssFeed(rawUrl: string, config: Pick<SourcesConfig, 'fetch' | 'maxItems'>, options: ReadOptions = {}): Promise<RssFeed> {
  if (rawUrl.trim() === '') {
    throw new SourceError(SourceErrorCode.ValidationError, SourceMessage.rssUrlRequired, SourceFailure.EmptyInput)
  }
  try {
    const url = parseHttpUrl(rawUrl)
    const res = await fetchText(url, { ...config.fetch, headers: { accept: FEED_ACCEPT }, signal: options.signal })
    return await parseFeedXml(res.text, { baseUrl: res.url, maxItems: config.maxItems, failure: SourceMessage.rssFailed })
  } catch (err) {
    throw toSourceError(err, { invalid: SourceMessage.invalidUrl, failed: SourceMessage.rssFailed })
  }
}

/**
 * Parses feed XML already in hand. `baseUrl` resolves relative links; `failure` is the user-facing text
 * of the error thrown for a refused or unreadable feed.
 */
export async function parseFeedXml(xml: string, opts: { baseUrl: string; maxItems: number; failure: string }): Promise<RssFeed> {
  assertNoEntityDeclarations(xml, opts.failure)
  let feed: Parser.Output<Record<string, unknown>>
  try {
    feed = await parser.parseString(withoutInvalidAtomDates(xml))
  } catch (cause) {
    throw new SourceError(SourceErrorCode.Unprocessable, opts.failure, SourceFailure.InvalidFeed, {
      detail: cause instanceof Error ? cause.message : String(cause),
      cause,
    })
  }
  const items = feed.items.slice(0, opts.maxItems).map((raw) => toItem(itemSchema.parse(raw), opts.baseUrl))
  const title = textOf(feed.title)
  const description = textOf(feed.description)
  const link = safeHttpLink(feed.link, opts.baseUrl)
  return {
    ...(title ? { title } : {}),
    ...(link ? { link } : {}),
    ...(description ? { description } : {}),
    items,
  }
}

/** Refuses XML that declares entities or carries an internal DTD subset (where entities live). */
export function assertNoEntityDeclarations(xml: string, failure: string): void {
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml)) {
    throw new SourceError(SourceErrorCode.Unprocessable, failure, SourceFailure.EntityDeclaration, {
      detail: 'feed declares XML entities',
    })
  }
}

/** An absolute http(s) URL resolved against `base`, or null (javascript:, data:, mailto:, garbage). */
export function safeHttpLink(link: unknown, base: string): string | null {
  const text = textOf(link)
  if (!text) return null
  try {
    const url = new URL(text, base)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

const parser = new Parser()

// rss-parser gives strings, but xml2js can hand over `{_: text, $: attrs}` objects for odd markup.
const anything = z.unknown().optional()
const itemSchema = z.looseObject({
  title: anything,
  link: anything,
  guid: anything,
  contentSnippet: anything,
  content: anything,
  summary: anything,
  isoDate: anything,
  pubDate: anything,
})

function toItem(item: z.infer<typeof itemSchema>, baseUrl: string): RssItem {
  const body = fragmentText(textOf(item.content) || textOf(item.summary)) || cleanText(textOf(item.contentSnippet))
  const guidLink = /^https?:/i.test(textOf(item.guid)) ? item.guid : undefined
  return {
    title: fragmentText(textOf(item.title)) || snippet(body, 80),
    snippet: snippet(body, 300),
    link: safeHttpLink(item.link, baseUrl) ?? safeHttpLink(guidLink, baseUrl),
    publishDate: isoDate(textOf(item.isoDate) || textOf(item.pubDate)),
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value)) return textOf(value[0])
  if (value && typeof value === 'object' && '_' in value) return textOf((value as { _: unknown })._)
  return ''
}

// Feed text is often HTML (RSS descriptions, Atom type="html"); an HTML parser also handles "a < b" and &amp;.
function fragmentText(html: string): string {
  if (!/[<&]/.test(html)) return cleanText(html)
  return htmlToText(parseHtml(`<!doctype html><html><body>${html}</body></html>`).body)
}

function isoDate(text: string): string | null {
  if (!text) return null
  const time = Date.parse(text)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

// rss-parser calls new Date(x).toISOString() on Atom dates, which throws on garbage and loses the feed.
function withoutInvalidAtomDates(xml: string): string {
  return xml.replace(/<(published|updated)>([^<]*)<\/\1>/g, (whole, _tag: string, value: string) => (Number.isNaN(Date.parse(value.trim())) ? '' : whole))
}
