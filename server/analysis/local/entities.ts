/**
 * Named entities of the local analyser: gazetteer names first (longest match), then capitalised spans
 * that compromise and the rules below agree are names. Titles are cut off ("Prime Minister Haruto
 * Mori" → Haruto Mori), punctuation and possessives never end a name ("BERLIN," → Berlin,
 * "Tehran's" → Tehran), and later short forms join the entity they abbreviate (Mori, ECB, Altair).
 */
import type { Entity, EntityKindName, SourceSpan } from '../../../src/protocol/analysis'
import {
  countries,
  firstNames,
  nameConnectors,
  organisations,
  orgPrefixes,
  orgReferenceNouns,
  orgSuffixes,
  personTitles,
  places,
} from './gazetteer'
import { isDictionaryWord } from './syntax'
import type { Sentence, Token } from './text'

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

/** The gazetteer entry a name (any case) refers to, if any. */
export function lookupName(name: string): GazetteerHit | undefined {
  return gazetteer.get(normaliseKey(name))
}

/** Demonym → country ("Iranian" → "Iran"). */
export function countryOfDemonym(word: string): string | undefined {
  return demonyms.get(word.toLowerCase())
}

export function isDemonym(word: string): boolean {
  return demonyms.has(word.toLowerCase())
}

export function normaliseKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]s$|['’]$/u, '')
    .replace(/\./g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

// ---------------------------------------------------------------------------------------------

interface GazetteerHit {
  canonical: string
  kind: EntityKindName
  /** For a capital: its country. */
  country?: string
  isCountry?: boolean
}

interface Draft {
  sentence: number
  from: number
  to: number
  text: string
  kind: EntityKindName
  canonical?: string
  country?: string
  /** The mention is a short form that should join a longer entity if one exists. */
  short?: boolean
}

const gazetteer = buildGazetteer()
const demonyms = new Map<string, string>()
for (const c of countries) for (const d of c.demonyms) demonyms.set(d.toLowerCase(), c.name)
const MAX_GAZETTEER_TOKENS = 7
/** Adjectives of regions that are not a country's demonym ("three European powers"). */
const regionalAdjectives = new Set(['European', 'African', 'Asian', 'Western', 'Eastern', 'Northern', 'Southern', 'Arab', 'Latin', 'Scandinavian', 'Nordic', 'Baltic', 'Middle', 'Central', 'Gulf', 'Pacific', 'Atlantic', 'Mediterranean', 'Caribbean', 'Balkan', 'Soviet', 'Islamic', 'Muslim', 'Christian', 'Jewish', 'Catholic', 'Sunni', 'Shia', 'Kurdish', 'Palestinian'])
/** Last words that make a name a place ("Ross Sea", "Sindh province"). */
const geoSuffixes = new Set(['Sea', 'Ocean', 'River', 'Lake', 'Mountains', 'Mountain', 'Valley', 'Island', 'Islands', 'Bay', 'Gulf', 'Strait', 'Desert', 'Peninsula', 'Coast', 'Province', 'Region', 'County', 'District', 'Basin', 'Delta', 'Plateau', 'Canal', 'Square', 'Street', 'Avenue', 'Airport', 'Harbour', 'Harbor', 'Port'])
/** Acronyms that are ordinary words, not names. */
const commonAcronyms = new Set(['AI', 'CEO', 'CFO', 'COO', 'CTO', 'GDP', 'EV', 'EVs', 'IT', 'TV', 'PC', 'VAT', 'NGO', 'NGOs', 'IPO', 'AGM', 'HQ', 'PR', 'HR', 'R&D', 'COVID', 'Covid', 'GPU', 'GPUs', 'CPU', 'API', 'APP', 'LNG', 'OK', 'AM', 'PM', 'DNA', 'RNA', 'HIV', 'AIDS', 'SUV', 'SUVs', 'UAV', 'UAVs', 'CO2', 'GMT', 'UTC', 'BST', 'CET', 'CEST', 'EST', 'EDT', 'CST', 'CDT', 'PST', 'PDT', 'IST', 'JST', 'AEST', 'AEDT', 'MSK'])
const titleWords = new Set(personTitles.flatMap((t) => t.split(' ')))

function buildGazetteer(): Map<string, GazetteerHit> {
  const map = new Map<string, GazetteerHit>()
  const add = (name: string, hit: GazetteerHit) => {
    const key = normaliseKey(name)
    if (key && !map.has(key)) map.set(key, hit)
  }
  for (const c of countries) {
    add(c.name, { canonical: c.name, kind: 'place', isCountry: true })
    for (const a of c.aliases) add(a, { canonical: c.name, kind: 'place', isCountry: true })
  }
  for (const o of organisations) {
    add(o.name, { canonical: o.name, kind: 'organisation' })
    for (const a of o.aliases) add(a, { canonical: o.name, kind: 'organisation' })
  }
  for (const c of countries) for (const cap of c.capitals) add(cap, { canonical: cap, kind: 'place', country: c.name })
  for (const p of places) add(p, { canonical: p, kind: 'place' })
  return map
}

function findInSentence(s: Sentence, seen: Set<string>): Draft[] {
  const out: Draft[] = []
  const tokens = s.tokens
  let i = 0
  while (i < tokens.length) {
    const t = tokens[i]!
    if (!startsName(t)) {
      i++
      continue
    }
    const hit = gazetteerAt(tokens, i)
    const span = capitalisedSpanAt(tokens, i)
    // A longer capitalised name that merely contains a known one ("Kenya Medical Research Institute") wins.
    if (hit && (!span || hit.to >= span.to || !isNameExtension(tokens, hit.to, span.to))) {
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
  return out
}

function startsName(t: Token): boolean {
  return /^[\p{Lu}]/u.test(t.text) || /^\d+[A-Z]/.test(t.text)
}

function isNameExtension(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (orgSuffixes.has(tokens[k]!.text.replace(/['’]s$/, ''))) return true
  return false
}

/** "Commission", "Senate", "Parliament" are names only when capitalised; "Apple" is not "apple". */
function isLowerCaseCommonWord(tokens: Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).every((t) => t.text === t.text.toLowerCase())
}

function gazetteerAt(tokens: Token[], i: number): { to: number; hit: GazetteerHit } | undefined {
  let best: { to: number; hit: GazetteerHit } | undefined
  let text = ''
  for (let j = i; j < Math.min(tokens.length, i + MAX_GAZETTEER_TOKENS); j++) {
    const t = tokens[j]!
    if (t.text === '') break
    text = j === i ? t.text : `${text}${tokens[j - 1]!.post.includes('-') ? '' : ' '}${t.text}`
    const hit = gazetteer.get(normaliseKey(text)) ?? gazetteer.get(normaliseKey(titleCase(text)))
    if (hit) {
      // "Amazon" after "the" is the river and forest, not the company.
      const prev = tokens[i - 1]
      if (hit.kind === 'organisation' && prev?.lower === 'the' && gazetteer.get(normaliseKey(text))?.kind === 'organisation') {
        const asPlace = places.find((p) => normaliseKey(p) === normaliseKey(text))
        best = asPlace ? { to: j + 1, hit: { canonical: asPlace, kind: 'place' } } : { to: j + 1, hit }
      } else best = { to: j + 1, hit }
    }
    if (breaksAfter(t)) break
  }
  return best
}

/** A run of capitalised words, with connectors inside ("Bank of England") but not at either end. */
function capitalisedSpanAt(tokens: Token[], i: number): { from: number; to: number } | undefined {
  let j = i
  let last = -1
  while (j < tokens.length) {
    const t = tokens[j]!
    if (t.text === '') break
    if (j > i && /[("“]/.test(t.pre)) break
    if (isCapitalisedWord(t)) {
      last = j
      if (breaksAfter(t)) break
      j++
      continue
    }
    if (j > i && nameConnectors.has(t.lower) && tokens[j + 1] && isCapitalisedWord(tokens[j + 1]!) && !breaksAfter(t)) {
      j++
      continue
    }
    break
  }
  if (last < i) return undefined
  return { from: i, to: last + 1 }
}

function isCapitalisedWord(t: Token): boolean {
  if (!/^[\p{Lu}\d]/u.test(t.text)) return false
  if (/^\d/.test(t.text) && !/^\d+[A-Za-z]/.test(t.text)) return false
  if (t.tags.has('Adjective') && /-(based|led|backed|owned|run|made|born|linked|funded)$/i.test(t.text)) return false
  if (t.tags.has('Date') && (t.tags.has('Month') || t.tags.has('WeekDay'))) return false
  if (t.tags.has('Pronoun') || t.tags.has('Determiner')) return false
  return true
}

function breaksAfter(t: Token): boolean {
  // "Corp." keeps going; "BERLIN," and a sentence end do not.
  const post = t.post.replace(/\s+/g, '')
  if (post === '') return false
  if (post === '.' && (t.tags.has('Abbreviation') || /^[A-Z]\.?$/.test(t.text))) return false
  if (post === '-' || post === '&') return false
  return true
}

function titleCase(s: string): string {
  return s.replace(/\p{L}+/gu, (w) => (w.length > 3 || !/^[A-Z]+$/.test(w) ? w[0] + w.slice(1).toLowerCase() : w))
}

function draftFromHit(sentence: number, tokens: Token[], from: number, to: number, hit: GazetteerHit): Draft {
  return {
    sentence,
    from,
    to,
    text: surface(tokens, from, to),
    kind: hit.kind,
    canonical: hit.canonical,
    ...(hit.country ? { country: hit.country } : {}),
  }
}

function classifySpan(s: Sentence, from: number, to: number, seen: Set<string>): Draft[] {
  const tokens = s.tokens
  // "Ahmed Said and Omar Khan": two people, not one name; "Johnson and Johnson" stays one.
  const and = tokens.findIndex((t, k) => k > from && k < to - 1 && t.lower === 'and')
  if (and > from && personStart(tokens[from]!) && personStart(tokens[and + 1]!)) {
    return [...classifySpan(s, from, and, seen), ...classifySpan(s, and + 1, to, seen)]
  }
  const firstReal = tokens.findIndex((t) => t.text !== '' && !t.tags.has('Dateline'))
  // A capitalised common word opening the sentence is not a name ("Shares of …", "Students …").
  // "The European Union": an article is never part of a name.
  while (from < to - 1 && ['the', 'a', 'an', 'this', 'these', 'those'].includes(tokens[from]!.lower)) from++
  // "Rival Samsung", "Neighbouring Niger": a sentence-opening word before a known name is not part of it.
  if (from === firstReal && to - from >= 2 && !knownName(tokens[from]!) && lookupName(surface(tokens, from + 1, to))) from++
  // "Epic Games", "Nordic Freight": several capitalised words opening a sentence are a name.
  const multiword = to - from >= 2 && /^\p{Lu}/u.test(tokens[from + 1]!.text)
  while (from < to && from === firstReal && !multiword && !seen.has(tokens[from]!.text) && !looksLikeNameStart(tokens[from]!) && !unknownSubject(tokens, from, to)) {
    from++
    // …and a connector left in front ("Shares of Nordic Freight" → "Nordic Freight").
    while (from < to && nameConnectors.has(tokens[from]!.lower)) from++
  }
  // Demonyms and titles in front of a name are not part of it ("German Chancellor Olaf Scholz").
  const drafts: Draft[] = []
  let personByTitle = precededByTitle(tokens, from)
  while (from < to) {
    const t = tokens[from]!
    // "German Chancellor Olaf Scholz" → Olaf Scholz; but "Australian Cyber Security Centre" is one name.
    if (isDemonym(t.text) && from + 1 < to && (titleAt(tokens, from + 1, to) === from + 1 + titleLength(tokens, from + 1, to) || firstNames.has(tokens[from + 1]!.lower))) {
      from++
      continue
    }
    const title = titleAt(tokens, from, to)
    if (title > from && title < to) {
      // Whatever stands before the title may itself be a name ("ECB President …").
      const before = drafts.length === 0 ? leadingOrg(s, from, title) : undefined
      if (before) drafts.push(before)
      from = title
      personByTitle = true
      continue
    }
    break
  }
  if (from >= to) return drafts
  // "Trade Representative": a title alone is not a name.
  if (tokens.slice(from, to).every((x) => titleWords.has(x.lower) || ['trade', 'foreign', 'home', 'affairs', 'interior', 'finance', 'defence', 'defense', 'health', 'deputy', 'vice', 'chief', 'senior', 'acting', 'former'].includes(x.lower))) return drafts
  // "Aid agencies",, "Health workers": a lone capital opening the sentence before a common noun.
  if (to - from === 1 && from === firstReal && !seen.has(tokens[from]!.text) && !lookupName(tokens[from]!.text) && !firstNames.has(tokens[from]!.lower) && tokens[to] && /^\p{Ll}/u.test(tokens[to]!.text) && (tokens[to]!.tags.has('Noun') || tokens[to]!.tags.has('Adjective')) && !/[,;:]/.test(tokens[from]!.post)) {
    return drafts
  }
  if (to - from === 1 && (isDemonym(tokens[from]!.text) || regionalAdjectives.has(tokens[from]!.text) || commonAcronyms.has(tokens[from]!.text))) return drafts
  if (tokens.slice(from, to).every((x) => isDemonym(x.text) || regionalAdjectives.has(x.text))) return drafts
  const text = surface(tokens, from, to)
  if (text.length < 2) return drafts
  drafts.push({ sentence: s.index, from, to, text, kind: kindOf(tokens, from, to, personByTitle) })
  return drafts
}

function personStart(t: Token): boolean {
  return firstNames.has(t.lower) || t.tags.has('FirstName')
}

function titleLength(tokens: Token[], from: number, to: number): number {
  for (const title of personTitles) {
    const words = title.split(' ')
    if (from + words.length >= to) continue
    if (words.every((w, k) => tokens[from + k]!.lower === w)) return words.length
  }
  return -1
}

function knownName(t: Token): boolean {
  return lookupName(t.text) !== undefined || firstNames.has(t.lower) || t.tags.has('Person') || t.tags.has('Organization') || t.tags.has('Place')
}

function looksLikeNameStart(t: Token): boolean {
  if (lookupName(t.text)) return true
  // "ArcelorMittal", "OpenAI", "iPhone"-style inner capitals only occur in names.
  if (/^\p{Lu}\p{Ll}+\p{Lu}/u.test(t.text)) return true
  if (firstNames.has(t.lower)) return true
  if (/^[A-Z]{2,}$/.test(t.text) && t.text.length <= 6) return true
  if (t.tags.has('ProperNoun') && !t.tags.has('Plural') && !t.tags.has('Adjective')) return true
  if (t.tags.has('Person') || t.tags.has('Organization') || t.tags.has('Place')) return true
  return false
}

/**
 * "Vanderlande said …", "Calenardhon urged …": one capitalised word opening the sentence, right before its
 * verb or first in a list of names, that no word list knows and that is not built like a common noun ("Inflation rose", "Shipping
 * resumed", "Growth slowed" stay words), names whoever acts.
 */
function unknownSubject(tokens: Token[], from: number, to: number): boolean {
  const t = tokens[from]!
  const next = tokens[to]
  if (to - from !== 1 || !next || /[;:]/.test(t.post)) return false
  // …or the first of a list of names that does ("Fornost and Gondor welcomed", "Mordor, Rohan and Bree").
  const listed = /,/.test(t.post) ? /^\p{Lu}/u.test(next.text) : ['and', 'or', '&'].includes(next.lower) && /^\p{Lu}/u.test(tokens[to + 1]?.text ?? '')
  const verb = !/,/.test(t.post) && (next.tags.has('Verb') || next.tags.has('Copula') || next.tags.has('Modal') || next.tags.has('Auxiliary')) && !next.tags.has('Gerund')
  if (!listed && !verb) return false
  if (!/^\p{Lu}\p{Ll}{2,}$/u.test(t.text) || COMMON_NOUN_SHAPE.test(t.lower)) return false
  return !isDictionaryWord(t.lower)
}

const COMMON_NOUN_SHAPE = /(?:tion|sion|ment|ness|ity|ism|ist|ance|ence|ing|ure|age|ery|ship|hood|dom|ics|ogy|ies|ers|ors|ants|ents|s)$/

function precededByTitle(tokens: Token[], from: number): boolean {
  const prev = tokens[from - 1]
  if (!prev || /,/.test(prev.post)) return false
  for (const title of personTitles) {
    const words = title.split(' ')
    if (words.length > from) continue
    let ok = true
    for (let k = 0; k < words.length; k++) {
      if (tokens[from - words.length + k]!.lower.replace(/\.$/, '') !== words[k]!.replace(/\.$/, '')) ok = false
    }
    if (ok) return true
  }
  return false
}

/** Index just after a title starting at or after `from` within the span, or -1. */
function titleAt(tokens: Token[], from: number, to: number): number {
  for (let k = from; k < to; k++) {
    if (!titleWords.has(tokens[k]!.lower.replace(/\.$/, '')) && !titleWords.has(tokens[k]!.lower)) continue
    // the longest title starting at k
    for (const title of personTitles) {
      const words = title.split(' ')
      if (k + words.length >= to) continue
      let ok = true
      for (let w = 0; w < words.length; w++) if (tokens[k + w]!.lower !== words[w]) ok = false
      if (ok && k + words.length < to) return k + words.length
    }
  }
  return -1
}

function leadingOrg(s: Sentence, from: number, to: number): Draft | undefined {
  const text = surface(s.tokens, from, to)
  const hit = lookupName(text)
  if (hit && hit.kind === 'organisation') return { sentence: s.index, from, to, text, kind: 'organisation', canonical: hit.canonical }
  if (to - from === 1 && /^[A-Z]{2,6}$/.test(text)) return { sentence: s.index, from, to, text, kind: 'organisation' }
  return undefined
}

function kindOf(tokens: Token[], from: number, to: number, personByTitle: boolean): EntityKindName {
  const span = tokens.slice(from, to)
  const words = span.map((t) => t.text.replace(/['’]s$/, ''))
  const lastWord = words[words.length - 1] ?? ''
  if (words.some((w) => orgSuffixes.has(w)) || orgPrefixes.has(words[0] ?? '')) {
    if (!personByTitle) return 'organisation'
  }
  if (personByTitle) return 'person'
  if (span.length >= 2 && geoSuffixes.has(lastWord)) return 'place'
  // "in Kumamoto", "near the Ross Sea": an unknown name behind a place preposition is a place.
  const before = tokens[from - 1]?.lower === 'the' ? tokens[from - 2] : tokens[from - 1]
  const beforeBefore = tokens[tokens.indexOf(before ?? tokens[0]!) - 1]
  // "shares in Thyssenkrupp", "a stake in Altair" name companies, not places.
  const financial = beforeBefore && ['shares', 'stake', 'stakes', 'investment', 'investments', 'interest', 'holdings', 'invest', 'invested', 'investing'].includes(beforeBefore.lower)
  if (before && !financial && ['in', 'near', 'at', 'across', 'outside', 'inside', 'throughout', 'around', 'towards', 'toward'].includes(before.lower) && !span.some((t) => t.tags.has('Person'))) return 'place'
  const prev = tokens[from - 1]
  if (prev && orgReferenceNouns.has(prev.lower) && !/,/.test(prev.post)) return 'organisation'
  if (prev && ['counterpart', 'negotiator', 'spokesperson', 'spokesman', 'spokeswoman', 'leader'].includes(prev.lower)) return 'person'
  if (words.length >= 2 && firstNames.has((words[0] ?? '').toLowerCase()) && words.every((w) => /^\p{Lu}[\p{Ll}'’-]/u.test(w))) return 'person'
  if (words.length === 1 && /^[A-Z][A-Z0-9&]{1,6}$/.test(lastWord)) return 'organisation'
  if (span.some((t) => t.tags.has('Organization'))) return 'organisation'
  if (span.some((t) => t.tags.has('Person') || t.tags.has('FirstName') || t.tags.has('LastName'))) {
    if (words.length <= 4) return 'person'
  }
  if (span.every((t) => t.tags.has('Place'))) return 'place'
  if (words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?$/u.test(w))) {
    // Two or three plain capitalised words followed by a verb act like a person's name.
    const next = tokens[to]
    if (next && next.tags.has('Verb')) return 'person'
  }
  if (words.length === 1) {
    const next = tokens[to]
    // A lone unknown name doing something is most often an organisation ("Optus notified …").
    if (next && next.tags.has('Verb') && !next.tags.has('Gerund')) return 'organisation'
  }
  return 'other'
}

function surface(tokens: Token[], from: number, to: number): string {
  let text = ''
  for (let k = from; k < to; k++) {
    const t = tokens[k]!
    if (t.text === '') continue
    text += text === '' ? t.text : `${/\s/.test(tokens[k - 1]!.post) || tokens[k - 1]!.post === '' ? ' ' : tokens[k - 1]!.post.trim() === '-' ? '' : ' '}${t.text}`
  }
  return text.replace(/['’]s$/u, '').replace(/(?<=s)['’]$/u, '').replace(/[.,;:]+$/u, (m) => (/[A-Z]\.$/.test(text) ? m : ''))
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
    if (g.kind === 'person' || d.kind === 'person') {
      // "Mori" after "Haruto Mori"; "Lee" after "Lee Jun-ho".
      if (words.length === 1 && (normaliseKey(parts[parts.length - 1]!) === short || normaliseKey(parts[0]!) === short)) return key
      continue
    }
    if (g.kind === 'organisation' || g.kind === 'other') {
      const initials = parts.filter((p) => !nameConnectors.has(p.toLowerCase())).map((p) => p[0]).join('')
      if (/^[A-Z]{2,6}$/.test(d.text) && initials.toUpperCase() === d.text) return key
      // "Altair" after "Altair Engineering": a leading part of an organisation's name.
      if (d.kind !== 'place' && normaliseKey(parts.slice(0, words.length).join(' ')) === short && !lookupName(d.text)) return key
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
