/**
 * A coarse part of speech per token: compromise's tags mapped to a Pos (basePos), then corrected for
 * compromise's usual slips (fixPos, which rewrites the Pos array in place and may add tags to tokens).
 * One sentence's tokens at a time; nothing is kept between sentences.
 */
import { phrasalParticles, verbGroupAdverbs } from '../lexicon'
import type { Token } from '../text'
import { irregularPasts, isDictionaryWord, isLexiconNoun, isPastForm, lemmaOf } from './morphology'
import { actionVerbEarlierInClause, actionVerbLemmas, BODY_NOUNS, closedPrepositions, determinerLike, firstWord, hasVerbAfter, IN_BETWEEN, ING_NOUNS, ingOfActionVerb, intentionVerbForms, isVerbish, prepLike, REPORTING_FORMS, startsNounPhrase, subordinators, whWords } from './pos-cues'
import { fixVerbsAfterSubjects } from './pos-late'
import type { Pos } from './shapes'
import { beForms, haveForms, modals } from './words'

export function basePos(t: Token, tokens: Token[], i: number): Pos {
  const w = t.lower
  const tags = t.tags
  if (t.text === '') return w === 'not' ? 'neg' : modals.has(w) || beForms.has(w) || haveForms.has(w) || w === 'do' ? 'aux' : 'other'
  if (w === 'not' || w === "n't" || w === 'never') return 'neg'
  // compromise sometimes tags "be" after an adverb as a noun ("must still be approved").
  if ((beForms.has(w) || (modals.has(w) && t.text === w)) && w !== "'s") return 'aux'
  if (whWords.has(w)) return 'wh'
  if (prepLike.has(w)) return 'prep'
  if (closedPrepositions.has(w) && tokens[i + 1] && !/[,;:.]/.test(t.post) && startsNounPhrase(tokens[i + 1]!)) return 'prep'
  if (w === 'to') {
    const next = tokens[i + 1]
    const after = tokens[i + 2]
    // "reference to phasing out oil": "to" before an -ing form is a preposition.
    if (next && /ing$/.test(next.lower) && !next.tags.has('Infinitive')) return 'prep'
    // "access to advanced manufacturing tools": a past form never follows the infinitive's "to".
    if (next && /[a-z]ed$/.test(next.lower) && next.tags.has('PastTense') && !next.tags.has('Infinitive') && !next.tags.has('PresentTense') && !/eed$/.test(next.lower)) return 'prep'
    if (next && isVerbish(next)) return 'to'
    if (next && actionVerbLemmas.has(next.lower) && after && !after.tags.has('Verb')) return 'to'
    if (next && verbGroupAdverbs.has(next.lower) && after && isVerbish(after)) return 'to'
    return 'prep'
  }
  if (tags.has('Possessive') && tags.has('Pronoun')) return 'det'
  if (['its', 'their', 'his', 'her', 'our', 'my', 'your'].includes(w)) return 'det'
  if (tags.has('Pronoun')) return 'pron'
  if (tags.has('Determiner') || determinerLike.has(w)) return 'det'
  if (tags.has('Preposition')) return 'prep'
  if (tags.has('Conjunction')) return 'conj'
  if (tags.has('Auxiliary') || tags.has('Modal') || tags.has('Copula')) return 'aux'
  if (tags.has('Verb')) return tags.has('Particle') ? 'part' : 'verb'
  if (tags.has('Adverb')) return 'adv'
  if (tags.has('Value') || tags.has('NumericValue') || tags.has('Cardinal') || tags.has('Money') || tags.has('Percent')) return 'num'
  if (tags.has('Adjective')) return 'adj'
  if (tags.has('ProperNoun')) return 'propn'
  if (tags.has('Noun')) return 'noun'
  return 'other'
}

/** States one is on or under ("on strike", "under attack"): nouns there, whatever their verb forms. */
/** What a share or rate is counted in: "a 15 percent fall", "a half-point rise". */
const PERCENT_UNITS = new Set(['percent', 'per cent', 'pct', '%', 'point', 'points', 'percentage', 'cent'])

