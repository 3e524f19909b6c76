/**
 * Subject–verb–object action detection. For each verb group of each sentence: is it an action (not a
 * state, an attribution or a bare modality), who does it (the subject, the antecedent of "who/which",
 * the subject of the verb it is coordinated with or complements), what it is done to or with (objects
 * and prepositional phrases), who reports it ("…, officials said"), when, and with what result.
 * Participants become actors when they name people, organisations, polities or human groups, and
 * resources otherwise (money, quantities, products, policies …).
 */
import type {
  ActionFrame,
  ActorEntry,
  Impact,
  ResourceEntry,
  TemporalityName,
} from '../../../src/protocol/analysis'
import type { EntityMentionRef, EntityTable } from './entities'
import { isDemonym } from './entities'
import { cameoOf, TYPE_OF_CATEGORY } from './cameo'
import { humanNouns, orgReferenceNouns } from './gazetteer'
import {
  actionClasses,
  analyticsTerms,
  assetNouns,
  attributionVerbs,
  futureComplementVerbs,
  hedgeTerms,
  infrastructureNouns,
  informationNouns,
  locativePrepositions,
  modalityVerbs,
  naturalNouns,
  objectControlVerbs,
  policyNouns,
  productNouns,
  sourcingTerms,
  stativeVerbs,
  topics,
  urgencyTerms,
  volitionalTypes,
} from './lexicon'
import { compileTerms, countTerms } from './terms'
import type { Parsed, VerbGroup } from './syntax'
import { HEAD_POS, NP_POS, participleOf, pastOf, quantityHeads } from './syntax'
import type { DateMention } from './temporal'
import { addDays, daysBetween } from './temporal'
import type { Token } from './text'
import { clamp, cut, moneyAmount, round } from './util'

export interface FrameInput {
  content: string
  parsed: Parsed[]
  entities: EntityTable
  dates: DateMention[]
  referenceDate: string
  /** Per sentence, −1 … 1. */
  sentiment: number[]
  /** Per sentence, 0 … 1. */
  relevance: number[]
  /** Per sentence: the best topic's label, or the document's. */
  topic: string[]
}

/** An action frame before its position among the document's frames is known. */
export type FrameWithoutIndex = Omit<ActionFrame, 'actionIndex' | 'totalActions'>

export const MAX_FRAMES = 200

export function extractFrames(input: FrameInput): FrameWithoutIndex[] {
  const memory = new Discourse(input.entities)
  const frames: { frame: FrameWithoutIndex; score: number; order: number }[] = []
  for (const p of input.parsed) {
    // A heading restates the story in headline grammar ("Rates rise"); actions come from the body.
    if (p.sentence.isHeading && input.parsed.some((q) => !q.sentence.isHeading)) {
      memory.after(p)
      continue
    }
    const clauses = analyseClauses(p)
    const sources = sourcesOf(p, clauses)
    for (const c of clauses) {
      if (c.kind !== 'action') continue
      const frame = buildFrame(input, p, c, clauses, sources, memory)
      if (frame) frames.push({ frame, score: frame.metadata.relevance + frame.confidence, order: frames.length })
    }
    memory.after(p)
  }
  // Very long documents: keep the strongest frames, in document order.
  const kept = frames.length > MAX_FRAMES ? [...frames].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, MAX_FRAMES) : frames
  return kept.sort((a, b) => a.order - b.order).map((f) => f.frame)
}

// ---------------------------------------------------------------------------------------------
// Clauses

type ClauseKind = 'action' | 'attribution' | 'modality' | 'stative' | 'skip'

interface Unit {
  from: number
  to: number
  head: number
  /** The preposition in front of it, when it is a prepositional phrase. */
  prep?: string
  /** A second name for the unit before it ("Its leader, Marisol Pardo"). */
  apposition?: boolean
}

interface Clause {
  group: VerbGroup
  kind: ClauseKind
  subject: Unit[]
  /** The subject came from another clause (coordination, control, participle). */
  borrowed: boolean
  objects: Unit[]
  pps: Unit[]
  end: number
  /** The clause whose "to"-complement (or -ing complement) this is. */
  governor?: Clause
  /** This clause's own complement verb group, if it has one. */
  complement?: number
  temporality: TemporalityName
}

const SUBJECT_PPS = new Set(['of', 'from', 'at', 'in', 'with', 'for', 'on', 'near', 'across', 'including', 'along'])
const SUBORDINATORS = new Set(['after', 'before', 'because', 'while', 'whereas', 'although', 'though', 'if', 'unless', 'until', 'since', 'when', 'as', 'once', 'so'])
const COPULAR_MODALITY = new Set(['due', 'set', 'likely', 'able', 'poised', 'going', 'bound', 'about', 'ready', 'expected', 'unlikely', 'scheduled', 'slated'])
const MOTION_VERBS = new Set(['leave', 'enter', 'visit', 'reach', 'cross', 'flee', 'return', 'arrive', 'tour', 'travel', 'fly', 'sail', 'march', 'walk'])
const DITRANSITIVE = new Set(['give', 'offer', 'fine', 'send', 'grant', 'award', 'pay', 'lend', 'sell', 'tell', 'show', 'hand', 'promise', 'owe'])
const OUTCOME_VERBS = new Set(['kill', 'send', 'leave', 'force', 'cause', 'prompt', 'trigger', 'push', 'bring', 'result', 'lead', 'halt', 'give', 'allow', 'strand', 'injure', 'wound', 'destroy', 'raise', 'cut', 'drive'])
const FUTURE_GOVERNORS = new Set(['expect', 'likely', 'unlikely', 'forecast', 'predict', 'project'])
/** Governors whose subject holds the expectation rather than acting: a source of the complement. */
const OPINION_GOVERNORS = new Set(['expect', 'want', 'need', 'predict', 'forecast'])
/** Nouns whose "to" complement is their content, not a purpose ("a promise not to raise taxes"). */
const INTENTION_NOUNS = new Set(['promise', 'pledge', 'plan', 'plans', 'decision', 'attempt', 'attempts', 'bid', 'effort', 'efforts', 'move', 'right', 'ability', 'need', 'call', 'calls', 'threat', 'deal', 'agreement', 'proposal', 'vote', 'order', 'intention', 'commitment', 'offer', 'request', 'demand', 'demands', 'failure', 'refusal', 'way', 'time', 'chance', 'power', 'permission', 'opportunity', 'reason', 'pressure'])
/** Verbs whose "to" phrase names who receives something (so a place there stands for its people). */
const TRANSFER_VERBS = new Set(['give', 'offer', 'deliver', 'sell', 'export', 'supply', 'provide', 'grant', 'lend', 'donate', 'pledge', 'award', 'pay', 'transfer', 'extend', 'open'])
/** Group nouns that also name places: behind "in" or "across" they are locations ("in 12 states"). */
const PLACE_LIKE_NOUNS = new Set(['states', 'countries', 'nations', 'regions', 'provinces', 'cities', 'areas', 'districts', 'communities', 'villages', 'towns', 'territories', 'state', 'country', 'nation', 'region', 'city', 'community'])
const AGENT_NOUN = /(makers?|workers?|producers?|growers?|builders?|exporters?|importers?|traders?|holders?|sellers?|buyers?|owners?|lenders?|insurers?|operators?|manufacturers?|suppliers?|providers?|carriers?|dealers?|brokers?|bankers?|farmers?|miners?|fishers?|drivers?|pilots?|lawmakers?|policymakers?|regulators?|campaigners?|organisers?|organizers?|residents?|citizens?|members?)$/
const PSYCH_VERBS = new Set(['impress', 'concern', 'worry', 'please', 'disappoint', 'surprise', 'satisfy', 'interest', 'delight', 'shock', 'alarm', 'frustrate', 'encourage', 'relieve', 'confuse', 'divide', 'involve', 'determine', 'convince', 'prepare', 'scare', 'tire', 'bore', 'excite', 'upset', 'anger', 'annoy', 'embarrass', 'reassure'])
/** What a government or a maker recalls, as an act rather than a memory. */
const RECALLED = /\b(?:ambassadors?|envoys?|diplomats?|emissary|consul|mission|cars|vehicles|products?|models?|units|batches|devices|drugs?|troops)\b/
const AIMED_VERBS = new Set(['fire', 'shoot', 'aim', 'throw', 'hurl', 'lob', 'launch', 'point', 'direct', 'strike', 'swing', 'open'])
const PLACE_ACTOR_PREPS = new Set(['against', 'with', 'for', 'on', 'toward', 'towards', 'between'])

