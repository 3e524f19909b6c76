/**
 * RSS 0.9x/2.0, RSS 1.0 (RDF) and Atom 1.0/0.3 feeds → preview items (title, snippet, link, publishDate,
 * author, guid) and the feed's title, link, description and language.
 *
 * What real publishers send decides the rules: any namespace prefix (`<a:feed xmlns:a="…Atom">`), RSS
 * without a `version`, Atom text of type html, xhtml or base64, `xml:base` on the feed, an entry or one
 * element, Dublin Core dates and descriptions in place of the core ones. Entity declarations are refused
 * before any XML parser runs (billion laughs and friends). A link is an absolute http(s) URL, resolved
 * against the `xml:base` in scope or else the URL the feed was served from, or null: no `javascript:`
 * (nor `tag:`) link ever reaches a page. A document whose root is not a feed's is refused.
 */
import type { SourcesConfig } from './config'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { fetchText, parseHttpUrl, toSourceError } from './fetch-text'
import { Ns, type XmlElement, attr, childrenNamed, firstNamed, is, nestsDeeperThan, parseFeedTree, textContent } from './feed-tree'
import { atomText, feedDate, looseHtmlText, personName, safeHttpLink } from './feed-text'
import { cleanText, snippet } from './text'
import type { ReadOptions, RssFeed, RssItem } from './types'

export { safeHttpLink } from './feed-text'

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
 * Parses feed XML already in hand. `baseUrl` (where the feed came from) resolves relative links; `failure`
 * is the user-facing text of the error thrown for a refused or unreadable feed.
 */
export async function parseFeedXml(xml: string, opts: { baseUrl: string; maxItems: number; failure: string }): Promise<RssFeed> {
  assertNoEntityDeclarations(xml, opts.failure)
  if (nestsDeeperThan(xml, MAX_NESTING)) {
    throw new SourceError(SourceErrorCode.Unprocessable, opts.failure, SourceFailure.InvalidFeed, { detail: `elements nest deeper than ${MAX_NESTING}` })
  }
  const root = parseFeedTree(xml, opts.baseUrl)
  const reading = root ? readTree(root) : undefined
  if (!reading) {
    throw new SourceError(SourceErrorCode.Unprocessable, opts.failure, SourceFailure.InvalidFeed, {
      detail: root ? `not a feed: root element <${root.name}>` : 'no XML element',
    })
  }
  const { feed, items } = reading
  return { ...feed, items: items.slice(0, opts.maxItems) }
}

