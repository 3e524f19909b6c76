/**
 * Named entities of the local analyser: gazetteer names first (longest match), then capitalised spans
 * that compromise and the rules below agree are names. Titles are cut off ("Prime Minister Haruto
 * Mori" → Haruto Mori), punctuation and possessives never end a name ("BERLIN," → Berlin,
 * "Tehran's" → Tehran), and later short forms join the entity they abbreviate (Mori, ECB, Altair).
 *
 * This file is the entry: it finds the names of each sentence, in order, and links their mentions into
 * entities. The parts live in entities/: gazetteer lookup, candidate spans, and span classification.
 */
import type { Entity, EntityKindName, SourceSpan } from '../../../src/protocol/analysis'
import { nameConnectors } from './gazetteer'
import type { Sentence } from './text'
import { classifySpan } from './entities/classify'
import { lookupName, normaliseKey } from './entities/lookup'
import type { Draft } from './entities/spans'
import { capitalisedSpanAt, draftFromHit, gazetteerAt, isLowerCaseCommonWord, isNameExtension, startsName, surface } from './entities/spans'

export { countryOfDemonym, isDemonym, lookupName, normaliseKey } from './entities/lookup'

/** One recognised name in one sentence, by token range. */
export interface EntityMentionRef {
  entity: number
  sentence: number
  /** Token range [from, to) in the sentence. */
  from: number
  to: number
  start: number
  end: number
  text: string
}

export interface EntityTable {
  entities: Entity[]
  /** Mentions per sentence, in token order. */
  bySentence: Map<number, EntityMentionRef[]>
  /** The country a capital city stands for ("Tehran" → "Iran"), by entity index. */
  countryOf: Map<number, string>
}

export function extractEntities(sentences: Sentence[], content: string): EntityTable {
  const drafts: Draft[] = []
  // Words of names already found: "Mori" opening a later sentence is the Mori named before.
  const seen = new Set<string>()
  for (const s of sentences) {
    const found = findInSentence(s, seen)
    for (const d of found) if (d.kind === 'person' || d.kind === 'organisation') for (const w of d.text.split(/\s+/)) if (w.length > 2) seen.add(w)
    drafts.push(...found)
  }
  return link(drafts, sentences, content)
}

function findInSentence(s: Sentence, seen: Set<string>): Draft[] {
  const out: Draft[] = []
  const tokens = s.tokens
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]!
    // "KHARTOUM, Nov 24 (Reuters) -": the wire that filed the story is its credit, not a party to it.
    if (!startsName(t) || (t.tags.has('Dateline') && /\(/.test(t.pre))) {
      i++
      continue
    }
    const hit = gazetteerAt(tokens, i)
    const span = capitalisedSpanAt(tokens, i)
    // A longer capitalised name that merely contains a known one ("Kenya Medical Research Institute") wins.
    if (hit && (!span || hit.to >= span.to || !isNameExtension(tokens, hit.to, span.to))) {
      const branchEnd = hit.hit.kind === 'organisation' ? nationalBranch(tokens, hit.to) : undefined
      if (branchEnd !== undefined) {
        out.push({ sentence: s.index, from: i, to: branchEnd, text: surface(tokens, i, branchEnd), kind: 'organisation' })
        i = branchEnd
        continue
      }
      if (!(hit.hit.kind === 'organisation' && isLowerCaseCommonWord(tokens, i, hit.to))) {
        out.push(draftFromHit(s.index, tokens, i, hit.to, hit.hit))
      }
      i = hit.to
      continue
    }
    if (span) {
      out.push(...classifySpan(s, span.from, span.to, seen))
      i = span.to
      continue
    }
    i++
  }
  // "Uber and Lyft": a name of unknown kind listed with an organisation is one too.
  for (const [a, b] of out.slice(1).map((d, k) => [out[k]!, d] as const)) {
    if (b.from !== a.to + 1 || !['and', 'or', '&'].includes(tokens[a.to]!.lower) || /[,;]/.test(tokens[a.to - 1]!.post)) continue
    if (a.kind === 'organisation' && b.kind === 'other') b.kind = 'organisation'
    else if (b.kind === 'organisation' && a.kind === 'other') a.kind = 'organisation'
  }
  return out
}

/**
 * "Amnesty International Kenya said": a body's national branch, a country right after its name and then the
 * sentence's verb or a comma, is a name of its own (where it ends); "EU Russia talks" is not one.
 */
function nationalBranch(tokens: Sentence['tokens'], nameEnd: number): number | undefined {
  if (/[,;:.]/.test(tokens[nameEnd - 1]!.post)) return undefined
  const country = gazetteerAt(tokens, nameEnd)
  if (!country?.hit.isCountry) return undefined
  const after = tokens[country.to]
  return /[,;:.]/.test(tokens[country.to - 1]!.post) || after?.tags.has('PastTense') ? country.to : undefined
}