function analyseClauses(p: Parsed): Clause[] {
  const clauses: Clause[] = []
  const { tokens } = p
  let lastFinite: Clause | undefined
  for (const g of p.groups) {
    const clause: Clause = { group: g, kind: 'action', subject: [], borrowed: false, objects: [], pps: [], end: g.to, temporality: 'past' }
    const governor = clauses.find((c) => c.complement === g.from)
    if (governor) clause.governor = governor
    clause.kind = classify(p, g, governor)

    // Who does it.
    if (g.form === 'infinitive' || (g.form === 'gerund' && governor)) {
      const before = tokens[g.from - 1]
      const beforeThat = tokens[g.from - 2]
      const previous = clauses[clauses.length - 1]
      if (!governor && (INTENTION_NOUNS.has(before?.lower ?? '') || (before?.lower === 'not' && INTENTION_NOUNS.has(beforeThat?.lower ?? '')))) clause.kind = 'skip'
      // "for failing to protect": the complement of a verb that is not an action is not one either.
      if (!governor && previous && previous.kind === 'skip' && previous.group.to === g.from) clause.kind = 'skip'
      if (governor && governor.kind === 'skip') clause.kind = 'skip'
      if (governor) {
        clause.subject = controller(governor)
        clause.borrowed = true
      } else if (lastFinite) {
        // "appealed for $400 million to help people": a purpose clause shares the main subject.
        clause.subject = lastFinite.subject
        clause.borrowed = true
      }
    } else if (g.form === 'gerund') {
      const prev = tokens[g.from - 1]
      if (prev && (/,/.test(prev.post) || prev.lower === 'by') && lastFinite) {
        clause.subject = lastFinite.subject
        clause.borrowed = true
      } else clause.kind = 'skip'
    } else {
      const found = subjectLeft(p, g)
      if (found.inherit && lastFinite) {
        clause.subject = lastFinite.subject
        clause.borrowed = true
      } else clause.subject = found.units
      if (found.reducedRelative) clause.kind = 'skip'
    }

    // What it is done to.
    const right = objectsRight(p, g)
    clause.objects = right.objects
    clause.pps = right.pps
    clause.end = right.end
    if (right.complement !== undefined) clause.complement = right.complement
    if (clause.kind === 'modality' && right.complement === undefined) clause.kind = stativeVerbs.has(g.lemma) ? 'stative' : 'action'
    clause.temporality = temporalityOf(g, governor, lastFinite)
    clauses.push(clause)
    if (g.form === 'finite' && clause.kind !== 'skip') lastFinite = clause
  }
  return clauses
}

function classify(p: Parsed, g: VerbGroup, governor: Clause | undefined): ClauseKind {
  const { tokens, pos } = p
  const lemma = g.lemma
  const next = tokens[g.to]
  if (g.copular) {
    // "is due to", "are likely to": modality carried by an adjective.
    if (next && COPULAR_MODALITY.has(next.lower) && tokens[g.to + 1]?.lower === 'to') return 'modality'
    return 'stative'
  }
  if (g.form === 'participle' && next?.lower === 'by') return 'skip'
  if (g.form === 'finite' && g.aux.length === 0 && next?.lower === 'by' && (pos[g.to + 1] === 'det' || pos[g.to + 1] === 'propn' || pos[g.to + 1] === 'noun') && isParticipleForm(tokens[g.main]!)) {
    // "a poll marked by record turnout", "The vaccine, made by …": a passive participle after its noun.
    const comma = /,/.test(tokens[g.from - 1]?.post ?? '')
    const afterNoun = pos[g.from - 1] === 'noun' || pos[g.from - 1] === 'propn'
    if (comma || (afterNoun && finiteBefore(p, g, g.from - 1))) return 'skip'
  }
  if (g.form === 'gerund') {
    const prev = tokens[g.from - 1]
    if (!governor && prev && prev.lower !== 'by' && !/,/.test(prev.post)) return 'skip'
    if (prev && /,/.test(prev.post) && attributionVerbs.has(lemma)) return 'skip'
  }
  // "recalled its ambassador", "told reporters …" stay attributions; "recalled its ambassador" is an act.
  if (attributionVerbs.has(lemma) && !(lemma === 'recall' && RECALLED.test(tokens.slice(g.to, g.to + 4).map((t) => t.lower).join(' ')))) return 'attribution'
  // "The model can run on one card": an ability, not an event.
  if (g.modal === 'can' || g.modal === 'cannot') return 'stative'
  if (lemma === 'take' && next && ['effect', 'place', 'part'].includes(next.lower)) return 'stative'
  if (modalityVerbs.has(lemma) && hasVerbComplement(p, g)) return 'modality'
  if (g.passive && (lemma === 'expect' || lemma === 'set' || lemma === 'schedule' || lemma === 'due') && tokens[g.to]?.lower === 'to') return 'modality'
  if (stativeVerbs.has(lemma)) return 'stative'
  // "were less impressed", "are concerned": feelings, not actions.
  if (g.passive && PSYCH_VERBS.has(lemma) && !tokens.slice(g.to, g.to + 1).some((t) => t.lower === 'by')) return 'stative'
  if (lemma.length < 2 || !/^[a-z-]+$/.test(lemma)) return 'skip'
  return 'action'
}

function hasVerbComplement(p: Parsed, g: VerbGroup): boolean {
  const { tokens, pos } = p
  for (let k = g.to; k < Math.min(tokens.length, g.to + 8); k++) {
    if (pos[k] === 'to') return true
    if (pos[k] === 'verb' && (tokens[k]!.tags.has('Gerund') || /ing$/.test(tokens[k]!.lower)) && k === g.to) return true
    if (pos[k] === 'verb' && (g.lemma === 'let' || g.lemma === 'make' || g.lemma === 'help') && k > g.to) return true
    if (!NP_POS.has(pos[k]!) && pos[k] !== 'adv') return false
    if (/[,;:]/.test(tokens[k]!.post)) return false
  }
  return false
}

function isParticipleForm(t: Token): boolean {
  return /ed$/.test(t.lower) || ['made', 'sold', 'built', 'held', 'led', 'run', 'won', 'taken', 'given', 'known', 'shown', 'seen', 'brought', 'caught', 'bought', 'kept', 'paid', 'sent', 'set', 'hit', 'put', 'struck', 'found'].includes(t.lower)
}

/** Who performs a complement: the governor's object for "urge X to", else the governor's subject. */
function controller(governor: Clause): Unit[] {
  const g = governor.group
  if (objectControlVerbs.has(g.lemma) || g.lemma === 'send') {
    const obj = governor.objects[0] ?? governor.pps.find((u) => u.prep === 'on')
    if (obj) return [obj]
  }
  return governor.subject
}

interface SubjectSearch {
  units: Unit[]
  inherit: boolean
  reducedRelative: boolean
}

function subjectLeft(p: Parsed, g: VerbGroup): SubjectSearch {
  const { tokens, pos } = p
  const floor = p.dateline
  let k = g.from - 1
  while (k >= floor && (pos[k] === 'adv' || pos[k] === 'neg')) k--
  if (k < floor) return { units: [], inherit: false, reducedRelative: false }
  const t = tokens[k]!
  if (pos[k] === 'conj' && ['and', 'but', 'or', 'then', 'yet'].includes(t.lower)) return { units: [], inherit: true, reducedRelative: false }
  if (pos[k] === 'wh') {
    // "who sponsored the bill": the antecedent is the noun phrase before the relative pronoun…
    let a = k - 1
    if (a >= floor && pos[a] === 'prep') a--
    const units = a >= floor ? npLeft(p, a, floor) : []
    // …or the name that phrase describes ("Jean Morel, head of the union, who accused …").
    const first = units[0]
    if (first && first.from - 1 >= floor && /,/.test(tokens[first.from - 1]!.post) && NP_POS.has(pos[first.from - 1]!)) {
      return { units: [...npLeft(p, first.from - 1, floor), ...units.map((u) => ({ ...u, apposition: true }))], inherit: false, reducedRelative: false }
    }
    return { units, inherit: false, reducedRelative: false }
  }
  // A past participle glued to the noun before it, after a finite verb: "people displaced by floods".
  if (g.form === 'finite' && g.aux.length === 0 && (pos[k] === 'noun' || pos[k] === 'propn') && !/,/.test(t.post) && finiteBefore(p, g, k)) {
    return { units: [], inherit: false, reducedRelative: true }
  }
  if (/,|[–—]/.test(t.post)) {
    const open = openingComma(p, k, floor)
    const segmentFrom = open + 1
    const segment = { from: segmentFrom, to: k + 1 }
    if (isInterjection(p, segment.from, segment.to)) {
      if (open < floor) return { units: [], inherit: false, reducedRelative: false }
      return { units: npLeft(p, open, floor), inherit: false, reducedRelative: false }
    }
    const appositive = npLeft(p, k, segmentFrom).map((u) => ({ ...u, apposition: true }))
    if (open >= floor && NP_POS.has(pos[open]!)) return { units: [...npLeft(p, open, floor), ...appositive], inherit: false, reducedRelative: false }
    return { units: appositive, inherit: false, reducedRelative: false }
  }
  if (!NP_POS.has(pos[k]!)) return { units: [], inherit: false, reducedRelative: false }
  const units = npLeft(p, k, floor)
  // "Astronomers using the telescope have detected": skip a participle phrase after the subject.
  const first = units[0]
  if (first) {
    const v = first.from - 1
    if (v - 1 >= floor && pos[v] === 'verb' && (tokens[v]!.tags.has('Gerund') || /ing$/.test(tokens[v]!.lower)) && NP_POS.has(pos[v - 1]!) && !/,/.test(tokens[v - 1]!.post)) {
      return { units: npLeft(p, v - 1, floor), inherit: false, reducedRelative: false }
    }
  }
  return { units, inherit: false, reducedRelative: false }
}

