/**
 * The part of the DOM the HTML readers use, and the one place where linkedom and Readability get their
 * types. Both packages publish types written against lib.dom (parseHTML returns `Window & typeof
 * globalThis`, Readability takes a `Document` and hands its serializer a `Node`). The server compiles
 * without lib.dom (tsconfig.server.json), so those names would mean nothing there. The readers therefore
 * see the documents through the interfaces below, which list only what server/sources uses. Add a member
 * here when a reader needs one; reaching for anything else fails to compile.
 */
import { Readability } from '@mozilla/readability'
import { DOMParser, parseHTML } from 'linkedom'

export interface DomNode {
  /** 1 element, 3 text, 9 document, 11 fragment. */
  readonly nodeType: number
  readonly nodeValue: string | null
  readonly textContent: string | null
  readonly childNodes: ArrayLike<DomNode>
  /** Walk children with these on large trees: linkedom builds `childNodes` by scanning the whole subtree. */
  readonly firstChild: DomNode | null
  readonly nextSibling: DomNode | null
}

export interface DomElement extends DomNode {
  readonly tagName: string
  readonly classList: { contains(token: string): boolean }
  /** As written, prefixes included (`xml:base`, `xmlns:a`): linkedom resolves no namespaces. */
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>
  getAttribute(name: string): string | null
  closest(selectors: string): DomElement | null
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): ArrayLike<DomElement>
}

export interface HtmlDocument extends DomNode {
  readonly title: string
  /** linkedom makes one when the markup has none (parseHtml wraps markup without any element). */
  readonly body: DomElement
  /** Null only for markup with no element at all, which parseHtml wraps in a page. */
  readonly documentElement: DomElement | null
  querySelector(selectors: string): DomElement | null
  querySelectorAll(selectors: string): ArrayLike<DomElement>
}

/** What Readability found: title, byline and the rest as strings, `content` as the serializer made it. */
export type Article<T> = NonNullable<ReturnType<Readability<T>['parse']>>

/**
 * Parses a whole page, or a fragment wrapped in `<!doctype html><html><body>…</body></html>`. Markup with no
 * element at all (an empty answer, bare text served as HTML) is read as the body of an empty page, so the
 * document always has one (linkedom's own would throw when asked for it).
 */
export function parseHtml(html: string): HtmlDocument {
  const { document } = parseDocument(html)
  return document.documentElement === null ? parseDocument(`<!doctype html><html><head></head><body>${html}</body></html>`).document : document
}

/**
 * The root element of an XML document (a feed), or null when the text holds no element. Lenient, as
 * linkedom's XML mode is: an unescaped `&` or an unclosed tag does not lose the rest. Tag and attribute
 * names keep their prefixes (`a:feed`); server/sources/feed-tree.ts resolves the namespaces.
 */
export function parseXml(xml: string): DomElement | null {
  return parseXmlDocument(xml).documentElement
}

/**
 * Readability's main content of `document`, each node of it passed to `serializer`; null when it finds
 * none. Readability rewrites the document it reads: take anything else from the document first.
 */
export function readArticle<T>(document: HtmlDocument, serializer: (node: DomNode) => T): Article<T> | null {
  return new ReadabilityOverDom<T>(document, { serializer }).parse()
}

// The casts of this file. linkedom's document is what Readability reads in Node (its README's usage);
// only the published types disagree, because they are lib.dom's.
const parseDocument = parseHTML as unknown as (html: string) => { document: HtmlDocument }
const parseXmlDocument = (xml: string) => new DOMParser().parseFromString(xml, 'text/xml') as unknown as { documentElement: DomElement | null }
const ReadabilityOverDom = Readability as unknown as new <T>(document: HtmlDocument, options: { serializer: (node: DomNode) => T }) => { parse(): Article<T> | null }
