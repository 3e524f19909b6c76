/**
 * Marked text for the client: ts_headline marks matched words with two control characters (queries.ts
 * `MARK_START`, `MARK_END`); these turn its answers into segments `{text, match}`, never markup, and widen a
 * fragment of a document to the whole sentence it sits in.
 */
import type { SearchSegment } from '../../../src/protocol/search'
import { MARK_END, MARK_START } from './queries'

/** The longest sentence shown whole; a longer one is cut around its first match. */
const SENTENCE_MAX = 320

/** A marked string as segments: marked runs are matches, the rest plain; empty runs are dropped. */
export function segmentsOf(marked: string): SearchSegment[] {
  const out: SearchSegment[] = []
  let match = false
  let run = ''
  const flush = () => {
    if (run) out.push({ text: run, match })
    run = ''
  }
  for (const ch of marked) {
    if (ch === MARK_START || ch === MARK_END) {
      flush()
      match = ch === MARK_START
    } else run += ch
  }
  flush()
  return out
}

/** Whether any segment is a match. */
export const hasMatch = (segments: readonly SearchSegment[]) => segments.some((s) => s.match)

/**
 * The sentence of `text` holding the first match of a marked fragment of it, with the fragment's matches inside
 * that sentence marked. When the fragment cannot be placed in the text, the fragment itself.
 */
export function sentenceOf(text: string, fragment: string): SearchSegment[] {
  const segments = segmentsOf(fragment)
  const plain = segments.map((s) => s.text).join('')
  const at = plain.trim() === '' ? -1 : text.indexOf(plain)
  if (at < 0 || !hasMatch(segments)) return trimEnds(segments)
  // The matches' places in the text.
  const ranges: Array<[number, number]> = []
  let pos = at
  for (const s of segments) {
    if (s.match) ranges.push([pos, pos + s.text.length])
    pos += s.text.length
  }
  const first = ranges[0]!
  let start = sentenceStart(text, first[0])
  let end = sentenceEnd(text, first[1])
  if (end - start > SENTENCE_MAX) {
    start = Math.max(start, wordStart(text, first[0] - SENTENCE_MAX / 3))
    end = Math.min(end, wordEnd(text, start + SENTENCE_MAX))
  }
  const out: SearchSegment[] = []
  if (start > 0 && !/[.!?]\s*$/.test(text.slice(Math.max(0, start - 3), start)) && !/\n/.test(text.slice(Math.max(0, start - 2), start))) out.push({ text: '… ', match: false })
  let cursor = start
  for (const [a, b] of ranges) {
    if (b <= start || a >= end) continue
    if (a > cursor) out.push({ text: text.slice(cursor, a), match: false })
    out.push({ text: text.slice(Math.max(a, cursor), Math.min(b, end)), match: true })
    cursor = Math.min(b, end)
  }
  if (cursor < end) out.push({ text: text.slice(cursor, end), match: false })
  if (end < text.length && !/[.!?]["'”’)]*$/.test(text.slice(start, end).trimEnd())) out.push({ text: ' …', match: false })
  return trimEnds(out)
}

/** The first sentence of a text, unmarked: what a result whose text does not match (its title does) shows. */
export function leadOf(text: string): SearchSegment[] {
  const trimmed = text.trim()
  if (trimmed === '') return []
  let end = sentenceEnd(trimmed, 0)
  if (end > SENTENCE_MAX) end = wordEnd(trimmed, SENTENCE_MAX)
  return [{ text: trimmed.slice(0, end) + (end < trimmed.length && end === wordEnd(trimmed, SENTENCE_MAX) ? ' …' : ''), match: false }]
}

const BOUNDARY = /[.!?]["'”’)]*\s+(?=["'“‘(]?[\p{Lu}\p{N}])|\n+/gu

function sentenceStart(text: string, from: number): number {
  let start = 0
  for (const m of text.matchAll(BOUNDARY)) {
    if (m.index + m[0].length > from) break
    start = m.index + m[0].length
  }
  return start
}

function sentenceEnd(text: string, from: number): number {
  const rest = text.slice(from)
  const m = rest.match(new RegExp(BOUNDARY.source, 'u'))
  if (!m || m.index === undefined) return text.length
  // Keep the closing punctuation, drop the space after it.
  return from + m.index + m[0].trimEnd().length
}

function wordStart(text: string, at: number): number {
  const i = Math.max(0, at)
  const space = text.lastIndexOf(' ', i)
  return space < 0 ? 0 : space + 1
}

function wordEnd(text: string, at: number): number {
  const space = text.indexOf(' ', at)
  return space < 0 ? text.length : space
}

function trimEnds(segments: SearchSegment[]): SearchSegment[] {
  const out = segments.map((s) => ({ ...s }))
  if (out[0]) out[0].text = out[0].text.replace(/^\s+/, '')
  const last = out[out.length - 1]
  if (last) last.text = last.text.replace(/\s+$/, '')
  return out.filter((s) => s.text !== '')
}