function finiteBefore(p: Parsed, g: VerbGroup, k: number): boolean {
  for (const other of p.groups) {
    if (other.from >= g.from) break
    if (other.form === 'finite' && !other.copular) {
      // …with no clause opener between it and this verb.
      for (let j = other.to; j <= k; j++) {
        if (p.pos[j] === 'wh' || p.pos[j] === 'conj' || SUBORDINATORS.has(p.tokens[j]!.lower) || /[,;]/.test(p.tokens[j]!.post)) return false
      }
      return true
    }
  }
  return false
}

function openingComma(p: Parsed, k: number, floor: number): number {
  for (let j = k - 1; j >= floor; j--) if (/,|[–—]/.test(p.tokens[j]!.post)) return j
  return floor - 1
}

/** A comma-delimited stretch that is not a noun phrase: a relative clause, a participle, a time. */
function isInterjection(p: Parsed, from: number, to: number): boolean {
  const { tokens, pos } = p
  if (from >= to) return true
  if (pos[from] === 'prep' || pos[from] === 'adv' || pos[from] === 'wh' || pos[from] === 'conj') return true
  for (let j = from; j < to; j++) {
    if (pos[j] === 'verb' || pos[j] === 'aux' || pos[j] === 'wh') return true
  }
  return tokens.slice(from, to).every((t) => t.tags.has('Date') || t.tags.has('Value'))
}

/** Noun phrases ending at token k, going left through coordination and attached phrases. */
function npLeft(p: Parsed, k: number, floor: number): Unit[] {
  const { tokens, pos } = p
  const units: Unit[] = []
  let end = k
  let coordinated = false
  while (end >= floor) {
    let j = end
    while (j >= floor && (NP_POS.has(pos[j]!) || isQuantityWord(p, j)) && (j === end || !/[,;:"“”]|[–—]/.test(tokens[j]!.post)) && (j === end || !/["“”]/.test(tokens[j + 1]!.pre))) j--
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
    if ((t.lower === 'and' || t.lower === 'or' || t.lower === '&') && j - 1 >= floor && NP_POS.has(pos[j - 1]!)) {
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
      const first = units[0]!
      first.prep = t.lower
      end = j - 1
      continue
    }
    break
  }
  return units
}

interface RightScan {
  objects: Unit[]
  pps: Unit[]
  end: number
  complement?: number
}

function objectsRight(p: Parsed, g: VerbGroup): RightScan {
  const { tokens, pos } = p
  const out: RightScan = { objects: [], pps: [], end: g.to }
  let k = g.to
  if (/[,;:]|[–—]/.test(tokens[g.to - 1]?.post ?? '') && !/^\s*$/.test(tokens[g.to - 1]!.post)) {
    // A comma right after the verb ("…, officials said,"): nothing follows in this clause.
    if (/[;:]/.test(tokens[g.to - 1]!.post)) return out
  }
  let afterComma = /,/.test(tokens[g.to - 1]?.post ?? '')
  while (k < tokens.length) {
    while (k < tokens.length && (pos[k] === 'adv' || pos[k] === 'part' || pos[k] === 'neg') && !/,/.test(tokens[k - 1]?.post ?? '')) k++
    if (k >= tokens.length) break
    const t = tokens[k]!
    const q = pos[k]
    if (afterComma) {
      // After a comma: a new clause (noun phrase + verb, -ing, who/which) ends this one.
      if (q === 'verb' || q === 'aux' || q === 'wh' || q === 'conj' || q === 'to') break
      if (NP_POS.has(q!)) {
        const np = npRight(p, k)
        if (!np || followedByVerb(p, np.to)) break
      }
    }
    if (q === 'to') {
      // "a promise not to raise taxes": the "to" phrase completes the noun, not the verb.
      let n = k - 1
      while (n > g.to && pos[n] === 'neg') n--
      if (n >= g.to && !INTENTION_NOUNS.has(tokens[n]!.lower)) out.complement = k
      else if (n < g.to) out.complement = k
      break
    }
    if (q === 'verb' && k === g.to && (t.tags.has('Gerund') || /ing$/.test(t.lower))) {
      out.complement = k
      break
    }
    if (q === 'verb' || q === 'aux' || q === 'wh') break
    if (q === 'conj') {
      // "tents and clean water": coordinated objects; "and cancelled": a new verb.
      if ((t.lower === 'and' || t.lower === 'or') && NP_POS.has(pos[k + 1]!) && (out.objects.length > 0 || out.pps.length > 0)) {
        const np = npRight(p, k + 1)
        if (np && !followedByVerb(p, np.to)) {
          const last = out.pps.length > 0 && (out.objects.length === 0 || out.pps[out.pps.length - 1]!.from > out.objects[out.objects.length - 1]!.from) ? out.pps[out.pps.length - 1] : undefined
          const unit: Unit = last?.prep ? { ...np, prep: last.prep } : np
          if (unit.prep) out.pps.push(unit)
          else out.objects.push(unit)
          out.end = np.to
          afterComma = /,/.test(tokens[np.to - 1]!.post)
          k = np.to
          continue
        }
      }
      break
    }
    if (q === 'prep') {
      const lower = t.lower
      if (lower === 'than' || lower === 'like') break
      const np = npRight(p, k + 1)
      if (!np) break
      // "after talks with Ryanair collapsed": a subordinate clause, not a phrase.
      if (SUBORDINATORS.has(lower) && followedByVerb(p, np.to)) break
      out.pps.push({ ...np, prep: lower })
      out.end = np.to
      afterComma = /,/.test(tokens[np.to - 1]!.post)
      k = np.to
      if (/[;:]/.test(tokens[np.to - 1]!.post)) break
      continue
    }
    if (NP_POS.has(q!)) {
      const np = npRight(p, k)
      if (!np) break
      if (followedByVerb(p, np.to) && out.objects.length + out.pps.length > 0) break
      // "over the Kyiv, Odesa and Kharkiv regions": a list inside a prepositional phrase.
      const lastPp = out.pps[out.pps.length - 1]
      const lastObj = out.objects[out.objects.length - 1]
      if (afterComma && lastPp && (!lastObj || lastPp.from > lastObj.from)) {
        out.pps.push({ ...np, prep: lastPp.prep ?? '' })
        out.end = np.to
        afterComma = /,/.test(tokens[np.to - 1]!.post)
        k = np.to
        continue
      }
      if (!afterComma || out.objects.length === 0) out.objects.push(np)
      else if (out.objects.length > 0 && out.pps.length === 0) out.objects.push({ ...np, apposition: true })
      out.end = np.to
      afterComma = /,/.test(tokens[np.to - 1]!.post)
      k = np.to
      if (/[;:]/.test(tokens[np.to - 1]!.post)) break
      continue
    }
    break
  }
  return out
}

/** A finite verb right after position k (a participle after a comma opens a new phrase instead). */
function followedByVerb(p: Parsed, k: number): boolean {
  if (k > 0 && /,/.test(p.tokens[k - 1]!.post)) return false
  let j = k
  while (j < p.tokens.length && (p.pos[j] === 'adv' || p.pos[j] === 'neg')) j++
  const t = p.tokens[j]
  if (p.pos[j] === 'verb' && t && (t.tags.has('Gerund') || /ing$/.test(t.lower))) return false
  return p.pos[j] === 'verb' || p.pos[j] === 'aux'
}

