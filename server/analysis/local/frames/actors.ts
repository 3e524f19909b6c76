/**
 * A frame's actors. `collect` turns one noun phrase into actors (names, human groups, resolved pronouns)
 * or, when it names none, a resource, pushing into the lists it is given. A pronoun is resolved here once
 * (pronounReferent), the same way for the actors and for the frame's description (unitsText). Also:
 * of a name and its apposition keep the name, and one entry per actor, in its strongest role.
 */
import type { ActorEntry, ResourceEntry } from '../../../../src/protocol/analysis'
import type { EntityMentionRef } from '../entities'
import { countryOfDemonym, isDemonym } from '../entities'
import { locativePrepositions } from '../lexicon'
import type { Parsed } from '../syntax'
import type { Token } from '../text'
import type { Discourse } from './discourse'
import { firstContent, headOf, isTimePhrase, nominalText, plainText } from './noun-phrases'
import { pronounReferent, subjectReferent } from './pronouns'
import { FORCES, isHumanHead, isOrgReference } from './people'
import { resourceType } from './resources'
import type { Clause, FrameInput, Unit } from './shapes'
import { DESTINATION_PREPS, MOTION_VERBS, PLACE_ACTOR_PREPS, PLACE_LIKE_NOUNS, TRANSFER_VERBS, VISIT_VERBS } from './words'

export interface ActorDraft {
  text: string
  role: ActorEntry['role']
  start: number
  end: number
  named: boolean
}

