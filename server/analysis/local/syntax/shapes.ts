/** The parse of one sentence: a coarse part of speech per token, and its verb groups. Types only. */
import type { Sentence, Token } from '../text'

export type Pos = 'noun' | 'propn' | 'pron' | 'verb' | 'aux' | 'neg' | 'adj' | 'adv' | 'det' | 'prep' | 'conj' | 'num' | 'part' | 'to' | 'wh' | 'other'

export interface Parsed {
  sentence: Sentence
  tokens: Token[]
  pos: Pos[]
  groups: VerbGroup[]
  /** Tokens of a dateline ("GENEVA, May 12 –"), never part of a clause. */
  dateline: number
}

export interface VerbGroup {
  from: number
  to: number
  main: number
  lemma: string
  aux: string[]
  negated: boolean
  passive: boolean
  progressive: boolean
  perfect: boolean
  /** finite, to-infinitive, gerund (-ing without auxiliary), bare participle (-ed without auxiliary). */
  form: 'finite' | 'infinitive' | 'gerund' | 'participle'
  /** The modal or future auxiliary, if any. */
  modal: string | undefined
  /** The main verb is in the past tense (or a perfect). */
  past: boolean
  /** Only auxiliaries: a copula or "have" as the main verb. */
  copular: boolean
}
