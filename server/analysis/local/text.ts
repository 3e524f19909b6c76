/**
 * Splits content into sentences of tagged tokens, each with its character offsets in the content.
 * Blocks come first (blank lines, markdown headings and list items, short title lines), so a heading
 * never runs into the paragraph under it; compromise then tags and splits each block. Everything
 * later in the local analyser works on these tokens and never re-reads the raw text by position.
 */
import nlp from 'compromise'

export interface Token {
  /** Position in its sentence. */
  i: number
  /** The surface text; hyphenated words are one token ("Jun-ho", "start-up"). May be '' for the
   * second half of a contraction ("won't" → "won't" + '' with implicit "not"). */
  text: string
  /** Lowercased text, or the expansion of a contraction ("will", "not"). */
  lower: string
  start: number
  end: number
  /** Punctuation and spaces before and after, as compromise saw them. */
  pre: string
  post: string
  tags: Set<string>
}

export interface Sentence {
  index: number
  start: number
  end: number
  text: string
  tokens: Token[]
  /** A markdown heading or a short line standing alone, such as a title. */
  isHeading: boolean
  /** Index of the paragraph (block) the sentence is in. */
  block: number
}

export function segment(content: string): Sentence[] {
  const sentences: Sentence[] = []
  for (const block of splitBlocks(content)) {
    // compromise may split on a line break; a single break inside a paragraph is only wrapping.
    const text = content.slice(block.start, block.end).replace(/\r?\n/g, (m) => ' '.repeat(m.length))
    const doc = nlp(text)
    const groups = new Map<number, Token[]>()
    let cursor = 0
    for (const term of doc.termList() as CompromiseTerm[]) {
      const idx = term.index?.[0] ?? 0
      const located = locate(text, term.pre ?? '', term.text ?? '', cursor)
      const token: Token = {
        i: 0,
        text: term.text ?? '',
        lower: (term.implicit ?? term.text ?? '').toLowerCase(),
        start: block.start + located.start,
        end: block.start + located.end,
        pre: term.pre ?? '',
        post: term.post ?? '',
        tags: new Set(term.tags ?? []),
      }
      if (token.text !== '') cursor = located.end + (term.post ?? '').length
      const list = groups.get(idx) ?? []
      list.push(token)
      groups.set(idx, list)
    }
    for (const raw of groups.values()) {
      const tokens = mergeHyphenated(raw, content)
      const real = tokens.filter((t) => t.text !== '')
      const first = real[0]
      const last = real[real.length - 1]
      if (!first || !last) continue
      const start = first.start - leadingPunctuation(first.pre)
      const end = last.end + trailingPunctuation(last.post)
      tokens.forEach((t, i) => (t.i = i))
      sentences.push({
        index: sentences.length,
        start,
        end,
        text: content.slice(start, end),
        tokens,
        isHeading: block.isHeading,
        block: block.index,
      })
    }
  }
  return sentences
}

/** The parts of a compromise term we read (its published type omits `implicit`). */
interface CompromiseTerm {
  text?: string
  pre?: string
  post?: string
  implicit?: string
  tags?: Set<string>
  index?: [number, number]
}

interface Block {
  index: number
  start: number
  end: number
  isHeading: boolean
}

const HEADING = /^\s{0,3}#{1,6}\s+/
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/
const QUOTE = /^\s*>\s?/

function splitBlocks(content: string): Block[] {
  const lines: { start: number; end: number; text: string }[] = []
  let pos = 0
  for (const text of content.split('\n')) {
    lines.push({ start: pos, end: pos + text.length, text })
    pos += text.length + 1
  }
  const blocks: Block[] = []
  let current: { start: number; end: number } | null = null
  const flush = () => {
    if (current) push(current.start, current.end, false)
    current = null
  }
  const push = (start: number, end: number, isHeading: boolean) => {
    const slice = content.slice(start, end)
    const lead = slice.length - slice.trimStart().length
    const trail = slice.length - slice.trimEnd().length
    if (end - trail > start + lead) blocks.push({ index: blocks.length, start: start + lead, end: end - trail, isHeading })
  }
  lines.forEach((line, n) => {
    const text = line.text.replace(/\r$/, '')
    const end = line.start + text.length
    if (text.trim() === '') return flush()
    const marker = HEADING.exec(text) ?? LIST_ITEM.exec(text) ?? QUOTE.exec(text)
    if (HEADING.test(text)) {
      flush()
      push(line.start + (marker?.[0].length ?? 0), end, true)
      return
    }
    if (marker) {
      flush()
      current = { start: line.start + marker[0].length, end }
      return
    }
    const next = lines[n + 1]?.text.trim() ?? ''
    if (current === null && isTitleLine(text, next)) {
      push(line.start, end, true)
      return
    }
    if (current) current.end = end
    else current = { start: line.start, end }
  })
  flush()
  return blocks
}

/** A short capitalised line without closing punctuation, standing before more text: a title. */
function isTitleLine(text: string, next: string): boolean {
  const t = text.trim()
  if (t.split(/\s+/).length > 16 || t.length >= 160) return false
  if (!/^[\p{Lu}\d"“'‘]/u.test(t) || /[.;,:!?…]["”'’)]?$/.test(t)) return false
  // A wrapped paragraph goes on in lower case; a title is followed by a new sentence or a blank line.
  return next === '' || /^[\p{Lu}\d"“'‘([#*-]/u.test(next)
}

function locate(text: string, pre: string, word: string, cursor: number): { start: number; end: number } {
  if (word === '') return { start: cursor, end: cursor }
  const expected = cursor + pre.length
  if (text.startsWith(word, expected)) return { start: expected, end: expected + word.length }
  const found = text.indexOf(word, cursor)
  if (found >= 0) return { start: found, end: found + word.length }
  return { start: Math.min(expected, text.length), end: Math.min(expected, text.length) }
}

/** compromise splits "Jun-ho" and "start-up" in two; names and compounds read better whole. */
function mergeHyphenated(tokens: Token[], content: string): Token[] {
  const out: Token[] = []
  for (const t of tokens) {
    const prev = out[out.length - 1]
    if (prev && prev.text !== '' && t.text !== '' && /^[-‑]$/.test(prev.post) && t.pre === '' && t.start === prev.end + 1) {
      const text = content.slice(prev.start, t.end)
      const tags = new Set<string>(['Hyphenated'])
      const allValues = prev.tags.has('Value') && t.tags.has('Value')
      if (allValues) tags.add('Value')
      else tags.add('Noun')
      if (/^\p{Lu}/u.test(text)) tags.add('ProperNoun')
      if (/-(based|led|backed|owned|run|made|born|linked|funded|style|era|wide|level|term|year|old)$/i.test(text)) {
        tags.delete('Noun')
        tags.delete('ProperNoun')
        tags.add('Adjective')
      }
      if (t.tags.has('Plural')) tags.add('Plural')
      out[out.length - 1] = { ...prev, text, lower: text.toLowerCase(), end: t.end, post: t.post, tags }
      continue
    }
    out.push(t)
  }
  return out
}

function leadingPunctuation(pre: string): number {
  const m = /[^\s]*$/.exec(pre)
  const part = m ? m[0] : ''
  return /^["“'‘([]+$/.test(part) ? part.length : 0
}

function trailingPunctuation(post: string): number {
  const m = /^[^\s]*/.exec(post)
  const part = m ? m[0] : ''
  const keep = /^[.!?…;:,"”'’)\]]+/.exec(part)
  return keep ? keep[0].length : 0
}
