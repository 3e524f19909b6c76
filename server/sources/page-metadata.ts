/**
 * Where a web page says it comes from, read from its own markup before Readability rewrites the DOM:
 * canonical URL, site name, headline, byline, publication time and language. Each field takes the
 * publisher's explicit statement first (Open Graph and article meta, JSON-LD), then what the page shows
 * (`<h1>`, `<time datetime>`); Readability's guesses fill what is still missing (web-page.ts). Nothing
 * here is required: a field the page does not state is left out.
 */
import { isoDate } from './dates'
import type { HtmlDocument } from './dom'
import { parseJson } from './fetch-text'
import { safeHttpLink } from './feed-text'
import { cleanText } from './text'

export type PageMetadata = {
  canonicalUrl?: string
  siteName?: string
  headline?: string
  byline?: string
  publishedTime?: string
  lang?: string
}

/** The page's own statements about itself; `pageUrl` (where it was finally served) resolves relative URLs. */
export function readPageMetadata(document: HtmlDocument, pageUrl: string): PageMetadata {
  const ld = jsonLdArticle(document)
  const canonical = linkHref(document, 'canonical') ?? meta(document, 'og:url')
  const authorMeta = meta(document, 'author') ?? nonUrl(meta(document, 'article:author')) ?? ld.author
  return defined({
    canonicalUrl: canonical ? (safeHttpLink(canonical, pageUrl) ?? undefined) : undefined,
    siteName: meta(document, 'og:site_name') ?? meta(document, 'application-name'),
    headline: meta(document, 'og:title') ?? text(document.querySelector('h1')?.textContent) ?? ld.headline,
    byline: authorMeta,
    publishedTime: isoTime(meta(document, 'article:published_time') ?? ld.datePublished ?? document.querySelector('time[datetime]')?.getAttribute('datetime') ?? undefined),
    lang: text(document.documentElement?.getAttribute('lang')) ?? meta(document, 'content-language'),
  })
}

/** ISO 8601 (UTC) of a date the page wrote, or the text as written when it does not parse; undefined when empty. */
export function isoTime(value: string | null | undefined): string | undefined {
  const written = text(value)
  return written ? (isoDate(written) ?? written) : undefined
}

function meta(document: HtmlDocument, key: string): string | undefined {
  for (const el of Array.from(document.querySelectorAll('meta'))) {
    const name = (el.getAttribute('property') ?? el.getAttribute('name') ?? el.getAttribute('http-equiv') ?? '').trim().toLowerCase()
    if (name === key) {
      const value = text(el.getAttribute('content'))
      if (value) return value
    }
  }
  return undefined
}

// rel is a token list ("canonical", "alternate canonical"); linkedom's selectors are matched by hand here.
function linkHref(document: HtmlDocument, rel: string): string | undefined {
  for (const el of Array.from(document.querySelectorAll('link[rel][href]'))) {
    const rels = (el.getAttribute('rel') ?? '').toLowerCase().split(/\s+/)
    if (rels.includes(rel)) return text(el.getAttribute('href'))
  }
  return undefined
}

type LdArticle = { headline?: string; datePublished?: string; author?: string }

/** The first JSON-LD object that dates itself (an Article, NewsArticle, BlogPosting…), @graph included. */
function jsonLdArticle(document: HtmlDocument): LdArticle {
  for (const script of Array.from(document.querySelectorAll('script[type="application/ld+json"]'))) {
    for (const node of ldNodes(parseJson(script.textContent ?? ''))) {
      const datePublished = stringField(node, 'datePublished')
      if (datePublished || stringField(node, 'headline')) {
        return defined({ headline: stringField(node, 'headline'), datePublished, author: ldAuthor(node.author) })
      }
    }
  }
  return {}
}

function ldNodes(value: unknown, depth = 0): Array<Record<string, unknown>> {
  if (depth > 3) return []
  if (Array.isArray(value)) return value.flatMap((v) => ldNodes(v, depth + 1))
  if (!isRecord(value)) return []
  return [value, ...ldNodes(value['@graph'], depth + 1)]
}

function ldAuthor(value: unknown): string | undefined {
  const names = (Array.isArray(value) ? value : [value]).map((a) => (typeof a === 'string' ? text(a) : isRecord(a) ? stringField(a, 'name') : undefined)).filter((n): n is string => !!n)
  return names.length > 0 ? names.join(', ') : undefined
}

function stringField(node: Record<string, unknown>, key: string): string | undefined {
  const value = node[key]
  return typeof value === 'string' ? text(value) : undefined
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// article:author is often a profile URL (Facebook's own use of it), which is not a name.
function nonUrl(value: string | undefined): string | undefined {
  return value && !/^https?:\/\//i.test(value) ? value : undefined
}

function text(value: string | null | undefined): string | undefined {
  const cleaned = cleanText(value ?? '').replace(/\s+/g, ' ')
  return cleaned === '' ? undefined : cleaned
}

function defined<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as T
}
