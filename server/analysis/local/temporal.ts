/**
 * Dates in the text, resolved with chrono-node against a reference date, as calendar dates (yyyy-mm-dd)
 * built from chrono's components so the result never depends on the machine's time zone.
 */
import * as chrono from 'chrono-node'
import { DEFAULT_REFERENCE_DATE } from '../analyser'

export interface DateMention {
  text: string
  /** Offsets in the content. */
  start: number
  end: number
  date: string
  /** The text names the year ("March 2026", "in 2019") rather than implying it ("on Tuesday"). */
  yearCertain: boolean
  /** Only a weekday was named. */
  weekdayOnly: boolean
  /** Only a month was named ("in January", "since March"). */
  monthOnly?: boolean
}

/** The reference date: the caller's, else a full date in the document's first lines, else the default. */
export function resolveReferenceDate(content: string, explicit: string | undefined, fallback?: string): string {
  const day = (iso: string | undefined) => {
    const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
    return m ? `${m[1]}-${m[2]}-${m[3]}` : null
  }
  const today = day(fallback)
  return day(explicit) ?? datelineDate(content) ?? (today ? datelineDay(content, today) : null) ?? today ?? DEFAULT_REFERENCE_DATE
}

/**
 * "LIMA, May 26 —", "OSLO, July 31 (Wirecast) -": a dateline's month and day without a year, dated in the
 * latest year that does not put it more than two days after `today` (the day the document was taken in), or null.
 */
function datelineDay(content: string, today: string): string | null {
  const head = content.slice(0, 400)
  const year = Number(today.slice(0, 4))
  for (const r of chrono.parse(head, { instant: utcNoon(today), timezone: 0 })) {
    if (!r.start.isCertain('month') || !r.start.isCertain('day') || r.start.isCertain('year')) continue
    const place = /\p{Lu}[\p{Lu}\p{L} .'’-]{1,40},(?:\s*[\p{L} .'’-]{1,30},)?\s*$/u.test(head.slice(Math.max(0, r.index - 60), r.index))
    const dash = /^[^\n]{0,30}?\s[—–-]{1,2}\s/u.test(head.slice(r.index + r.text.length - 1))
    if (!place || !dash) continue
    const month = String(r.start.get('month')).padStart(2, '0')
    const date = String(r.start.get('day')).padStart(2, '0')
    const thisYear = `${year}-${month}-${date}`
    // A dateline a day or two ahead of the day it was taken in is this year's, filed in a later time zone.
    return thisYear <= addDays(today, 2) ? thisYear : `${year - 1}-${month}-${date}`
  }
  return null
}

/** The full date a document's opening gives itself ('Lagos, 3 March 2024 —'), or null. */
export function datelineDate(content: string): string | null {
  const head = content.slice(0, 400)
  for (const r of chrono.parse(head, { instant: utcNoon(DEFAULT_REFERENCE_DATE), timezone: 0 })) {
    // Written out with its year: chrono calls "a day after" or "yesterday" certain too, counted from its own
    // reference day, which would date the document there.
    if (r.start.isCertain('year') && r.start.isCertain('month') && r.start.isCertain('day') && /\b\d{4}\b/.test(r.text)) return componentsToIso(r.start)
  }
  return null
}

const ANCHORED_ELSEWHERE = /\b(?:after|later|afterwards?|before|earlier)\s*$/i

