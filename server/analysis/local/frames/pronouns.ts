/**
 * Whom a pronoun stands for in a frame: after a verb of saying, the one saying, or what the sentence judged
 * ("criticised the plan, saying it …"); otherwise the latest name that fits it (discourse.ts). Used the same
 * way for a frame's actors and for its description (actors.ts).
 */
import type { EntityMentionRef } from '../entities'
import { orgReferenceNouns } from '../gazetteer'
import type { Parsed } from '../syntax'
import type { Token } from '../text'
import type { Discourse } from './discourse'
import { headOf, isTimePhrase, nominalText } from './noun-phrases'
import { isHumanHead, isOrgReference } from './people'
import type { FrameInput, Unit } from './shapes'

const SPEECH_PARTICIPLES = new Set(['saying', 'claiming', 'adding', 'insisting', 'arguing', 'noting', 'warning', 'stating', 'declaring', 'alleging', 'vowing', 'boasting'])

/** Words of time between a verb of saying and what it says ("said on Monday it had …"). */
const SPEECH_TIME = /^(?:on|late|early|last|this|yesterday|today|tonight|overnight|(?:mon|tues|wednes|thurs|fri|satur|sun)day|night|week|morning|evening|afternoon)$/

/** ", saying (that) it …", "Beijing said it would …": the pronoun opens what the sentence's subject says. */
function afterSpeechParticiple(p: Parsed, k: number): boolean {
  let before = p.tokens[k - 1]?.lower === 'that' ? k - 2 : k - 1
  // "said on Monday it had repelled": past a day between the verb and the pronoun.
  while (before > 0 && k - before <= 4 && SPEECH_TIME.test(p.tokens[before]!.lower)) before--
  // "said on Monday that it …": past the time between the verb and "that".
  if (p.tokens[k - 1]?.lower === 'that') {
    for (let j = k - 2; j >= Math.max(0, k - 6); j--) {
      const w = p.tokens[j]!.lower
      if (SPEECH_PARTICIPLES.has(w) || SPEECH_FORMS.has(w)) {
        before = j
        break
      }
      if (p.pos[j] === 'verb' || /[,;]/.test(p.tokens[j]!.post)) break
    }
  }
  const word = p.tokens[before]?.lower ?? ''
  // "…accused the Netherlands of abuse and warned it would": a verb of saying joined to the first one shares its subject.
  const firstVerb = p.pos.findIndex((x) => x === 'verb' || x === 'aux')
  return SPEECH_PARTICIPLES.has(word) || (SPEECH_FORMS.has(word) && (firstVerb === before || (p.tokens[before - 1]?.lower === 'and' && !p.tokens.slice(firstVerb, before).some((t) => /[;]/.test(t.post) || t.lower === 'that' || t.lower === 'who' || t.lower === 'which'))))
}

/** Finite verbs of saying whose subject a pronoun right after them stands for ("Beijing said it would"). */
const SPEECH_FORMS = new Set(['said', 'says', 'indicated', 'suggested', 'hinted', 'acknowledged', 'admitted', 'announced', 'warned', 'insisted', 'argued', 'claimed', 'stated', 'added', 'confirmed', 'denied', 'vowed', 'pledged', 'promised', 'threatened'])

/**
 * Whom a pronoun stands for. "X claimed the attack on Y, saying it had stolen…": after a speech participle
 * it is the one saying, the sentence's subject, not the name nearest to it; when that subject cannot be it
 * the nearest name is no better a guess and it stays unnamed. But after judging something ("criticised the
 * plan, saying it did not protect workers"; "criticised Russia, saying it had violated the treaty") it is most
 * often what was judged (`judged`), the judge then the source of what is said of it. Otherwise the last name
 * that fits it.
 */
export function pronounReferent(input: FrameInput, p: Parsed, k: number, memory: Discourse, sameSentence = false): Referent | undefined {
  const pronoun = p.tokens[k]!.lower
  if (afterSpeechParticiple(p, k)) {
    const subject = sentenceSubject(p)
    const what = judged(input, p, k)
    if (what?.thing) return { text: phraseText(input.content, p, what.unit), named: false, thing: what.unit, judge: subject }
    if (what) return { ...subjectReferent(input, p, what.unit, memory), judge: subject }
    if (!subject || !agreesWith(pronoun, p.tokens[subject.head]!)) return undefined
    return subjectReferent(input, p, subject, memory)
  }
  const resolved = memory.resolve(pronoun, p.sentence.index, k)
  if (sameSentence && resolved?.sentence !== p.sentence.index) return undefined
  return resolved ? { text: resolved.text, named: true } : undefined
}