/** A noun phrase starting at k, with "of" phrases attached ("a new package of sanctions"). */
function npRight(p: Parsed, k: number): Unit | undefined {
  const { tokens, pos } = p
  const start = k
  let firstEnd = -1
  while (k < tokens.length) {
    const q = pos[k]!
    const isNp = NP_POS.has(q) || (q === 'verb' && tokens[k]!.tags.has('Gerund') && (pos[k + 1] === 'noun' || pos[k + 1] === 'adj') && k > start)
    if (!isNp) break
    if (k > start && (splitsNp(p, k) || /["“”]/.test(tokens[k]!.pre) || /["“”]/.test(tokens[k - 1]!.post))) break
    k++
    if (/[,;:()]|[–—]/.test(tokens[k - 1]!.post)) break
  }
  if (k === start) return undefined
  firstEnd = k
  // "of" phrases belong to the noun phrase.
  while (tokens[k]?.lower === 'of' && !/,/.test(tokens[k - 1]!.post) && NP_POS.has(pos[k + 1]!)) {
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

function splitsNp(p: Parsed, k: number): boolean {
  const { tokens, pos } = p
  const prev = pos[k - 1]
  const cur = pos[k]
  if ((prev === 'noun' || prev === 'propn') && cur === 'det' && !tokens[k]!.tags.has('Possessive')) return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'pron') return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'adj' && pos[k + 1] !== 'noun' && pos[k + 1] !== 'propn') return true
  if ((prev === 'noun' || prev === 'propn') && cur === 'num') {
    const n = pos[k + 1]
    if (tokens[k]!.tags.has('Money') || n === 'num' || n === 'noun') return true
  }
  if (prev === 'pron' && cur !== 'pron') return true
  return false
}

/** "nearly 200", "more than two million", "at least 20": words that belong to a number. */
function isQuantityWord(p: Parsed, j: number): boolean {
  const w = p.tokens[j]!.lower
  const next = p.pos[j + 1]
  if (['nearly', 'almost', 'about', 'around', 'roughly', 'approximately', 'some', 'over', 'under', 'only', 'just'].includes(w) && next === 'num') return true
  if (w === 'than' && ['more', 'less', 'fewer'].includes(p.tokens[j - 1]?.lower ?? '') && next === 'num') return true
  if (w === 'least' && p.tokens[j - 1]?.lower === 'at' && next === 'num') return true
  if (w === 'at' && p.tokens[j + 1]?.lower === 'least') return true
  return false
}

