/**
 * A small shallow parser over compromise's tags: a coarse part of speech per token (with fixes for
 * compromise's usual slips: "after talks with", "Mosquito numbers rose", ", killing 15 people"),
 * verb groups (auxiliaries + main verb + particle) with voice, tense and modality, and noun phrases.
 *
 * This file is the entry: parseSentence and the word classes the frame rules read. The parts live in
 * syntax/: part-of-speech tagging, verb groups and the dateline, and verb morphology.
 */
import type { Sentence } from './text'
import { basePos, fixPos } from './syntax/pos'
import type { Parsed, Pos } from './syntax/shapes'
import { findDateline, findVerbGroups } from './syntax/verb-groups'

export type { Parsed, Pos, VerbGroup } from './syntax/shapes'
export { isDictionaryWord, lemmaOf, participleOf, pastOf } from './syntax/morphology'

export function parseSentence(sentence: Sentence): Parsed {
  const tokens = sentence.tokens
  const dateline = findDateline(sentence)
  const pos = tokens.map((t, i) => basePos(t, tokens, i))
  fixPos(tokens, pos)
  const groups = findVerbGroups(tokens, pos, dateline)
  return { sentence, tokens, pos, groups, dateline }
}

export const NP_POS = new Set<Pos>(['noun', 'propn', 'pron', 'adj', 'det', 'num'])
export const HEAD_POS = new Set<Pos>(['noun', 'propn', 'pron', 'num'])

/** Quantity words whose "of" phrase is the real head ("tens of thousands of people"). */
export const quantityHeads = new Set(
  'tens|thousands|hundreds|millions|billions|dozens|scores|number|numbers|majority|minority|most|some|all|both|each|none|many|few|half|part|rest|group|groups|lot|lots|more|one|two|three|several|handful|wave|series|crowd|team|line|range|pair'.split('|'),
)