/** Turns a noun phrase into actors (names, groups, resolved pronouns) or resources. */
export function collect(
  input: FrameInput,
  p: Parsed,
  u: Unit,
  role: ActorEntry['role'],
  lemma: string,
  actors: ActorDraft[],
  resources: ResourceEntry[],
  memory: Discourse,
  isSubject: boolean,
  locative = false,
): void {
  const { tokens, pos } = p
  const s = p.sentence
  // ("according to the International Organization for Migration": a name may run past the phrase's head.)
  const mentions = (input.entities.bySentence.get(s.index) ?? []).filter((m) => (m.from >= u.from && m.to <= u.to) || (u.head >= m.from && u.head < m.to))
  const head = tokens[u.head]!
  const headMention = mentions.find((m) => u.head >= m.from && u.head < m.to)
  const prep = u.prep
  let produced = false
  // A phrase attached to the subject ("Voters in Chile", "Researchers from Oxford") adds names only.
  const attached = isSubject && prep !== undefined
  if (attached && locativePrepositions.has(prep)) locative = true

  // Nominal head ("Pakistan's government", "Italian coast guard vessels", "Altair shareholders").
  if (!headMention && !attached) {
    if (pos[u.head] === 'pron') {
      // "lawmakers voted it down": "it" after a verb is most often the thing just told of, not a body named before.
      const referent = pronounReferent(input, p, u.head, memory, !isSubject && ['it', 'its'].includes(head.lower))
      // "…criticised Russia, saying it had violated": the one who judged it says so.
      if (referent?.judge) {
        const judge = referent.judge
        const who = subjectReferent(input, p, judge, memory)
        actors.push({ text: who.text, role: 'source', start: tokens[judge.from]!.start, end: tokens[judge.to - 1]!.end, named: who.named })
      }
      if (referent?.thing) {
        // "…the plan, saying it did not protect workers": the plan is what the act is about, no one acting.
        resources.push(resourceOf(p, referent.thing, plainText(input.content, p, referent.thing), isSubject ? `subject of ${lemma}` : `object of ${lemma}`))
        return
      }
      if (referent) {
        actors.push({ text: referent.text, role, start: head.start, end: head.end, named: referent.named })
        produced = true
      }
    } else if (isOrgReference(p, u)) {
      // "It also ordered the company to …": whom an act is done to is not who does it.
      const resolved = memory.resolveDefinite(head.lower, s.index, u.from, isSubject ? [] : actors.filter((a) => a.role === 'agent').map((a) => a.text))
      const nominal = nominalText(input.content, p, u)
      actors.push(resolved ? { text: resolved.text, role, start: head.start, end: head.end, named: true } : { text: nominal.text, role, start: nominal.start, end: nominal.end, named: false })
      produced = true
    } else if (isSubject && role === 'agent' && WEAPONS.has(head.lower) && weaponOwner(p, u)) {
      // "Russian drones struck an energy facility": whose weapons struck.
      const owner = weaponOwner(p, u)!
      actors.push({ text: owner.country, role, start: owner.token.start, end: owner.token.end, named: true })
      produced = true
    } else if ((isHumanHead(p, u) || (isSubject && role === 'agent' && FORCES.has(head.lower))) && !(locative && PLACE_LIKE_NOUNS.has(head.lower))) {
      const nominal = nominalText(input.content, p, u)
      actors.push({ text: nominal.text, role, start: nominal.start, end: nominal.end, named: false })
      produced = true
    } else {
      // "the assets of 28 individuals": people inside an "of" phrase take part too.
      for (let k = u.from; k < u.to; k++) {
        if (tokens[k]!.lower !== 'of') continue
        let e = k + 1
        while (e < u.to && tokens[e]!.lower !== 'of') e++
        const inner: Unit = { from: k + 1, to: e, head: headOf(p, k + 1, e) }
        if (isHumanHead(p, inner) && !mentions.some((m) => inner.head >= m.from && inner.head < m.to)) {
          const nominal = nominalText(input.content, p, inner)
          actors.push({ text: nominal.text, role: 'participant', start: nominal.start, end: nominal.end, named: false })
        }
      }
    }
  }

  for (const m of mentions) {
    const entity = input.entities.entities[m.entity]!
    const isHead = u.head >= m.from && u.head < m.to
    const possessive = /['’]s?$/.test(tokens[m.to - 1]!.text) && !isHead
    if (entity.kind === 'place') {
      // "arrived in Kyiv", "visited Gondor": the destination of a visit takes part in it.
      if (isHead && !isSubject && isDestination(lemma, prep)) {
        actors.push({ text: entity.text, role: prep === undefined ? role : 'participant', start: m.start, end: m.end, named: true })
        produced = true
        continue
      }
      if (locative) continue
      // "a reservoir on the Indio River": a river, lake or sea is where, never who, unless it is what the clause is about.
      if (!isSubject && NATURAL_FEATURE.test(entity.text)) continue
      if (!isSubject && prep !== undefined && role !== 'agent' && !PLACE_ACTOR_PREPS.has(prep) && !(prep === 'to' && TRANSFER_VERBS.has(lemma))) continue
      if (!isHead && !possessive) continue
      if (isHead && !isSubject && MOTION_VERBS.has(lemma)) continue
      if (!isHead && produced) continue
      // "Exports to China fell", "Voters in Chile": a place attached to the subject takes part, it does not act.
      actors.push({ text: entity.text, role: isHead && !attached ? role : 'participant', start: m.start, end: m.end, named: true })
      produced = produced || isHead
      continue
    }
    // "Fornost and Gondor welcomed": names joined to the head by "and", "or" or a list's commas act alike.
    if (!isHead && !attached && coordinatedWithHead(p, m, u)) {
      actors.push({ text: entity.text, role, start: m.start, end: m.end, named: true })
      continue
    }
    // A name inside a phrase about something else ("its Marketplace service") is a product or brand,
    // unless it owns it ("Tehran's programme") or the phrase names people ("Altair shareholders").
    if (!isHead && !possessive && !isHumanHead(p, u) && !attached) continue
    // Already named in a nominal actor's words ("the government of Gondor").
    if (!isHead && actors.some((a) => !a.named && a.start <= m.start && a.end >= m.end)) continue
    if (entity.kind === 'other' && !isHead) continue
    if (entity.kind === 'other' && !isSubject && role !== 'agent' && prep !== 'against') {
      // An unknown name as an object is usually a product or a title, not an actor ("against" one is a party).
      continue
    }
    actors.push({ text: entity.text, role: attached || (!isHead && produced) ? 'participant' : role, start: m.start, end: m.end, named: true })
    produced = produced || isHead || !attached
  }
  if (produced || attached) return
  if (locative) return
  // Not an actor: a resource, unless it is a bare pronoun, a time or a demonym.
  if (pos[u.head] === 'pron' || isTimePhrase(p, u)) return
  const text = plainText(input.content, p, u)
  if (!text || isDemonym(text)) return
  resources.push(resourceOf(p, u, text, prep ? `"${prep}" phrase of ${lemma}` : isSubject ? `subject of ${lemma}` : `object of ${lemma}`))
}

/** A noun phrase as a resource of the act: its words, its kind, and where it stands. */
function resourceOf(p: Parsed, u: Unit, text: string, usage: string): ResourceEntry {
  const start = p.tokens[firstContent(p, u)]!.start
  const end = p.tokens[u.to - 1]!.end
  return { text, type: resourceType(p, u, text), state: '', usage, span: { start, end: Math.max(end, start + 1) } }
}

const NATURAL_FEATURE = /\s(?:River|Lake|Sea|Ocean|Canal|Bay|Strait|Gulf|Mountains|Valley|Islands?|Desert|Peninsula|Coast|Basin|Delta|Glacier|Falls)$/

const WEAPONS = new Set(['drones', 'drone', 'missiles', 'missile', 'rockets', 'rocket', 'shells', 'warplanes', 'warplane', 'jets', 'bombers', 'artillery', 'tanks', 'warships', 'warship', 'airstrikes', 'strikes', 'gunboats', 'helicopters'])

/** The country of a demonym before a weapon ("Russian drones"), with its token. */
function weaponOwner(p: Parsed, u: Unit): { country: string; token: Token } | undefined {
  for (let k = u.from; k < u.head; k++) {
    const country = countryOfDemonym(p.tokens[k]!.text)
    if (country) return { country, token: p.tokens[k]! }
  }
  return undefined
}

/** Whether a place after `lemma` (as its object when `prep` is undefined) is where a visit goes. */
function isDestination(lemma: string, prep: string | undefined): boolean {
  if (!VISIT_VERBS.has(lemma)) return false
  return prep === undefined ? lemma === 'visit' || lemma === 'tour' : DESTINATION_PREPS[lemma]?.has(prep) === true
}

/** "Minister of Trade | and | Industry": an office's field continued after "and", no name of its own. */
function officeOf(p: Parsed, last: Unit, u: Unit): boolean {
  const { tokens } = p
  if (u.from !== last.to + 1 || tokens[last.to]!.lower !== 'and' || u.to - u.from > 2) return false
  const of = tokens.slice(last.from, last.to).findIndex((t) => t.lower === 'of')
  if (of < 0 || !/^\p{Lu}/u.test(tokens[last.to - 1]!.text)) return false
  return tokens.slice(u.from, u.to).every((t) => /^\p{Lu}/u.test(t.text))
}

/**
 * "The Food and Drug Administration", "Procter and Gamble": phrases split at "and" that one name spans are
 * one phrase again, headed where the name ends.
 */
function joinNames(input: FrameInput, p: Parsed, units: Unit[]): Unit[] {
  const mentions = input.entities.bySentence.get(p.sentence.index) ?? []
  const out: Unit[] = []
  for (const u of units) {
    const last = out[out.length - 1]
    const spanning = last && mentions.find((m) => m.from <= last.head && m.from >= last.from && m.to > u.from && m.to <= u.to && u.from > last.head)
    if (last && spanning && !u.prep) out[out.length - 1] = { ...last, to: u.to, head: u.head }
    else if (last && !u.prep && officeOf(p, last, u) && !mentions.some((m) => m.from >= u.from && m.from < u.to)) out[out.length - 1] = { ...last, to: u.to }
    else out.push(u)
  }
  return out
}

/** Of a name and its apposition ("Its leader, Marisol Pardo"), keep the name. */
export function mergeAppositions(input: FrameInput, p: Parsed, given: Unit[]): Unit[] {
  const units = joinNames(input, p, given)
  const named = (u: Unit) => (input.entities.bySentence.get(p.sentence.index) ?? []).some((m) => u.head >= m.from && u.head < m.to)
  const drop = new Set<Unit>()
  units.forEach((u, i) => {
    const partner = units[i - 1]
    if (!u.apposition || !partner) return
    if (named(u) && !named(partner)) drop.add(partner)
    else if (named(partner) && !named(u)) drop.add(u)
  })
  return units.filter((u) => !drop.has(u))
}

export function mergeActors(actors: ActorDraft[]): ActorDraft[] {
  const rank: Record<ActorEntry['role'], number> = { agent: 0, patient: 1, recipient: 2, source: 3, participant: 4 }
  const byKey = new Map<string, ActorDraft>()
  for (const a of actors) {
    const key = a.text.toLowerCase().replace(/^the\s+/, '')
    const prev = byKey.get(key)
    if (!prev || rank[a.role] < rank[prev.role]) byKey.set(key, prev ? { ...a, start: prev.start, end: prev.end } : a)
  }
  return [...byKey.values()]
}

export function unitsText(input: FrameInput, p: Parsed, units: Unit[], memory: Discourse): string {
  const first = units[0]
  const last = units[units.length - 1]
  // One stretch of text ("Shares in Thyssenkrupp", "Britain, France and Germany"): quote it whole.
  if (first && last && units.every((u) => p.pos[u.head] !== 'pron') && [...units].sort((a, b) => a.from - b.from)[0] === first && last.to > first.from && last.to - first.from <= 20) {
    return plainText(input.content, p, { from: first.from, to: last.to, head: last.head })
  }
  const parts = units.map((u) => {
    const head = p.tokens[u.head]!
    if (p.pos[u.head] === 'pron') return pronounReferent(input, p, u.head, memory)?.text ?? head.text
    return plainText(input.content, p, u)
  })
  return joinList(parts)
}

const CONJUNCTIONS = new Set(['and', 'or', 'nor', '&'])
const NOT_IN_A_LIST = new Set(['of', 'in', 'from', 'for', 'with', 'at', 'by', 'on', 'to', 'against', 'between', 'who', 'which', 'that'])

/**
 * Whether a name before the phrase's head is one of a list the head ends ("Mordor, Rohan, Fornost and
 * Bree", "Fornost and the evil Gondor"): a conjunction or a list's comma right after it, and no
 * preposition, possessive or relative word between it and the head.
 */
function coordinatedWithHead(p: Parsed, m: EntityMentionRef, u: Unit): boolean {
  if (m.to > u.head) return false
  const { tokens } = p
  const last = tokens[m.to - 1]!
  if (/['’]s?$/.test(last.text)) return false
  const next = tokens[m.to]
  if (!next || !(CONJUNCTIONS.has(next.lower) || /,/.test(last.post))) return false
  let joined = false
  for (let k = m.to; k < u.head; k++) {
    const t = tokens[k]!
    if (NOT_IN_A_LIST.has(t.lower) || /['’]s?$/.test(t.text)) return false
    if (CONJUNCTIONS.has(t.lower)) joined = true
  }
  // A comma alone ("Rohan, the state's foe") may be an apposition: a list ends with a conjunction.
  return joined
}

function joinList(parts: string[]): string {
  const xs = parts.filter((x) => x !== '')
  if (xs.length <= 1) return xs[0] ?? ''
  return `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`
}

/**
 * What an act was done to, as its result says it: "suspending him" is whom "him" stands for, "ordered the
 * company" the company named before, "ordered television and radio stations" the whole list.
 */
export function objectWords(input: FrameInput, p: Parsed, c: Clause, u: Unit, memory: Discourse): string {
  const { tokens } = p
  if (p.pos[u.head] === 'pron' && u.to - u.from === 1) return unitsText(input, p, [u], memory)
  if (isOrgReference(p, u)) return memory.resolveDefinite(tokens[u.head]!.lower, p.sentence.index, u.from)?.text ?? plainText(input.content, p, u)
  const next = c.objects[c.objects.indexOf(u) + 1]
  if (next && next.from === u.to + 1 && ['and', 'or'].includes(tokens[u.to]!.lower)) return plainText(input.content, p, { ...u, to: next.to, head: next.head })
  return plainText(input.content, p, u)
}
