/**
 * Verb groups (auxiliaries + main verb + particle) with voice, tense, modality and form, found after the
 * sentence's dateline; and the dateline itself ("GENEVA, May 12 –"), whose tokens findDateline tags
 * as Dateline so that no clause starts in it.
 */
import { phrasalParticles, verbGroupAdverbs } from '../lexicon'
import type { Sentence, Token } from '../text'
import { isPastForm, lemmaOf } from './morphology'
import type { Pos, VerbGroup } from './shapes'
import { beForms, haveForms, modals } from './words'

export function findDateline(s: Sentence): number {
  // "BERLIN, March 3 (Reuters) –" or "KYIV, Oct 4 –": capitals, a date and a dash before the news.
  const tokens = s.tokens
  const limit = Math.min(tokens.length, 10)
  for (let i = 0; i < limit; i++) {
    const t = tokens[i]!
    if (/[–—]|\s-\s|^-\s|\s--\s/.test(` ${t.post}`) || /^\s*[–—-]{1,2}\s*$/.test(t.post.replace(/[,.)]/g, ''))) {
      if (!/[–—-]/.test(t.post)) continue
      const head = tokens.slice(0, i + 1)
      const caps = head.some((x) => /^[A-Z]{3,}/.test(x.text))
      const dateLike = head.some((x) => x.tags.has('Date') || x.tags.has('Month') || x.tags.has('Value'))
      if (caps || (dateLike && head.every((x) => /^[\p{Lu}\d(]/u.test(x.text) || x.tags.has('Date')))) {
        for (const x of head) x.tags.add('Dateline')
        return i + 1
      }
      return 0
    }
  }
  return 0
}

export function findVerbGroups(tokens: Token[], pos: Pos[], dateline: number): VerbGroup[] {
  const groups: VerbGroup[] = []
  let i = dateline
  while (i < tokens.length) {
    const p = pos[i]
    // "ordered Venezuela not to take any action": a negated infinitive opens at its "not".
    const negatedTo = p === 'neg' && pos[i + 1] === 'to'
    const startsGroup = p === 'aux' || p === 'verb' || p === 'to' || negatedTo || (p === 'neg' && (pos[i + 1] === 'aux' || pos[i + 1] === 'verb'))
    if (!startsGroup) {
      i++
      continue
    }
    const from = i
    if (negatedTo) i++
    const infinitive = pos[i] === 'to'
    if (infinitive) i++
    const aux: string[] = []
    let negated = negatedTo
    let main = -1
    while (i < tokens.length) {
      const q = pos[i]
      const t = tokens[i]!
      if (q === 'aux') {
        if (main >= 0) break
        aux.push(t.lower)
        i++
        continue
      }
      if (q === 'neg') {
        negated = true
        i++
        continue
      }
      // "had in return dropped": after an auxiliary, any adverb (fixPos made "in return" one) stays inside.
      if ((q === 'adv' || verbGroupAdverbs.has(t.lower)) && (verbGroupAdverbs.has(t.lower) || /ly$/.test(t.lower) || (aux.length > 0 && main < 0 && q === 'adv')) && (pos[i + 1] === 'verb' || pos[i + 1] === 'aux' || pos[i + 1] === 'adv' || pos[i + 1] === 'neg')) {
        i++
        continue
      }
      if (q === 'verb') {
        main = i
        i++
        const n = tokens[i]
        if (n && (pos[i] === 'part' || (phrasalParticles.has(n.lower) && n.tags.has('Particle')))) i++
        break
      }
      break
    }
    if (main < 0 && aux.length === 0) {
      if (i === from) i++
      continue
    }
    const copular = main < 0
    if (copular) main = lastAuxIndex(tokens, pos, from, i)
    const mainTok = tokens[main]!
    const auxSet = new Set(aux)
    const hasBe = aux.some((a) => beForms.has(a))
    const gerund = mainTok.tags.has('Gerund') || /ing$/.test(mainTok.lower)
    const pastMain = mainTok.tags.has('PastTense') || mainTok.tags.has('Participle') || isPastForm(mainTok)
    const passive = !copular && hasBe && !gerund && (pastMain || mainTok.tags.has('Passive'))
    const modal = aux.find((a) => modals.has(a))
    const form: VerbGroup['form'] = infinitive
      ? 'infinitive'
      : aux.length === 0 && gerund
        ? 'gerund'
        : aux.length === 0 && !copular && pastMain && !mainTok.tags.has('PastTense')
          ? 'participle'
          : 'finite'
    groups.push({
      from,
      to: i,
      main,
      lemma: copular ? lemmaOf(mainTok) : lemmaOf(mainTok),
      aux: [...auxSet],
      negated,
      passive,
      progressive: !copular && hasBe && gerund,
      perfect: aux.some((a) => haveForms.has(a)),
      form,
      modal: modal === 'wo' ? 'will' : modal,
      past: aux.length === 0 ? pastMain && !gerund : aux.some((a) => ['was', 'were', 'had', 'did'].includes(a)) || (aux.some((a) => haveForms.has(a)) && !modal),
      copular,
    })
  }
  return groups
}

function lastAuxIndex(_tokens: Token[], pos: Pos[], from: number, to: number): number {
  for (let k = to - 1; k >= from; k--) if (pos[k] === 'aux') return k
  return from
}
