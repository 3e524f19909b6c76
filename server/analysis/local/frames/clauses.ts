/**
 * Clause analysis. For each verb group of a sentence: its kind (action, attribution, modality, state,
 * or skip), its subject (its own, or borrowed from the clause it is coordinated with or completes), its
 * objects and prepositional phrases, and its temporality; and the sentence's sources ("…, officials
 * said", "according to …"). Pure functions of the parse, one sentence at a time.
 */
import type { TemporalityName } from '../../../../src/protocol/analysis'
import { attributionVerbs, futureComplementVerbs, modalityVerbs, objectControlVerbs, stativeVerbs } from '../lexicon'
import type { Parsed, VerbGroup } from '../syntax'
import { lemmaOf, NP_POS } from '../syntax'
import type { Token } from '../text'
import { finiteBefore, objectsRight, subjectLeft } from './arguments'
import { isTimePhrase, npRight } from './noun-phrases'
import { isHumanHead, isOrgReference } from './people'
import type { Clause, ClauseKind, Unit } from './shapes'
import { COPULAR_MODALITY, FUTURE_GOVERNORS, INTENTION_NOUNS, PSYCH_VERBS, RECALLED, SUBORDINATORS } from './words'

export function analyseClauses(p: Parsed): Clause[] {
  const clauses: Clause[] = []
  const { tokens } = p
  let lastFinite: Clause | undefined
  const finites: Clause[] = []
  for (const g of p.groups) {
    const clause: Clause = { group: g, kind: 'action', subject: [], borrowed: false, objects: [], pps: [], end: g.to, temporality: 'past' }
    const governor = clauses.find((c) => completes(c.complement, g))
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
        clause.subject = controller(p, governor)
        clause.borrowed = true
        // "called Kast to congratulate him": the call's purpose, told with the call; "accused them of funding
        // goons to loot": what the accusation says, no act of the accuser.
        if (phonedCall(p, governor) || ALLEGING.has(governor.group.lemma)) clause.kind = 'skip'
        // "said raising taxes was not an option": an -ing phrase that is what the reported clause is about does
        // nothing of its own, and the one saying does not do it.
        if (g.form === 'gerund' && attributionVerbs.has(governor.group.lemma) && subjectOfNextVerb(p, g)) clause.kind = 'skip'
      } else if (lastFinite) {
        // "appealed for $400 million to help people": a purpose clause shares the main subject.
        clause.subject = lastFinite.subject
        clause.borrowed = true
        // "accused the opposition of funding goons to loot businesses": part of the accusation, no act of the accuser.
        if (ALLEGING.has(lastFinite.group.lemma) && g.from <= lastFinite.end + 1) clause.kind = 'skip'
      }
    } else if (g.form === 'gerund') {
      const prev = tokens[g.from - 1]
      if (prev && (/,/.test(prev.post) || prev.lower === 'by') && lastFinite) {
        // "…blocked a law that would have barred drivers, siding with the unions": the judge sided, not the law.
        const main = /,/.test(prev.post) && relative(p, lastFinite) ? ([...finites].reverse().find((x) => !relative(p, x) && !opensWithSubordinator(p, x)) ?? lastFinite) : lastFinite
        clause.subject = main.subject
        clause.borrowed = true
      } else clause.kind = 'skip'
    } else {
      const found = subjectLeft(p, g)
      const previous = clauses[clauses.length - 1]
      if (found.inherit && previous && previous.group.form === 'infinitive' && previous.end === g.from - 1 && g.aux.length === 0 && lemmaOf(tokens[g.main]!) === tokens[g.main]!.lower) {
        // "promised to tighten border controls and cut spending": a bare verb joined to an infinitive is one too.
        clause.subject = previous.subject
        clause.borrowed = true
        if (previous.governor) clause.governor = previous.governor
        clause.group = { ...g, form: 'infinitive' }
        clause.kind = previous.kind
      } else if (found.inherit && lastFinite) {
        // "said that the embargo would not work and warned …": a thing cannot warn; the verb joins the
        // last clause whose subject can act.
        // "arrested them in 2022, while they were travelling, and accused them": "and" joins the main clause,
        // not the one "while" opened.
        const main = !opensWithSubordinator(p, lastFinite) ? lastFinite : ([...finites].reverse().find((x) => !opensWithSubordinator(p, x)) ?? lastFinite)
        const actor = actsLike(p, main.subject) ? main : [...finites].reverse().find((x) => actsLike(p, x.subject) && !opensWithSubordinator(p, x))
        clause.subject = (actor ?? main).subject
        clause.borrowed = true
        // "were wounded and taken to hospital": a bare participle joined to a passive is a passive too.
        if (lastFinite.group.passive && g.aux.length === 0 && isParticipleForm(tokens[g.main]!)) clause.group = { ...g, passive: true }
      } else clause.subject = found.units
      if (found.reducedRelative) clause.kind = 'skip'
      if (g.aux.length === 0 && circumstance(p, found.units)) clause.kind = 'skip'
      if (found.participle) clause.group = { ...g, passive: true, form: 'participle' }
    }

    // "anyone who receives an email", "whether the company had met its obligations", "if Russia attacks": no one
    // in particular, and nothing that is said to have happened.
    const opener = tokens[Math.min(g.from, ...(clause.borrowed ? [] : clause.subject.map((u) => u.from))) - 1]?.lower ?? ''
    if (clause.subject.some((u) => GENERIC_PEOPLE.has(tokens[u.head]!.lower)) || HYPOTHETICAL.has(opener)) clause.kind = 'skip'
    // "The group, which calls itself BlackVeil": a name given, not an act.
    if (NAMING.has(g.lemma) && REFLEXIVE.has(tokens[g.to]?.lower ?? '')) clause.kind = 'stative'

    // What it is done to.
    const right = objectsRight(p, g)
    if (clause.kind === 'action' && !clause.borrowed && right.objects.length === 0 && right.complement === undefined && describesNounBefore(p, clause.subject)) clause.kind = 'skip'
    clause.objects = right.objects
    clause.pps = right.pps
    clause.end = right.end
    if (right.complement !== undefined) clause.complement = right.complement
    // "a pleasant place to visit", "time to act": an infinitive after a noun with nothing after it says
    // what the noun is for, not what anyone does.
    const forNoun = !governor || (governor.group.copular && governor.objects.length > 0)
    if (g.form === 'infinitive' && forNoun && p.pos[g.from - 1] === 'noun' && right.objects.every((u) => isTimePhrase(p, u)) && right.pps.length === 0 && right.complement === undefined) clause.kind = 'skip'
    if (clause.kind === 'modality' && right.complement === undefined) clause.kind = stativeVerbs.has(g.lemma) ? 'stative' : 'action'
    clause.temporality = temporalityOf(clause.group, clause.governor, lastFinite)
    // "failed to notify the authority", "refused to pay a ransom": what was refused or failed was not done.
    if (clause.governor && NEGATING.has(clause.governor.group.lemma) && (g.form === 'infinitive' || g.form === 'gerund')) {
      clause.group = { ...clause.group, negated: !clause.group.negated }
      if (clause.governor.group.lemma === 'fail' || clause.governor.group.lemma === 'neglect') clause.temporality = clause.governor.temporality
    }
    // "a law that would have barred drivers": what would have happened did not.
    if (g.perfect && (g.modal === 'would' || g.modal === 'could' || g.modal === 'might') && !g.negated) {
      clause.group = { ...clause.group, negated: true }
      clause.temporality = 'past'
    }
    // "stopped shipping two systems to China": what was halted did not happen; the halt is the act, with its objects.
    if (governor && g.form === 'gerund' && HALTING.has(governor.group.lemma) && governor.objects.length === 0 && governor.kind === 'action') {
      clause.kind = 'skip'
      governor.objects = clause.objects
      governor.pps = [...governor.pps, ...clause.pps]
      governor.end = Math.max(governor.end, clause.end)
      governor.halts = g.main
    }
    clauses.push(clause)
    if (g.form === 'finite' && clause.kind !== 'skip') {
      lastFinite = clause
      finites.push(clause)
    }
  }
  return clauses
}

