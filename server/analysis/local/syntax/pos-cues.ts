/**
 * The word sets and small tests the part-of-speech fixes (pos.ts) read: closed classes compromise tags
 * loosely, nouns that are verbs too, verb forms of saying and intending, and whether a verb is still to come
 * in a clause. Constants and pure functions of one sentence's tokens.
 */
import { actionClasses } from '../lexicon'
import type { Token } from '../text'
import { irregularPasts, isPastForm } from './morphology'
import type { Pos } from './shapes'

/** Nouns for bodies of people that are verbs too ("police", "staff"): after a modifier they are the noun. */
export const BODY_NOUNS = new Set(['police', 'staff', 'crew', 'guard', 'guards', 'man', 'mans', 'force', 'forces', 'troops', 'people'])

/** Past forms of saying after which a reported clause opens ("said prices would rise"). */
export const REPORTING_FORMS = new Set(['said', 'says', 'say', 'told', 'warned', 'added', 'argued', 'insisted', 'noted', 'announced', 'claimed', 'stated', 'predicted', 'expects', 'expected'])

export const IN_BETWEEN = new Set(['in return', 'in turn', 'in fact', 'in effect', 'in response', 'at once', 'at last', 'by then', 'so far', 'in part', 'at first'])
export const whWords = new Set(['that', 'which', 'who', 'whom', 'whose'])
export const prepLike = new Set(['including', 'according', 'following', 'regarding', 'concerning', 'pending', 'excluding', 'despite', 'amid', 'amidst', 'versus', 'via', 'per', 'than', 'like', 'plus', 'minus'])
export const determinerLike = new Set(['all', 'both', 'some', 'many', 'several', 'each', 'every', 'most', 'more', 'less', 'fewer', 'other', 'another', 'any', 'no', 'such', 'few', 'these', 'those', 'this'])
/** Prepositions compromise sometimes tags as adjectives or particles ("near the lake", "against armed groups"). */
export const closedPrepositions = new Set(['near', 'over', 'across', 'against', 'among', 'amongst', 'between', 'during', 'through', 'throughout', 'toward', 'towards', 'within', 'without', 'under', 'amid', 'onto', 'into', 'despite', 'beyond', 'behind', 'above', 'below', 'beside', 'alongside', 'upon', 'inside', 'outside'])
/** Every verb the action classes know, for recovering verbs compromise tagged as nouns. */
export const actionVerbLemmas = new Set(actionClasses.flatMap((c) => c.verbs))

/** "fighting", "operating", "living": an -ing form that is no noun of its own ("funding", "housing", "shipping"). */
export function ingOfActionVerb(word: string): boolean {
  return word.length > 5 && !ING_NOUNS.has(word)
}

export const ING_NOUNS = new Set(['funding', 'spending', 'housing', 'shipping', 'mining', 'banking', 'clothing', 'lending', 'building', 'meeting', 'training', 'bombing', 'shelling', 'fishing', 'farming', 'pricing', 'trading', 'licensing', 'financing', 'manufacturing', 'marketing', 'accounting', 'engineering', 'computing', 'printing', 'testing', 'screening', 'polling', 'voting', 'nothing', 'something', 'anything', 'everything', 'morning', 'evening', 'ceiling', 'wedding', 'setting', 'offering', 'hearing', 'ruling', 'warning', 'briefing', 'reporting', 'recording', 'listing', 'ranking', 'rating', 'thing', 'spring', 'string', 'king', 'wing', 'ring'])

export function startsNounPhrase(t: Token): boolean {
  return t.tags.has('Determiner') || t.tags.has('Noun') || t.tags.has('ProperNoun') || t.tags.has('Value') || t.tags.has('Adjective') || t.tags.has('Possessive') || t.tags.has('Pronoun')
}

export function isVerbish(t: Token): boolean {
  return t.tags.has('Verb') && !t.tags.has('Auxiliary') ? true : t.tags.has('Infinitive') || (t.tags.has('Copula') && t.lower === 'be')
}

export function firstWord(tokens: Token[]): number {
  return tokens.findIndex((t) => t.text !== '' && !t.tags.has('Dateline'))
}

/** A finite verb (past form or auxiliary) later in the same clause. */
export function hasVerbAfter(tokens: Token[], pos: Pos[], from: number): boolean {
  for (let k = from; k < tokens.length; k++) {
    const t = tokens[k]!
    if (pos[k] === 'aux' || (pos[k] === 'verb' && !t.tags.has('Gerund') && !/ing$/.test(t.lower)) || (pos[k] !== 'verb' && irregularPasts.has(t.lower))) return true
    if (pos[k] === 'wh' || /[,;:]/.test(t.post)) return false
  }
  return false
}

export function actionVerbEarlierInClause(tokens: Token[], pos: Pos[], i: number): boolean {
  const nominal = (q: Pos | undefined) => q === 'noun' || q === 'propn' || q === 'pron' || q === 'det' || q === 'adj' || q === 'num'
  for (let k = i - 2; k >= 0; k--) {
    // "investigating him and senior commanders on insurrection charges": an "and" inside the object list.
    if (pos[k] === 'conj' && tokens[k]!.lower === 'and' && nominal(pos[k - 1]) && nominal(pos[k + 1])) continue
    if (pos[k] === 'wh' || pos[k] === 'conj' || subordinators.has(tokens[k]!.lower)) return false
    if (pos[k] === 'verb') return !nonActionVerbForms.has(tokens[k]!.lower)
  }
  return false
}

export function knownVerbLemma(word: string): boolean {
  return knownVerbs.has(word) || actionVerbLemmas.has(word)
}

/** "freeze … and ban": coordinated verbs share their form. */
export function sameForm(a: Token, b: Token): boolean {
  const aPast = isPastForm(a)
  const bPast = isPastForm(b)
  return aPast === bPast
}

export const subordinators = new Set(['after', 'before', 'because', 'while', 'as', 'when', 'since', 'until', 'if', 'although', 'though', 'once', 'whereas', 'unless'])
export const intentionVerbForms = new Set('plans|aims|seeks|hopes|wants|intends|needs|vows|promises|pledges|threatens|agrees|expects|wishes|fails|refuses|offers|calls|urges|decides|tries|attempts|prepares|moves'.split('|'))
const nonActionVerbForms = new Set('said|says|say|told|tells|thinks|thought|believes|believed|knows|knew|feels|felt|expects|expected|hopes|hoped|shows|showed|suggests|suggested|found|finds|warned|warns|argued|argues|claimed|claims|reported|reports|added|adds|noted|notes'.split('|'))

const knownVerbs = new Set(
  ('ban|freeze|block|cut|raise|lower|sell|buy|close|open|hit|halt|end|stop|launch|sign|seize|fund|back|cap|curb|lift|limit|' +
    'ease|boost|impose|target|order|suspend|expand|reduce|increase|extend|approve|reject|veto|pass|adopt|pledge|vow|urge|' +
    'call|warn|offer|deliver|send|build|hire|fire|strike|attack|arrest|charge|fine|sue|appeal|plan|test|study|share|trade|' +
    'export|import|tax|spend|pay|lend|borrow|invest|merge|acquire|release|publish|report|record|return|resume|restart').split('|'),
)
