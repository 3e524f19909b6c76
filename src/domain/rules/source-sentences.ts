/**
 * Where in a document's content an action frame or an entity came from, and the content preview that
 * shows it (spec §2 "Inspector tabs", §9).
 *
 * The analyser records, for every frame and entity mention, the sentence it came from as UTF-16 offsets
 * into the analysed content (`content.slice(start, end) === sentence`, src/protocol/analysis.ts). The
 * analysed content is the payload's `cleanedContent`. Offsets are trusted only when they still point at
 * the recorded sentence; otherwise the sentence is looked up by its text, and failing that it is shown
 * without a place in the content. Entities reach the client without their mention offsets today (the
 * server keeps a mention count only), so they are located by name: the sentence is a recorded frame
 * sentence containing the name when there is one, else the sentence around the first occurrence.
 */
import type { Payload } from '../../protocol/entities'
import { CONTENT_PREVIEW_CHARS } from './inspector'

interface Span {
  start: number
  end: number
}

/** A sentence of the content, with its place in it when known. */
export interface SourceSentence {
  sentence: string
  /** Null when the sentence could not be placed in the content (shown without a highlight). */
  span: Span | null
  /** recorded: the analyser's offsets, verified; located: found by text; unplaced: no place in the content. */
  provenance: 'recorded' | 'located' | 'unplaced'
  /** Words inside the sentence to stress (an actor's or resource's own offsets, an entity's name). */
  terms: Span[]
}

/** The text the offsets refer to: the cleaned content (what was analysed), else the extracted text. */
export function analysedContent(payload: Payload | null | undefined): string | null {
  const content = payload?.cleanedContent ?? payload?.extractedText ?? null
  return typeof content === 'string' && content !== '' ? content : null
}

/** The sentence an action frame came from (its `source`), placed in the content; null when none was recorded. */
export function frameSourceSentence(frame: { source?: unknown; actors?: unknown; resources?: unknown }, content: string | null): SourceSentence | null {
  const source = readSourceSpan(frame.source)
  if (!source) return null
  const placed = placeSentence(source, content)
  if (!placed.span || placed.provenance !== 'recorded' || content === null) return placed
  // Actor and resource offsets share the sentence's basis, so they are trusted exactly when it is.
  const terms: Span[] = []
  for (const group of [frame.actors, frame.resources]) {
    const entries = (group as { entries?: unknown } | null | undefined)?.entries
    if (!Array.isArray(entries)) continue
    for (const entry of entries) {
      const span = readSpan((entry as { span?: unknown } | null)?.span)
      if (span && span.start >= placed.span.start && span.end <= placed.span.end) terms.push(span)
    }
  }
  return { ...placed, terms: sortSpans(terms) }
}

/** The other sentences a frame lists as telling the same event (`alsoToldIn`), each placed in the content. */
export function frameRetellings(frame: object, content: string | null): SourceSentence[] {
  const told = (frame as { alsoToldIn?: unknown }).alsoToldIn
  if (!Array.isArray(told)) return []
  return told
    .map(readSourceSpan)
    .filter((s) => s !== null)
    .map((s) => placeSentence(s, content))
}

/** An entity as the payload lists it: a name, or `{text, kind, aliases, mentions}`. */
export interface InspectorEntity {
  text: string
  kind: string | null
  aliases: string[]
  /** How many times the analyser found it, when it says. */
  mentionCount: number | null
  /** Recorded mentions with their sentences, when the payload carries them. */
  mentions: Array<{ span: Span; sentence: { start: number; end: number; sentence: string } }>
}