export function findDates(content: string, referenceDate: string): DateMention[] {
  const ref = { instant: utcNoon(referenceDate), timezone: 0 }
  const out: DateMention[] = []
  for (const r of chrono.parse(content, ref)) {
    const text = r.text
    if (/^\d{1,2}$/.test(text.trim())) continue
    // "five years after (the war)", "two years later": counted from another event, not from the
    // document's date; resolving them against it would put a past event in the future.
    if (ANCHORED_ELSEWHERE.test(text)) continue
    // "for eight hours", "for a second year": how long, not when.
    if (/^(?:for|during)\b/i.test(text)) continue
    out.push({
      text,
      start: r.index,
      end: r.index + text.length,
      date: componentsToIso(r.start),
      yearCertain: r.start.isCertain('year'),
      weekdayOnly: r.start.isCertain('weekday') && !r.start.isCertain('day'),
      ...(r.start.isCertain('month') && !r.start.isCertain('day') && !r.start.isCertain('year') ? { monthOnly: true } : {}),
    })
  }
  // What chrono leaves: a year on its own ("bought a rival in 2017", "In 2023,") and quarters ("in the first
  // quarter", "Q3 2024", "last quarter").
  const overlaps = (start: number, end: number) => out.some((d) => start < d.end && d.start < end)
  for (const m of content.matchAll(YEAR)) {
    const start = m.index! + m[0].length - m[2]!.length
    const end = start + m[2]!.length
    if (!overlaps(start, end)) out.push({ text: m[2]!, start, end, date: `${m[2]}-01-01`, yearCertain: true, weekdayOnly: false })
  }
  for (const m of content.matchAll(QUARTER)) {
    const start = m.index!
    const end = start + m[0].length
    // chrono reads "next quarter" as three months from the day; the quarter is meant.
    for (let i = out.length - 1; i >= 0; i--) if (out[i]!.start >= start && out[i]!.end <= end) out.splice(i, 1)
    if (overlaps(start, end)) continue
    out.push({ text: m[0], start, end, date: quarterStart(m, referenceDate), yearCertain: m.groups!.year !== undefined, weekdayOnly: false })
  }
  return out.sort((a, b) => a.start - b.start)
}

const YEAR = /\b(in|since|during|by|until|till|from|before|after|of|early|late|mid-?|through|throughout)\s+((?:19|20)\d{2})\b(?![,.]?\d)/gi
const QUARTER =
  /\b(?:(?<rel>last|next|this|the\s+(?:previous|past|current|coming|next|last))\s+quarter|(?:the\s+)?(?<nth>first|second|third|fourth|1st|2nd|3rd|4th)\s+quarter(?:\s+of\s+(?<year>(?:19|20)\d{2}))?|Q(?<q>[1-4])(?:\s+(?<qyear>(?:19|20)\d{2}))?)\b/gi
const NTH: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 }

/** The first day of the quarter a QUARTER match names, against the reference date. */
function quarterStart(m: RegExpMatchArray, referenceDate: string): string {
  const g = m.groups!
  const refYear = Number(referenceDate.slice(0, 4))
  const refQuarter = Math.floor((Number(referenceDate.slice(5, 7)) - 1) / 3) + 1
  const iso = (year: number, quarter: number) => `${year}-${String((quarter - 1) * 3 + 1).padStart(2, '0')}-01`
  if (g.rel) {
    const rel = g.rel.toLowerCase()
    const shift = /last|previous|past/.test(rel) ? -1 : /next|coming/.test(rel) ? 1 : 0
    const index = refYear * 4 + (refQuarter - 1) + shift
    return iso(Math.floor(index / 4), (index % 4) + 1)
  }
  const quarter = g.nth ? NTH[g.nth.toLowerCase()]! : Number(g.q)
  const year = g.year ?? g.qyear
  if (year) return iso(Number(year), quarter)
  // "in the first quarter", said in November: this year's; "the fourth quarter", said in May: last year's.
  return quarter <= refQuarter ? iso(refYear, quarter) : iso(refYear - 1, quarter)
}

/** Days from a to b (both yyyy-mm-dd). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/** Moves a date by whole years (yyyy-mm-dd in and out; the day stays, months here start on the 1st). */
export function addYears(date: string, years: number): string {
  return `${String(Number(date.slice(0, 4)) + years).padStart(4, '0')}${date.slice(4)}`
}

/** Moves a date by whole days (yyyy-mm-dd in and out). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

function utcNoon(date: string): Date {
  return new Date(`${date}T12:00:00Z`)
}

function componentsToIso(c: chrono.ParsedComponents): string {
  const y = c.get('year') ?? 1970
  const m = c.get('month') ?? 1
  const d = c.get('day') ?? 1
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}