export interface Referent {
  text: string
  named: boolean
  /** The phrase of a thing the pronoun stands for ("the plan"): a resource of the act, not an actor. */
  thing?: Unit
  /** Who judged what the pronoun stands for, and so says what it did ("The union criticised the plan, saying it …"). */
  judge?: Unit | undefined
}

/** Whether the pronoun at `k` stands for a thing judged before it, not for anyone. */
export function pronounStandsForThing(input: FrameInput, p: Parsed, k: number): boolean {
  return afterSpeechParticiple(p, k) && judged(input, p, k)?.thing === true
}

/** Verbs of judging someone or something ("criticised the plan", "condemned Iran", "praised the ruling"). */
const JUDGING = new Set([
  'criticise', 'criticize', 'welcome', 'condemn', 'reject', 'praise', 'hail', 'slam', 'oppose', 'defend', 'back', 'support', 'denounce', 'applaud',
  'question', 'challenge', 'blast', 'decry', 'dismiss', 'endorse', 'dispute', 'deplore', 'fault', 'laud', 'commend', 'attack', 'accuse', 'blame',
  'thank', 'rebuke', 'censure', 'castigate', 'chastise', 'lambast', 'berate',
])

/** What a plan, law, deal or report does ("would hurt farmers", "did not protect workers", "had ignored the data"). */
const THING_VERBS = new Set([
  'hurt', 'harm', 'protect', 'allow', 'benefit', 'help', 'threaten', 'undermine', 'violate', 'breach', 'ignore', 'fail', 'favour', 'favor',
  'discriminate', 'damage', 'cost', 'raise', 'increase', 'reduce', 'cut', 'lead', 'cause', 'create', 'destroy', 'weaken', 'strengthen', 'boost',
  'lack', 'contain', 'include', 'go', 'mean', 'risk', 'affect', 'target', 'penalise', 'penalize', 'punish', 'reward', 'encourage', 'discourage',
  'address', 'solve', 'tackle', 'ensure', 'guarantee', 'offer', 'provide', 'deliver', 'represent', 'open', 'close', 'block', 'limit', 'restrict',
  'ban', 'force', 'require', 'put', 'leave', 'make', 'give', 'bring', 'fall', 'miss', 'overlook', 'misrepresent', 'exaggerate', 'distort',
  'contradict', 'endanger', 'jeopardise', 'jeopardize', 'worsen', 'improve', 'slow', 'delay', 'stifle', 'hamper', 'hinder', 'expose',
])

/** Acts of will: "criticised the company, saying it would appeal" is the one saying, whatever was judged. */
const DELIBERATE = new Set([
  'appeal', 'sue', 'plan', 'intend', 'seek', 'want', 'hope', 'expect', 'decide', 'vow', 'pledge', 'promise', 'refuse', 'ask', 'urge', 'call', 'demand',
  'consider', 'respond', 'comply', 'cooperate', 'try', 'aim', 'wish', 'prefer', 'agree', 'believe', 'think', 'say', 'file', 'remain', 'stand', 'continue',
  'look', 'work', 'review', 'study', 'examine', 'fight', 'oppose', 'support', 'welcome', 'reject', 'retaliate', 'take',
])

/**
 * "The union criticised the plan, saying it did not protect workers", "The EU criticised Russia, saying it had
 * violated the treaty": what a sentence's main verb judges, when a pronoun opening what the judge says stands
 * for it, with whether it is a thing (a phrase with no name, person or body in its head) or a party. A thing
 * only with what a thing can do or be ("would hurt farmers", "was based on false data"); a party only with what
 * it did or was doing ("had violated", "was enriching"), not with what would happen: "criticised the company,
 * saying it would strike" is the one saying. Never with an act of will ("would appeal", "had decided").
 */