/** Whether the group is the complement that starts at this token ("ordered Venezuela not to take": a negated one opens at its "not"). */
function completes(complement: number | undefined, g: { from: number; to: number }): boolean {
  return complement !== undefined && g.from <= complement && complement < g.to
}

/** The clause a governing clause's complement is. */
export function complementOf(c: Clause, clauses: Clause[]): Clause | undefined {
  return clauses.find((x) => completes(c.complement, x.group))
}

/** A clause a subordinator opens ("while they were travelling", "when it bought"). */
function opensWithSubordinator(p: Parsed, c: Clause): boolean {
  const first = Math.min(c.group.from, ...c.subject.map((u) => u.from))
  return SUBORDINATORS.has(p.tokens[first - 1]?.lower ?? '')
}

/** "with nearly all ballots counted", "with safety standards often ignored": a circumstance, not an event. */
function circumstance(p: Parsed, subject: Unit[]): boolean {
  let before = subject[0] ? subject[0].from - 1 : -1
  while (before > 0 && p.pos[before] === 'adv') before--
  return p.tokens[before]?.lower === 'with' && !subject.some((u) => p.pos[u.head] === 'pron')
}

/** "the revenue it made in Italy": a pronoun subject right after a noun, the verb's object gone: it describes that noun. */
function describesNounBefore(p: Parsed, subject: Unit[]): boolean {
  const own = subject[0]
  if (subject.length !== 1 || !own || own.from !== own.head || p.pos[own.head] !== 'pron') return false
  const before = p.tokens[own.from - 1]
  if (!before || p.pos[own.from - 1] !== 'noun' || /,/.test(before.post)) return false
  // "Last year it collapsed", "On Tuesday it said": a time before the pronoun is no noun it describes.
  return !TIME_NOUN.test(before.lower) && !before.tags.has('Date') && !before.tags.has('WeekDay') && !before.tags.has('Month')
}

