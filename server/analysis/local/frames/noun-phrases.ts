/**
 * Noun phrases of a parsed sentence: read leftwards from a token through coordination and attached
 * phrases (npLeft), or rightwards with their "of" phrases (npRight); a phrase's head; and its words as
 * text. Pure functions of the parse; a Unit's token range is [from, to).
 */
import type { Parsed } from '../syntax'
import { HEAD_POS, NP_POS, quantityHeads } from '../syntax'
import type { Unit } from './shapes'
import { SUBJECT_PPS } from './words'
import { orgReferenceNouns } from '../gazetteer'

/** Noun phrases ending at token k, going left through coordination and attached phrases. */
export function npLeft(p: Parsed, k: number, floor: number): Unit[] {
  const { tokens, pos } = p
  const units: Unit[] = []
  let end = k
  let coordinated = false
  while (end >= floor) {
    // "said on Friday it had fined": a pronoun is a phrase of its own, never the end of the one before it.
    if (pos[end] === 'pron' && !/['’]s?$/.test(tokens[end]!.text)) {
      units.unshift({ from: end, to: end + 1, head: end })
      break
    }
    let j = end
    while (j >= floor && (NP_POS.has(pos[j]!) || isQuantityWord(p, j)) && (j === end || !/[,;:"“”]|[–—]/.test(tokens[j]!.post)) && (j === end || !/["“”]/.test(tokens[j + 1]!.pre))) {
      // "told reporters the government would": an article opens its phrase; the noun before it is another's.
      if (pos[j] === 'det' && j < end && j - 1 >= floor && (pos[j - 1] === 'noun' || pos[j - 1] === 'propn') && !/['’]s?$/.test(tokens[j - 1]!.text)) {
        j--
        break
      }
      j--
    }
    const from = j + 1
    if (from > end) break
    const unit: Unit = { from, to: end + 1, head: headOf(p, from, end + 1) }
    const t = j >= floor ? tokens[j] : undefined
    // "Shares of Nordic Freight", "Serum Institute of India": an "of" phrase belongs to its noun.
    if (t && t.lower === 'of' && j - 1 >= floor && HEAD_POS.has(pos[j - 1]!) && !/,/.test(tokens[j - 1]!.post)) {
      const left = npLeft(p, j - 1, floor)
      const owner = left[left.length - 1]
      if (owner) {
        const merged: Unit = { from: owner.from, to: units[0]?.from === unit.to ? unit.to : unit.to, head: quantityHeads.has(tokens[owner.head]!.lower) || pos[owner.head] === 'num' ? unit.head : owner.head }
        if (owner.prep) merged.prep = owner.prep
        units.unshift(merged)
        units.unshift(...left.slice(0, -1))
        break
      }
    }
    units.unshift(unit)
    if (j < floor || !t) break
    // "Britain, France and Germany": coordination, with commas once an "and" has been seen.
    if ((t.lower === 'and' || t.lower === 'or' || t.lower === 'nor' || t.lower === '&') && j - 1 >= floor && NP_POS.has(pos[j - 1]!) && !clauseJoin(p, j, floor)) {
      coordinated = true
      end = j - 1
      continue
    }
    if (coordinated && /,/.test(t.post) && NP_POS.has(pos[j]!)) {
      end = j
      continue
    }
    // "Shares of Nordic Freight", "Researchers from the University of Oxford": attached phrases.
    if (pos[j] === 'prep' && SUBJECT_PPS.has(t.lower) && j - 1 >= floor && HEAD_POS.has(pos[j - 1]!) && !/,/.test(tokens[j - 1]!.post)) {
      // "The war between the army and the RSF": the phrase takes every name of its list.
      for (const u of units) if (u.prep === undefined) u.prep = t.lower
      end = j - 1
      continue
    }
    break
  }
  return listInsideOf(p, units)
}

/**
 * ", and" after a phrase that hangs on a verb or preposition ("arrived in Beijing for a state visit, and
 * the two governments signed"): the "and" joins clauses, not the names of one subject.
 */
function clauseJoin(p: Parsed, and: number, floor: number): boolean {
  const { tokens, pos } = p
  if (!/,/.test(tokens[and - 1]!.post)) return false
  let k = and - 1
  while (k - 1 >= floor && NP_POS.has(pos[k - 1]!) && !/[,;:]/.test(tokens[k - 1]!.post)) k--
  const before = pos[k - 1]
  return k - 1 >= floor && (before === 'prep' || before === 'verb' || before === 'aux')
}

/**
 * "The ambassadors of Arnor, Osgiliath and Gondor": a list of names after the "of" of a common noun is
 * that noun's, one phrase (the Bank of England and Barclays, both names, stay two).
 */
function listInsideOf(p: Parsed, units: Unit[]): Unit[] {
  const first = units[0]
  if (!first || units.length < 2 || units.some((u) => u.prep !== undefined)) return units
  const { tokens, pos } = p
  const of = tokens.slice(first.from, first.to).findIndex((t) => t.lower === 'of') + first.from
  if (of <= first.from || first.head >= of || pos[first.head] !== 'noun' || !/^\p{Ll}/u.test(tokens[first.head]!.text)) return units
  const named = (u: Unit) => tokens.slice(u.from, u.to).every((t) => /^\p{Lu}/u.test(t.text) || t.lower === 'the')
  // "… of Gondor and the Nasgul": a name with its own article is a second party, not the list's.
  const bare = (u: Unit) => named(u) && tokens[u.from]!.lower !== 'the'
  if (!named({ ...first, from: of + 1 }) || !units.slice(1).every(bare)) return units
  return [{ ...first, to: units[units.length - 1]!.to }]
}

/** A noun phrase starting at k, with "of" phrases attached ("a new package of sanctions"). */
export function npRight(p: Parsed, k: number): Unit | undefined {
  const { tokens, pos } = p
  const start = k
  let firstEnd = -1
  while (k < tokens.length) {
    const q = pos[k]!
    const isNp = NP_POS.has(q) || (k > start && isQuantityWord(p, k) && (tokens[k]!.lower === 'worth' || tokens[k - 1]!.lower === 'worth' || !HEAD_POS.has(pos[k - 1]!))) || (q === 'verb' && tokens[k]!.tags.has('Gerund') && (pos[k + 1] === 'noun' || pos[k + 1] === 'adj') && k > start)
    if (!isNp) break
    if (k > start && (splitsNp(p, k) || /["“”]/.test(tokens[k]!.pre) || /["“”]/.test(tokens[k - 1]!.post))) break
    k++
    if (/[,;:()]|[–—]/.test(tokens[k - 1]!.post)) break
  }
  if (k === start) return undefined
  firstEnd = k
  // "of" phrases belong to the noun phrase.
  // ("accused politicians of funding goons": an -ing word with its own object is what they are accused of.)
  const gerundWithObject = (j: number) => /ing$/.test(tokens[j]?.lower ?? '') && ['det', 'noun', 'propn', 'adj', 'num'].includes(pos[j + 1] ?? '')
  while (tokens[k]?.lower === 'of' && !/,/.test(tokens[k - 1]!.post) && NP_POS.has(pos[k + 1]!) && !gerundWithObject(k + 1)) {
    const inner = npRight(p, k + 1)
    if (!inner) break
    k = inner.to
  }
  let head = headOf(p, start, firstEnd)
  if (quantityHeads.has(tokens[head]!.lower) || pos[head] === 'num' || tokens[head]!.tags.has('Unit')) {
    // "tens of thousands of people": the real head follows "of".
    if (k > firstEnd) head = lastHeadOfChain(p, firstEnd, k, head)
  }
  return { from: start, to: k, head }
}

export function headOf(p: Parsed, from: number, to: number): number {
  for (let k = to - 1; k >= from; k--) if (HEAD_POS.has(p.pos[k]!)) return k
  return to - 1
}

/** The words of a noun phrase as a resource: determiners dropped, numbers and money kept. */
export function plainText(content: string, p: Parsed, u: Unit): string {
  let k = u.from
  // …but "those of the United States" keeps its "those", which stands for a noun.
  while (k < u.to - 1 && ['the', 'a', 'an', 'its', 'their', 'his', 'her', 'our', 'this', 'that', 'these', 'those'].includes(p.tokens[k]!.lower) && p.tokens[k + 1]!.lower !== 'of') k++
  const start = p.tokens[k]!.start
  const end = p.tokens[u.to - 1]!.end
  const text = content.slice(start, end).replace(/\s+/g, ' ').replace(/[,;:]+$/, '')
  // 'funding "goons': a quote the phrase opens but does not close is dropped.
  return (text.match(/["“”]/g) ?? []).length % 2 === 1 ? text.replace(/["“”]/g, '') : text
}

export function isTimePhrase(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  if (head.tags.has('Date') || head.tags.has('Month') || head.tags.has('WeekDay') || head.tags.has('Duration')) return true
  if (/^(year|years|month|months|week|weeks|day|days|hour|hours|morning|evening|night|weekend|decade|quarter|half|spring|summer|autumn|winter|time|moment|period|season)$/.test(head.lower)) {
    return true
  }
  if (/^(19|20)\d\d$/.test(head.text) && p.pos[u.from] !== 'det') return true
  return false
}

function splitsNp(p: Parsed, k: number): boolean {
  const { tokens, pos } = p
  const prev = pos[k - 1]
  const cur = pos[k]
  if ((prev === 'noun' || prev === 'propn') && cur === 'det' && !tokens[k]!.tags.has('Possessive')) return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'pron') return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'adj' && pos[k + 1] !== 'noun' && pos[k + 1] !== 'propn') return true
  // "Nvidia and Microsoft last year", "the talks this week": a time phrase after a name is no part of it.
  if ((prev === 'noun' || prev === 'propn') && ['last', 'next', 'this', 'earlier', 'later'].includes(tokens[k]!.lower) && /^(?:year|month|week|weekend|quarter|spring|summer|autumn|winter|night|morning|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/.test(tokens[k + 1]?.lower ?? '')) return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'num') {
    const n = pos[k + 1]
    if (tokens[k]!.tags.has('Money') || n === 'num' || n === 'noun') return true
  }
  if (prev === 'pron' && cur !== 'pron') return true
  // "suspended the order hours later": a span of time with "later" or "ago" is when, not part of the phrase.
  if ((prev === 'noun' || prev === 'propn') && /^(?:seconds|minutes|hours|days|weeks|months|years|decades)$/.test(tokens[k]!.lower) && /^(?:later|earlier|ago|after|before)$/.test(tokens[k + 1]?.lower ?? '')) return true
  return false
}

/** Words before a number that belong to it ("about 2,000", "nearly 200"). */
export const QUANTITY_LEADS = new Set(['nearly', 'almost', 'about', 'around', 'roughly', 'approximately', 'some', 'over', 'under', 'only', 'just'])

const ROUND_AMOUNTS = /^(?:dozen|hundred|thousand|million|billion|handful|third|quarter|half|score)$/

/** "nearly 200", "more than two million", "at least 20": words that belong to a number. */
function isQuantityWord(p: Parsed, j: number): boolean {
  const w = p.tokens[j]!.lower
  const next = p.pos[j + 1]
  if (QUANTITY_LEADS.has(w) && next === 'num') return true
  if (w === 'than' && ['more', 'less', 'fewer'].includes(p.tokens[j - 1]?.lower ?? '') && (next === 'num' || (['a', 'an'].includes(p.tokens[j + 1]?.lower ?? '') && ROUND_AMOUNTS.test(p.tokens[j + 2]?.lower ?? '')))) return true
  // "more than a dozen exchanges": "a" before a round amount is its number.
  if (['a', 'an'].includes(w) && p.tokens[j - 1]?.lower === 'than' && ROUND_AMOUNTS.test(p.tokens[j + 1]?.lower ?? '')) return true
  if (w === 'least' && p.tokens[j - 1]?.lower === 'at' && next === 'num') return true
  // "assets worth about 3 billion euros": what they are worth belongs to them.
  if (w === 'worth' && (next === 'num' || QUANTITY_LEADS.has(p.tokens[j + 1]?.lower ?? '') || p.tokens[j + 1]?.tags.has('Money'))) return true
  if (w === 'at' && p.tokens[j + 1]?.lower === 'least') return true
  return false
}

function lastHeadOfChain(p: Parsed, from: number, to: number, fallback: number): number {
  // the head of the first "of" phrase that is not itself a quantity
  let k = from
  while (k < to) {
    if (p.tokens[k]!.lower === 'of') {
      let j = k + 1
      while (j < to && p.tokens[j]!.lower !== 'of') j++
      const h = headOf(p, k + 1, j)
      if (!quantityHeads.has(p.tokens[h]!.lower) && p.pos[h] !== 'num') return h
      k = j
      continue
    }
    k++
  }
  return fallback
}

const SKIP_MODIFIERS = new Set(['the', 'a', 'an', 'about', 'some', 'several', 'many', 'more', 'most', 'all', 'both', 'other', 'another', 'nearly', 'almost', 'around', 'roughly', 'least', 'at', 'than', 'over', 'up', 'to', 'its', 'their', 'his', 'her', 'our', 'these', 'those', 'this', 'that', 'each', 'every', 'any', 'such', 'own', 'few', 'only', 'just'])

/** A nominal actor's words: modifiers and head, without determiners, numbers or vehicles. */
export function nominalText(content: string, p: Parsed, u: Unit): { text: string; start: number; end: number } {
  const { tokens, pos } = p
  let from = u.from
  let to = u.head + 1
  // The head may sit in an "of" phrase (tens of thousands of people): start after the last "of".
  for (let k = u.head - 1; k >= u.from; k--) {
    if (tokens[k]!.lower === 'of') {
      from = k + 1
      break
    }
  }
  while (from < to - 1 && (SKIP_MODIFIERS.has(tokens[from]!.lower) || pos[from] === 'num' || pos[from] === 'det' || pos[from] === 'adv')) from++
  // "the airline's owners" → "owners": a possessor that only points back adds nothing.
  for (let k = from; k < to - 1; k++) {
    if (/['’]s?$/.test(tokens[k]!.text) && orgReferenceNouns.has(tokens[k]!.lower.replace(/['’]s?$/, ''))) from = k + 1
  }
  // "the government of Gondor", "the leaders of Gondor": a body keeps the name it belongs to.
  if (tokens[u.head + 1]?.lower === 'of' && u.head + 2 < u.to) {
    let k = u.head + 2
    if (tokens[k]!.lower === 'the') k++
    if (k < u.to && tokens.slice(k, u.to).every((t) => /^\p{Lu}/u.test(t.text) || ['of', 'and'].includes(t.lower))) to = u.to
  }
  const headWord = tokens[u.head]!.lower
  if (['vessels', 'ships', 'aircraft', 'jets', 'planes', 'boats', 'units', 'convoy'].includes(headWord)) to = u.head
  const start = tokens[from]!.start
  const end = tokens[to - 1]!.end
  let text = content.slice(start, end).replace(/\s+/g, ' ')
  text = text.replace(/['’]s$/u, '').replace(/(?<=s)['’]$/u, '')
  return { text, start, end: start + text.length }
}

export function firstContent(p: Parsed, u: Unit): number {
  let k = u.from
  while (k < u.head && (SKIP_MODIFIERS.has(p.tokens[k]!.lower) || p.pos[k] === 'det')) k++
  return k
}