/** The payload's `detectedEntities`, whatever their shape; unusable entries are skipped. */
export function readEntities(detected: readonly unknown[] | null | undefined): InspectorEntity[] {
  const out: InspectorEntity[] = []
  for (const item of detected ?? []) {
    if (typeof item === 'string') {
      if (item.trim() !== '') out.push({ text: item.trim(), kind: null, aliases: [], mentionCount: null, mentions: [] })
      continue
    }
    if (item === null || typeof item !== 'object') continue
    const e = item as Record<string, unknown>
    const text = typeof e.text === 'string' ? e.text.trim() : typeof e.name === 'string' ? e.name.trim() : ''
    if (text === '') continue
    const aliases = Array.isArray(e.aliases) ? e.aliases.filter((a): a is string => typeof a === 'string' && a.trim() !== '') : []
    const mentions: InspectorEntity['mentions'] = []
    if (Array.isArray(e.mentions)) {
      for (const m of e.mentions) {
        const span = readSpan(m)
        const sentence = readSourceSpan((m as { source?: unknown } | null)?.source)
        if (span && sentence) mentions.push({ span, sentence })
      }
    }
    const mentionCount = typeof e.mentionCount === 'number' ? e.mentionCount : typeof e.mentions === 'number' ? e.mentions : Array.isArray(e.mentions) ? e.mentions.length : null
    out.push({ text, kind: typeof e.kind === 'string' ? e.kind : null, aliases, mentionCount, mentions })
  }
  return out
}

/**
 * The sentence an entity came from: its first recorded mention when offsets came with it; otherwise its
 * first occurrence by name (or alias), inside one of `knownSentences` (the frames' recorded sentences)
 * when one holds it, else the sentence around it. Null when the name is not in the content.
 */
export function entitySourceSentence(entity: InspectorEntity, content: string | null, knownSentences: readonly SourceSentence[] = []): SourceSentence | null {
  for (const m of entity.mentions) {
    const placed = placeSentence(m.sentence, content)
    if (placed.provenance === 'recorded' && placed.span && m.span.start >= placed.span.start && m.span.end <= placed.span.end) return { ...placed, terms: [m.span] }
  }
  if (content === null) return null
  const term = findName(content, [entity.text, ...entity.aliases])
  if (!term) return null
  const known = knownSentences.find((s) => s.span && s.span.start <= term.start && term.end <= s.span.end)
  if (known?.span) return { sentence: known.sentence, span: known.span, provenance: 'located', terms: [term] }
  const span = sentenceAround(content, term)
  return { sentence: content.slice(span.start, span.end), span, provenance: 'located', terms: [term] }
}

// ---------------------------------------------------------------------------------------------------
// Content preview with highlights

export interface PreviewPart {
  text: string
  /** none; sentence: the selected source sentence; term: a word inside it. */
  mark: 'none' | 'sentence' | 'term'
}

interface ContentPreview {
  parts: PreviewPart[]
  /** The content is longer than the preview. */
  truncated: boolean
  /**
   * When the highlighted sentence ends beyond the preview: that sentence with a little context, marked
   * the same way, so it can be shown under the preview.
   */
  excerpt: { parts: PreviewPart[]; leading: boolean; trailing: boolean } | null
}

const EXCERPT_CONTEXT = 80

/** The first `limit` characters of the content, cut into parts by the sentence and term highlights. */
export function contentPreview(content: string, highlight: SourceSentence | null, limit: number = CONTENT_PREVIEW_CHARS): ContentPreview {
  const end = Math.min(content.length, limit)
  const sentence = highlight?.span ?? null
  const terms = sentence ? (highlight?.terms ?? []) : []
  const parts = markRange(content, 0, end, sentence, terms)
  let excerpt: ContentPreview['excerpt'] = null
  if (sentence && sentence.end > end) {
    const start = Math.max(0, sentence.start - EXCERPT_CONTEXT)
    const stop = Math.min(content.length, sentence.end + EXCERPT_CONTEXT)
    excerpt = { parts: markRange(content, start, stop, sentence, terms), leading: start > 0, trailing: stop < content.length }
  }
  return { parts, truncated: content.length > end, excerpt }
}

// ---------------------------------------------------------------------------------------------------
// Helpers

function isOffset(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0
}

