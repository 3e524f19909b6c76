/**
 * Which places a document names, and where they are, from the analyser's entities (their kinds, their
 * mentions and the sentences those are in) and the offline gazetteer (gazetteer.ts). A name is plotted only
 * when the text says which place it is; otherwise it is left unplotted with the reason. Never a guess:
 *
 * - A name the analyser calls a person or an organisation is no place ("Jordan said"); a place name that is
 *   part of a longer name ("Paris Hilton", "Paris Saint-Germain") is none either.
 * - A country is the country, except a name that is also a US state (Georgia): then the text must point to
 *   one of them (Tbilisi or "Georgian" for the country; Atlanta or "the governor of Georgia" for the state),
 *   else it stays unplotted.
 * - A city is one of the towns of that name in a country (or US state) the document names, or the one a
 *   qualifier names ("Springfield, Illinois"). Population decides only when one town dominates (ten times the
 *   next), as Paris, France does every other Paris; Springfield, with no such town, is left unplotted.
 */
import { type Gazetteer, type GazetteerPlace, gazetteer, placeKey } from './gazetteer'

export interface LocatedPlace {
  place: GazetteerPlace
  /** The name as the text has it. */
  name: string
  /** The sentences naming it, as the analyser cut them (frames are at the places their sentence names). */
  sentences: Set<string>
}

export interface DocumentPlaces {
  places: LocatedPlace[]
  unplotted: Array<{ name: string; reason: string }>
}

/** A town dominates its namesakes at this many times the next one's population. */
export const DOMINANCE = 10
/** A person named like a place is reported as unplotted only when the place is this big (or a country). */
const NOTABLE_POPULATION = 100_000

export const UnplottedReasons = {
  person: (name: string) => `“${name}” names a person here, not a place`,
  partOfName: (whole: string) => `Part of the name “${whole}”, not a place`,
  countryOrState: (name: string) => `“${name}” may be the country or the US state, and the text does not say which`,
  several: (name: string, where: string) => `Several places are called ${name} (${where}) and the text does not say which`,
  unknown: () => 'Not in the gazetteer (countries, US states, towns of 1,000 people or more)',
} as const

interface Mention {
  start: number
  end: number
  sentence: string
  /** The mention's offset within its sentence. */
  at: number
}

interface Candidate {
  name: string
  key: string
  mentions: Mention[]
}

/** The places of one document, from its stored `detectedEntities`. */
export function geocodeDocument(rawEntities: unknown, g: Gazetteer = gazetteer()): DocumentPlaces {
  const entities = readEntities(rawEntities)
  const nameSpans = entities.filter((e) => e.kind === 'person' || e.kind === 'organization' || e.kind === 'organisation').flatMap((e) => e.mentions.map((m) => ({ ...m, text: e.text })))
  const unplotted: DocumentPlaces['unplotted'] = []
  const candidates: Candidate[] = []
  for (const e of entities) {
    const key = placeKey(e.text)
    if (e.kind === 'person') {
      if (g.countries(key).length > 0 || g.cities(key).some((c) => c.population >= NOTABLE_POPULATION)) unplotted.push({ name: e.text, reason: UnplottedReasons.person(e.text) })
      continue
    }
    const place = e.kind === 'place' || (e.kind !== 'organization' && e.kind !== 'organisation' && e.mentions.some((m) => afterLocative(m) || qualified(m, g)))
    if (!place) continue
    const free = e.mentions.filter((m) => partOfName(m, e.text, nameSpans, g) === null)
    if (free.length === 0) {
      const first = e.mentions[0]
      unplotted.push({ name: e.text, reason: UnplottedReasons.partOfName(first ? (partOfName(first, e.text, nameSpans, g) ?? e.text) : e.text) })
      continue
    }
    candidates.push({ name: e.text, key, mentions: free })
  }
  // What the document says without context (countries, states, towns that dominate): the context of the rest.
  const plain = new Map(candidates.map((c) => [c, plainReading(c, g)]))
  const located = new Map<string, LocatedPlace>()
  const locate = (c: Candidate, place: GazetteerPlace) => {
    const known = located.get(place.id) ?? { place, name: c.name, sentences: new Set<string>() }
    for (const m of c.mentions) known.sentences.add(m.sentence)
    located.set(place.id, known)
  }
  for (const c of candidates) {
    const others = candidates.filter((o) => o !== c).flatMap((o) => plain.get(o) ?? [])
    const outcome = resolve(c, others, g)
    if ('place' in outcome) locate(c, outcome.place)
    else unplotted.push({ name: c.name, reason: outcome.reason })
  }
  return { places: [...located.values()], unplotted }
}

