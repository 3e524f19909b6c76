/**
 * The `bench:intelligence` corpus: a tenant's documents in the order they arrive, generated from a seed.
 *
 * News events happen at a steady rate (DOCS_PER_DAY documents a day once their reports are counted), each
 * one act: an organisation (one of 400 invented names) does something of a CAMEO category to another, on
 * a date its text names. An event is told by one to nine reports, half of them by one: the original (a
 * wire or an outlet of its own), then syndicated near-copies of it in other outlets (a dateline and an
 * added paragraph: near-duplicates), retellings in an outlet's own words (the same claim: the same event),
 * denials (the claim negated: contested), and exact copies (an aggregator's reprint or an analyst's paste).
 * Reports come out up to two days after the event. Outlets are eight domains, a paste has no address.
 * Documents go to ten workspaces at a time; every WORKSPACE_DAYS the tenant opens ten new ones, so a
 * workspace holds about the same number of documents however large the tenant grows.
 */
import type { Provenance } from '../../src/protocol/entities'

export const DOCS_PER_DAY = 2000 / 28
export const WORKSPACE_DAYS = 28
export const WORKSPACES_AT_ONCE = 10
export const CORPUS_START = Date.parse('2026-01-05T06:00:00Z')
const DAY = 86_400_000
const HOUR = 3_600_000

export type ReportKind = 'original' | 'syndicated' | 'retelling' | 'denial' | 'copy'

export interface BenchDocument {
  id: string
  event: number
  kind: ReportKind
  /** When the outlet published it and when the tenant took it in (ms). */
  publishedAt: number
  ingestedAt: number
  text: string
  /** The text whose analysis the document carries: its own, or its original's for a copy of it. */
  analysedText: string
  provenance: Provenance
  researchId: string
  sessionId: string
}

const FIRST = ['Kessel', 'Norland', 'Valdor', 'Marrow', 'Astra', 'Brightwater', 'Calder', 'Dunmore', 'Elbing', 'Fenwick', 'Garrow', 'Halden', 'Ilford', 'Jarrow']
const FIRST2 = ['Kinross', 'Lindholm', 'Morvan', 'Nyberg', 'Oakridge', 'Pellham', 'Quarrington', 'Rosco', 'Selby', 'Tavish', 'Varga', 'Westmark', 'Yarrow', 'Zenith']
const FIRST3 = ['Ashby', 'Brant', 'Corvin', 'Delmar', 'Esker', 'Falkner', 'Grady', 'Hollis', 'Ivers', 'Jensen', 'Korda', 'Lorne']
const KINDS = ['Mining', 'Steel', 'Rail', 'Freight', 'Energy', 'Bank', 'Telecom', 'Motors', 'Shipping', 'Chemicals']
const ORGS = [...FIRST, ...FIRST2, ...FIRST3].flatMap((f) => KINDS.map((k) => `${f} ${k}`))
const CITIES = ['Valdor City', 'Port Ansel', 'Kirkwall', 'Maren', 'Oststadt', 'Brevik', 'Sundholm', 'Caldera Bay', 'Linford', 'Ravensgate']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/** Acts of a CAMEO category each, adverse and favourable (the dashboard's boards read both). */
const VERBS: ReadonlyArray<{ past: string; base: string }> = [
  { past: 'imposed sanctions on', base: 'impose sanctions on' },
  { past: 'signed a contract with', base: 'sign a contract with' },
  { past: 'sued', base: 'sue' },
  { past: 'warned', base: 'warn' },
  { past: 'opened talks with', base: 'open talks with' },
  { past: 'fined', base: 'fine' },
  { past: 'approved a loan to', base: 'approve a loan to' },
  { past: 'praised', base: 'praise' },
  { past: 'blocked the merger with', base: 'block the merger with' },
  { past: 'signed a supply agreement with', base: 'sign a supply agreement with' },
  { past: 'pledged aid to', base: 'pledge aid to' },
  { past: 'boycotted', base: 'boycott' },
  { past: 'criticised', base: 'criticise' },
  { past: 'welcomed', base: 'welcome' },
]

