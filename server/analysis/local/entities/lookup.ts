/**
 * Names in the gazetteer: countries (with their aliases, capitals and demonyms), organisations and
 * places, keyed by a normalised form (lower case, no dots, no trailing possessive). Built once when the
 * module loads and only read after that.
 */
import type { EntityKindName } from '../../../../src/protocol/analysis'
import { countries, organisations, places, products } from '../gazetteer'

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

export interface GazetteerHit {
  canonical: string
  kind: EntityKindName
  /** For a capital: its country. */
  country?: string
  isCountry?: boolean
}

export const gazetteer = buildGazetteer()
const demonyms = new Map<string, string>()
for (const c of countries) for (const d of c.demonyms) demonyms.set(d.toLowerCase(), c.name)

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
  for (const name of products) add(name, { canonical: name, kind: 'other' })
  for (const c of countries) for (const cap of c.capitals) add(cap, { canonical: cap, kind: 'place', country: c.name })
  for (const p of places) add(p, { canonical: p, kind: 'place' })
  return map
}
