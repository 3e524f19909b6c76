/**
 * Title, extractive summary and per-sentence relevance. Relevance is a sentence's centrality (its
 * summed word-overlap similarity with every other sentence, as in TextRank's first iteration) plus
 * a small bonus for coming early, which news writing rewards.
 */
import { cut } from './util'
import type { Parsed } from './syntax'
import type { Sentence } from './text'

export interface SummaryResult {
  title: string
  summary: string
  /** Per sentence, 0 … 1. */
  relevance: number[]
}

export const MAX_TITLE_CHARS = 199

/** `parsed`, when given, tells the verbs of each sentence (a headline is cut after one). */
export function summarise(sentences: Sentence[], parsed?: readonly Parsed[]): SummaryResult {
  // Captions and credits are not what the document says: never in the summary, never its title.
  const body = sentences.filter((s) => !s.isHeading && !CAPTION.test(s.text.trim()))
  const vectors = sentences.map((s) => contentWords(s.text))
  const raw = sentences.map((s, i) => {
    if (s.isHeading) return 0
    let sum = 0
    const a = vectors[i]!
    sentences.forEach((o, j) => {
      if (j !== i && !o.isHeading) sum += overlap(a, vectors[j]!)
    })
    const position = body.indexOf(s)
    const early = position === 0 ? 0.35 : position === 1 ? 0.15 : position < 5 ? 0.05 : 0
    const lengthPenalty = a.size < 4 ? 0.5 : 1
    return (sum / Math.max(1, body.length - 1) + early) * lengthPenalty
  })
  const max = Math.max(0, ...raw)
  const relevance = raw.map((r) => (max > 0 ? Math.round((r / max) * 100) / 100 : 0))

  // The first of the leading headings that is a headline: not a dateline, a date or a byline on its own.
  const firstBody = sentences.findIndex((x) => !x.isHeading)
  const leading = firstBody < 0 ? sentences : sentences.slice(0, firstBody)
  const heading = leading.find((x) => !notAHeadline(x.text))
  const ranked = body
    .map((s) => ({ s, score: raw[s.index] ?? 0 }))
    .sort((a, b) => b.score - a.score || a.s.index - b.s.index)
  const lead = ranked[0]?.s
  const title = heading ? cleanTitle(heading.text) : lead ? (headlineOf(lead, parsed?.[lead.index]) ?? cleanTitle(lead.text)) : ''

  const want = body.length <= 2 ? body.length : 3
  let chosen = ranked.slice(0, want).map((r) => r.s)
  // Three long sentences make a wall of text: keep two.
  if (chosen.length === 3 && chosen.reduce((n, s) => n + s.text.length, 0) > 700) chosen = chosen.slice(0, 2)
  const summary = chosen
    .sort((a, b) => a.index - b.index)
    .map((s) => squash(withoutCredits(withoutDateline(s))))
    .filter((text) => text !== '')
    .join(' ')
  return { title: title || 'Untitled Document', summary, relevance }
}

// ---------------------------------------------------------------------------------------------

const stopwords = new Set(
  ('a|an|the|and|or|but|of|to|in|on|at|for|with|by|from|as|is|are|was|were|be|been|being|has|have|had|it|its|this|that|' +
    'these|those|he|she|they|we|you|i|his|her|their|our|your|not|no|will|would|could|should|may|might|can|said|says|' +
    'also|after|before|than|then|there|which|who|whom|what|when|where|while|about|over|into|up|down|out|more|most|' +
    'some|such|all|any|each|other|new|one|two|three|year|years|on|last|next|week|month|monday|tuesday|wednesday|' +
    'thursday|friday|saturday|sunday|percent|per|cent|did|do|does|so|if|because|just|only|very|much|many').split('|'),
)

