/**
 * Figures a sentence gives (a number with its unit) and when two accounts' figures conflict.
 *
 * Extraction (`figuresOf`), on the lower-cased text:
 * - A number is digits (with thousands commas and a decimal part) or a number word ("twelve", "thirty"), times
 *   a scale that follows it ("2.4 billion", "3bn").
 * - Its unit is what follows or precedes it: "%", "percent", "per cent" → '%'; "percentage points" → 'pp';
 *   "$", "dollars" → 'usd', "€", "euros" → 'eur', "£", "pounds" → 'gbp'; "dead", "killed", "deaths",
 *   "fatalities" → 'dead' and "injured", "wounded" → 'injured', also after "people"/"civilians"/… within two
 *   words ("12 people were killed"); otherwise the next word, singular ("38 protesters" → 'protester').
 * - Not a figure: a number with no unit, a year (a whole number 1900–2100 with no currency, scale or percent),
 *   a number whose next word is a function word ("3 of", "2 to") or an attribution ("two officials said": how
 *   many people told the outlet is not a claim about the event).
 * - Hedges make a range: "at least", "more than", "over" … → at least the value; "up to", "fewer than",
 *   "under" … → at most; "about", "around", "nearly", "some" … → within 10 %. A bare value stands for itself
 *   within 2 %, so a rounding ("38%" and "38.4%") is not a conflict.
 *
 * Conflict (`figuresConflict`): the two lists share a unit and no figure of one is compatible (their ranges
 * overlap) with any figure of the other in that unit. "38%" against "25%" conflicts; "at least 12 dead" against
 * "30 dead" does not (a toll that rose is not a denial); different units are never compared.
 */

/** A number with its unit, as a range: exact (±2 %), about (±10 %), at least, at most. */
export interface Figure {
  value: number
  unit: string
  bound: FigureBound
  /** The words it was read from ("38 protesters"). */
  text: string
}

export type FigureBound = 'exact' | 'about' | 'atLeast' | 'atMost'

/** Tolerance of a bare figure (rounding) and of a hedged "about" one. */
export const EXACT_TOLERANCE = 0.02
export const ABOUT_TOLERANCE = 0.1

/** The figures of a text, in order (see the rules above). */
export function figuresOf(text: string): Figure[] {
  const lower = text.toLowerCase()
  const out: Figure[] = []
  for (const m of lower.matchAll(NUMBER)) {
    const [whole, currency, digits, word, scale] = m
    const start = m.index
    const base = digits !== undefined ? Number(digits.replace(/,/g, '')) : WORD_NUMBERS[word!]
    if (base === undefined || !Number.isFinite(base)) continue
    const value = base * (scale ? SCALES[scale]! : 1)
    const after = lower.slice(start + whole.length)
    const unit = unitOf(currency, after)
    if (!unit) continue
    const isYear = !currency && !scale && unit.unit !== '%' && Number.isInteger(base) && base >= 1900 && base <= 2100
    if (isYear) continue
    out.push({ value, unit: unit.unit, bound: boundOf(lower.slice(Math.max(0, start - 24), start)), text: `${whole}${unit.words}`.trim() })
  }
  return out
}

/** The first unit on which the two lists conflict, with a figure of each, or null (see the rules above). */
export function figuresConflict(a: readonly Figure[], b: readonly Figure[]): { unit: string; a: Figure; b: Figure } | null {
  const units = [...new Set(a.map((f) => f.unit))].filter((u) => b.some((f) => f.unit === u)).sort()
  for (const unit of units) {
    const fa = a.filter((f) => f.unit === unit)
    const fb = b.filter((f) => f.unit === unit)
    if (!fa.some((x) => fb.some((y) => compatible(x, y)))) return { unit, a: fa[0]!, b: fb[0]! }
  }
  return null
}

/** Whether two figures of one unit can both be true: their ranges overlap. */
export function compatible(a: Figure, b: Figure): boolean {
  const [alo, ahi] = rangeOf(a)
  const [blo, bhi] = rangeOf(b)
  return alo <= bhi && blo <= ahi
}

const WORD_NUMBERS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
}

const SCALES: Record<string, number> = { thousand: 1e3, million: 1e6, mn: 1e6, billion: 1e9, bn: 1e9, trillion: 1e12 }

// A currency sign, then digits or a number word, then a scale; not inside a word, a decimal or a larger number.
const NUMBER = new RegExp(
  String.raw`(?<![\w.,])(?:([$€£])\s?)?(?:(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)|\b(${Object.keys(WORD_NUMBERS).join('|')}))(?:\s*(thousand|million|mn|billion|bn|trillion)\b)?(?!\w)`,
  'gu',
)