type Outcome = { place: GazetteerPlace } | { reason: string }

function resolve(c: Candidate, others: GazetteerPlace[], g: Gazetteer): Outcome {
  const qualifier = qualifierOf(c, g)
  const countries = g.countries(c.key)
  const regions = g.regions(c.key)
  const cities = g.cities(c.key)
  if (qualifier) {
    const within = cities.filter((p) => p.countryCode === qualifier.countryCode && (qualifier.kind !== 'region' || p.adminCode === qualifier.adminCode))
    if (within.length > 0) return pick(c.name, within)
  }
  if (countries.length > 0 && regions.length > 0) {
    const country = countries[0]!
    const region = regions[0]!
    const forCountry = others.some((o) => o.countryCode === country.countryCode) || c.mentions.some((m) => saysCountry(m.sentence, country, g))
    const forRegion = others.some((o) => o.countryCode === 'US' && o.adminCode === region.adminCode) || c.mentions.some((m) => saysState(m, c.name))
    if (forCountry !== forRegion) return { place: forCountry ? country : region }
    return { reason: UnplottedReasons.countryOrState(c.name) }
  }
  if (countries.length > 0) return { place: countries[0]! }
  if (regions.length > 0) return { place: regions[0]! }
  if (cities.length === 0) return { reason: UnplottedReasons.unknown() }
  const context = new Set(others.map((o) => (o.kind === 'country' ? o.countryCode : `${o.countryCode}-${o.adminCode}`)))
  const inContext = cities.filter((p) => context.has(p.countryCode) || context.has(`${p.countryCode}-${p.adminCode}`))
  return pick(c.name, inContext.length > 0 ? inContext : cities)
}

/** The one town of a list, or the one dominating the rest, else the reason none is chosen. */
function pick(name: string, towns: GazetteerPlace[]): Outcome {
  const sorted = [...towns].sort((a, b) => b.population - a.population || a.id.localeCompare(b.id))
  const [first, second] = sorted
  if (!first) return { reason: UnplottedReasons.unknown() }
  if (!second || first.population >= DOMINANCE * Math.max(1, second.population)) return { place: first }
  const where = sorted
    .slice(0, 3)
    .map((p) => `${p.countryCode}${p.adminCode && p.countryCode === 'US' ? `-${p.adminCode}` : ''}`)
    .join(', ')
  return { reason: UnplottedReasons.several(name, sorted.length > 3 ? `${where} and ${sorted.length - 3} more` : where) }
}

/** What a name is on its own: its country, its US state, or its dominant town (none when it needs context). */
function plainReading(c: Candidate, g: Gazetteer): GazetteerPlace[] {
  const countries = g.countries(c.key)
  const regions = g.regions(c.key)
  if (countries.length > 0 && regions.length > 0) return []
  if (countries.length > 0 || regions.length > 0) return [...countries, ...regions].slice(0, 1)
  const outcome = pick(c.name, g.cities(c.key))
  return 'place' in outcome ? [outcome.place] : []
}

/** "Springfield, Illinois", "Paris, Texas", "Lagos, Nigeria": the state or country a comma names after it. */
function qualifierOf(c: Candidate, g: Gazetteer): GazetteerPlace | null {
  for (const m of c.mentions) {
    const found = qualified(m, g)
    if (found) return found
  }
  return null
}