const PUBLISHERS = ['harbourtimes.example', 'eveningpost.example', 'ledger.example', 'courier.example', 'northstar-news.example', 'balticreview.example', 'freightdaily.example']
const WIRE = 'meridianwire.example'
const AGGREGATOR = 'newsroundup.example'

interface Cast {
  a: string
  b: string
  c: string
  city: string
  date: string
  n: number
}

/** Sentences an original may go on with; a retelling's are its own. Five-word runs of them rarely meet across events. */
const FILLERS: ReadonlyArray<(x: Cast) => string> = [
  (x) => `${x.a} said the move was worth ${x.n} million euros over three years.`,
  (x) => `Shares of ${x.a} rose ${(x.n % 9) + 1} percent in early trading in ${x.city}.`,
  (x) => `${x.b} declined to comment when reached by telephone.`,
  (x) => `Analysts at ${x.c} expected further measures before the end of the quarter.`,
  (x) => `The decision follows ${(x.n % 11) + 2} months of talks between ${x.a} and regulators in ${x.city}.`,
  (x) => `Unions in ${x.city} warned that ${x.n * 3} jobs could be at risk at ${x.b}.`,
  (x) => `${x.a} employs about ${x.n * 40} people across the region, most of them near ${x.city}.`,
  (x) => `A spokeswoman for ${x.b} said the company was studying its options.`,
  (x) => `Lawmakers in ${x.city} called for a hearing on the matter within ${(x.n % 5) + 2} weeks.`,
]
const RETELLINGS: ReadonlyArray<(x: Cast) => string> = [
  (x) => `People familiar with the matter said the step had been prepared for weeks at ${x.a} headquarters.`,
  (x) => `Executives of ${x.b} were informed by letter, according to two people briefed on it.`,
  (x) => `The timing surprised traders in ${x.city}, where ${x.c} had bet on a quieter month.`,
  (x) => `It is the ${(x.n % 4) + 2}th such step this year, by this newspaper's count.`,
  (x) => `Neither company would say what it meant for the ${x.n} contracts between them.`,
  (x) => `Local officials in ${x.city} expressed surprise and asked for details.`,
]

/** A deterministic stream of numbers in [0, 1) (mulberry32). */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** How many reports tell one event, and how often (mean 2.36). */
const REPORTS: ReadonlyArray<[count: number, weight: number]> = [
  [1, 50],
  [2, 20],
  [3, 14],
  [5, 10],
  [9, 6],
]
const MEAN_REPORTS = REPORTS.reduce((s, [n, w]) => s + n * w, 0) / REPORTS.reduce((s, [, w]) => s + w, 0)

