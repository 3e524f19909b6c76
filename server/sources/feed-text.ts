/**
 * The values inside a feed, read as plain text: Atom text constructs (`type` text, html or xhtml, and
 * Atom 0.3's `mode` xml, escaped or base64), RSS fields that are HTML in practice, dates, author names
 * without e-mail noise, and links (absolute http(s) or null).
 */
import { isoDate } from './dates'
import { parseHtml } from './dom'
import { Ns, type XmlElement, attr, nestsDeeperThan, textContent } from './feed-tree'
import { cleanText, htmlToText } from './text'

/**
 * An Atom text construct as plain text. `type="text"` (the default) is taken literally; html is parsed as
 * HTML; xhtml (and Atom 0.3's inline `mode="xml"` markup) is the text of the markup's elements;
 * `mode="base64"` is decoded first, then read by its type.
 */
export function atomText(el: XmlElement | undefined): string {
  if (!el) return ''
  const type = (attr(el, 'type') ?? 'text').trim().toLowerCase()
  const mode = (attr(el, 'mode') ?? '').trim().toLowerCase()
  const isHtml = type === 'html' || type === 'text/html'
  const isXhtml = type === 'xhtml' || type === 'application/xhtml+xml'
  if (mode === 'base64') {
    const decoded = Buffer.from(textContent(el).replace(/\s+/g, ''), 'base64').toString('utf8')
    return isHtml || isXhtml ? htmlText(decoded) : cleanText(decoded)
  }
  if (isXhtml || (mode === 'xml' && el.children.some((c) => typeof c !== 'string'))) return markupText(el)
  if (isHtml || mode === 'escaped') return htmlText(textContent(el))
  return cleanText(textContent(el))
}

/** A field publishers fill with escaped HTML as often as with text (RSS titles and descriptions). */
export function looseHtmlText(el: XmlElement | undefined): string {
  if (!el) return ''
  // Unescaped inline markup (<description><p>…</p></description>) arrives as elements, not text.
  return el.children.some((c) => typeof c !== 'string') ? markupText(el) : htmlText(textContent(el))
}

/** HTML as text; also decodes what a second level of escaping left (`&amp;amp;`). */
export function htmlText(html: string): string {
  if (!/[<&]/.test(html)) return cleanText(html)
  // The HTML parser is quadratic in nesting depth: a hostile description loses its tags, not a core.
  const safe = nestsDeeperThan(html, MAX_HTML_NESTING) ? html.replace(/<[^>]*>/g, ' ') : html
  return htmlToText(parseHtml(`<!doctype html><html><body>${safe}</body></html>`).body)
}

/** Loose HTML leaves void and unclosed elements open, so this counts high; real markup stays far below. */
const MAX_HTML_NESTING = 1000

/** ISO 8601 of a feed date (RFC 822 or ISO 8601, as written), or null. */
export function feedDate(el: XmlElement | undefined): string | null {
  return el ? isoDate(textContent(el)) : null
}

/**
 * A person's name from an author field: `noreply@blogger.com (Jane Roe)` and `Jane Roe <jane@x.org>` give
 * `Jane Roe`; a bare no-reply address gives nothing; several names are joined by ", ".
 */
export function personName(values: readonly string[]): string | null {
  const names = values.map(cleanPerson).filter((n) => n !== '')
  return names.length > 0 ? [...new Set(names)].join(', ') : null
}

/**
 * An absolute http(s) URL for `link` resolved against `base`, or null (javascript:, data:, mailto:, tag:,
 * garbage). An absolute link to a bare host keeps the form it was written in (`https://example.org`, not
 * `https://example.org/`).
 */
export function safeHttpLink(link: unknown, base: string): string | null {
  const text = typeof link === 'string' ? link.trim() : ''
  if (!text) return null
  let url: URL
  try {
    url = new URL(text, base)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.pathname === '/' && BARE_HOST.test(text)) {
    const slash = url.href.indexOf('/', url.protocol.length + 2)
    return url.href.slice(0, slash) + url.href.slice(slash + 1)
  }
  return url.href
}

const BARE_HOST = /^https?:\/\/[^/?#]*(?:[?#]|$)/i

// Block elements of XHTML content: their text is kept apart by a line break, not run together.
const BLOCKS = new Set(['p', 'div', 'br', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'tr', 'section', 'article', 'figure'])
const SKIPPED = new Set(['script', 'style', 'template'])

function markupText(el: XmlElement): string {
  const out: string[] = []
  const walk = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') out.push(child.replace(/\s+/g, ' '))
      else if (SKIPPED.has(child.name)) continue
      else if (BLOCKS.has(child.name) && (child.ns === Ns.Xhtml || child.ns === '')) {
        out.push('\n')
        walk(child)
        out.push('\n')
      } else walk(child)
    }
  }
  walk(el)
  return cleanText(out.join(''))
}

function cleanPerson(raw: string): string {
  const text = cleanText(raw).replace(/\s+/g, ' ')
  const inParens = /^\S+@\S+\s*\((.+)\)$/.exec(text)?.[1] // RSS's "email (Name)"
  if (inParens) return inParens.trim()
  const beforeAngle = /^(.+?)\s*<[^>]*@[^>]*>$/.exec(text)?.[1] // "Name <email>"
  if (beforeAngle) return beforeAngle.replace(/^"(.*)"$/, '$1').trim()
  if (/^\S+@\S+$/.test(text) && /^(no-?reply|do-?not-?reply)@/i.test(text)) return ''
  return text
}
