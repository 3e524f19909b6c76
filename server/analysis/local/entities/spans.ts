/**
 * Where a name may stand in a sentence: the longest gazetteer entry at a token, or a run of capitalised
 * words with connectors inside ("Bank of England") but not at either end; and the text of a draft
 * mention. Punctuation after a token ends a name there ("BERLIN,"), except in abbreviations ("Corp.").
 */
import type { EntityKindName } from '../../../../src/protocol/analysis'
import { nameConnectors, orgSuffixes, personTitles, places } from '../gazetteer'
import type { Token } from '../text'
import type { GazetteerHit } from './lookup'
import { gazetteer, normaliseKey } from './lookup'

export interface Draft {
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

const MAX_GAZETTEER_TOKENS = 7

/** "Panama Canal", "Mekong Delta": a place's feature named after it is a name of its own. */
const FEATURES = new Set(['Canal', 'River', 'Lake', 'Sea', 'Strait', 'Bay', 'Gulf', 'Delta', 'Basin', 'Peninsula', 'Desert', 'Mountains', 'Valley', 'Glacier', 'Falls', 'Coast', 'Islands', 'Island'])

export function startsName(t: Token): boolean {
  return /^[\p{Lu}]/u.test(t.text) || /^\d+[A-Z]/.test(t.text)
}

export function isNameExtension(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (orgSuffixes.has(tokens[k]!.text.replace(/['’]s$/, '')) || FEATURES.has(tokens[k]!.text.replace(/['’]s$/, ''))) return true
  return false
}

/** "Commission", "Senate", "Parliament" are names only when capitalised; "Apple" is not "apple". */
export function isLowerCaseCommonWord(tokens: Token[], from: number, to: number): boolean {
  return tokens.slice(from, to).every((t) => t.text === t.text.toLowerCase())
}

export function gazetteerAt(tokens: Token[], i: number): { to: number; hit: GazetteerHit } | undefined {
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

const TITLE_WORDS = new Set(personTitles.flatMap((t) => t.split(' ')))

/** A run of capitalised words, with connectors inside ("Bank of England") but not at either end. */
export function capitalisedSpanAt(tokens: Token[], i: number): { from: number; to: number } | undefined {
  let j = i
  let last = -1
  while (j < tokens.length) {
    const t = tokens[j]!
    if (t.text === '') break
    if (j > i && /[("“]/.test(t.pre)) break
    // "By Jonas Feld", "From Marrow Bay": a preposition or conjunction capitalised at a sentence's or a
    // byline's start starts no name; the name, if any, starts after it.
    if (j === i && (t.tags.has('Preposition') || t.tags.has('Conjunction'))) return undefined
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
    // "Friends of the Earth", "Party of the Regions": "of the" inside a name ("President of the United States"
    // is a title and a country).
    if (j > i && t.lower === 'of' && !TITLE_WORDS.has(tokens[j - 1]!.lower) && tokens[j + 1]?.lower === 'the' && tokens[j + 2] && isCapitalisedWord(tokens[j + 2]!) && !breaksAfter(t) && !breaksAfter(tokens[j + 1]!)) {
      j += 2
      continue
    }
    break
  }
  if (last < i) return undefined
  return { from: i, to: last + 1 }
}

export function draftFromHit(sentence: number, tokens: Token[], from: number, to: number, hit: GazetteerHit): Draft {
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

export function surface(tokens: Token[], from: number, to: number): string {
  let text = ''
  for (let k = from; k < to; k++) {
    const t = tokens[k]!
    if (t.text === '') continue
    text += text === '' ? t.text : `${/\s/.test(tokens[k - 1]!.post) || tokens[k - 1]!.post === '' ? ' ' : tokens[k - 1]!.post.trim() === '-' ? '' : ' '}${t.text}`
  }
  return text.replace(/['’]s$/u, '').replace(/(?<=s)['’]$/u, '').replace(/[.,;:]+$/u, (m) => (/[A-Z]\.$/.test(text) ? m : ''))
}

function isCapitalisedWord(t: Token): boolean {
  // "Abdel Fattah al-Burhan", "Mohammed bin-Salman": a lower-case particle joined to a capitalised name.
  if (/^(?:al|el|bin|ibn|ben|abu|ul|ud)-\p{Lu}/u.test(t.text)) return true
  if (!/^[\p{Lu}\d]/u.test(t.text)) return false
  if (/^\d/.test(t.text) && !/^\d+[A-Za-z]/.test(t.text)) return false
  if (/-(based|led|backed|owned|run|made|born|linked|funded|brokered|mediated|sponsored|controlled|held|occupied|administered|allied|aligned|friendly|style|era|listed|registered)$/i.test(t.text)) return false
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