function readSpan(v: unknown): Span | null {
  if (v === null || typeof v !== 'object') return null
  const { start, end } = v as { start?: unknown; end?: unknown }
  return isOffset(start) && isOffset(end) && end > start ? { start, end } : null
}

function readSourceSpan(v: unknown): { start: number; end: number; sentence: string } | null {
  if (v === null || typeof v !== 'object') return null
  const sentence = (v as { sentence?: unknown }).sentence
  if (typeof sentence !== 'string' || sentence.trim() === '') return null
  const span = readSpan(v)
  // A sentence without usable offsets is still worth showing; -1 marks "no recorded place".
  return span ? { ...span, sentence } : { start: -1, end: -1, sentence }
}

/** Trusts recorded offsets only when they still point at the sentence; else looks the sentence up. */
function placeSentence(source: { start: number; end: number; sentence: string }, content: string | null): SourceSentence {
  const { start, end, sentence } = source
  if (content !== null && start >= 0 && content.slice(start, end) === sentence) return { sentence, span: { start, end }, provenance: 'recorded', terms: [] }
  const at = content === null ? -1 : content.indexOf(sentence)
  if (at >= 0) return { sentence, span: { start: at, end: at + sentence.length }, provenance: 'located', terms: [] }
  return { sentence, span: null, provenance: 'unplaced', terms: [] }
}

/** The first whole-word occurrence of any of the names: exact case first, then any case. */
function findName(content: string, names: readonly string[]): Span | null {
  for (const flags of ['', 'i']) {
    let best: Span | null = null
    for (const name of names) {
      if (name.trim() === '') continue
      const re = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, `u${flags}`)
      const m = re.exec(content)
      if (m && (best === null || m.index < best.start)) best = { start: m.index, end: m.index + m[0].length }
    }
    if (best) return best
  }
  return null
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The sentence holding a span: from after the previous sentence end (or line break) to the next one. */
function sentenceAround(content: string, span: Span): Span {
  let start = span.start
  while (start > 0) {
    const prev = content[start - 1] as string
    if (prev === '\n') break
    if (/\s/.test(prev) && start >= 2 && /[.!?]/.test(content[start - 2] as string)) break
    start--
  }
  while (start < span.start && /\s/.test(content[start] as string)) start++
  let end = span.end
  while (end < content.length) {
    const ch = content[end] as string
    if (ch === '\n') break
    end++
    if (/[.!?]/.test(ch) && (end === content.length || /\s/.test(content[end] as string))) break
  }
  while (end > span.end && /\s/.test(content[end - 1] as string)) end--
  return { start, end }
}

function sortSpans(spans: Span[]): Span[] {
  return [...spans].sort((a, b) => a.start - b.start || a.end - b.end)
}

/** Cuts content[from, to) into parts by the sentence and term ranges (terms only count inside the sentence). */
function markRange(content: string, from: number, to: number, sentence: Span | null, terms: readonly Span[]): PreviewPart[] {
  if (to <= from) return []
  const cuts = new Set<number>([from, to])
  if (sentence) for (const p of [sentence.start, sentence.end]) if (p > from && p < to) cuts.add(p)
  for (const t of terms) for (const p of [t.start, t.end]) if (p > from && p < to) cuts.add(p)
  const points = [...cuts].sort((a, b) => a - b)
  const parts: PreviewPart[] = []
  for (let i = 0; i < points.length - 1; i++) {
    const a = points[i] as number
    const b = points[i + 1] as number
    const inSentence = sentence !== null && a >= sentence.start && b <= sentence.end
    const inTerm = inSentence && terms.some((t) => a >= t.start && b <= t.end)
    const mark: PreviewPart['mark'] = inTerm ? 'term' : inSentence ? 'sentence' : 'none'
    const last = parts[parts.length - 1]
    if (last && last.mark === mark) last.text += content.slice(a, b)
    else parts.push({ text: content.slice(a, b), mark })
  }
  return parts
}