/** Joins mentions into entities: same name or gazetteer entry, short forms and acronyms of longer names. */
function link(drafts: Draft[], sentences: Sentence[], content: string): EntityTable {
  const order: string[] = []
  const groups = new Map<string, { kind: EntityKindName; canonical?: string; country?: string; drafts: Draft[] }>()
  const keyOf = (d: Draft) => normaliseKey(d.canonical ?? d.text)
  // Longest names first, so a short form finds the entity it abbreviates.
  const ordered = [...drafts].sort((a, b) => b.to - b.from - (a.to - a.from) || a.sentence - b.sentence || a.from - b.from)
  for (const d of ordered) {
    let key = keyOf(d)
    if (!groups.has(key)) {
      const target = findLonger(d, groups)
      if (target) key = target
    }
    const g = groups.get(key)
    if (g) {
      g.drafts.push(d)
      if (g.kind === 'other' && d.kind !== 'other') g.kind = d.kind
    } else {
      groups.set(key, {
        kind: d.kind,
        ...(d.canonical ? { canonical: d.canonical } : {}),
        ...(d.country ? { country: d.country } : {}),
        drafts: [d],
      })
      order.push(key)
    }
  }
  // Entities in order of first appearance.
  const firstPos = (key: string) => Math.min(...groups.get(key)!.drafts.map((d) => sentences[d.sentence]!.tokens[d.from]!.start))
  order.sort((a, b) => firstPos(a) - firstPos(b))

  const entities: Entity[] = []
  const bySentence = new Map<number, EntityMentionRef[]>()
  const countryOf = new Map<number, string>()
  order.forEach((key, index) => {
    const g = groups.get(key)!
    g.drafts.sort((a, b) => a.sentence - b.sentence || a.from - b.from)
    const surfaces = unique(g.drafts.map((d) => d.text))
    const text = g.canonical && surfaces.some((s) => normaliseKey(s) === normaliseKey(g.canonical!)) ? g.canonical : longest(surfaces)
    const aliases = unique([...surfaces, ...(g.canonical ? [g.canonical] : [])]).filter((s) => s !== text)
    const mentions = g.drafts.map((d) => {
      const s = sentences[d.sentence]!
      const start = s.tokens[d.from]!.start
      const end = start + d.text.length
      const source: SourceSpan = { start: s.start, end: s.end, sentence: s.text }
      const ref: EntityMentionRef = { entity: index, sentence: d.sentence, from: d.from, to: d.to, start, end, text: content.slice(start, end) }
      const list = bySentence.get(d.sentence) ?? []
      list.push(ref)
      bySentence.set(d.sentence, list)
      return { text: ref.text, start, end, source }
    })
    if (g.country) countryOf.set(index, g.country)
    entities.push({ text, kind: g.kind, aliases, mentions })
  })
  for (const list of bySentence.values()) list.sort((a, b) => a.from - b.from)
  return { entities, bySentence, countryOf }
}

function findLonger(d: Draft, groups: Map<string, { kind: EntityKindName; canonical?: string; drafts: Draft[] }>): string | undefined {
  const words = d.text.split(/\s+/)
  const short = normaliseKey(d.text)
  for (const [key, g] of groups) {
    const name = g.canonical ?? g.drafts[0]!.text
    const parts = name.split(/\s+/)
    if (parts.length <= words.length) continue
    // "Guyana" after "Guyana Defence Force": a place is never a short form of another name.
    if (d.kind === 'place') continue
    if (g.kind === 'person' || d.kind === 'person') {
      // "Mori" after "Haruto Mori"; "Lee" after "Lee Jun-ho".
      if (words.length === 1 && (normaliseKey(parts[parts.length - 1]!) === short || normaliseKey(parts[0]!) === short)) return key
      continue
    }
    if (g.kind === 'organisation' || g.kind === 'other') {
      const initials = parts.filter((p) => !nameConnectors.has(p.toLowerCase())).map((p) => p[0]).join('')
      if (/^[A-Z]{2,6}$/.test(d.text) && initials.toUpperCase() === d.text) return key
      // "Altair" after "Altair Engineering": a leading part of an organisation's name.
      if (normaliseKey(parts.slice(0, words.length).join(' ')) === short && !lookupName(d.text)) return key
    }
  }
  return undefined
}

function unique(xs: string[]): string[] {
  return [...new Set(xs)]
}

function longest(xs: string[]): string {
  return xs.reduce((a, b) => (b.length > a.length ? b : a), xs[0] ?? '')
}