function contentWords(text: string): Set<string> {
  const out = new Set<string>()
  for (const w of text.toLowerCase().match(/\p{L}[\p{L}\p{N}'-]*/gu) ?? []) {
    if (w.length < 3 || stopwords.has(w)) continue
    out.add(w.replace(/(ies|es|s)$/, (m) => (m === 'ies' ? 'y' : '')))
  }
  return out
}

function overlap(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0
  let shared = 0
  for (const w of a) if (b.has(w)) shared++
  return shared / (Math.log(a.size + 1) + Math.log(b.size + 1))
}

/** A sentence that is a picture's caption or credit ("Image caption, …", "Photo: …"). */
const CAPTION = /^(?:(?:image|photo|media|video)\s+(?:caption|source|credit)|caption|credit|photograph|photo|picture|image)s?\b\s*[,:]/i

/**
 * A sentence without the picture credits pages glue into their text: "…the increase.CreditMichael Appleton
 * for The New York Times The authority…", "(AP Photo/Sunday Alamba)", a closing "Photo: Jane Doe/Reuters".
 */
function withoutCredits(text: string): string {
  return text
    .replace(/(?<=[.!?"”’])\s*Credit\s?\p{Lu}[\p{L}.'’ -]*?\s(?:for|\/)\s(?:The\s)?(?:\p{Lu}[\p{L}&.'’-]*\s?){1,5}(?=\s\p{Lu}|$)/gu, '')
    .replace(/\s*\((?:AP|AFP|Reuters|Getty(?: Images)?|EPA|Xinhua|Anadolu|Bloomberg)(?:\s+Photo)?\s*\/[^)]{1,60}\)/g, '')
    .replace(/\s*(?:Photo(?:graph)?|Picture|Image)s?(?:\s+credit)?:\s*[^.!?]{1,80}$/i, '')
    .trim()
}

/** The sentence without a leading dateline ("BRUSSELS, June 18 (Reuters) - "), once parsing has marked it. */
export function withoutDateline(s: Sentence): string {
  const first = s.tokens.find((t) => t.text !== '' && !t.tags.has('Dateline'))
  if (!first || first === s.tokens.find((t) => t.text !== '')) return s.text
  return s.text.slice(first.start - s.start - leadingQuote(first.pre))
}

function leadingQuote(pre: string): number {
  const m = /["“'‘(]+$/.exec(pre)
  return m ? m[0].length : 0
}

function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

const MONTH = '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const DAY = '(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\\s+)?'
const DATE = `${DAY}(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+\\d{4})?|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?|${MONTH}\\s+\\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{1,2}/\\d{1,2}/\\d{2,4})`
const PLACE = "\\p{L}[\\p{L}.'’-]*(?:\\s+\\p{L}[\\p{L}.'’-]*){0,3}"
/** A line that only says where and when ("Lagos, 3 March 2024", "BRUSSELS, June 18 (Reuters)"), or when. */
const DATELINE_ONLY = new RegExp(`^(?:${PLACE},?\\s+)?${DATE}(?:\\s*\\([^)]{1,40}\\))?\\s*[-–—:]?\\s*$`, 'iu')
/** A byline or a publication stamp ("By Ada Obi", "Updated 14:05 GMT"). */
const BYLINE = /^(?:by\s+\p{Lu}|(?:updated|published|posted|last modified)\b)/iu

/** A leading line that is not the document's headline: a dateline or date on its own, a byline, a stamp. */
export function notAHeadline(text: string): boolean {
  const t = squash(text).replace(/^#+\s*/, '')
  return DATELINE_ONLY.test(t) || BYLINE.test(t)
}

/** A title from a heading or sentence: no markdown, no closing full stop, cut at a word boundary. */
function cleanTitle(text: string): string {
  let t = squash(text)
    .replace(/^#+\s*/, '')
    .replace(/[*_`]+/g, '')
    .replace(/^[A-Z][A-Z .'-]{2,}(?:,[^–—-]{0,40})?\s+[–—-]{1,2}\s+/, '')
    .trim()
  t = t.replace(/\.$/, '')
  return cut(t, MAX_TITLE_CHARS)
}

/** Longest headline made from a sentence; a longer one falls back to the sentence cut at a word. */
const HEADLINE_CHARS = 120
const WEEKDAY = '(?:mon|tues|wednes|thurs|fri|satur|sun)day'
/** When it happened: a headline leaves it out ("on Tuesday", "late on Wednesday", "yesterday", "on June 22"). */
const WHEN = new RegExp(
  `\\s*(?:\\b(?:late|early)\\s+)?(?:\\b(?:on|last|this)\\s+)?(?:\\b${WEEKDAY}(?:\\s+(?:morning|afternoon|evening|night))?|\\b(?:yesterday|today|tonight)|\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?)\\b`,
  'giu',
)
/** A clause ending in a verb of saying or finding: what follows is what was said, not detail. */
const SPEECH = /\b(?:said|says|reported|found|announced|told|warned|added|claimed|stated)$/i
/** Where a clause that is not the event's own begins ("…, where", "… when they stopped", "… that would"). */
const CLAUSE_BREAK = /(?:[,;:]\s|\s[–—-]\s|\s\((?!\p{Lu}{2,}\)))|\s(?=(?:when|after|before|as|because|while|where|which|who|whose|amid|despite|since|until|that would|that will|raising|drawing|setting|creating|leaving|prompting)\b)/u

/**
 * A headline made from the lead sentence, for a document without one of its own: the main clause, without
 * its dateline, its time ("on Tuesday") or the clauses after it (", where …", " when they …", ", officials
 * said"): "Chile's central bank cut its benchmark interest rate by 25 basis points to 4.25%". None when that
 * is still long, or the sentence is a quotation.
 */
function headlineOf(s: Sentence, p: Parsed | undefined): string | undefined {
  const text = squash(withoutCredits(withoutDateline(s)))
  if (/^["“‘']/.test(text)) return undefined
  let clause = text.replace(WHEN, '')
  // The first break after a verb: "Veltra, the Finnish maker of smart eyewear, unveiled" goes on past the apposition.
  const isVerb = (t: Sentence['tokens'][number], k: number) => (p ? p.pos[k] === 'verb' : t.tags.has('Verb')) && !t.tags.has('Gerund') && !t.tags.has('Infinitive')
  const verbs = new Set(s.tokens.filter(isVerb).map((t) => t.text.toLowerCase()))
  // "an excellent, wonderful deal": a comma after an adjective is inside the phrase.
  const adjectives = new Set(s.tokens.filter((t, k) => (p ? p.pos[k] === 'adj' : t.tags.has('Adjective'))).map((t) => t.text.toLowerCase()))
  const hasVerb = (text: string) => text.split(/\s+/).some((w) => verbs.has(w.toLowerCase().replace(/[^\p{L}'-]/gu, '')))
  const breaks = new RegExp(CLAUSE_BREAK.source, 'gu')
  for (let m = breaks.exec(clause); m !== null; m = breaks.exec(clause)) {
    const before = clause.slice(0, m.index)
    const last = before.split(/\s+/).pop()?.toLowerCase().replace(/[^\p{L}'-]/gu, '') ?? ''
    const next = clause.slice(m.index + m[0].length).split(/\s+/)[0]?.toLowerCase().replace(/[^\p{L}'-]/gu, '') ?? ''
    if (m.index < 20 || !hasVerb(before) || (adjectives.has(last) && adjectives.has(next))) continue
    clause = before
    break
  }
  // Still long: end before a phrase that only adds detail ("… a demand from the Commission | that it pay …").
  if (clause.length > HEADLINE_CHARS) {
    const phrase = / (?:that|over|into|in|on|at|with|for|against|from|after|by|near|to) /g
    let end = -1
    for (let m = phrase.exec(clause); m !== null && m.index <= HEADLINE_CHARS; m = phrase.exec(clause)) {
      const before = clause.slice(0, m.index)
      if (m.index >= 30 && hasVerb(before) && !SPEECH.test(before)) end = m.index
    }
    if (end > 0) clause = clause.slice(0, end)
  }
  clause = clause.replace(/[\s,;:.]+$/, '').trim()
  if (clause.length > HEADLINE_CHARS || clause.split(' ').length < 3) return undefined
  return clause.charAt(0).toUpperCase() + clause.slice(1)
}