/** A relative clause ("a law that would have barred drivers"): its verb right after who, which or that. */
function relative(p: Parsed, c: Clause): boolean {
  let k = c.group.from - 1
  while (k >= 0 && (p.pos[k] === 'adv' || p.pos[k] === 'neg')) k--
  return p.pos[k] === 'wh'
}

/** A subject that can act: a name, a pronoun, people or an organisation (not "the embargo", "profits"). */
function actsLike(p: Parsed, subject: Unit[]): boolean {
  return subject.some((u) => u.prep === undefined && (p.pos[u.head] === 'propn' || p.pos[u.head] === 'pron' || isHumanHead(p, u) || isOrgReference(p, u)))
}

/** A clause opened by "if", "unless" or "whether", or standing inside an open quotation. */
export function conditionedOrQuoted(p: Parsed, c: Clause): boolean {
  const first = Math.min(c.group.from, ...c.subject.map((u) => u.from))
  if (['if', 'unless', 'whether'].includes(p.tokens[first - 1]?.lower ?? '')) return true
  const before = p.tokens.slice(0, c.group.from).map((t) => `${t.pre}${t.text}${t.post}`).join('')
  return (before.match(/["“”]/g) ?? []).length % 2 === 1
}

// Sources ("…, officials said"; "according to …")
export function sourcesOf(p: Parsed, clauses: Clause[]): Unit[] {
  const units: Unit[] = []
  for (const c of clauses) {
    if (c.kind !== 'attribution' || conditionedOrQuoted(p, c)) continue
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

/** Verbs whose passive without "by" tells what was seen or said of something ("was reported", "was spotted"). */
const SIGHTING = new Set(['report', 'see', 'spot', 'sight', 'rumour', 'rumor', 'believe', 'think', 'say', 'know', 'understand'])

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
  // "Gollum was seen to break into", "Arnor is said to be about to restore": what was seen or said is
  // the act of whom it was said of.
  if (g.passive && SIGHTING.has(lemma) && next?.lower === 'to') return 'modality'
  // "after a hafling was reported on the pass", "was seen near the border": a sighting, not an act.
  if (g.passive && SIGHTING.has(lemma) && !tokens.slice(g.to).some((t) => t.lower === 'by')) return 'skip'
  // "The suspects, identified only as Herwig F. and Ina F., were detained": a participle set off by commas
  // describes the noun before it.
  if (g.aux.length === 0 && isParticipleForm(tokens[g.main]!) && /,/.test(tokens[g.from - 1]?.post ?? '') && (pos[g.from - 1] === 'noun' || pos[g.from - 1] === 'propn') && p.groups.some((x) => x.from > g.to && x.aux.length > 0 && /,/.test(tokens[x.from - 1]?.post ?? ''))) return 'skip'
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
  // "…, state media reported.": who reported what the sentence told, at its end, is its source.
  if (REPORTING_AFTER.has(lemma) && g.aux.length === 0 && /,/.test(tokens[reportingSubjectStart(p, g) - 1]?.post ?? '') && tokens.slice(g.to).every((t) => t.tags.has('Date') || t.tags.has('WeekDay') || ['on', 'late', 'early', 'last', 'this'].includes(t.lower))) return 'attribution'
  // "Avidity develops treatments", "The canal handles 5% of world trade": what a body habitually does describes it.
  if (HABITUAL.has(lemma) && g.form === 'finite' && g.aux.length === 0 && !g.past && /s$/.test(tokens[g.main]!.lower)) return 'stative'
  // "confirmed that his troops had withdrawn": a confirmation says what happened; what it says is the event.
  if (CONFIRMING.has(lemma) && next?.lower === 'that') return 'attribution'
  // "the deal would add to sales growth": adding to something is no saying.
  if (lemma === 'add' && next?.lower === 'to') return 'action'
  // "recalled its ambassador", "told reporters …" stay attributions; "recalled its ambassador" is an act.
  if (attributionVerbs.has(lemma) && !(lemma === 'recall' && RECALLED.test(tokens.slice(g.to, g.to + 4).map((t) => t.lower).join(' ')))) return 'attribution'
  // "The model can run on one card": an ability, not an event.
  if (g.modal === 'can' || g.modal === 'cannot') return 'stative'
  if (lemma === 'take' && next && ['effect', 'place', 'part'].includes(next.lower)) return 'stative'
  // "already struggles to service its debt": a difficulty, not an act (nor is what it struggles with).
  if ((lemma === 'struggle' || lemma === 'strive') && next?.lower === 'to') return 'skip'
  if (modalityVerbs.has(lemma) && hasVerbComplement(p, g)) return 'modality'
  if (g.passive && (lemma === 'expect' || lemma === 'set' || lemma === 'schedule' || lemma === 'due') && tokens[g.to]?.lower === 'to') return 'modality'
  if (stativeVerbs.has(lemma)) return 'stative'
  // "were less impressed", "are concerned": feelings, not actions.
  if (g.passive && PSYCH_VERBS.has(lemma) && !tokens.slice(g.to, g.to + 1).some((t) => t.lower === 'by')) return 'stative'
  if (lemma.length < 2 || !/^[a-z-]+$/.test(lemma)) return 'skip'
  return 'action'
}

const CONFIRMING = new Set(['confirm', 'acknowledge', 'admit'])
/** Governors whose complement did not happen: "refused to pay", "failed to notify", "declined to sign". */
/** Whether a finite verb follows the -ing phrase at `g`, with nothing between that ends it ("raising taxes was …"). */
function subjectOfNextVerb(p: Parsed, g: VerbGroup): boolean {
  const next = p.groups.find((x) => x.from >= g.to)
  if (next?.form !== 'finite' || next.from - g.to > 5) return false
  return !p.tokens.slice(g.from, next.from).some((t, k) => /[,;:]/.test(t.post) || ['that', 'and', 'or', 'but', 'which', 'who'].includes(t.lower) || (k > 0 && p.pos[g.from + k] === 'prep'))
}

export const NEGATING = new Set(['fail', 'refuse', 'decline', 'neglect', 'avoid', 'omit', 'deny'])
const TIME_NOUN = /^(?:year|years|month|months|week|weeks|day|days|time|night|morning|evening|hour|hours|decade|century|quarter|weekend)$/
/** Verbs whose complement is what someone is said to have done ("accused X of funding goons to loot"). */
const ALLEGING = new Set(['accuse', 'charge', 'blame', 'suspect', 'allege', 'convict', 'indict'])
/** What a body does as a rule, in the present: a description of it ("Avidity develops treatments"). */
const HABITUAL = new Set(['develop', 'make', 'produce', 'handle', 'operate', 'own', 'run', 'serve', 'supply', 'provide', 'sell', 'employ', 'manufacture', 'design', 'offer', 'carry', 'account', 'generate', 'process', 'export', 'import'])
/** No one in particular ("anyone who receives an email"). */
const GENERIC_PEOPLE = new Set(['anyone', 'anybody', 'whoever', 'everyone', 'everybody', 'someone', 'somebody'])
/** Clause openers of what may or may not happen ("if Russia attacks", "whether to remove him"). */
const HYPOTHETICAL = new Set(['if', 'unless', 'whether'])
/** Verbs that give a name with a reflexive ("which calls itself BlackVeil"). */
const NAMING = new Set(['call', 'name', 'describe', 'style', 'brand', 'dub', 'consider', 'see', 'define'])
const REFLEXIVE = new Set(['itself', 'themselves', 'himself', 'herself'])

/** Verbs whose -ing complement is what stopped ("halted shipping", "ceased trading"). */
const HALTING = new Set(['stop', 'halt', 'cease', 'suspend', 'quit', 'pause', 'end', 'discontinue'])

const REPORTING_AFTER = new Set(['report', 'announce', 'confirm', 'reveal', 'show'])

/** Where the subject of a trailing "…, state media reported" begins: the first word after the comma. */
function reportingSubjectStart(p: Parsed, g: VerbGroup): number {
  let k = g.from - 1
  while (k > 0 && !/,/.test(p.tokens[k - 1]!.post) && NP_POS.has(p.pos[k - 1]!)) k--
  return k
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
/** "called Kast to congratulate him": a call made, not a call on someone to act. */
function phonedCall(p: Parsed, c: Clause): boolean {
  if (c.group.lemma !== 'call' || c.objects.length === 0 || c.complement === undefined) return false
  return PHONE_PURPOSES.has(p.tokens[c.complement + 1]?.lower ?? '') && !['on', 'upon'].includes(p.tokens[c.group.to - 1]!.lower)
}

const PHONE_PURPOSES = new Set(['congratulate', 'discuss', 'offer', 'express', 'thank', 'apologise', 'apologize', 'convey', 'condole'])

function controller(p: Parsed, governor: Clause): Unit[] {
  const g = governor.group
  if ((objectControlVerbs.has(g.lemma) || g.lemma === 'send') && !phonedCall(p, governor)) {
    const obj = governor.objects[0] ?? governor.pps.find((u) => u.prep === 'on')
    if (obj) return [obj]
  }
  return governor.subject
}

function temporalityOf(g: VerbGroup, governor: Clause | undefined, main: Clause | undefined): TemporalityName {
  if (governor) {
    const gl = governor.group.lemma
    if (FUTURE_GOVERNORS.has(gl) || (governor.group.copular && governor.group.to < Infinity && gl === 'be')) return governor.temporality === 'past' ? 'future' : 'future'
    if (futureComplementVerbs.has(gl) || modalityVerbs.has(gl)) {
      // "kept growing" happened; "keeps growing" goes on; "would keep growing" is still to come.
      if (['keep', 'continue', 'begin', 'start'].includes(gl)) return governor.temporality === 'planned' || governor.temporality === 'future' ? governor.temporality : governor.temporality === 'past' ? 'past' : 'ongoing'
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