const CURRENCY_SIGNS: Record<string, string> = { $: 'usd', '€': 'eur', '£': 'gbp' }
const CURRENCY_WORDS: Record<string, string> = { dollar: 'usd', dollars: 'usd', usd: 'usd', euro: 'eur', euros: 'eur', eur: 'eur', pound: 'gbp', pounds: 'gbp', gbp: 'gbp' }
const DEAD = new Set(['dead', 'killed', 'deaths', 'death', 'died', 'fatalities'])
const INJURED = new Set(['injured', 'wounded', 'hurt', 'injuries'])
const PEOPLE = new Set(['people', 'persons', 'civilians', 'soldiers', 'children', 'residents', 'workers', 'passengers', 'migrants'])
const LINKING = new Set(['were', 'was', 'have', 'had', 'been', 'are', 'reportedly', 'confirmed'])
const NOT_UNITS = new Set([
  'of',
  'to',
  'in',
  'on',
  'at',
  'and',
  'or',
  'for',
  'from',
  'by',
  'with',
  'the',
  'a',
  'an',
  'is',
  'was',
  'were',
  'are',
  'has',
  'had',
  'have',
  'will',
  'would',
  'that',
  'this',
  'who',
  'which',
  'after',
  'before',
  'since',
  'than',
  'more',
  'less',
  'times',
  'said',
  'says',
  'official',
  'officials',
  'source',
  'sources',
  'diplomat',
  'diplomats',
  'witness',
  'witnesses',
  'analyst',
  'analysts',
  'am',
  'pm',
])

function unitOf(currency: string | undefined, after: string): { unit: string; words: string } | null {
  if (currency) {
    const word = /^\s*(dollars?|euros?|pounds?|usd|eur|gbp)\b/.exec(after)
    return { unit: CURRENCY_SIGNS[currency]!, words: word ? word[0] : '' }
  }
  const pct = /^\s*(%|percent\b|per cent\b|percentage points?\b)/.exec(after)
  if (pct) return { unit: pct[1]!.startsWith('percentage') ? 'pp' : '%', words: pct[0] }
  const next = /^\s*([a-z][a-z'-]+)(?:\s+([a-z]+))?(?:\s+([a-z]+))?(?:\s+([a-z]+))?/.exec(after)
  if (!next) return null
  const w1 = next[1]!
  if (CURRENCY_WORDS[w1]) return { unit: CURRENCY_WORDS[w1], words: ` ${w1}` }
  if (NOT_UNITS.has(w1) || w1.length < 3) return null
  if (DEAD.has(w1)) return { unit: 'dead', words: ` ${w1}` }
  if (INJURED.has(w1)) return { unit: 'injured', words: ` ${w1}` }
  if (PEOPLE.has(w1)) {
    // "12 people were killed": the toll's unit is the verb's, two linking words at most in between.
    const rest = [next[2], next[3], next[4]].filter((w): w is string => w !== undefined)
    for (const w of rest) {
      if (DEAD.has(w)) return { unit: 'dead', words: ` ${w1} … ${w}` }
      if (INJURED.has(w)) return { unit: 'injured', words: ` ${w1} … ${w}` }
      if (!LINKING.has(w)) break
    }
  }
  return { unit: singular(w1), words: ` ${w1}` }
}

function boundOf(before: string): FigureBound {
  if (/(?:at least|more than|over|upwards of|no fewer than|no less than|in excess of|exceeding)\s*$/.test(before)) return 'atLeast'
  if (/(?:up to|fewer than|less than|under|at most|as many as|no more than|below)\s*$/.test(before)) return 'atMost'
  if (/(?:about|around|nearly|almost|roughly|some|approximately|an estimated|close to|estimated)\s*$/.test(before)) return 'about'
  return 'exact'
}

function rangeOf(f: Figure): [number, number] {
  const v = Math.abs(f.value)
  switch (f.bound) {
    case 'atLeast':
      return [f.value - v * EXACT_TOLERANCE, Number.POSITIVE_INFINITY]
    case 'atMost':
      return [Number.NEGATIVE_INFINITY, f.value + v * EXACT_TOLERANCE]
    case 'about':
      return [f.value - v * ABOUT_TOLERANCE, f.value + v * ABOUT_TOLERANCE]
    default:
      return [f.value - v * EXACT_TOLERANCE, f.value + v * EXACT_TOLERANCE]
  }
}

function singular(word: string): string {
  if (/(?:ss|us|is)$/.test(word)) return word
  if (/(?:ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2)
  if (/ies$/.test(word) && word.length > 4) return `${word.slice(0, -3)}y`
  return word.endsWith('s') ? word.slice(0, -1) : word
}
