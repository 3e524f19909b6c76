/**
 * Feed XML → a small tree of elements with their namespaces resolved and their `xml:base` and `xml:lang`
 * in scope worked out, which is all the feed reader needs from XML. linkedom parses (leniently) but keeps
 * prefixes as written, so `<a:feed xmlns:a="http://www.w3.org/2005/Atom">` and `<feed xmlns="…Atom">`
 * only look alike after this pass. Element names are compared as (namespace, local name) from here on.
 *
 * Bases (XML Base, RFC 3986): the document's base is the URL the feed was served from; an `xml:base` on
 * any element, relative, empty or fragment-only, is resolved against its parent's base, so a feed, an
 * entry or a single `<link>` can each set their own.
 */
import { type DomElement, type DomNode, parseXml } from './dom'

export const Ns = {
  Atom: 'http://www.w3.org/2005/Atom',
  Atom03: 'http://purl.org/atom/ns#',
  Rss10: 'http://purl.org/rss/1.0/',
  Rss09: 'http://my.netscape.com/rdf/simple/0.9/',
  Rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  Dc: 'http://purl.org/dc/elements/1.1/',
  DcTerms: 'http://purl.org/dc/terms/',
  Content: 'http://purl.org/rss/1.0/modules/content/',
  Itunes: 'http://www.itunes.com/dtds/podcast-1.0.dtd',
  Xhtml: 'http://www.w3.org/1999/xhtml',
  Xml: 'http://www.w3.org/XML/1998/namespace',
} as const

export type XmlElement = {
  ns: string
  name: string
  /** Attributes by local name when unprefixed, by `{namespace}local` when prefixed. */
  attrs: Map<string, string>
  children: XmlChild[]
  /** The base URL in scope for this element's content and attributes. */
  base: string
  /** `xml:lang` in scope, if any. */
  lang: string | undefined
}
export type XmlChild = XmlElement | string

/** The tree of `xml`, its root's base being `documentUrl`; null when the text holds no element. */
export function parseFeedTree(xml: string, documentUrl: string): XmlElement | null {
  const root = parseXml(xml)
  return root ? convert(root, { prefixes: WELL_KNOWN_PREFIXES, base: documentUrl, lang: undefined }, 0) : null
}

/**
 * Whether the elements of `xml` nest deeper than `limit`, by a linear scan of its tags. The XML parser takes
 * time quadratic in the depth (a 5 MB feed of nested `<b>` would hold a core for minutes), so a hostile
 * feed is refused before it is parsed. Comments, CDATA and processing instructions are skipped.
 */
export function nestsDeeperThan(xml: string, limit: number): boolean {
  let depth = 0
  for (const match of xml.matchAll(TAG)) {
    const [tag] = match
    if (tag.startsWith('<!') || tag.startsWith('<?')) continue
    if (tag.startsWith('</')) depth = Math.max(0, depth - 1)
    else if (!tag.endsWith('/>') && ++depth > limit) return true
  }
  return false
}

const TAG = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[!?][^>]*>|<\/?[A-Za-z_][^>]*>/g

/** Whether `el` is `name` in one of `namespaces`. */
export function is(el: XmlElement, namespaces: readonly string[], name: string): boolean {
  return el.name === name && namespaces.includes(el.ns)
}

/** Child elements of `el` named `name` in one of `namespaces`, in document order. */
export function childrenNamed(el: XmlElement, namespaces: readonly string[], name: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string' && is(c, namespaces, name))
}

export function firstNamed(el: XmlElement, namespaces: readonly string[], name: string): XmlElement | undefined {
  return childrenNamed(el, namespaces, name)[0]
}

/** All character data under `el` (CDATA included), as the XML parser decoded it. */
export function textContent(el: XmlElement): string {
  return el.children.map((c) => (typeof c === 'string' ? c : textContent(c))).join('')
}

/** An unprefixed attribute, or a namespaced one as `attr(el, 'about', Ns.Rdf)`. */
export function attr(el: XmlElement, name: string, ns?: string): string | undefined {
  return el.attrs.get(ns ? `{${ns}}${name}` : name)
}

// Sloppy feeds use dc:, content: or itunes: without declaring them; a declaration always wins.
const WELL_KNOWN_PREFIXES: ReadonlyMap<string, string> = new Map([
  ['xml', Ns.Xml],
  ['dc', Ns.Dc],
  ['dcterms', Ns.DcTerms],
  ['content', Ns.Content],
  ['itunes', Ns.Itunes],
  ['atom', Ns.Atom],
  ['rdf', Ns.Rdf],
])

const MAX_DEPTH = 256

type Scope = { prefixes: ReadonlyMap<string, string>; base: string; lang: string | undefined }

function convert(el: DomElement, parent: Scope, depth: number): XmlElement {
  const raw = Array.from(el.attributes)
  let prefixes = parent.prefixes
  if (raw.some((a) => a.name === 'xmlns' || a.name.startsWith('xmlns:'))) {
    const declared = new Map(prefixes)
    for (const a of raw) {
      if (a.name === 'xmlns') declared.set('', a.value.trim())
      else if (a.name.startsWith('xmlns:')) declared.set(a.name.slice(6), a.value.trim())
    }
    prefixes = declared
  }
  const attrs = new Map<string, string>()
  for (const a of raw) {
    if (a.name === 'xmlns' || a.name.startsWith('xmlns:')) continue
    const [prefix, local] = splitName(a.name)
    // An unprefixed attribute is in no namespace, whatever the default namespace is.
    attrs.set(prefix === '' ? local : `{${prefixes.get(prefix) ?? prefix}}${local}`, a.value)
  }
  const [prefix, name] = splitName(el.tagName)
  const xmlBase = attrs.get(`{${Ns.Xml}}base`)
  const scope: Scope = {
    prefixes,
    base: xmlBase === undefined ? parent.base : resolveBase(xmlBase, parent.base),
    lang: attrs.get(`{${Ns.Xml}}lang`)?.trim() || parent.lang,
  }
  const children: XmlChild[] = []
  // Past MAX_DEPTH the rest is dropped: no feed nests that deep, and a hostile one would overflow the stack.
  for (let child = depth < MAX_DEPTH ? el.firstChild : null; child; child = child.nextSibling) {
    if (child.nodeType === 1) children.push(convert(child as DomElement, scope, depth + 1))
    else if (child.nodeType === 3 || child.nodeType === 4) children.push(textOf(child))
  }
  return { ns: prefixes.get(prefix) ?? '', name, attrs, children, base: scope.base, lang: scope.lang }
}

function splitName(qualified: string): [string, string] {
  const colon = qualified.indexOf(':')
  return colon < 0 ? ['', qualified] : [qualified.slice(0, colon), qualified.slice(colon + 1)]
}

function resolveBase(value: string, parent: string): string {
  try {
    return new URL(value.trim(), parent).href
  } catch {
    return parent // an unusable base changes nothing rather than losing every link under it
  }
}

function textOf(node: DomNode): string {
  return node.nodeValue ?? ''
}