function judged(input: FrameInput, p: Parsed, k: number): { unit: Unit; thing: boolean } | undefined {
  const { tokens, pos } = p
  let participle = tokens[k - 1]?.lower === 'that' ? k - 2 : k - 1
  while (participle > 0 && k - participle <= 4 && SPEECH_TIME.test(tokens[participle]!.lower)) participle--
  if (!SPEECH_PARTICIPLES.has(tokens[participle]?.lower ?? '') || !/,/.test(tokens[participle - 1]?.post ?? '')) return undefined
  const main = p.groups.find((g) => g.from >= p.dateline && g.main < participle)
  if (main?.form !== 'finite' || main.passive || !JUDGING.has(main.lemma)) return undefined
  // The object runs from the verb to the comma; its head is before any preposition or clause ("the plan to cut jobs").
  let end = main.to
  while (end < participle && !['prep', 'to', 'wh', 'verb', 'aux'].includes(pos[end]!) && !/[,;]/.test(tokens[end - 1]?.post ?? '')) end++
  if (end === main.to || /[,;]/.test(tokens[main.to - 1]?.post ?? '')) return undefined
  const unit: Unit = { from: main.to, to: end, head: headOf(p, main.to, end) }
  const next = p.groups.find((g) => g.from > k)
  if (!next || next.from - k > 3 || (!next.passive && !next.copular && DELIBERATE.has(next.lemma))) return undefined
  const pronoun = tokens[k]!.lower
  const mention = mentionsOf(input, p, unit).find((m) => unit.head >= m.from && unit.head < m.to)
  const party = mention ? input.entities.entities[mention.entity]!.kind : isOrgReference(p, unit) || orgReferenceNouns.has(tokens[unit.head]!.lower) ? 'organisation' : isHumanHead(p, unit) ? 'people' : null
  if (party === null) {
    if (pos[unit.head] !== 'noun' || isTimePhrase(p, unit) || !agreesWith(pronoun, tokens[unit.head]!)) return undefined
    return next.passive || next.copular || THING_VERBS.has(next.lemma) ? { unit, thing: true } : undefined
  }
  const fits = ['it', 'its'].includes(pronoun) ? ['organisation', 'place'].includes(party) && agreesWith(pronoun, tokens[unit.head]!) : ['he', 'she', 'him', 'her', 'his'].includes(pronoun) ? party === 'person' : false
  const done = next.modal === undefined && (next.past || next.perfect || next.progressive || next.copular || next.passive)
  return fits && done ? { unit, thing: false } : undefined
}

/** Who a phrase names: a name, the body a description stands for ("The company said it would appeal"), or its words. */
export function subjectReferent(input: FrameInput, p: Parsed, u: Unit, memory: Discourse): Referent {
  const mentions = mentionsOf(input, p, u)
  // "Rival BP announced it would sell": the name as written, without the words around it.
  const head = mentions.find((m) => u.head >= m.from && u.head < m.to)
  if (head) return { text: input.content.slice(head.start, head.end), named: true }
  const named = mentions.length > 0
  const described = !named && isOrgReference(p, u) ? memory.resolveDefinite(p.tokens[u.head]!.lower, p.sentence.index, u.from) : undefined
  if (described) return { text: described.text, named: true }
  return { text: nominalText(input.content, p, u).text, named }
}

/** A phrase as written, for a sentence that puts it where a pronoun was ("the plan did not protect workers"). */
function phraseText(content: string, p: Parsed, u: Unit): string {
  return content.slice(p.tokens[u.from]!.start, p.tokens[u.to - 1]!.end).replace(/\s+/g, ' ').replace(/[,;:]+$/, '')
}

/** The noun phrase before the sentence's first verb, when it names someone ("The Akira ransomware group"). */
export function sentenceSubject(p: Parsed): Unit | undefined {
  // After the dateline ("LIMA, May 26 — The army said …").
  const from = p.dateline
  const verb = p.pos.findIndex((x, k) => k >= from && (x === 'verb' || x === 'aux'))
  if (verb <= from || p.tokens.slice(from, verb).some((t) => /,/.test(t.post))) return undefined
  // Its words up to a preposition: "Dock workers at the port" is the dock workers.
  const prep = p.pos.findIndex((x, k) => k >= from && k < verb && x === 'prep')
  const end = prep > from ? prep : verb
  const head = headOf(p, from, end)
  if (!['noun', 'propn'].includes(p.pos[head] ?? '')) return undefined
  return { from, to: end, head }
}

/** Whether a pronoun can stand for a phrase with this head: "it" for one thing or body, "they" for many. */
export function agreesWith(pronoun: string, head: Token): boolean {
  const plural = head.tags.has('Plural') || /(?:ers|ors|ists|ians|ants|ents|ies)$/.test(head.lower)
  if (['it', 'its'].includes(pronoun)) return !plural
  if (['they', 'them', 'their'].includes(pronoun)) return plural || orgReferenceNouns.has(head.lower)
  return !plural
}

export function mentionsOf(input: FrameInput, p: Parsed, u: Unit): EntityMentionRef[] {
  return (input.entities.bySentence.get(p.sentence.index) ?? []).filter((m) => m.from >= u.from && m.to <= u.to)
}

