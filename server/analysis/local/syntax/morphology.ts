/**
 * Verb morphology through compromise's conjugation tables: a verb's lemma, past participle and simple
 * past, with the irregular forms compromise gets wrong, and whether compromise's lexicon knows a word.
 * Lemmas and participles are cached per word for the life of the process; the answers never change.
 */
import nlp from 'compromise'
import type { Token } from '../text'
import { haveForms } from './words'

/** Lemma of a verb token, via compromise's conjugation tables (cached). */
export function lemmaOf(t: Token): string {
  const word = t.lower.replace(/[’']/g, "'")
  const cached = lemmaCache.get(word)
  if (cached) return cached
  const lemma = computeLemma(word, t.tags)
  lemmaCache.set(word, lemma)
  return lemma
}

/** Past participle of a lemma ("announce" → "announced"). */
export function participleOf(lemma: string): string {
  const cached = participleCache.get(lemma)
  if (cached) return cached
  let form = irregularParticiples.get(lemma)
  if (!form) {
    const conj = verbs.conjugate(lemma, probeDoc.model)
    form = conj.Participle ?? conj.PastTense ?? `${lemma}ed`
  }
  participleCache.set(lemma, form)
  return form
}

/** Simple past of a lemma ("fall" → "fell"). */
export function pastOf(lemma: string): string {
  const conj = verbs.conjugate(lemma, probeDoc.model)
  return conj.PastTense ?? `${lemma}ed`
}

/** Whether compromise's lexicon lists the (lower-case) word as a noun ("growth", "programmes"). */
export function isLexiconNoun(word: string): boolean {
  const tag = lexicon[word]
  return tag === 'Singular' || tag === 'Plural' || tag === 'Uncountable'
}

/** Whether compromise's lexicon knows the (lower-case) word. */
export function isDictionaryWord(word: string): boolean {
  return Object.hasOwn(lexicon, word)
}

export function isPastForm(t: Token): boolean {
  return irregularPasts.has(t.lower) || (/[a-z]ed$/.test(t.lower) && t.lower.length > 4) || t.tags.has('PastTense')
}

export const irregularPasts = new Set(
  ('rose|fell|began|sought|struck|drew|won|shot|met|led|left|took|gave|sent|spent|built|bought|sold|brought|caught|fought|' +
    'taught|told|made|held|kept|lost|paid|ran|saw|stood|stole|broke|chose|froze|grew|knew|threw|wrote|rode|spoke|woke|' +
    'flew|drove|hid|forgot|undertook|overtook|withdrew|sank|shrank|sprang|swam|hit|cut|put|set|shut|spread|quit|cast|' +
    'forecast|burst|hurt|slid|fled|fed|bled|sped|lent|bent|dealt|felt|meant|swept|lit|spun|stuck|swung|hung|dug|became|' +
    'came|overcame|went|did|had|was|were|found|bound|wound|ground|upheld|withheld|beat|bid|rang|sang|oversaw|underwent|' +
    'struck|shook|arose|awoke|forbade|foresaw|mistook|outgrew|overran|overthrew|rebuilt|resold|retook|upset|wed').split('|'),
)

// compromise's conjugation tables are reachable only through an untyped corner of its API.
interface VerbTransforms {
  toInfinitive(word: string, model: unknown, tense: string): string | undefined
  conjugate(lemma: string, model: unknown): Record<string, string | undefined>
}
const probeDoc = nlp('') as unknown as { methods: { two: { transform: { verb: VerbTransforms } } }; model: unknown }
const verbs = probeDoc.methods.two.transform.verb
const lexicon = (probeDoc.model as { one: { lexicon: Record<string, unknown> } }).one.lexicon

const lemmaCache = new Map<string, string>()
const participleCache = new Map<string, string>()

const irregularParticiples = new Map(
  Object.entries({
    go: 'gone', do: 'done', be: 'been', see: 'seen', know: 'known', show: 'shown', give: 'given', take: 'taken',
    write: 'written', drive: 'driven', rise: 'risen', fall: 'fallen', break: 'broken', choose: 'chosen', speak: 'spoken',
    steal: 'stolen', freeze: 'frozen', begin: 'begun', draw: 'drawn', throw: 'thrown', grow: 'grown', fly: 'flown',
    hide: 'hidden', beat: 'beaten', forget: 'forgotten', eat: 'eaten', swear: 'sworn', wear: 'worn', tear: 'torn',
    withdraw: 'withdrawn', overtake: 'overtaken', undertake: 'undertaken', shake: 'shaken', ride: 'ridden', strike: 'struck',
    shoot: 'shot', win: 'won', lead: 'led', meet: 'met', leave: 'left', sell: 'sold', buy: 'bought', bring: 'brought', run: 'run',
  }),
)

const participleLemmas = new Map<string, string>([...irregularParticiples].map(([lemma, form]) => [form, lemma]))

function computeLemma(word: string, tags: Set<string>): string {
  if (participleLemmas.has(word)) return participleLemmas.get(word)!
  if (word === "'s" || word === 'is' || word === 'are' || word === 'was' || word === 'were' || word === 'been' || word === 'being' || word === 'am') return 'be'
  if (haveForms.has(word) || word === 'has') return 'have'
  // "need", "exceed", "proceed": an -ed ending that is the base's own, not a past ("agreed", "freed").
  if (/eed$/.test(word) && (lexicon[word] === undefined ? !tags.has('PastTense') : lexicon[word] !== 'PastTense')) return word
  const tense = tags.has('Gerund') || /ing$/.test(word)
    ? 'Gerund'
    : tags.has('PastTense') || /ed$/.test(word) || irregularPasts.has(word)
      ? 'PastTense'
      : tags.has('Infinitive')
        ? 'Infinitive'
        : 'PresentTense'
  if (tense === 'Infinitive') return word
  try {
    const out = verbs.toInfinitive(word, probeDoc.model, tense)
    // "siding": an -ing form compromise knows only as a noun is its verb's with the -e back.
    if (tense === 'Gerund' && (out === word || !out)) return gerundStem(word)
    // "rerouted", "outsourced": a prefixed verb compromise does not know is its prefix and its stem's lemma.
    if (out === word || !out) return prefixed(word, tense) ?? word
    return out.length > 1 ? out : word
  } catch {
    return word
  }
}

function gerundStem(word: string): string {
  const stem = word.slice(0, -3)
  if (stem.length < 3) return word
  if (lexicon[`${stem}e`] !== undefined) return `${stem}e`
  return lexicon[stem] !== undefined ? stem : word
}

const PREFIXES = ['re', 'un', 'pre', 'over', 'under', 'out', 'co', 'de', 'dis', 'mis']

function prefixed(word: string, tense: string): string | undefined {
  for (const prefix of PREFIXES) {
    const rest = word.slice(prefix.length)
    if (!word.startsWith(prefix) || rest.length < 4) continue
    const out = verbs.toInfinitive(rest, probeDoc.model, tense)
    if (out && out !== rest && lexicon[out] !== undefined) return prefix + out
  }
  return undefined
}
