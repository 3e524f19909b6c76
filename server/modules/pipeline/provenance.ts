/**
 * A document's provenance (issue 20; `provenanceSchema` in src/protocol/entities.ts): where it came from,
 * gathered in two steps and kept on its payload.
 *
 * 1. At ingest (`ingestProvenance`), what the caller knows: the channel it came through (a paste, an
 *    upload, an address, or a source's poll), the source's name and id, and what a feed item, a post or a
 *    tweet says of itself (publisher, author, date, headline, link). The card shows it from its skeleton on.
 * 2. Once the source is read (`readProvenance`), what the page or the file says of itself wins over what
 *    the feed said of it: a page's canonical address (when it is on the site the page was read from),
 *    site name, byline, language, publication time and headline; a file's author, title, creation time and language. What neither says stays as it was;
 *    the publisher of an address no one names is its host.
 *
 * Values are cleaned on the way in: text trimmed and capped, dates to ISO 8601 (a date that does not read
 * is dropped, never guessed), addresses absolute http(s) only (a `javascript:` link is no provenance).
 */
import { safeLink } from '../../../src/domain/rules/document-origin'
import type { Provenance, ProvenanceChannel } from '../../../src/protocol/entities'
import type { SourceDocument } from '../../sources/index'
import type { IngestRequest } from './contract'

const MAX_TEXT = 300

/** What the caller knows at ingest, as the skeleton's payload carries it. */
export function ingestProvenance(request: Pick<IngestRequest, 'input' | 'dataSourceId'>): Provenance {
  const hint = request.input.provenance ?? {}
  const channel = (hint.via?.channel as ProvenanceChannel | undefined) ?? DEFAULT_CHANNEL[request.input.kind]
  const url = safeLink(hint.url) ?? (request.input.kind === 'url' ? safeLink(request.input.url) : null)
  return clean({
    ...hint,
    url,
    publishedAt: isoDate(hint.publishedAt),
    publisher: cleanText(hint.publisher) ?? (channel === 'web' || channel === 'rss' || channel === 'search' ? hostOf(url) : null),
    via: { channel, name: cleanText(hint.via?.name), dataSourceId: request.dataSourceId },
  })
}

/** The provenance once the source was read: the page's or file's own facts over what ingest knew. */
export function readProvenance(known: Provenance | null | undefined, doc: Pick<SourceDocument, 'metadata' | 'title'>): Provenance {
  const facts = doc.metadata as ReaderFacts
  const page = doc.metadata.kind === 'web'
  const fetched = page ? (safeLink(facts.finalUrl) ?? safeLink(facts.url)) : null
  const canonical = safeLink(facts.canonicalUrl)
  // A page's canonical address counts only on its own site: any page may claim an outlet's address, and the
  // address names the publisher the stories count (a claimed one elsewhere is ignored, not believed).
  const url = (canonical && (fetched === null || sameSite(canonical, fetched)) ? canonical : null) ?? fetched ?? safeLink(known?.url)
  // A publisher that was only the asked address's host gives way to the host of where the page really is.
  const knownPublisher = cleanText(known?.publisher)
  const onlyHost = knownPublisher !== null && knownPublisher === hostOf(safeLink(known?.url))
  return clean({
    ...known,
    url,
    publisher: cleanText(facts.siteName) ?? (onlyHost ? null : knownPublisher) ?? hostOf(url) ?? knownPublisher,
    author: cleanText(facts.byline) ?? cleanText(facts.author) ?? cleanText(known?.author),
    language: cleanText(facts.lang) ?? cleanText(known?.language),
    publishedAt: isoDate(facts.publishedTime) ?? isoDate(known?.publishedAt),
    headline: cleanText(facts.headline) ?? cleanText(facts.title) ?? cleanText(known?.headline) ?? (page ? cleanText(doc.title) : null),
  })
}

/** Whether two addresses are on one site: the same host (without `www.`), or one a subdomain of the other. */
export function sameSite(a: string, b: string): boolean {
  const x = hostOf(a)
  const y = hostOf(b)
  if (x === null || y === null) return false
  return x === y || x.endsWith(`.${y}`) || y.endsWith(`.${x}`)
}

/** The host an address names, without its `www.`: the publisher when nothing names one. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url).hostname.replace(/^www\./i, '') || null
  } catch {
    return null
  }
}

const DEFAULT_CHANNEL: Record<IngestRequest['input']['kind'], ProvenanceChannel> = { text: 'paste', url: 'web', document: 'upload' }

/** The facts readers may give, whichever kind of source they read (server/sources/types.ts). */
interface ReaderFacts {
  url?: string
  finalUrl?: string
  canonicalUrl?: string
  siteName?: string
  byline?: string
  author?: string
  lang?: string
  publishedTime?: string
  headline?: string
  title?: string
}

function clean(p: Provenance): Provenance {
  const out: Provenance = {}
  for (const [key, value] of Object.entries(p)) {
    const kept = key === 'url' || key === 'publishedAt' || key === 'via' || typeof value !== 'string' ? value : cleanText(value)
    if (kept !== null && kept !== undefined && kept !== '') out[key] = kept
  }
  if (out.via) out.via = Object.fromEntries(Object.entries(out.via).filter(([, v]) => v !== null && v !== undefined && v !== '')) as NonNullable<Provenance['via']>
  return out
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const t = value.replace(/\s+/g, ' ').trim()
  if (t === '') return null
  const chars = Array.from(t)
  return chars.length > MAX_TEXT ? `${chars.slice(0, MAX_TEXT - 1).join('')}…` : t
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const t = Date.parse(value.trim())
  // Before 1900 is a parse of something that is not a publication date.
  if (Number.isNaN(t) || t < Date.UTC(1900, 0, 1)) return null
  return new Date(t).toISOString()
}
