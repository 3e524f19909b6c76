/**
 * The last of fixPos's corrections (./pos.ts), once every word's own slip is mended: verbs that only the clause
 * around them shows ("Mosquito numbers rose sharply", "… and ban exports").
 */
import type { Token } from '../text'
import { isPastForm } from './morphology'
import { knownVerbLemma, sameForm, subordinators } from './pos-cues'
import type { Pos } from './shapes'

export function fixVerbsAfterSubjects(tokens: Token[], pos: Pos[]): void {
  // "Mosquito numbers rose sharply": a past form after the subject, before any verb, is the verb.
  let seenVerb = false
  for (let i = 0; i < tokens.length; i++) {
    const p = pos[i]
    if (p === 'verb' || p === 'aux') seenVerb = true
    if (p === 'wh' || p === 'conj' || subordinators.has(tokens[i]!.lower)) seenVerb = false
    if (seenVerb) continue
    const t = tokens[i]!
    // "Iran yesterday released two French teachers": a time word may stand between them.
    const timeBetween = i > 1 && /^(?:yesterday|today|tonight)$/.test(tokens[i - 1]!.lower) && (pos[i - 2] === 'noun' || pos[i - 2] === 'propn')
    if ((p === 'noun' || p === 'adj') && i > 0 && isPastForm(t) && !/-/.test(t.text) && (pos[i - 1] === 'noun' || pos[i - 1] === 'propn' || pos[i - 1] === 'pron' || timeBetween) && !/,/.test(tokens[i - 1]!.post)) {
      pos[i] = 'verb'
      t.tags.add('PastTense')
      seenVerb = true
    }
  }
  // "… and ban exports": a bare verb form after "and" that follows a verb's object.
  for (let i = 2; i < tokens.length - 1; i++) {
    const t = tokens[i]!
    if ((pos[i] !== 'noun' && !(pos[i] === 'adj' && isPastForm(t))) || tokens[i - 1]!.lower !== 'and') continue
    const verbBefore = pos.slice(0, i - 1).some((p) => p === 'verb')
    const n = pos[i + 1]
    const compromiseVerb = knownVerbLemma(t.lower)
    const nextWord = tokens[i + 1]!.lower
    const objectNext = n === 'det' || n === 'noun' || n === 'num' || n === 'propn' || n === 'adj' || ['about', 'nearly', 'some', 'more', 'around', 'up'].includes(nextWord)
    if (verbBefore && (compromiseVerb || isPastForm(t)) && objectNext && !t.tags.has('Plural')) {
      const earlier = pos.slice(0, i - 1).lastIndexOf('verb')
      const earlierTok = tokens[earlier]
      if (earlierTok && sameForm(earlierTok, t)) {
        pos[i] = 'verb'
        t.tags.add('Verb')
      }
    }
  }
}
