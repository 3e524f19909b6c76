/**
 * Discourse memory: what "he", "it", "they" and "the company" refer to. It holds the names of the
 * sentences already read (`after` is called once per sentence, in order) and, for a pronoun or a
 * definite description at a position, looks back for the latest name that fits. It never changes the
 * entity table it reads.
 */
import type { EntityMentionRef, EntityTable } from '../entities'
import type { Parsed } from '../syntax'

interface Referent {
  text: string
  kind: 'person' | 'organisation' | 'place' | 'other'
  sentence: number
  token: number
  head: string
  /** Many ("the rebels"): "they", never "it". */
  plural?: boolean
}

export class Discourse {
  private readonly recent: Referent[] = []
  constructor(private readonly table: EntityTable) {}

  /** The most recent referent that fits the pronoun, before (sentence, token). */
  resolve(pronoun: string, sentence: number, token: number): Referent | undefined {
    const want =
      ['he', 'she', 'him', 'her', 'his', 'hers'].includes(pronoun) ? 'person' : ['it', 'its'].includes(pronoun) ? 'organisation' : ['they', 'them', 'their'].includes(pronoun) ? 'organisation' : undefined
    if (!want) return undefined
    const candidates = [...this.recent, ...this.mentionsIn(sentence, token)]
    const singular = ['it', 'its'].includes(pronoun)
    for (let i = candidates.length - 1; i >= 0; i--) {
      const c = candidates[i]!
      if (c.kind !== want || (singular && c.plural)) continue
      // A body noted as a sentence's subject is "they" only when it is many ("the rebels"), not "the presidency".
      if (!singular && c.token === Infinity && !c.plural) continue
      return c
    }
    return undefined
  }

  /**
   * The body a sentence's main clause is about ("Greece's migration ministry rejected the report …"): what
   * "it" or "they" in the next sentence most likely means, before any name the sentence mentioned in passing.
   * Called once per sentence, before `after`.
   */
  noteSubject(text: string, sentence: number, plural: boolean): void {
    this.subject = { text, kind: 'organisation', sentence, token: Infinity, head: text, plural }
  }

  private subject: Referent | undefined

  /**
   * "the company": the last organisation named, not one of `exclude` ("It ordered the company" is not
   * itself). A description that says what kind of body it is ("the bank", "the airline") takes only a name
   * that says so too ("Deutsche Bank", not the Reuters before it). A description keeps the referent it was
   * first given, whichever clause asks again ("ordered the company to run a campaign": the company runs it).
   */
  resolveDefinite(noun: string, sentence: number, token: number, exclude: readonly string[] = []): Referent | undefined {
    const key = `${sentence}:${token}`
    if (this.definites.has(key)) return this.definites.get(key)
    const found = this.findDefinite(noun, sentence, token, exclude)
    this.definites.set(key, found)
    return found
  }

  private readonly definites = new Map<string, Referent | undefined>()

  private findDefinite(noun: string, sentence: number, token: number, exclude: readonly string[]): Referent | undefined {
    const candidates = [...this.recent, ...this.mentionsIn(sentence, token)]
    const want = ['city', 'state', 'country'].includes(noun) ? 'place' : 'organisation'
    const generic = want === 'place' || GENERIC_ORG_NOUNS.has(noun)
    for (let i = candidates.length - 1; i >= 0; i--) {
      const c = candidates[i]!
      if (c.kind !== want || exclude.includes(c.text)) continue
      if (!generic && !new RegExp(`\\b${noun}`, 'i').test(c.text)) continue
      // "The company did not name …": a business, never the government named in between; and one body,
      // never the analysts a sentence was about.
      if (BUSINESS_NOUNS.has(noun) && PUBLIC_BODY.test(c.text)) continue
      if (c.plural) continue
      if (want === 'place' && sentence - c.sentence > 3) return undefined
      if (sentence - c.sentence > 4) return undefined
      return c
    }
    return undefined
  }

  /** A sentence begins: its dateline ("KHARTOUM, Nov 24 (Reuters) -") names no one a pronoun points back to. */
  enter(p: Parsed): void {
    this.datelines.set(p.sentence.index, p.dateline)
  }

  after(p: Parsed): void {
    this.enter(p)
    this.recent.push(...this.mentionsIn(p.sentence.index, Infinity))
    if (this.subject?.sentence === p.sentence.index) this.recent.push(this.subject)
  }

  private readonly datelines = new Map<number, number>()

  private mentionsIn(sentence: number, before: number): Referent[] {
    const list: EntityMentionRef[] = this.table.bySentence.get(sentence) ?? []
    const floor = this.datelines.get(sentence) ?? 0
    return list
      .filter((m) => m.to <= before && m.from >= floor)
      .map((m) => {
        const e = this.table.entities[m.entity]!
        return { text: e.text, kind: e.kind, sentence, token: m.from, head: e.text }
      })
  }
}

/** Descriptions that fit any organisation ("the company", "the group"); others must match the name. */
const GENERIC_ORG_NOUNS = new Set(['company', 'firm', 'group', 'business', 'conglomerate', 'giant', 'organisation', 'organization', 'start-up', 'startup', 'maker', 'manufacturer', 'producer', 'provider', 'operator', 'brand', 'owner', 'parent', 'unit', 'subsidiary'])

/** Descriptions of a business: a ministry or a government is never "the company". */
const BUSINESS_NOUNS = new Set(['company', 'firm', 'business', 'conglomerate', 'giant', 'start-up', 'startup', 'maker', 'manufacturer', 'producer', 'provider', 'operator', 'brand', 'subsidiary'])
const PUBLIC_BODY = /\b(?:government|ministry|administration|parliament|congress|senate|council|commission|police|army|military|court|agency|authorities|department|cabinet|presidency|regulator)\b/i
