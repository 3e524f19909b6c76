/**
 * Who a clause's subject is, beyond its head noun: the body a sentence is about (for "it" in the next one),
 * whether a thing acts in a clause of its own, and the parties named inside a subject whose head cannot act.
 */
import type { FrameInput, FrameWithoutIndex, Clause, Unit } from './shapes'
import type { Parsed } from '../syntax'
import type { ActorDraft } from './actors'
import type { Discourse } from './discourse'
import { plainText } from './noun-phrases'
import { isHumanHead, isOrgReference } from './people'

/**
 * The first finite clause of a sentence whose own subject is a body ("Greece's migration ministry rejected
 * …", "The rebels said …"): noted as what "it" or "they" next most likely means. Whether one was noted.
 */
export function noteSubject(input: FrameInput, p: Parsed, c: Clause, frame: FrameWithoutIndex, memory: Discourse): boolean {
  if (c.borrowed || c.group.form !== 'finite') return false
  const head = c.subject.find((u) => u.prep === undefined)
  // "The suspects … were detained. They are accused …": people a passive is about are what "they" next means.
  if (c.group.passive) {
    const people = c.subject.find((u) => u.prep === undefined && isHumanHead(p, u) && p.pos[u.head] !== 'pron')
    if (!people) return false
    const plural = p.tokens[people.head]!.tags.has('Plural') || /s$/.test(p.tokens[people.head]!.lower)
    memory.noteSubject(plainText(input.content, p, people), p.sentence.index, plural)
    return true
  }
  const agent = frame.actors.entries.find((a) => a.role === 'agent')
  if (!head || !agent || p.pos[head.head] === 'pron') return false
  const named = input.entities.entities.find((e) => e.text === agent.text)
  if (named ? named.kind !== 'organisation' : !(isOrgReference(p, head) || isHumanHead(p, head))) return true
  memory.noteSubject(agent.text, p.sentence.index, !named && (p.tokens[head.head]!.tags.has('Plural') || /s$/.test(p.tokens[head.head]!.lower)))
  return true
}

/**
 * A finite clause whose own subject is a thing ("The canopy collapsed", "Oil prices rose"), and its outcome. A
 * pronoun is a thing only when `standsForThing` says so ("criticised the plan, saying it would hurt farmers").
 */
export function thingActs(p: Parsed, c: Clause, standsForThing: (u: Unit) => boolean = () => false): boolean {
  const own = c.subject.filter((u) => u.prep === undefined)
  // ", killing 15 people" says what the clause before it did.
  const outcome = c.group.form === 'gerund' && c.borrowed
  if ((c.group.form !== 'finite' || c.borrowed || c.group.passive) && !outcome) return false
  if (own.length === 0) return false
  // "with safety standards often ignored": a participle after "with" describes, it does not act.
  if (p.tokens[own[0]!.from - 1]?.lower === 'with') return false
  return own.every((u) => (p.pos[u.head] === 'noun' && !['one', 'ones'].includes(p.tokens[u.head]!.lower)) || (p.pos[u.head] === 'pron' && standsForThing(u)))
}

export function unitsPlain(input: FrameInput, p: Parsed, units: Unit[]): string {
  return units.map((u) => `${u.prep ?? ''} ${plainText(input.content, p, u)}`).join(' ').toLowerCase()
}

/** The people, organisations and polities named inside a clause's own subject phrases (not its "of" or "in" phrases). */
export function partiesInSubject(input: FrameInput, p: Parsed, c: Clause): ActorDraft[] {
  if (c.borrowed || c.group.form !== 'finite') return []
  return namedIn(
    input,
    p,
    c.subject.filter((u) => u.prep === undefined),
  ).filter((a) => a.kind !== 'other')
}

/** The names inside these phrases, as agents. */
export function namedIn(input: FrameInput, p: Parsed, units: Unit[]): Array<ActorDraft & { kind: string }> {
  const mentions = input.entities.bySentence.get(p.sentence.index) ?? []
  return units
    .flatMap((u) => mentions.filter((m) => m.from >= u.from && m.to <= u.to))
    .map((m) => ({ m, entity: input.entities.entities[m.entity]! }))
    .map(({ m, entity }) => ({ text: entity.text, role: 'agent' as const, start: m.start, end: m.end, named: true, kind: entity.kind }))
}