/** The first `count` documents of the tenant, in the order the pipeline completes them (ingestion time). */
export function benchCorpus(count: number, seed = 20): BenchDocument[] {
  const rnd = random(seed)
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!
  const eventSpacing = (DAY * MEAN_REPORTS) / DOCS_PER_DAY
  const docs: BenchDocument[] = []
  // Events until the last one starts after the count-th document would have come in, plus their late reports.
  const events = Math.ceil((count / MEAN_REPORTS) * 1.05) + 50
  for (let e = 0; e < events; e++) {
    const at = CORPUS_START + e * eventSpacing + rnd() * eventSpacing
    const day = new Date(at)
    const a = pick(ORGS)
    let b = pick(ORGS)
    while (b === a) b = pick(ORGS)
    const x: Cast = { a, b, c: pick(ORGS), city: pick(CITIES), date: `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`, n: 5 + Math.floor(rnd() * 95) }
    const verb = pick(VERBS)
    const fillers = [...FILLERS].sort(() => rnd() - 0.5).slice(0, 4 + Math.floor(rnd() * 3))
    const original = `${a} ${verb.past} ${b} on ${x.date}. ${fillers.map((f) => f(x)).join(' ')}`
    let r = rnd() * 100
    const reports = REPORTS.find(([, w]) => (r -= w) < 0)?.[0] ?? 1
    const outlets = [...PUBLISHERS].sort(() => rnd() - 0.5)
    const first = rnd() < 0.35 ? WIRE : outlets.pop()!
    const report = (kind: ReportKind, text: string, analysedText: string, publisher: string | null, delay: number) =>
      docs.push(document(e, docs.length, kind, text, analysedText, publisher, at + delay, rnd))
    report('original', original, original, rnd() < 0.08 ? null : first, rnd() * 2 * HOUR)
    for (let k = 1; k < reports; k++) {
      const roll = rnd()
      const outlet = outlets.pop() ?? pick(PUBLISHERS)
      if (roll < 0.45) {
        const text = `${x.city.toUpperCase()} (${first === WIRE ? 'Meridian Wire' : first}) — ${original}\n\n${b} was founded in ${1900 + (x.n % 100)} and has ${x.n} sites in ${outlet.split('.')[0]}'s region.`
        report('syndicated', text, original, outlet, HOUR + rnd() * 12 * HOUR)
      } else if (roll < 0.75) {
        const own = [...RETELLINGS].sort(() => rnd() - 0.5).slice(0, 3)
        const text = `${a} ${verb.past} ${b} on ${x.date}, ending weeks of speculation. ${own.map((f) => f(x)).join(' ')}`
        report('retelling', text, text, outlet, 2 * HOUR + rnd() * 36 * HOUR)
      } else if (roll < 0.85) {
        const text = `${a} did not ${verb.base} ${b} on ${x.date}, two officials told reporters, contradicting earlier reports. ${RETELLINGS[k % RETELLINGS.length]!(x)}`
        report('denial', text, text, outlet, 6 * HOUR + rnd() * 42 * HOUR)
      } else {
        report('copy', original, original, rnd() < 0.5 ? AGGREGATOR : null, 3 * HOUR + rnd() * 45 * HOUR)
      }
    }
  }
  docs.sort((p, q) => p.ingestedAt - q.ingestedAt || p.id.localeCompare(q.id))
  return docs.slice(0, count).map((d) => ({ ...d, ...workspaceOf(d) }))
}

function document(event: number, n: number, kind: ReportKind, text: string, analysedText: string, publisher: string | null, publishedAt: number, rnd: () => number): BenchDocument {
  const id = `evt_${String(n).padStart(6, '0')}`
  const provenance: Provenance = publisher
    ? { url: `https://www.${publisher}/news/${event}-${n}`, publisher, publishedAt: new Date(publishedAt).toISOString(), via: { channel: 'rss', name: publisher } }
    : { via: { channel: 'paste' } }
  return { id, event, kind, publishedAt, ingestedAt: publishedAt + 60_000 + rnd() * 20 * 60_000, text, analysedText, provenance, researchId: '', sessionId: '' }
}

const generationAt = (at: number) => Math.max(0, Math.floor((at - CORPUS_START) / (WORKSPACE_DAYS * DAY)))

/** Ten workspaces at a time, ten new ones every WORKSPACE_DAYS; which of the ten by the document's number. */
function workspaceOf(d: BenchDocument): Pick<BenchDocument, 'researchId' | 'sessionId'> {
  const k = generationAt(d.ingestedAt) * WORKSPACES_AT_ONCE + ((Number(d.id.slice(4)) * 7) % WORKSPACES_AT_ONCE)
  return { researchId: `res_${k}`, sessionId: `ses_${k}` }
}

/** A workspace the analyst works in now: the first of the last generation whose WORKSPACE_DAYS have all passed. */
export function currentWorkspace(docs: readonly BenchDocument[]): { researchId: string; sessionId: string } {
  const last = docs[docs.length - 1]
  const k = Math.max(0, (last ? generationAt(last.ingestedAt) : 0) - 1) * WORKSPACES_AT_ONCE
  return { researchId: `res_${k}`, sessionId: `ses_${k}` }
}