const STATE_NOUNS = new Set(['strike', 'trial', 'hold', 'alert', 'attack', 'fire', 'review', 'pressure', 'watch'])

export function fixPos(tokens: Token[], pos: Pos[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!
    const prev = pos[i - 1]
    const prevTok = tokens[i - 1]
    const next = tokens[i + 1]
    // "according to rights groups": "to" after "according" is a preposition, and a noun follows it.
    if (t.lower === 'to' && prevTok?.lower === 'according') {
      pos[i] = 'prep'
      if (pos[i + 1] === 'verb') pos[i + 1] = 'noun'
      continue
    }
    // "had in return dropped its objection": a set phrase between an auxiliary and its verb is an adverb.
    if ((prev === 'aux' || ['had', 'has', 'have', 'was', 'were', 'is', 'are', 'will', 'would'].includes(prevTok?.lower ?? '')) && next && IN_BETWEEN.has(`${t.lower} ${next.lower}`) && (pos[i + 2] === 'verb' || pos[i + 2] === 'adj')) {
      pos[i - 1] = 'aux'
      pos[i] = 'adv'
      pos[i + 1] = 'adv'
      if (pos[i + 2] === 'adj') pos[i + 2] = 'verb'
      i++
      continue
    }
    // "Several said officers had taken their phones": a saying form after a pronoun-like quantifier is the verb.
    if (REPORTING_FORMS.has(t.lower) && prevTok && ['several', 'many', 'some', 'others', 'most', 'both', 'all', 'few', 'one', 'two', 'three', 'witnesses'].includes(prevTok.lower) && (i < 2 || /[.,;:]/.test(tokens[i - 2]!.post) || pos[i - 2] === 'prep')) {
      pos[i] = 'verb'
      pos[i - 1] = 'noun'
      continue
    }
    // "The U.S. Trade Representative": a capitalised word inside a run of names is not a verb.
    if (pos[i] === 'verb' && i > 0 && /^\p{Lu}/u.test(t.text) && (/^\p{Lu}/u.test(prevTok?.text ?? '') || /^\p{Lu}/u.test(next?.text ?? '')) && !/,/.test(prevTok?.post ?? ',')) {
      pos[i] = 'propn'
      continue
    }
    // "the law likely violated their rights": "likely" between a subject and a past form is an adverb.
    if (t.lower === 'likely' && next && isPastForm(next) && (prev === 'noun' || prev === 'propn' || prev === 'pron') && !/,/.test(t.post)) {
      pos[i] = 'adv'
      pos[i + 1] = 'verb'
      next.tags.add('PastTense')
      i++
      continue
    }
    // "collapsed onto a hamlet late on Saturday": "late" or "early" before a time says when.
    if ((t.lower === 'late' || t.lower === 'early') && next && (['on', 'in', 'last', 'this', 'yesterday', 'today', 'tonight', 'next'].includes(next.lower) || next.tags.has('Date') || next.tags.has('WeekDay'))) {
      pos[i] = 'adv'
      continue
    }
    // "decide meeting by meeting", "step by step", "case by case": a word, "by" and the word again say how, no act.
    if (next?.lower === 'by' && tokens[i + 2]?.lower === t.lower && /^\p{L}+$/u.test(t.text)) {
      pos[i] = 'adv'
      pos[i + 1] = 'adv'
      pos[i + 2] = 'adv'
      continue
    }
    // "reported a 15 percent fall in profit": after "a 15 percent", a change is a noun (and "in" its preposition).
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && PERCENT_UNITS.has(prevTok?.lower ?? '') && pos[i - 2] === 'num' && ['a', 'an', 'the'].includes(tokens[i - 3]?.lower ?? '')) {
      pos[i] = 'noun'
      if (pos[i + 1] === 'part') pos[i + 1] = 'prep'
      continue
    }
    // "had still not been paid", "has already been approved": an adverb compromise took for an adjective inside
    // a verb group, and the "had" before it its auxiliary.
    if ((pos[i] === 'adj' || pos[i] === 'noun') && verbGroupAdverbs.has(t.lower) && (haveForms.has(prevTok?.lower ?? '') || beForms.has(prevTok?.lower ?? '')) && (pos[i + 1] === 'neg' || pos[i + 1] === 'aux' || (next !== undefined && (isPastForm(next) || next.tags.has('PastTense'))))) {
      pos[i] = 'adv'
      if (pos[i - 1] === 'verb') pos[i - 1] = 'aux'
      continue
    }
    // "The company has cut costs": "has" before a past form compromise took for a noun is the perfect's auxiliary.
    if (pos[i] === 'verb' && haveForms.has(t.lower) && next && irregularPasts.has(next.lower) && (pos[i + 1] === 'noun' || pos[i + 1] === 'adj' || pos[i + 1] === 'verb') && !/,/.test(t.post)) {
      pos[i] = 'aux'
      t.tags.add('Auxiliary')
      continue
    }
    // "the country had cut the death rate": a past form right after "had", "has" or "have" is the verb.
    if ((pos[i] === 'noun' || pos[i] === 'adj') && prev === 'aux' && prevTok && haveForms.has(prevTok.lower) && (irregularPasts.has(t.lower) || /[a-z]ed$/.test(t.lower)) && next && pos[i + 1] !== 'verb') {
      pos[i] = 'verb'
      t.tags.add('PastTense')
      continue
    }
    // "the lowest recorded in an outbreak": a participle after a superlative is the superlative's.
    if (pos[i] === 'verb' && prev === 'adj' && /est$/.test(prevTok?.lower ?? '') && tokens[i - 2]?.lower === 'the' && isPastForm(t) && next?.lower !== 'by') {
      pos[i] = 'adj'
      continue
    }
    // "most of them health workers", "for health workers", "because of US export restrictions": a bare "verb"
    // before a plural noun it modifies.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !t.tags.has('Gerund') && !/ing$/.test(t.lower) && next && pos[i + 1] === 'noun' && next.tags.has('Plural') && (prev === 'det' || prev === 'adj' || prev === 'num' || (prev === 'prep' && prevTok?.lower !== 'to') || (prev === 'pron' && tokens[i - 2]?.lower === 'of') || ((prev === 'propn' || (prev === 'noun' && /^\p{Lu}/u.test(prevTok?.text ?? ''))) && pos[i - 2] === 'prep')) && !/,/.test(t.post)) {
      pos[i] = 'noun'
      continue
    }
    // "would add to sales growth from 2028", "its cardiology programmes into": a word the lexicon knows as a noun,
    // after a noun and with no object of its own, is that noun's compound.
    if (pos[i] === 'verb' && isLexiconNoun(t.lower) && !t.tags.has('PastTense') && (prev === 'noun' || prev === 'adj') && prevTok && !/,/.test(prevTok.post) && (!next || pos[i + 1] === 'prep' || /[,;.]/.test(t.post))) {
      pos[i] = 'noun'
      continue
    }
    // "will spin off its programmes": after a modal, a word with its particle is the verb.
    if (pos[i] === 'noun' && prevTok && modals.has(prevTok.lower) && next && ['off', 'out', 'up', 'down', 'back', 'over'].includes(next.lower)) {
      pos[i] = 'verb'
      pos[i + 1] = 'part'
      t.tags.add('Verb')
      i++
      continue
    }
    // "in heating and transport": a bare form that ends a list begun by an -ing word after a preposition is a noun.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && prevTok?.lower === 'and' && /ing$/.test(tokens[i - 2]?.lower ?? '') && pos[i - 3] === 'prep' && (!next || /[,.;]/.test(t.post))) {
      pos[i] = 'noun'
      if (pos[i - 2] === 'verb') pos[i - 2] = 'noun'
      continue
    }
    // "hired outside experts": "outside" before a plural noun, after a verb, is an adjective.
    if (t.lower === 'outside' && prev === 'verb' && next?.tags.has('Plural') && pos[i + 1] === 'noun') {
      pos[i] = 'adj'
      continue
    }
    // "South Korea's opposition-controlled parliament": a hyphenated participle describes the noun after it.
    if (pos[i] === 'verb' && /-[a-z]+(?:ed|led|run|made|held|owned)$/.test(t.lower) && next && (pos[i + 1] === 'noun' || pos[i + 1] === 'propn' || pos[i + 1] === 'adj')) {
      pos[i] = 'adj'
      continue
    }
    // "Iberdrola shares closed 1.2% higher": a plural after a name, before a past form and a figure, is the subject.
    if (pos[i] === 'verb' && /s$/.test(t.lower) && (prev === 'propn' || (prev === 'noun' && /^\p{Lu}/u.test(prevTok?.text ?? ''))) && next && isPastForm(next) && (pos[i + 2] === 'num' || pos[i + 2] === 'adv' || pos[i + 2] === 'prep')) {
      pos[i] = 'noun'
      pos[i + 1] = 'verb'
      next.tags.add('PastTense')
      i++
      continue
    }
    // "demand for electricity would keep growing": "demand" before "for" is the noun.
    if (pos[i] === 'verb' && (t.lower === 'demand' || t.lower === 'demands') && next?.lower === 'for' && prev !== 'aux' && prev !== 'to') {
      pos[i] = 'noun'
      continue
    }
    // "326 people had died there": "there" after a verb says where.
    if (t.lower === 'there' && prev === 'verb' && !(next && (pos[i + 1] === 'aux' || pos[i + 1] === 'verb'))) {
      pos[i] = 'adv'
      continue
    }
    // "Kenyan police fired", "A US court ordered", "Prices rose": a base or -s "verb" right before a
    // past-tense verb is the subject's noun.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !t.tags.has('Gerund') && next && (pos[i + 1] === 'verb' || isPastForm(next)) && next.tags.has('PastTense') && !next.tags.has('Auxiliary') && prev !== 'aux' && prev !== 'to' && !/,/.test(t.post)) {
      pos[i] = 'noun'
      continue
    }
    // "demanded that China release the fishermen": a bare verb after "that" and a name is the verb.
    if (pos[i] === 'noun' && (prev === 'propn' || prev === 'noun') && tokens[i - 2]?.lower === 'that' && actionVerbLemmas.has(t.lower) && next && ['det', 'num', 'propn', 'noun', 'adj'].includes(pos[i + 1] ?? '')) {
      pos[i] = 'verb'
      t.tags.add('Verb')
      t.tags.add('PresentTense')
      continue
    }
    // "by anti-corruption police", "the riot police said": bodies of people that are also verbs.
    if (pos[i] === 'verb' && BODY_NOUNS.has(t.lower) && (prev === 'noun' || prev === 'adj' || prev === 'det' || prev === 'prep' || prev === 'propn')) {
      pos[i] = 'noun'
      continue
    }
    // "told reporters that talks had failed", "said prices would rise": a base or -s "verb" opening a
    // reported clause, right before its auxiliary, is the clause's subject.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !t.tags.has('Gerund') && pos[i + 1] === 'aux' && (prevTok?.lower === 'that' || REPORTING_FORMS.has(prevTok?.lower ?? '')) && !/,/.test(t.post)) {
      pos[i] = 'noun'
      continue
    }
    // "Aid agencies say fighting has blocked deliveries", "said shelling destroyed the hospital": an -ing word
    // opening a reported clause, right before its verb, is what the clause is about, not the speaker at work.
    if (pos[i] === 'verb' && /ing$/.test(t.lower) && (pos[i + 1] === 'aux' || (pos[i + 1] === 'verb' && next?.tags.has('PastTense'))) && (prevTok?.lower === 'that' || REPORTING_FORMS.has(prevTok?.lower ?? '')) && !/,/.test(t.post)) {
      pos[i] = 'noun'
      t.tags.delete('Gerund')
      continue
    }
    // "Dock workers at the port ended", "Shipping lines warned": a base-form or -ing "verb" opening a
    // statement, right before a plural noun that a verb follows, is a noun compound, not an order.
    if (pos[i] === 'verb' && i === firstWord(tokens) && !t.tags.has('PastTense') && next && (pos[i + 1] === 'noun' || pos[i + 1] === 'propn') && /^\p{Ll}/u.test(next.text) && next.tags.has('Plural') && pos.slice(i + 2).some((q) => q === 'verb')) {
      pos[i] = 'noun'
      continue
    }
    // "Flash floods and landslides killed": an -s "verb" listed with a plural noun, a verb still to come, is a noun.
    if (pos[i] === 'verb' && /s$/.test(t.lower) && !t.tags.has('PastTense') && next && ['and', 'or'].includes(next.lower) && pos[i + 2] === 'noun' && tokens[i + 2]!.tags.has('Plural') && prev !== 'aux' && prev !== 'to' && prev !== 'pron' && hasVerbAfter(tokens, pos, i + 3)) {
      pos[i] = 'noun'
      if (prev === 'propn' && i - 1 === firstWord(tokens) && isDictionaryWord(prevTok!.lower)) pos[i - 1] = 'adj'
      continue
    }
    // "Mistral raised": a capitalised adjective opening the sentence before a verb is a name.
    if (pos[i] === 'adj' && /^\p{Lu}/u.test(t.text) && (i === 0 || prev === 'det' || prev === 'conj') && next && pos[i + 1] === 'verb' && !/,/.test(t.post)) {
      pos[i] = 'propn'
      continue
    }
    // "The company plans to open": an intention verb between its subject and "to" is the verb.
    if (pos[i] === 'noun' && intentionVerbForms.has(t.lower) && tokens[i + 1]?.lower === 'to' && (prev === 'noun' || prev === 'propn' || prev === 'pron') && !pos.slice(0, i).some((q) => q === 'verb' || q === 'aux')) {
      pos[i] = 'verb'
      t.tags.add('Verb')
      t.tags.add('PresentTense')
      continue
    }
    // "went on strike in Wolfsburg", "came under attack": a state after "on" or "under" is a noun, not a verb.
    if (pos[i] === 'verb' && (prevTok?.lower === 'on' || prevTok?.lower === 'under') && STATE_NOUNS.has(t.lower)) {
      pos[i] = 'noun'
      t.tags.delete('Verb')
      t.tags.add('Noun')
      continue
    }
    // "in" tagged as a particle where no verb precedes it is a preposition.
    if (pos[i] === 'part' && prev !== 'verb') {
      pos[i] = 'prep'
      continue
    }
    // "shot down 71 of them": a particle right after its verb.
    if (pos[i] === 'prep' && prev === 'verb' && phrasalParticles.has(t.lower) && ['up', 'down', 'off', 'out', 'back', 'away'].includes(t.lower)) {
      pos[i] = 'part'
      continue
    }
    // "to triple capacity": after the infinitive marker, a known verb is a verb whatever its tag.
    if (prev === 'to' && pos[i] !== 'verb' && actionVerbLemmas.has(t.lower)) {
      pos[i] = 'verb'
      t.tags.add('Verb')
      t.tags.add('Infinitive')
      continue
    }
    // "access to advanced manufacturing tools": a past form after a preposition, before a noun, describes it.
    if (pos[i] === 'verb' && prev === 'prep' && prevTok?.lower !== 'by' && t.tags.has('PastTense') && next && (pos[i + 1] === 'noun' || (/ing$/.test(next.lower) && ['noun', 'adj'].includes(pos[i + 2] ?? ''))) && !/,/.test(t.post)) {
      pos[i] = 'adj'
      if (pos[i + 1] !== 'noun') pos[i + 1] = 'noun'
      continue
    }
    // "a televised interview": a participle between a determiner and a noun is an adjective.
    if (pos[i] === 'verb' && (prev === 'det' || prev === 'adj') && t.tags.has('PastTense') && next && (pos[i + 1] === 'noun' || pos[i + 1] === 'propn') && !/,/.test(t.post)) {
      pos[i] = 'adj'
      continue
    }
    // "Kenyan police": a verb right after a demonym is a noun.
    if (pos[i] === 'verb' && prevTok?.tags.has('Demonym') && !t.tags.has('PastTense')) {
      pos[i] = 'noun'
      continue
    }
    // "were wounded" tagged as an adjective: a participle of a known verb after "be" is a passive verb.
    if (pos[i] === 'adj' && prev === 'aux' && prevTok && beForms.has(prevTok.lower) && /(ed|en)$/.test(t.lower) && actionVerbLemmas.has(lemmaOf(t))) {
      pos[i] = 'verb'
      t.tags.add('PastTense')
      t.tags.add('Passive')
      continue
    }
    // "kept growing", "continue rising": an -ing word after an aspect verb is a verb.
    if ((pos[i] === 'noun' || pos[i] === 'adj') && /ing$/.test(t.lower) && prev === 'verb' && prevTok && ['keep', 'continue', 'start', 'begin', 'stop', 'resume', 'kept', 'continued', 'started', 'began', 'stopped', 'resumed', 'keeps', 'continues', 'starts', 'begins'].includes(prevTok.lower)) {
      pos[i] = 'verb'
      t.tags.add('Gerund')
      continue
    }
    // "after talks with", "the demonstration": a verb right after a determiner or adjective is a noun;
    // "condemned the shelling": an -ing form after an article is one too.
    if (pos[i] === 'verb' && (prev === 'det' || prev === 'adj' || prev === 'num' || (prev === 'prep' && prevTok?.lower !== 'by')) && (!t.tags.has('Gerund') || ['the', 'a', 'an', 'its', 'their', 'his', 'her'].includes(prevTok?.lower ?? '')) && !t.tags.has('PastTense')) {
      pos[i] = 'noun'
      continue
    }
    // "Steel prices in Chicago jumped", "while shares in X rose": a plural -s "verb" followed by a
    // preposition, with the clause's verb still to come.
    if (pos[i] === 'verb' && /s$/.test(t.lower) && t.tags.has('PresentTense') && next && (pos[i + 1] === 'prep' || isPastForm(next)) && (prev === undefined || prev === 'noun' || prev === 'adj' || prev === 'det' || prev === 'conj' || subordinators.has(prevTok?.lower ?? '')) && hasVerbAfter(tokens, pos, i + 1)) {
      pos[i] = 'noun'
      continue
    }
    // "an apartment block in Odesa killed", "supply constraints would ease": a present-tense "verb"
    // inside a noun phrase, with the clause's real verb still to come, is a noun.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !t.tags.has('Gerund') && (prev === 'noun' || prev === 'propn') && i >= 2 && (pos[i - 2] === 'det' || pos[i - 2] === 'adj' || pos[i - 2] === 'num') && next?.lower !== 'to' && (hasVerbAfter(tokens, pos, i + 1) || i === tokens.length - 1)) {
      pos[i] = 'noun'
      continue
    }
    // "take minority stakes in the venture", "accessed names, birth dates and …", "raised fuel prices
    // sharply": an -s "verb" inside the object of an earlier verb of the same clause.
    if (
      pos[i] === 'verb' &&
      /s$/.test(t.lower) &&
      !t.tags.has('PastTense') &&
      (prev === 'noun' || prev === 'propn') &&
      (next === undefined || pos[i + 1] === 'prep' || pos[i + 1] === 'conj' || (pos[i + 1] === 'adv' && /ly$/.test(next.lower)) || /[,;.]/.test(t.post)) &&
      actionVerbEarlierInClause(tokens, pos, i)
    ) {
      pos[i] = 'noun'
      continue
    }
    // "in all the polling units and collation centres in the state": a plural after "<plural> and <noun>".
    if (pos[i] === 'verb' && /s$/.test(t.lower) && prev === 'noun' && tokens[i - 2]?.lower === 'and' && pos[i - 3] === 'noun' && /s$/.test(tokens[i - 3]!.lower) && (next === undefined || pos[i + 1] === 'prep' || /[,;.]/.test(t.post))) {
      pos[i] = 'noun'
      continue
    }
    // "…, state media reported": after a comma too.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !t.tags.has('Gerund') && next && pos[i + 1] === 'noun' && (next.tags.has('Plural') || next.lower === 'media') && (pos[i + 2] === 'aux' || pos[i + 2] === 'verb') && (prev === undefined || prev === 'verb' || prev === 'conj' || prev === 'det' || prev === 'adj' || /,/.test(prevTok?.post ?? ''))) {
      pos[i] = 'noun'
      continue
    }
    // '"restores trust"': at the start of a quotation, an -s form before a bare verb form is the verb.
    if ((pos[i] === 'noun' || pos[i] === 'propn') && /s$/.test(t.lower) && /["“]/.test(t.pre + (prevTok?.post ?? '')) && next?.tags.has('Verb') && !next.tags.has('PastTense') && !next.tags.has('Gerund')) {
      pos[i] = 'verb'
      t.tags.add('Verb')
      t.tags.add('PresentTense')
      pos[i + 1] = 'noun'
      continue
    }
    // "Soldiers fighting in Gaza", "companies operating off Guyana": an -ing word between a plural noun and a
    // preposition describes what they are doing.
    if (pos[i] === 'noun' && /ing$/.test(t.lower) && prevTok?.tags.has('Plural') && prev === 'noun' && next && (pos[i + 1] === 'prep' || pos[i + 1] === 'part') && !/,/.test(prevTok.post) && ingOfActionVerb(t.lower)) {
      pos[i] = 'verb'
      t.tags.add('Gerund')
      continue
    }
    // "by combining purchasing and transport,": a bare form after "and" that ends a list begun by an -ing
    // noun is a noun too.
    if (pos[i] === 'verb' && !t.tags.has('PastTense') && !/ing$/.test(t.lower) && prevTok && ['and', 'or'].includes(prevTok.lower) && ['noun', 'adj'].includes(pos[i - 2]!) && /ing$/.test(tokens[i - 2]!.lower) && (!next || /[,.;]/.test(t.post))) {
      pos[i] = 'noun'
      continue
    }
    // "no factories would close.": after a modal, a word that can be a verb is one.
    if (['adv', 'adj', 'noun'].includes(pos[i]!) && prevTok && ['would', 'will', 'could', 'can', 'may', 'might', 'should', 'must', 'shall'].includes(prevTok.lower) && (t.tags.has('Verb') || actionVerbLemmas.has(t.lower)) && !/ly$/.test(t.lower)) {
      pos[i] = 'verb'
      continue
    }
    // "…, shipping data showed": an -ing noun before the noun of a closing report is that noun's.
    if (pos[i] === 'verb' && ING_NOUNS.has(t.lower) && prevTok && /,/.test(prevTok.post) && pos[i + 1] === 'noun' && pos[i + 2] === 'verb' && isPastForm(tokens[i + 2]!)) {
      pos[i] = 'noun'
      continue
    }
    // ", killing 15 people": an -ing word after a comma opens a participial clause ("…, shipping data showed" does not).
    if ((pos[i] === 'noun' || pos[i] === 'adj') && /ing$/.test(t.lower) && prevTok && /,/.test(prevTok.post) && next && !/,/.test(t.post) && !(ING_NOUNS.has(t.lower) && pos[i + 1] === 'noun' && pos[i + 2] === 'verb')) {
      pos[i] = 'verb'
      t.tags.add('Gerund')
    }
  }
  fixVerbsAfterSubjects(tokens, pos)
}