/** Refuses XML that declares entities or carries an internal DTD subset (where entities live). */
export function assertNoEntityDeclarations(xml: string, failure: string): void {
  if (/<!ENTITY/i.test(xml) || /<!DOCTYPE[^>[]*\[/i.test(xml)) {
    throw new SourceError(SourceErrorCode.Unprocessable, failure, SourceFailure.EntityDeclaration, {
      detail: 'feed declares XML entities',
    })
  }
}

/** Real feeds nest a few levels, XHTML content a few more; this is far past both. */
const MAX_NESTING = 200

type Reading = { feed: Omit<RssFeed, 'items'>; items: RssItem[] }

const RSS = ['', Ns.Rss10, Ns.Rss09] as const
const ATOM = [Ns.Atom, Ns.Atom03] as const
const DC = [Ns.Dc] as const
const DCTERMS = [Ns.DcTerms] as const

function readTree(root: XmlElement): Reading | undefined {
  // RSS 2.0 is in no namespace, but some publishers give it one (UserLand's `…/rss2`): the root's counts.
  if (root.name === 'rss') return readRss(root, [...RSS, root.ns])
  if (is(root, [Ns.Rdf], 'RDF')) return readRss(root, RSS)
  // A `feed` in no namespace is Atom written carelessly; anything else named feed is not ours to guess.
  if (is(root, [...ATOM, ''], 'feed')) return readAtom(root, root.ns === '' ? [...ATOM, ''] : [root.ns])
  return undefined
}

function readRss(root: XmlElement, core: readonly string[]): Reading {
  const channel = firstNamed(root, core, 'channel') ?? root
  // RSS 1.0 puts items beside the channel; some 0.9x feeds do too.
  const items = [...childrenNamed(channel, core, 'item'), ...(channel === root ? [] : childrenNamed(root, core, 'item'))]
  const language = text(firstNamed(channel, core, 'language')) || text(firstNamed(channel, DC, 'language')) || channel.lang || ''
  return {
    feed: optionalFields({
      title: looseHtmlText(firstNamed(channel, core, 'title')) || looseHtmlText(firstNamed(channel, DC, 'title')),
      link: safeHttpLink(rawText(firstNamed(channel, core, 'link')), firstNamed(channel, core, 'link')?.base ?? channel.base),
      description: looseHtmlText(firstNamed(channel, core, 'description')) || looseHtmlText(firstNamed(channel, DC, 'description')),
      language,
    }),
    items: items.map((item) => rssItem(item, core)),
  }
}

function rssItem(item: XmlElement, core: readonly string[]): RssItem {
  const body =
    looseHtmlText(firstNamed(item, core, 'description')) ||
    looseHtmlText(firstNamed(item, DC, 'description')) ||
    looseHtmlText(firstNamed(item, [Ns.Content], 'encoded')) ||
    looseHtmlText(firstNamed(item, [Ns.Itunes], 'summary'))
  const title = looseHtmlText(firstNamed(item, core, 'title')) || looseHtmlText(firstNamed(item, DC, 'title'))
  const guidEl = firstNamed(item, core, 'guid')
  const guid = rawText(guidEl) || attr(item, 'about', Ns.Rdf)?.trim() || null
  const linkEl = firstNamed(item, core, 'link')
  // A guid is a link only when it is a permalink (the default) and an http(s) one.
  const permalink = guidEl && attr(guidEl, 'isPermaLink')?.trim().toLowerCase() !== 'false' && /^https?:/i.test(rawText(guidEl)) ? guidEl : undefined
  return {
    title: title || snippet(body, 80),
    snippet: snippet(body, 300),
    link: elementLink(linkEl) ?? elementLink(permalink),
    publishDate:
      feedDate(firstNamed(item, core, 'pubDate')) ?? feedDate(firstNamed(item, DC, 'date')) ?? feedDate(firstNamed(item, DCTERMS, 'issued')) ?? feedDate(firstNamed(item, DCTERMS, 'modified')),
    author: personName([...childrenNamed(item, DC, 'creator').map(text), ...childrenNamed(item, core, 'author').map(text), ...childrenNamed(item, [Ns.Itunes], 'author').map(text)]),
    guid,
  }
}

function readAtom(root: XmlElement, atom: readonly string[]): Reading {
  const feedAuthor = atomAuthor(root, atom)
  return {
    feed: optionalFields({
      title: atomText(firstNamed(root, atom, 'title')),
      link: atomLink(root, atom),
      description: atomText(firstNamed(root, atom, 'subtitle')) || atomText(firstNamed(root, atom, 'tagline')),
      language: root.lang || text(firstNamed(root, DC, 'language')),
    }),
    items: childrenNamed(root, atom, 'entry').map((entry) => atomEntry(entry, atom, feedAuthor)),
  }
}

function atomEntry(entry: XmlElement, atom: readonly string[], feedAuthor: string | null): RssItem {
  const body = atomText(firstNamed(entry, atom, 'summary')) || atomText(firstNamed(entry, atom, 'content')) || looseHtmlText(firstNamed(entry, DC, 'description'))
  const title = atomText(firstNamed(entry, atom, 'title'))
  const date = (name: string) => feedDate(firstNamed(entry, atom, name))
  return {
    title: title || snippet(body, 80),
    snippet: snippet(body, 300),
    link: atomLink(entry, atom),
    // Atom 1.0 published/updated; Atom 0.3 issued/modified/created; then Dublin Core.
    publishDate:
      date('published') ??
      date('updated') ??
      date('issued') ??
      date('modified') ??
      date('created') ??
      feedDate(firstNamed(entry, DC, 'date')) ??
      feedDate(firstNamed(entry, DCTERMS, 'issued')) ??
      feedDate(firstNamed(entry, DCTERMS, 'modified')),
    // An entry without an author has the feed's (RFC 4287 §4.2.1).
    author: atomAuthor(entry, atom) ?? feedAuthor,
    guid: rawText(firstNamed(entry, atom, 'id')) || null,
  }
}

/** The first alternate link (rel absent or "alternate") that is http(s), resolved in its own scope. */
function atomLink(el: XmlElement, atom: readonly string[]): string | null {
  for (const link of childrenNamed(el, atom, 'link')) {
    const rel = attr(link, 'rel')?.trim().toLowerCase() || 'alternate'
    if (rel !== 'alternate' && rel !== 'http://www.iana.org/assignments/relation/alternate') continue
    const href = safeHttpLink(attr(link, 'href') ?? rawText(link), link.base)
    if (href) return href
  }
  return null
}

function atomAuthor(el: XmlElement, atom: readonly string[]): string | null {
  const names = childrenNamed(el, atom, 'author').map((a) => text(firstNamed(a, atom, 'name')) || text(a))
  return personName([...names, ...childrenNamed(el, DC, 'creator').map(text)])
}

// Some RSS writers borrow Atom's form, `<link href="…"/>`, for the item link.
function elementLink(el: XmlElement | undefined): string | null {
  return el ? safeHttpLink(rawText(el) || attr(el, 'href'), el.base) : null
}

function rawText(el: XmlElement | undefined): string {
  return el ? textContent(el).trim() : ''
}

function text(el: XmlElement | undefined): string {
  return el ? cleanText(textContent(el)).replace(/\s+/g, ' ') : ''
}

function optionalFields(fields: { title: string; link: string | null; description: string; language: string }): Omit<RssFeed, 'items'> {
  return {
    ...(fields.title ? { title: fields.title } : {}),
    ...(fields.link ? { link: fields.link } : {}),
    ...(fields.description ? { description: fields.description } : {}),
    ...(fields.language.trim() ? { language: fields.language.trim() } : {}),
  }
}