function headOf(p: Parsed, from: number, to: number): number {
  for (let k = to - 1; k >= from; k--) if (HEAD_POS.has(p.pos[k]!)) return k
  return to - 1
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

function temporalityOf(g: VerbGroup, governor: Clause | undefined, main: Clause | undefined): TemporalityName {
  if (governor) {
    const gl = governor.group.lemma
    if (FUTURE_GOVERNORS.has(gl) || (governor.group.copular && governor.group.to < Infinity && gl === 'be')) return governor.temporality === 'past' ? 'future' : 'future'
    if (futureComplementVerbs.has(gl) || modalityVerbs.has(gl)) {
      if (['keep', 'continue', 'begin', 'start'].includes(gl)) return governor.temporality === 'past' ? 'past' : 'ongoing'
      if (['manage', 'get', 'come', 'cause', 'make', 'let', 'force', 'help', 'allow', 'enable'].includes(gl)) return governor.temporality
      return 'planned'
    }
    return governor.temporality
  }
  if (g.form === 'gerund' || g.form === 'infinitive') return main?.temporality ?? 'past'
  const m = g.modal
  if (m === 'will' || m === 'shall' || m === "'ll" || m === 'must') return 'planned'
  if (m === 'would') return g.perfect ? 'future' : 'planned'
  if (m === 'could' || m === 'may' || m === 'might' || m === 'should' || m === 'can' || m === 'cannot') return 'future'
  if (g.aux.some((a) => a === 'going')) return 'planned'
  if (g.progressive) return g.past ? 'past' : 'ongoing'
  if (g.perfect) return 'past'
  if (g.past) return 'past'
  return 'ongoing'
}

// ---------------------------------------------------------------------------------------------
// Sources ("…, officials said"; "according to …")

function sourcesOf(p: Parsed, clauses: Clause[]): Unit[] {
  const units: Unit[] = []
  for (const c of clauses) {
    if (c.kind !== 'attribution') continue
    if (c.subject.length > 0) units.push(...c.subject)
    else if (c.objects[0]) units.push(c.objects[0]) // "…, said Jean Morel, head of …"
  }
  const { tokens } = p
  for (let k = 0; k < tokens.length - 2; k++) {
    if (tokens[k]!.lower === 'according' && tokens[k + 1]!.lower === 'to') {
      const np = npRight(p, k + 2)
      if (np) units.push(np)
    }
  }
  return units
}

// ---------------------------------------------------------------------------------------------
// Frames

interface ActorDraft {
  text: string
  role: ActorEntry['role']
  start: number
  end: number
  named: boolean
}

function buildFrame(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[], sources: Unit[], memory: Discourse): FrameWithoutIndex | undefined {
  const { tokens } = p
  const s = p.sentence
  const g = c.group
  const main = tokens[g.main]!
  const lemma = g.lemma
  const sentenceIndex = s.index

  // Participants.
  const actors: ActorDraft[] = []
  const resources: ResourceEntry[] = []
  const subjectRole: ActorEntry['role'] = g.passive ? 'patient' : 'agent'
  for (const u of mergeAppositions(input, p, c.subject)) collect(input, p, u, subjectRole, lemma, actors, resources, memory, true)
  // "Economists expect the bank to cut rates": the economists are the source of the expectation.
  if (c.governor && OPINION_GOVERNORS.has(c.governor.group.lemma) && c.subject !== c.governor.subject) {
    for (const u of c.governor.subject) collect(input, p, u, 'source', lemma, actors, [], memory, true)
  }
  mergeAppositions(input, p, c.objects).forEach((u, i) => {
    const role: ActorEntry['role'] = DITRANSITIVE.has(lemma) && i === 0 && c.objects.length > 1 ? 'recipient' : 'patient'
    // "urged Tehran to restore": the object acts in the complement, and is the target here.
    collect(input, p, u, role, lemma, actors, resources, memory, false)
  })
  for (const u of c.pps) {
    const prep = u.prep ?? ''
    if (isTimePhrase(p, u)) continue
    const role: ActorEntry['role'] =
      prep === 'by' && g.passive ? 'agent' : prep === 'to' || prep === 'for' ? 'recipient' : ['against', 'at', 'on', 'into', 'over'].includes(prep) ? 'patient' : 'participant'
    // "fired shells at the town": what is aimed at is the target, not a place.
    if (prep === 'at' && AIMED_VERBS.has(lemma)) {
      collect(input, p, u, 'patient', lemma, actors, resources, memory, false)
      continue
    }
    // "a shell was fired at it from Mordor": with no "by", where the shot came from is who fired it.
    if (prep === 'from' && g.passive && AIMED_VERBS.has(lemma) && !c.pps.some((v) => v.prep === 'by')) {
      collect(input, p, u, 'agent', lemma, actors, resources, memory, false)
      continue
    }
    if (locativePrepositions.has(prep) && !['over', 'on', 'into'].includes(prep)) {
      collect(input, p, u, role, lemma, actors, [], memory, false, true)
      continue
    }
    collect(input, p, u, role, lemma, actors, resources, memory, false)
  }
  for (const u of sources) collect(input, p, u, 'source', lemma, actors, [], memory, true)

  const entries = mergeActors(actors)
  if (entries.length === 0 && resources.length === 0 && c.subject.length === 0 && !c.borrowed) {
    // A verb with nothing around it is more often a tagging slip than an action.
    return undefined
  }

  // Kind of action.
  const sentenceText = s.text
  const sentenceLower = sentenceText.toLowerCase()
  const kind = cameoOf({ lemma, object: [...c.objects, ...c.pps].map((u) => plainText(input.content, p, u)).join(' ').toLowerCase(), sentence: sentenceLower })
  let cls = kind?.byObject ? { type: TYPE_OF_CATEGORY[kind.category.code], known: true } : actionClassOf(lemma, resources, sentenceText)
  // "Inflation eased", "Prices increased": a policy verb with nobody acting and nothing acted on is a
  // measure moving, not a decision.
  if (cls.type === 'Policy change' && !entries.some((e) => e.role === 'agent') && c.objects.length === 0) cls = { type: 'Market movement', known: true }

  // When.
  const timeRef = timeReferenceFor(input, p, c)
  let temporality = c.temporality
  if (timeRef) {
    const delta = daysBetween(input.referenceDate, timeRef.date)
    if (temporality === 'ongoing' && delta > 0) temporality = 'planned'
    if (temporality === 'ongoing' && delta < -1 && timeRef.yearCertain) temporality = 'past'
  }

  // Text.
  const subjectText = c.subject.length > 0 ? unitsText(input, p, c.subject, memory) : ''
  const description = clauseText(input, p, c, subjectText)
  const firstObject = c.objects.find((u) => !isTimePhrase(p, u))
  const objectText = firstObject ? plainText(input.content, p, firstObject) : resources[0]?.text ?? ''
  const outcomeClause = outcomeOf(input, p, c, clauses)
  const outcome = outcomeClause ?? outcomeText(lemma, g, subjectText, objectText, temporality, cls.type === 'Market movement')

  // Scores.
  const sentiment = input.sentiment[sentenceIndex] ?? 0
  const hedged = countTerms(tokensLower(p), hedges) > 0
  const sourced = sources.length > 0 || countTerms(tokensLower(p), sourcing) > 0
  const namedAgent = entries.some((e) => e.role === 'agent' && e.named)
  let confidence = 0.4
  if (entries.some((e) => e.role === 'agent')) confidence += 0.15
  if (namedAgent) confidence += 0.1
  if (resources.length > 0 || entries.some((e) => e.role === 'patient' || e.role === 'recipient')) confidence += 0.1
  if (cls.known) confidence += 0.1
  if (c.borrowed) confidence -= 0.05
  if (g.form === 'gerund') confidence -= 0.05
  confidence = clamp(confidence, 0.1, 0.95)
  let veracity = 0.6 + (sourced ? 0.15 : 0) - (hedged ? 0.2 : 0) - (temporality === 'future' ? 0.15 : temporality === 'planned' ? 0.05 : 0)
  veracity = clamp(veracity, 0.05, 0.95)
  const novelty = clamp(0.15 + 0.25 * countTerms(tokensLower(p), noveltyFrameTerms), 0, 1)
  const impacts = impactsOf(p, cls, resources, sentenceLower, lemma, temporality, input.topic[sentenceIndex] ?? '')
  const urgency = urgencyOf(p, temporality, timeRef, input.referenceDate)
  const affectOf = (role: ActorEntry['role']): ActorEntry['affect'] => affect(role, cls.type, sentiment)
  const motivation = motivationOf(input, p, c, clauses)
  const actorEntries: ActorEntry[] = entries.map((e) => ({
    text: e.text,
    role: e.role,
    affect: affectOf(e.role),
    influence: round(influence(e, cls.type)),
    motivation: e.role === 'agent' ? motivation : '',
    span: { start: e.start, end: e.end },
  }))
  const tags = uniqueLimited([lemma, cls.type.toLowerCase(), temporality, ...entries.filter((e) => e.role !== 'source').map((e) => e.text), input.topic[sentenceIndex] ?? ''], 6)
  const predicateEnd = g.to > g.main + 1 && p.pos[g.to - 1] === 'part' ? tokens[g.to - 1]!.end : main.end
  const frame: FrameWithoutIndex = {
    actionType: cls.type,
    actionDescription: description,
    summary: outcome,
    temporality,
    actors: { entries: actorEntries },
    resources: { entries: resources.map((r) => ({ ...r, state: resourceState(r, cls.type, temporality, g.passive), usage: r.usage })) },
    result: { outcome, description: cut(sentenceText.replace(/\s+/g, ' '), 300), impacts },
    metadata: {
      confidence: round(confidence),
      veracity: round(veracity),
      relevance: round(input.relevance[sentenceIndex] ?? 0.5),
      noveltyScore: round(novelty),
      sentiment: round(sentiment),
      businessDomain: input.topic[sentenceIndex] ?? '',
      tags,
    },
    confidence: round(confidence),
    urgency,
    source: { start: s.start, end: s.end, sentence: s.text },
    predicate: { text: input.content.slice(main.start, predicateEnd), lemma, start: main.start, end: predicateEnd },
  }
  if (kind) frame.cameo = kind.category
  if (g.negated) frame.negated = true
  if (timeRef) frame.timeReference = { text: timeRef.text, date: timeRef.date, start: timeRef.start, end: timeRef.end }
  return frame
}

/** Turns a noun phrase into actors (names, groups, resolved pronouns) or resources. */
function collect(
  input: FrameInput,
  p: Parsed,
  u: Unit,
  role: ActorEntry['role'],
  lemma: string,
  actors: ActorDraft[],
  resources: ResourceEntry[],
  memory: Discourse,
  isSubject: boolean,
  locative = false,
): void {
  const { tokens, pos } = p
  const s = p.sentence
  const mentions = (input.entities.bySentence.get(s.index) ?? []).filter((m) => m.from >= u.from && m.to <= u.to)
  const head = tokens[u.head]!
  const headMention = mentions.find((m) => u.head >= m.from && u.head < m.to)
  const prep = u.prep
  let produced = false
  // A phrase attached to the subject ("Voters in Chile", "Researchers from Oxford") adds names only.
  const attached = isSubject && prep !== undefined
  if (attached && locativePrepositions.has(prep)) locative = true

  // Nominal head ("Pakistan's government", "Italian coast guard vessels", "Altair shareholders").
  if (!headMention && !attached) {
    if (pos[u.head] === 'pron') {
      const referent = pronounReferent(input, p, u.head, memory)
      if (referent) {
        actors.push({ text: referent.text, role, start: head.start, end: head.end, named: referent.named })
        produced = true
      }
    } else if (isOrgReference(p, u)) {
      const resolved = memory.resolveDefinite(head.lower, s.index, u.from)
      const nominal = nominalText(input.content, p, u)
      actors.push(resolved ? { text: resolved.text, role, start: head.start, end: head.end, named: true } : { text: nominal.text, role, start: nominal.start, end: nominal.end, named: false })
      produced = true
    } else if (isHumanHead(p, u) && !(locative && PLACE_LIKE_NOUNS.has(head.lower))) {
      const nominal = nominalText(input.content, p, u)
      actors.push({ text: nominal.text, role, start: nominal.start, end: nominal.end, named: false })
      produced = true
    } else {
      // "the assets of 28 individuals": people inside an "of" phrase take part too.
      for (let k = u.from; k < u.to; k++) {
        if (tokens[k]!.lower !== 'of') continue
        let e = k + 1
        while (e < u.to && tokens[e]!.lower !== 'of') e++
        const inner: Unit = { from: k + 1, to: e, head: headOf(p, k + 1, e) }
        if (isHumanHead(p, inner) && !mentions.some((m) => inner.head >= m.from && inner.head < m.to)) {
          const nominal = nominalText(input.content, p, inner)
          actors.push({ text: nominal.text, role: 'participant', start: nominal.start, end: nominal.end, named: false })
        }
      }
    }
  }

  for (const m of mentions) {
    const entity = input.entities.entities[m.entity]!
    const isHead = u.head >= m.from && u.head < m.to
    const possessive = /['’]s?$/.test(tokens[m.to - 1]!.text) && !isHead
    if (entity.kind === 'place') {
      if (locative) continue
      if (!isSubject && prep !== undefined && role !== 'agent' && !PLACE_ACTOR_PREPS.has(prep) && !(prep === 'to' && TRANSFER_VERBS.has(lemma))) continue
      if (!isHead && !possessive) continue
      if (isHead && !isSubject && MOTION_VERBS.has(lemma)) continue
      if (!isHead && produced) continue
      actors.push({ text: entity.text, role: isHead ? role : 'participant', start: m.start, end: m.end, named: true })
      produced = produced || isHead
      continue
    }
    // "Fornost and Gondor welcomed": names joined to the head by "and", "or" or a list's commas act alike.
    if (!isHead && !attached && coordinatedWithHead(p, m, u)) {
      actors.push({ text: entity.text, role, start: m.start, end: m.end, named: true })
      continue
    }
    // A name inside a phrase about something else ("its Marketplace service") is a product or brand,
    // unless it owns it ("Tehran's programme") or the phrase names people ("Altair shareholders").
    if (!isHead && !possessive && !isHumanHead(p, u) && !attached) continue
    if (entity.kind === 'other' && !isHead) continue
    if (entity.kind === 'other' && !isSubject && role !== 'agent') {
      // An unknown name as an object is usually a product or a title, not an actor.
      continue
    }
    actors.push({ text: entity.text, role: attached || (!isHead && produced) ? 'participant' : role, start: m.start, end: m.end, named: true })
    produced = produced || isHead || !attached
  }
  if (produced || attached) return
  if (locative) return
  // Not an actor: a resource, unless it is a bare pronoun, a time or a demonym.
  if (pos[u.head] === 'pron' || isTimePhrase(p, u)) return
  const text = plainText(input.content, p, u)
  if (!text || isDemonym(text)) return
  const start = tokens[firstContent(p, u)]!.start
  const end = tokens[u.to - 1]!.end
  resources.push({
    text,
    type: resourceType(p, u, text),
    state: '',
    usage: prep ? `"${prep}" phrase of ${lemma}` : isSubject ? `subject of ${lemma}` : `object of ${lemma}`,
    span: { start, end: Math.max(end, start + 1) },
  })
}

/** Descriptions that fit any organisation ("the company", "the group"); others must match the name. */
const GENERIC_ORG_NOUNS = new Set(['company', 'firm', 'group', 'business', 'conglomerate', 'giant', 'organisation', 'organization', 'start-up', 'startup', 'maker', 'manufacturer', 'producer', 'provider', 'operator', 'brand', 'owner', 'parent', 'unit', 'subsidiary'])

const SPEECH_PARTICIPLES = new Set(['saying', 'claiming', 'adding', 'insisting', 'arguing', 'noting', 'warning', 'stating', 'declaring', 'alleging', 'vowing', 'boasting'])

/** ", saying (that) it …": the pronoun opens what the sentence's subject says. */
function afterSpeechParticiple(p: Parsed, k: number): boolean {
  const before = p.tokens[k - 1]?.lower === 'that' ? k - 2 : k - 1
  return SPEECH_PARTICIPLES.has(p.tokens[before]?.lower ?? '')
}

/**
 * Whom a pronoun stands for. "X claimed the attack on Y, saying it had stolen…": after a speech participle
 * it is the one saying, the sentence's subject, not the name nearest to it; when that subject cannot be it
 * ("Senators criticised the pact, saying it would hurt farmers") the nearest name is no better a guess and
 * it stays unnamed. Otherwise the last name that fits it.
 */
function pronounReferent(input: FrameInput, p: Parsed, k: number, memory: Discourse): { text: string; named: boolean } | undefined {
  const pronoun = p.tokens[k]!.lower
  if (afterSpeechParticiple(p, k)) {
    const subject = sentenceSubject(p)
    if (!subject || !agreesWith(pronoun, p.tokens[subject.head]!)) return undefined
    return { text: nominalText(input.content, p, subject).text, named: mentionsOf(input, p, subject).length > 0 }
  }
  const resolved = memory.resolve(pronoun, p.sentence.index, k)
  return resolved ? { text: resolved.text, named: true } : undefined
}

/** The noun phrase before the sentence's first verb, when it names someone ("The Akira ransomware group"). */
function sentenceSubject(p: Parsed): Unit | undefined {
  const verb = p.pos.findIndex((x) => x === 'verb' || x === 'aux')
  if (verb <= 0 || p.tokens.slice(0, verb).some((t) => /,/.test(t.post))) return undefined
  // Its words up to a preposition: "Dock workers at the port" is the dock workers.
  const prep = p.pos.findIndex((x, k) => k < verb && x === 'prep')
  const end = prep > 0 ? prep : verb
  const head = headOf(p, 0, end)
  if (!['noun', 'propn'].includes(p.pos[head] ?? '')) return undefined
  return { from: 0, to: end, head }
}

/** Whether a pronoun can stand for a phrase with this head: "it" for one thing or body, "they" for many. */
function agreesWith(pronoun: string, head: Token): boolean {
  const plural = head.tags.has('Plural') || /(?:ers|ors|ists|ians|ants|ents|ies)$/.test(head.lower)
  if (['it', 'its'].includes(pronoun)) return !plural
  if (['they', 'them', 'their'].includes(pronoun)) return plural || orgReferenceNouns.has(head.lower)
  return !plural
}

function mentionsOf(input: FrameInput, p: Parsed, u: Unit): EntityMentionRef[] {
  return (input.entities.bySentence.get(p.sentence.index) ?? []).filter((m) => m.from >= u.from && m.to <= u.to)
}

const CONJUNCTIONS = new Set(['and', 'or', 'nor', '&'])
const NOT_IN_A_LIST = new Set(['of', 'in', 'from', 'for', 'with', 'at', 'by', 'on', 'to', 'against', 'between', 'who', 'which', 'that'])

/**
 * Whether a name before the phrase's head is one of a list the head ends ("Mordor, Rohan, Fornost and
 * Bree", "Fornost and the evil Gondor"): a conjunction or a list's comma right after it, and no
 * preposition, possessive or relative word between it and the head.
 */
function coordinatedWithHead(p: Parsed, m: EntityMentionRef, u: Unit): boolean {
  if (m.to > u.head) return false
  const { tokens } = p
  const last = tokens[m.to - 1]!
  if (/['’]s?$/.test(last.text)) return false
  const next = tokens[m.to]
  if (!next || !(CONJUNCTIONS.has(next.lower) || /,/.test(last.post))) return false
  let joined = false
  for (let k = m.to; k < u.head; k++) {
    const t = tokens[k]!
    if (NOT_IN_A_LIST.has(t.lower) || /['’]s?$/.test(t.text)) return false
    if (CONJUNCTIONS.has(t.lower)) joined = true
  }
  // A comma alone ("Rohan, the state's foe") may be an apposition: a list ends with a conjunction.
  return joined
}

/** Of a name and its apposition ("Its leader, Marisol Pardo"), keep the name. */
function mergeAppositions(input: FrameInput, p: Parsed, units: Unit[]): Unit[] {
  const named = (u: Unit) => (input.entities.bySentence.get(p.sentence.index) ?? []).some((m) => u.head >= m.from && u.head < m.to)
  const drop = new Set<Unit>()
  units.forEach((u, i) => {
    const partner = units[i - 1]
    if (!u.apposition || !partner) return
    if (named(u) && !named(partner)) drop.add(partner)
    else if (named(partner) && !named(u)) drop.add(u)
  })
  return units.filter((u) => !drop.has(u))
}

function isOrgReference(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  if (!orgReferenceNouns.has(head.lower)) return false
  const first = p.tokens[u.from]!
  if (first.lower !== 'the') return false
  // "the company", "the shipping group", "the airline's" — a definite description with no name.
  for (let k = u.from + 1; k < u.head; k++) if (p.pos[k] === 'propn') return false
  return u.head - u.from <= 3
}

function isHumanHead(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  const w = head.lower.replace(/['’]s?$/, '')
  if (humanNouns.has(w)) return true
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

const SKIP_MODIFIERS = new Set(['the', 'a', 'an', 'about', 'some', 'several', 'many', 'more', 'most', 'all', 'both', 'other', 'another', 'nearly', 'almost', 'around', 'roughly', 'least', 'at', 'than', 'over', 'up', 'to', 'its', 'their', 'his', 'her', 'our', 'these', 'those', 'this', 'that', 'each', 'every', 'any', 'such', 'own', 'few', 'only', 'just'])

/** A nominal actor's words: modifiers and head, without determiners, numbers or vehicles. */
function nominalText(content: string, p: Parsed, u: Unit): { text: string; start: number; end: number } {
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
  const headWord = tokens[u.head]!.lower
  if (['vessels', 'ships', 'aircraft', 'jets', 'planes', 'boats', 'units', 'convoy'].includes(headWord)) to = u.head
  const start = tokens[from]!.start
  const end = tokens[to - 1]!.end
  let text = content.slice(start, end).replace(/\s+/g, ' ')
  text = text.replace(/['’]s$/u, '').replace(/(?<=s)['’]$/u, '')
  return { text, start, end: start + text.length }
}

function firstContent(p: Parsed, u: Unit): number {
  let k = u.from
  while (k < u.head && (SKIP_MODIFIERS.has(p.tokens[k]!.lower) || p.pos[k] === 'det')) k++
  return k
}

/** The words of a noun phrase as a resource: determiners dropped, numbers and money kept. */
function plainText(content: string, p: Parsed, u: Unit): string {
  let k = u.from
  while (k < u.to - 1 && ['the', 'a', 'an', 'its', 'their', 'his', 'her', 'our', 'this', 'that', 'these', 'those'].includes(p.tokens[k]!.lower)) k++
  const start = p.tokens[k]!.start
  const end = p.tokens[u.to - 1]!.end
  return content.slice(start, end).replace(/\s+/g, ' ').replace(/[,;:]+$/, '')
}

function isTimePhrase(p: Parsed, u: Unit): boolean {
  const head = p.tokens[u.head]!
  if (head.tags.has('Date') || head.tags.has('Month') || head.tags.has('WeekDay') || head.tags.has('Duration')) return true
  if (/^(year|years|month|months|week|weeks|day|days|hour|hours|morning|evening|night|weekend|decade|quarter|half|spring|summer|autumn|winter|time|moment|period|season)$/.test(head.lower)) {
    return true
  }
  if (/^(19|20)\d\d$/.test(head.text) && p.pos[u.from] !== 'det') return true
  return false
}

function resourceType(p: Parsed, u: Unit, text: string): ResourceEntry['type'] {
  const span = p.tokens.slice(u.from, u.to)
  const lower = text.toLowerCase()
  if (span.some((t) => t.tags.has('Money')) || /[$€£¥]|\b(dollars?|euros?|pounds?|yen|yuan|rupees?|crowns?|francs?|roubles?|rubles?)\b/i.test(text)) return 'money'
  const headWord = p.tokens[u.head]!.lower
  if (span.some((t) => t.tags.has('Percent')) || /\b(percent|per cent|%)\b/.test(lower)) return 'quantity'
  if (policyNouns.has(headWord)) return 'policy'
  if (productNouns.has(headWord)) return 'product'
  if (infrastructureNouns.has(headWord)) return 'infrastructure'
  if (informationNouns.has(headWord)) return 'information'
  if (naturalNouns.has(headWord)) return 'natural'
  if (assetNouns.has(headWord)) return 'asset'
  if (span.some((t) => t.tags.has('Value'))) return 'quantity'
  return 'other'
}

function resourceState(r: ResourceEntry, type: string, temporality: TemporalityName, passive: boolean): string {
  if (temporality === 'planned') return 'planned'
  if (temporality === 'future') return 'expected'
  switch (type) {
    case 'Acquisition':
      return 'acquired'
    case 'Divestment':
      return 'sold'
    case 'Funding':
      return 'committed'
    case 'Military action':
      return 'targeted'
    case 'Cyber incident':
      return 'compromised'
    case 'Enforcement':
      return r.type === 'money' ? 'imposed' : 'restricted'
    case 'Policy change':
    case 'Market movement':
      return 'changed'
    case 'Launch':
    case 'Announcement':
      return 'announced'
    case 'Production':
    case 'Humanitarian action':
      return 'delivered'
    default:
      return passive ? 'affected' : temporality === 'ongoing' ? 'in use' : 'involved'
  }
}

function mergeActors(actors: ActorDraft[]): ActorDraft[] {
  const rank: Record<ActorEntry['role'], number> = { agent: 0, patient: 1, recipient: 2, source: 3, participant: 4 }
  const byKey = new Map<string, ActorDraft>()
  for (const a of actors) {
    const key = a.text.toLowerCase().replace(/^the\s+/, '')
    const prev = byKey.get(key)
    if (!prev || rank[a.role] < rank[prev.role]) byKey.set(key, prev ? { ...a, start: prev.start, end: prev.end } : a)
  }
  return [...byKey.values()]
}

interface ClassOf {
  type: string
  known: boolean
}

function actionClassOf(lemma: string, resources: ResourceEntry[], sentence: string): ClassOf {
  const lower = sentence.toLowerCase()
  if (lemma === 'file' && /bankrupt|insolven|administration/.test(lower)) return { type: 'Crisis', known: true }
  if (lemma === 'raise' && resources.some((r) => r.type === 'money') && /raised? .*from|funding|investors/.test(lower)) return { type: 'Funding', known: true }
  if (lemma === 'launch' && !/missile|drone|rocket|attack|strike|offensive|raid/.test(lower)) return { type: 'Launch', known: true }
  if (lemma === 'strike' && /struck down|strike down|strikes down/.test(lower)) return { type: 'Legal action', known: true }
  if (lemma === 'fire' && /fired (?:\d|the|his|her|its|their|chief|ceo|head)/.test(lower) && !/fired at|fired on|fired (?:rockets|missiles|shots|tear gas)/.test(lower)) {
    return { type: 'Personnel change', known: true }
  }
  if (lemma === 'cut' && /rate|price|forecast|tax|job|workforce/.test(lower)) return { type: 'Policy change', known: true }
  // "did not rule out a cut": a statement about what may come, not a court's ruling.
  if (lemma === 'rule' && /\brul(?:e|es|ed|ing) out\b/.test(lower)) return { type: 'Announcement', known: true }
  for (const c of actionClasses) if (c.verbs.includes(lemma)) return { type: c.type, known: true }
  return { type: lemma.charAt(0).toUpperCase() + lemma.slice(1), known: false }
}

function unitsText(input: FrameInput, p: Parsed, units: Unit[], memory: Discourse): string {
  const first = units[0]
  const last = units[units.length - 1]
  // One stretch of text ("Shares in Thyssenkrupp", "Britain, France and Germany"): quote it whole.
  if (first && last && units.every((u) => p.pos[u.head] !== 'pron') && [...units].sort((a, b) => a.from - b.from)[0] === first && last.to > first.from && last.to - first.from <= 20) {
    return plainText(input.content, p, { from: first.from, to: last.to, head: last.head })
  }
  const parts = units.map((u) => {
    const head = p.tokens[u.head]!
    if (p.pos[u.head] === 'pron') return pronounReferent(input, p, u.head, memory)?.text ?? head.text
    return plainText(input.content, p, u)
  })
  return joinList(parts)
}

function clauseText(input: FrameInput, p: Parsed, c: Clause, subjectText: string): string {
  const { tokens } = p
  const g = c.group
  const end = Math.max(c.end, g.to)
  const lastTok = tokens[end - 1]!
  const subjectAdjacent = c.subject.length > 0 && !c.borrowed && c.subject[c.subject.length - 1]!.to >= g.from - 2 && c.subject[0]!.from < g.from && p.pos[c.subject[0]!.head] !== 'pron'
  let text: string
  let verbFrom = g.from
  if (g.form === 'infinitive' && tokens[g.from]!.lower === 'to') verbFrom = g.from + 1
  if (subjectAdjacent) text = input.content.slice(tokens[c.subject[0]!.from]!.start, lastTok.end)
  else {
    const rest = input.content.slice(tokens[verbFrom]!.start, lastTok.end)
    text = subjectText ? `${subjectText} ${rest}` : rest
  }
  text = text.replace(/\s+/g, ' ').replace(/[,;:–—-]+$/, '').trim()
  // A clause cut out of a quotation keeps half its quote marks; drop them rather than leave one open.
  if ((text.match(/["“”]/g) ?? []).length % 2 === 1) text = text.replace(/["“”]/g, '')
  return cut(text.charAt(0).toUpperCase() + text.slice(1), 200)
}

/** A short statement of the result: what was done to what ("Tariffs raised"), or what changed by how much. */
function outcomeText(lemma: string, g: VerbGroup, subjectText: string, objectText: string, temporality: TemporalityName, intransitive: boolean): string {
  const not = g.negated ? 'not ' : ''
  const prefix = temporality === 'planned' ? 'Planned: ' : temporality === 'future' ? 'Expected: ' : ''
  const notYet = temporality === 'planned' || temporality === 'future'
  let text: string
  if (g.passive) text = `${subjectText || 'It'} ${not}${participleOf(lemma)}`
  else if (intransitive) text = `${subjectText || 'Value'} ${notYet ? `to ${not}${lemma}` : g.negated ? `did not ${lemma}` : pastOf(lemma)} ${objectText}`
  else if (objectText) text = `${objectText} ${not}${participleOf(lemma)}`
  else if (notYet) text = `${subjectText || 'Someone'} to ${not}${lemma}`
  else text = `${subjectText || 'Something'} ${g.negated ? `did not ${lemma}` : pastOf(lemma)}`
  text = text.replace(/\s+/g, ' ').trim()
  return cut(prefix + (prefix ? text : text.charAt(0).toUpperCase() + text.slice(1)), 160)
}

/** ", killing 15 people", "…, sending shares down 2 percent": a participial clause that states a result. */
function outcomeOf(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[]): string | undefined {
  const next = clauses.find((o) => o.group.from >= c.end && o.group.form === 'gerund' && o.kind === 'action' && OUTCOME_VERBS.has(o.group.lemma))
  if (next && next.group.from <= c.end + 1) {
    const from = p.tokens[next.group.from]!.start
    const to = p.tokens[Math.max(next.end, next.group.to) - 1]!.end
    const text = input.content.slice(from, to).replace(/\s+/g, ' ')
    return cut(text.charAt(0).toUpperCase() + text.slice(1), 160)
  }
  const lower = p.sentence.text.toLowerCase()
  const cue = /\b(resulting in|leading to|which led to|so that)\b(.*)$/.exec(lower)
  if (cue?.[2]) {
    const idx = lower.indexOf(cue[1]!)
    const raw = p.sentence.text.slice(idx).replace(/[.]$/, '')
    return cut(raw.charAt(0).toUpperCase() + raw.slice(1), 160)
  }
  return undefined
}

/** A purpose ("to protest against corruption") or reason ("because …") clause after the action. */
function motivationOf(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[]): string {
  const { tokens } = p
  const purpose = clauses.find((o) => o.group.form === 'infinitive' && o.group.from >= c.end && o.group.from <= c.end + 1 && !o.governor && o !== c)
  if (purpose) {
    const text = input.content.slice(tokens[purpose.group.from]!.start, tokens[Math.max(purpose.end, purpose.group.to) - 1]!.end)
    return cut(text.replace(/\s+/g, ' '), 160)
  }
  for (let k = c.end; k < tokens.length; k++) {
    if (tokens[k]!.lower === 'because' || (tokens[k]!.lower === 'in' && tokens[k + 1]?.lower === 'order')) {
      const text = input.content.slice(tokens[k]!.start, p.sentence.end).replace(/[.!?]+$/, '')
      return cut(text.replace(/\s+/g, ' '), 160)
    }
    if (p.pos[k] === 'verb' || p.pos[k] === 'aux') break
  }
  return ''
}

function timeReferenceFor(input: FrameInput, p: Parsed, c: Clause): (DateMention & { date: string }) | undefined {
  const s = p.sentence
  const inSentence = input.dates.filter((d) => d.start >= s.start && d.end <= s.end)
  if (inSentence.length === 0) return undefined
  const from = p.tokens[Math.min(c.group.from, ...c.subject.map((u) => u.from))]!.start
  const to = p.tokens[Math.max(c.end, c.group.to) - 1]!.end
  const within = inSentence.find((d) => d.start >= from && d.end <= to)
  const chosen = within ?? (inSentence.length === 1 ? inSentence[0] : undefined)
  if (!chosen) return undefined
  // "on Tuesday" in a past-tense sentence is the Tuesday before the reference date.
  if (chosen.weekdayOnly && c.temporality === 'past' && chosen.date > input.referenceDate) return { ...chosen, date: addDays(chosen.date, -7) }
  return chosen
}

function impactsOf(p: Parsed, cls: ClassOf, resources: ResourceEntry[], sentenceLower: string, lemma: string, temporality: TemporalityName, topic: string): Impact[] {
  const impacts: Impact[] = []
  const money = resources.find((r) => r.type === 'money')
  if (money) {
    const amount = moneyAmount(money.text)
    const magnitude = amount > 0 ? clamp((Math.log10(amount) - 5) / 6, 0.05, 1) : 0.3
    impacts.push({ effect: 'economic', magnitude: round(magnitude), description: `${money.text} at stake (${lemma})` })
  }
  const casualties = /\b(\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands)\s+(?:\w+\s+)?(people|civilians|soldiers|children|dead|killed|wounded|injured)\b/.exec(sentenceLower)
  if (casualties && /kill|dead|died|wound|injur|casualt/.test(sentenceLower)) {
    const n = wordNumber(casualties[1]!)
    impacts.push({ effect: 'humanitarian', magnitude: round(clamp(0.35 + Math.log10(n + 1) / 3, 0, 1)), description: `${casualties[0]} reported` })
  }
  const pct = /(\d+(?:\.\d+)?)\s*(?:percent|per cent|%)/.exec(sentenceLower)
  if (pct && impacts.length < 3) {
    const v = Number(pct[1])
    impacts.push({ effect: cls.type === 'Market movement' ? 'market' : 'quantitative', magnitude: round(clamp(v / 40, 0.05, 1)), description: `${pct[0]} change` })
  }
  if (impacts.length < 3) {
    const c = actionClasses.find((x) => x.type === cls.type)
    const effect = (c?.pestle ?? pestleOfTopic(topic)).toLowerCase()
    const severity = countTerms(p.tokens.map((t) => t.lower), severityTerms)
    const base = temporality === 'future' ? 0.25 : 0.35
    impacts.push({ effect, magnitude: round(clamp(base + 0.15 * severity, 0.05, 1)), description: `${cls.type} (${lemma}) with ${effect} consequences` })
  }
  return impacts.slice(0, 3)
}

function pestleOfTopic(label: string): string {
  return topics.find((t) => t.label === label)?.pestle ?? 'Political'
}

function urgencyOf(p: Parsed, temporality: TemporalityName, timeRef: DateMention | undefined, referenceDate: string): { score: number; justification: string } {
  const base: Record<TemporalityName, number> = { ongoing: 0.5, planned: 0.4, future: 0.3, past: 0.25 }
  const cues = matchedTerms(p.tokens.map((t) => t.lower), urgent)
  let score = base[temporality] + Math.min(0.3, 0.12 * cues.length)
  const reasons = [`${temporality} action`]
  if (cues.length > 0) reasons.push(`urgency cues: ${cues.slice(0, 3).join(', ')}`)
  if (timeRef) {
    const days = daysBetween(referenceDate, timeRef.date)
    if (days >= 0 && days <= 14) {
      score += 0.15
      reasons.push(`dated ${timeRef.date}, within two weeks of ${referenceDate}`)
    } else if (days > 14 && days <= 90) {
      score += 0.05
      reasons.push(`dated ${timeRef.date}, within three months`)
    } else reasons.push(`dated ${timeRef.date}`)
  }
  return { score: round(clamp(score, 0, 1)), justification: `${reasons.join('; ')}.` }
}

function affect(role: ActorEntry['role'], type: string, sentiment: number): ActorEntry['affect'] {
  const harmful = ['Military action', 'Enforcement', 'Legal action', 'Opposition', 'Cyber incident', 'Crisis', 'Warning', 'Displacement']
  if (role === 'patient') return harmful.includes(type) ? 'negative' : sentiment > 0.2 ? 'positive' : 'neutral'
  if (role === 'recipient') return harmful.includes(type) ? 'negative' : 'positive'
  if (role === 'agent') return sentiment > 0.3 ? 'positive' : sentiment < -0.3 ? 'negative' : 'neutral'
  return 'neutral'
}

function influence(a: ActorDraft, type: string): number {
  const base: Record<ActorEntry['role'], number> = { agent: 0.7, source: 0.35, patient: 0.3, recipient: 0.3, participant: 0.2 }
  let v = base[a.role]
  if (a.named) v += 0.1
  if (a.role === 'agent' && volitionalTypes.has(type)) v += 0.1
  return clamp(v, 0, 1)
}

// ---------------------------------------------------------------------------------------------
// Discourse: what "he", "it", "they" and "the company" refer to.

interface Referent {
  text: string
  kind: 'person' | 'organisation' | 'place' | 'other'
  sentence: number
  token: number
  head: string
}

class Discourse {
  private readonly recent: Referent[] = []
  constructor(private readonly table: EntityTable) {}

  /** The most recent referent that fits the pronoun, before (sentence, token). */
  resolve(pronoun: string, sentence: number, token: number): Referent | undefined {
    const want =
      ['he', 'she', 'him', 'her', 'his', 'hers'].includes(pronoun) ? 'person' : ['it', 'its'].includes(pronoun) ? 'organisation' : ['they', 'them', 'their'].includes(pronoun) ? 'organisation' : undefined
    if (!want) return undefined
    const candidates = [...this.recent, ...this.mentionsIn(sentence, token)]
    for (let i = candidates.length - 1; i >= 0; i--) if (candidates[i]!.kind === want) return candidates[i]
    return undefined
  }

  /**
   * "the company": the last organisation named. A description that says what kind of body it is ("the
   * bank", "the airline") takes only a name that says so too ("Deutsche Bank", not the Reuters before it).
   */
  resolveDefinite(noun: string, sentence: number, token: number): Referent | undefined {
    const candidates = [...this.recent, ...this.mentionsIn(sentence, token)]
    const want = ['city', 'state', 'country'].includes(noun) ? 'place' : 'organisation'
    const generic = want === 'place' || GENERIC_ORG_NOUNS.has(noun)
    for (let i = candidates.length - 1; i >= 0; i--) {
      const c = candidates[i]!
      if (c.kind !== want) continue
      if (!generic && !new RegExp(`\\b${noun}`, 'i').test(c.text)) continue
      if (want === 'place' && sentence - c.sentence > 3) return undefined
      if (sentence - c.sentence > 4) return undefined
      return c
    }
    return undefined
  }

  after(p: Parsed): void {
    this.recent.push(...this.mentionsIn(p.sentence.index, Infinity))
  }

  private mentionsIn(sentence: number, before: number): Referent[] {
    const list: EntityMentionRef[] = this.table.bySentence.get(sentence) ?? []
    return list
      .filter((m) => m.to <= before)
      .map((m) => {
        const e = this.table.entities[m.entity]!
        return { text: e.text, kind: e.kind, sentence, token: m.from, head: e.text }
      })
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const hedges = compileTerms(hedgeTerms)
const sourcing = compileTerms(sourcingTerms)
const urgent = compileTerms(urgencyTerms)
const noveltyFrameTerms = compileTerms(analyticsTerms.novelty)
const severityTerms = compileTerms(['killed', 'dead', 'deaths', 'crisis', 'collapse*', 'famine', 'emergency', 'destroy*', 'severe', 'record', 'sharp*', 'bankrupt*', 'stranded', 'war'])

function tokensLower(p: Parsed): string[] {
  return p.tokens.map((t) => t.lower)
}

function matchedTerms(words: string[], lex: ReturnType<typeof compileTerms>): string[] {
  const out: string[] = []
  words.forEach((w) => {
    if (countTerms([w], lex) > 0 && !out.includes(w)) out.push(w)
  })
  return out
}

function wordNumber(w: string): number {
  const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, dozens: 24, hundreds: 200, thousands: 2000 }
  return words[w] ?? (Number(w.replace(/,/g, '')) || 1)
}

function joinList(parts: string[]): string {
  const xs = parts.filter((x) => x !== '')
  if (xs.length <= 1) return xs[0] ?? ''
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`
}

function uniqueLimited(xs: string[], n: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const x of xs) {
    const k = x.toLowerCase()
    if (!x || seen.has(k)) continue
    seen.add(k)
    out.push(x)
    if (out.length === n) break
  }
  return out
}
