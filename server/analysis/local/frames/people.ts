/**
 * Whether a noun phrase names people who act: a human noun ("farmers", "the president"), a collective or
 * share of people ("a group of authors", "one of the bombers"), the press, a trade's agent noun; a
 * definite reference to an organisation ("the company"); and the forces of nature that act like them.
 */
import { humanNouns, orgReferenceNouns } from '../gazetteer'
import type { Parsed } from '../syntax'
import type { Unit } from './shapes'
import { AGENT_NOUN } from './words'

export function isOrgReference(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  if (!orgReferenceNouns.has(head.lower)) return false
  const first = p.tokens[u.from]!
  if (first.lower !== 'the') return false
  // "the company", "the shipping group", "the airline's" — a definite description with no name.
  for (let k = u.from + 1; k < u.head; k++) if (p.pos[k] === 'propn') return false
  return u.head - u.from <= 3
}

/** Forces that do what people do to places and people ("a typhoon trashed its embassy", "an explosion killed 12"). */
export const FORCES = new Set(['typhoon', 'hurricane', 'cyclone', 'storm', 'earthquake', 'quake', 'flood', 'floods', 'floodwaters', 'wildfire', 'wildfires', 'fire', 'blaze', 'explosion', 'blast', 'landslide', 'mudslide', 'tsunami', 'avalanche', 'tornado', 'eruption'])

const SHARES = new Set(['one', 'two', 'three', 'some', 'many', 'several', 'most', 'all', 'none', 'each', 'either', 'neither', 'half', 'few'])
const COLLECTIVES = new Set(['group', 'groups', 'team', 'coalition', 'band', 'delegation', 'crowd', 'dozens', 'hundreds', 'thousands', 'number', 'panel', 'association', 'union', 'alliance'])

export function isHumanHead(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  const w = head.lower.replace(/['’]s?$/, '')
  if (humanNouns.has(w)) return true
  // "State media reported", "Danish media and government warned": the press acts; "social media" does not.
  if (w === 'media' && p.tokens[u.head - 1]?.lower !== 'social') return true
  // "A group of 14 Canadian authors", "dozens of farmers", "one of the four suicide bombers": a collective
  // or a share of people is people.
  if ((COLLECTIVES.has(w) || SHARES.has(w)) && p.tokens[u.head + 1]?.lower === 'of') {
    let k = u.head + 2
    while (k < p.tokens.length && k < u.head + 6 && p.pos[k] !== 'noun') k++
    // The last noun of the chain is its head ("four suicide bombers").
    while (k + 1 < p.tokens.length && p.pos[k + 1] === 'noun' && !/,/.test(p.tokens[k]!.post)) k++
    const of = p.tokens[k]?.lower ?? ''
    if (k < p.tokens.length && (humanNouns.has(of) || (AGENT_NOUN.test(of) && p.pos[k] !== 'propn'))) return true
  }
  // "Italy's data protection authority", "Kenya's electoral commission": a body owned by a named place or party.
  if (orgReferenceNouns.has(w) && p.pos[u.from] === 'propn' && /['’]s$/.test(p.tokens[u.from]!.text)) return true
  // "steelmakers", "exporters", "shipbuilders": agent nouns of trades.
  if (AGENT_NOUN.test(w) && p.pos[u.head] !== 'propn') return true
  const prev = p.tokens[u.head - 1]
  if (prev && humanNouns.has(`${prev.lower} ${w}`)) return true
  // "Italian coast guard vessels": a human compound before a vehicle noun.
  if (['vessels', 'ships', 'aircraft', 'jets', 'planes', 'boats', 'units', 'convoy'].includes(w) && u.head - 2 >= u.from) {
    const a = p.tokens[u.head - 2]!.lower
    const b = p.tokens[u.head - 1]!.lower
    if (humanNouns.has(`${a} ${b}`) || humanNouns.has(b)) return true
  }
  return false
}