function qualified(m: Mention, g: Gazetteer): GazetteerPlace | null {
  const after = /^,\s*((?:\p{Lu}[\p{L}.]*)(?:\s\p{Lu}[\p{L}.]*)?)/u.exec(m.sentence.slice(m.at + (m.end - m.start)))
  if (!after) return null
  const key = placeKey(after[1]!)
  return g.regions(key)[0] ?? g.regions(`${key} state`)[0] ?? g.countries(key)[0] ?? null
}

const LOCATIVE = /(?:^|\s)(?:in|into|near|at|outside|from|to|across|around)\s+$/i

function afterLocative(m: Mention): boolean {
  return LOCATIVE.test(m.sentence.slice(0, m.at))
}

function saysCountry(sentence: string, country: GazetteerPlace, g: Gazetteer): boolean {
  const words = new Set(sentence.split(/[^\p{L}]+/u).map((w) => w.toLowerCase()))
  return g.countryWords(country.countryCode).some((w) => w !== placeKey(country.name) && words.has(w))
}

function saysState(m: Mention, name: string): boolean {
  const esc = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?:state of|governor of|legislature of)\\s+${esc}|${esc}(?:'s)?\\s+(?:state|governor|legislature|senator)|${esc},\\s*(?:US|U\\.S\\.|USA)`, 'i').test(m.sentence)
}

const FUNCTION_WORDS = new Set([
  'in',
  'at',
  'from',
  'to',
  'near',
  'the',
  'and',
  'of',
  'on',
  'into',
  'outside',
  'across',
  'around',
  'for',
  'with',
  'by',
  'as',
  'but',
  'or',
  'when',
  'while',
  'after',
  'before',
  'since',
  'until',
  'if',
])
const CALENDAR = /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December)$/

/** The longer name a place mention is part of ("Paris Hilton"), or null when it stands alone. */
function partOfName(m: Mention, text: string, nameSpans: ReadonlyArray<{ start: number; end: number; text: string }>, g: Gazetteer): string | null {
  const joined = nameSpans.find((n) => (n.start > m.end && n.start - m.end <= 1) || (n.end < m.start && m.start - n.end <= 1) || (n.start <= m.start && n.end >= m.end && n.text !== text))
  if (joined) return joined.start > m.end ? `${text} ${joined.text}` : joined.start < m.start && joined.end >= m.end ? joined.text : `${joined.text} ${text}`
  const before = m.sentence.slice(0, m.at)
  const after = m.sentence.slice(m.at + (m.end - m.start))
  const next = /^[ \t]+(\p{Lu}[\p{L}-]+)/u.exec(after)?.[1]
  if (next && !CALENDAR.test(next) && !isPlaceWord(next, g)) return `${text} ${next}`
  const previous = /(\p{Lu}[\p{L}-]+)[ \t]+$/u.exec(before)
  if (previous && previous.index > 0 && !FUNCTION_WORDS.has(previous[1]!.toLowerCase()) && !isPlaceWord(previous[1]!, g)) return `${previous[1]} ${text}`
  return null
}

function isPlaceWord(word: string, g: Gazetteer): boolean {
  const key = placeKey(word)
  return g.countries(key).length > 0 || g.regions(key).length > 0 || g.cities(key).some((c) => c.population >= NOTABLE_POPULATION)
}

interface ReadEntity {
  text: string
  kind: string
  mentions: Mention[]
}

function readEntities(raw: unknown): ReadEntity[] {
  if (!Array.isArray(raw)) return []
  return raw.flatMap((e) => {
    if (!e || typeof e !== 'object') return []
    const { text, kind, mentions } = e as Record<string, unknown>
    if (typeof text !== 'string' || text.trim() === '') return []
    const read = (Array.isArray(mentions) ? mentions : []).flatMap((m): Mention[] => {
      const { start, end, source } = (m ?? {}) as Record<string, unknown>
      const s = (source ?? {}) as Record<string, unknown>
      if (typeof start !== 'number' || typeof end !== 'number' || typeof s.sentence !== 'string' || typeof s.start !== 'number') return []
      return [{ start, end, sentence: s.sentence, at: start - s.start }]
    })
    return [{ text, kind: typeof kind === 'string' ? kind : 'other', mentions: read }]
  })
}
