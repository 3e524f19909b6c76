/**
 * Text shaping shared by the readers: the `cleanedContent` normal form, HTML → text with paragraph
 * breaks, Markdown → plain text, and preview snippets.
 */
import { cleanFreeText, sliceText } from '../../src/protocol/input-text'
import type { DomElement, DomNode } from './dom'

/**
 * The normal form of `cleanedContent`: NFC, `\n` line ends, no control or zero-width characters, single
 * spaces, trimmed lines, at most one blank line between paragraphs, and storable (an unpaired surrogate a
 * pdf font map or a character reference produced becomes U+FFFD: the payload's jsonb would refuse it).
 */
export function cleanText(raw: string): string {
  return cleanFreeText(raw)
    .normalize('NFC')
    .replace(/\r\n?|[\f\v\u2028\u2029]/g, '\n')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Visible text of an HTML subtree, with blank lines between blocks and `<br>` as a line break. */
export function htmlToText(root: DomNode): string {
  const out: Array<string | number> = []
  walk(root, out, false)
  return cleanText(joinWithBreaks(out))
}

/** Markdown → plain text (syntax removed, text kept), for `cleanedContent` of .md files. */
export function markdownToText(markdown: string): string {
  const lines = stripFrontMatter(markdown.replace(/\r\n?/g, '\n')).split('\n')
  const out: string[] = []
  let inFence = false
  for (const line of lines) {
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence
      continue
    }
    if (inFence) {
      out.push(line)
      continue
    }
    if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line)) continue // reference definition
    if (/^\s{0,3}([-*_])(\s*\1){2,}\s*$/.test(line) || /^\s{0,3}(=+|-+)\s*$/.test(line)) continue // rule or setext underline
    if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(line)) continue // table separator
    out.push(inlineMarkdown(blockMarkdown(line)))
  }
  return cleanText(out.join('\n'))
}

/** Title of a Markdown file: front-matter `title:`, else the first ATX or setext heading of level 1. */
export function markdownTitle(markdown: string): string | undefined {
  const text = markdown.replace(/\r\n?/g, '\n')
  const front = /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1]
  const fromFront = front ? /^title:\s*["']?(.+?)["']?\s*$/m.exec(front)?.[1] : undefined
  if (fromFront) return fromFront.trim()
  const body = stripFrontMatter(text)
  const atx = /^\s{0,3}#\s+(.+?)\s*#*\s*$/m.exec(body)?.[1]
  const setext = /^(\S.*)\n=+\s*$/m.exec(body)?.[1]
  const title = atx ?? setext
  return title ? cleanText(inlineMarkdown(title)) || undefined : undefined
}

/** One-line preview, cut at a word boundary. */
export function snippet(text: string, maxChars = 300): string {
  const flat = cleanText(text).replace(/\s+/g, ' ')
  if (flat.length <= maxChars) return flat
  const cut = sliceText(flat, maxChars - 1) // whole characters: half an emoji would be unstorable
  const endsOnWord = flat[cut.length] === ' '
  const lastSpace = cut.lastIndexOf(' ')
  return `${(endsOnWord || lastSpace <= maxChars * 0.6 ? cut : cut.slice(0, lastSpace)).trimEnd()}…`
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0
}

const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'IFRAME', 'HEAD', 'OBJECT', 'CANVAS'])
const PARAGRAPH = new Set([
  'P',
  'DIV',
  'SECTION',
  'ARTICLE',
  'ASIDE',
  'HEADER',
  'FOOTER',
  'MAIN',
  'NAV',
  'BLOCKQUOTE',
  'PRE',
  'FIGURE',
  'FIGCAPTION',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'UL',
  'OL',
  'DL',
  'TABLE',
  'FORM',
  'FIELDSET',
  'ADDRESS',
  'HR',
])
const LINE = new Set(['LI', 'TR', 'DT', 'DD', 'CAPTION'])

// Text goes out as strings, block boundaries as numbers (newlines wanted), merged by joinWithBreaks.
function walk(node: DomNode, out: Array<string | number>, pre: boolean): void {
  if (node.nodeType === 3) {
    const value = node.nodeValue ?? ''
    out.push(pre ? value : value.replace(/\s+/g, ' '))
    return
  }
  if (node.nodeType !== 1 && node.nodeType !== 9 && node.nodeType !== 11) return
  const tag = node.nodeType === 1 ? (node as DomElement).tagName.toUpperCase() : ''
  if (SKIPPED.has(tag)) return
  if (tag === 'BR') return void out.push('\n') // content, not a boundary: two <br> make a blank line
  const breaks = PARAGRAPH.has(tag) ? 2 : LINE.has(tag) ? 1 : 0
  if (breaks) out.push(breaks)
  if (tag === 'TD' || tag === 'TH') out.push(' ')
  const isPre = pre || tag === 'PRE'
  for (const child of Array.from(node.childNodes)) walk(child, out, isPre)
  if (breaks) out.push(breaks)
}

// Adjacent boundaries merge into the widest one; whitespace between blocks is layout, not text.
function joinWithBreaks(parts: Array<string | number>): string {
  let text = ''
  let pending = 0
  for (const part of parts) {
    if (typeof part === 'number') {
      pending = Math.max(pending, part)
    } else if (pending > 0) {
      if (part.trim() === '') continue
      text += text === '' ? part : '\n'.repeat(pending) + part
      pending = 0
    } else {
      text += part
    }
  }
  return text
}

function stripFrontMatter(text: string): string {
  return text.replace(/^---\n[\s\S]*?\n---\n/, '')
}

function blockMarkdown(line: string): string {
  return line
    .replace(/^\s{0,3}#{1,6}\s+/, '') // ATX heading marker
    .replace(/\s+#+\s*$/, '') // closing hashes
    .replace(/^\s{0,3}(>\s?)+/, '') // blockquote
    .replace(/^\s*([-*+]|\d{1,9}[.)])\s+(\[[ xX]\]\s+)?/, '') // list marker, task box
    .replace(/^\s*\|/, '')
    .replace(/\|\s*$/, '')
    .replace(/\s*\|\s*/g, '  ') // table cells
}

function inlineMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // image → alt text
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1') // inline link
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1') // reference link
    .replace(/<(https?:\/\/[^>\s]+)>/g, '$1') // autolink
    .replace(/<\/?[A-Za-z][^>]*>/g, '') // inline HTML
    .replace(/`([^`]+)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
    .replace(/(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?=[^\w*]|$)/g, '$1$3') // *em* / _em_, not snake_case
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~])/g, '$1') // backslash escapes
}
