/**
 * A verb group's arguments: its subject to the left (through relative pronouns, appositions and
 * participle phrases) and its objects, prepositional phrases and verb complement to the right. Pure
 * functions of the parse; whether the clause is an action is decided elsewhere (clauses.ts).
 */
import { attributionVerbs } from '../lexicon'
import type { Parsed, VerbGroup } from '../syntax'
import { NP_POS } from '../syntax'
import { npLeft, npRight, QUANTITY_LEADS } from './noun-phrases'
import type { Unit } from './shapes'
import { INTENTION_NOUNS, SUBORDINATORS } from './words'

interface SubjectSearch {
  units: Unit[]
  inherit: boolean
  reducedRelative: boolean
  /** "Contracts won by Brazilian builders were cancelled": the verb is a participle describing the noun before it, a passive. */
  participle?: boolean
}

export function subjectLeft(p: Parsed, g: VerbGroup): SubjectSearch {
  const { tokens, pos } = p
  const floor = p.dateline
  let k = g.from - 1
  while (k >= floor && (pos[k] === 'adv' || pos[k] === 'neg')) k--
  // "Arnor on Thursday signed", "Arnor yesterday signed": a time between the subject and its verb.
  const time = timeBefore(p, k, floor)
  if (time < k) {
    k = time
    while (k >= floor && (pos[k] === 'adv' || pos[k] === 'neg')) k--
  }
  if (k < floor) return { units: [], inherit: false, reducedRelative: false }
  const t = tokens[k]!
  if (pos[k] === 'conj' && ['and', 'but', 'or', 'then', 'yet'].includes(t.lower)) return { units: [], inherit: true, reducedRelative: false }
  if (pos[k] === 'wh') {
    // "who sponsored the bill": the antecedent is the noun phrase before the relative pronoun…
    let a = k - 1
    if (a >= floor && pos[a] === 'prep') a--
    const units = a >= floor ? npLeft(p, a, floor) : []
    // …past a participle that describes the noun before it ("A Pakistani woman believed linked to Al-Qaeda
    // who shot at …": the woman shot)…
    const first = units[0]
    if (first) {
      let v = first.from - 1
      if (v - 1 >= floor && pos[v] === 'prep' && pos[v - 1] === 'verb' && /ed$/.test(tokens[v - 1]!.lower)) {
        v -= 1
        while (v - 1 >= floor && (pos[v - 1] === 'verb' || pos[v - 1] === 'adv') && !/,/.test(tokens[v - 1]!.post)) v--
        if (v - 1 >= floor && NP_POS.has(pos[v - 1]!) && !/,/.test(tokens[v - 1]!.post)) return { units: npLeft(p, v - 1, floor), inherit: false, reducedRelative: false }
      }
    }
    // …or the name that phrase describes ("Jean Morel, head of the union, who accused …").
    if (first && first.from - 1 >= floor && /,/.test(tokens[first.from - 1]!.post) && NP_POS.has(pos[first.from - 1]!)) {
      return { units: [...npLeft(p, first.from - 1, floor), ...units.map((u) => ({ ...u, apposition: true }))], inherit: false, reducedRelative: false }
    }
    return { units, inherit: false, reducedRelative: false }
  }
  // A past participle glued to the noun before it, after a finite verb: "people displaced by floods".
  if (g.form === 'finite' && g.aux.length === 0 && (pos[k] === 'noun' || pos[k] === 'propn') && !/,/.test(t.post) && finiteBefore(p, g, k)) {
    return { units: [], inherit: false, reducedRelative: true }
  }
  // "Contracts won by Brazilian builders were cancelled": a participle with its "by" before the clause's verb.
  if (g.form === 'finite' && g.aux.length === 0 && (pos[k] === 'noun' || pos[k] === 'propn') && !/,/.test(t.post) && tokens[g.to]?.lower === 'by' && finiteAfter(p, g)) {
    return { units: npLeft(p, k, floor), inherit: false, reducedRelative: false, participle: true }
  }
  if (/,|[–—]/.test(t.post)) {
    const open = openingComma(p, k, floor)
    const segmentFrom = open + 1
    const segment = { from: segmentFrom, to: k + 1 }
    if (isInterjection(p, segment.from, segment.to)) {
      if (open < floor) return { units: [], inherit: false, reducedRelative: false }
      return { units: npLeft(p, open, floor), inherit: false, reducedRelative: false }
    }
    const appositive = npLeft(p, k, segmentFrom).map((u) => ({ ...u, apposition: true }))
    if (open >= floor && NP_POS.has(pos[open]!)) return { units: [...npLeft(p, open, floor), ...appositive], inherit: false, reducedRelative: false }
    return { units: appositive, inherit: false, reducedRelative: false }
  }
  if (!NP_POS.has(pos[k]!)) return { units: [], inherit: false, reducedRelative: false }
  const units = npLeft(p, k, floor)
  // "Astronomers using the telescope have detected", "Oil companies operating off Guyana said": skip a
  // participle phrase after the subject.
  const first = units[0]
  if (first) {
    const v = first.from - 1
    const ing = v - 1
    if ((pos[v] === 'prep' || pos[v] === 'part') && ing - 1 >= floor && pos[ing] === 'verb' && /ing$/.test(tokens[ing]!.lower) && ['noun', 'propn'].includes(pos[ing - 1]!) && !/,/.test(tokens[ing - 1]!.post)) {
      return { units: npLeft(p, ing - 1, floor), inherit: false, reducedRelative: false }
    }
    if (v - 1 >= floor && pos[v] === 'verb' && (tokens[v]!.tags.has('Gerund') || /ing$/.test(tokens[v]!.lower)) && NP_POS.has(pos[v - 1]!) && !/,/.test(tokens[v - 1]!.post)) {
      return { units: npLeft(p, v - 1, floor), inherit: false, reducedRelative: false }
    }
    // "Contracts won by Brazilian builders were cancelled": skip the participle and its "by" phrase.
    if (v - 2 >= floor && tokens[v]!.lower === 'by' && pos[v - 1] === 'verb' && !/ing$/.test(tokens[v - 1]!.lower) && NP_POS.has(pos[v - 2]!) && !/,/.test(tokens[v - 2]!.post) && pos[v - 2] !== 'pron') {
      return { units: npLeft(p, v - 2, floor), inherit: false, reducedRelative: false }
    }
  }
  return { units, inherit: false, reducedRelative: false }
}

const THAT_TIME = /^(?:year|month|week|day|morning|afternoon|evening|night|summer|winter|spring|autumn)$/

/** "Floods triggered by the typhoon": a bare past form glued to its noun, its "by" next, a finite verb after it. */
function describingWithBy(p: Parsed, g: VerbGroup): boolean {
  const before = g.from - 1
  return g.aux.length === 0 && p.tokens[g.to]?.lower === 'by' && before >= 0 && (p.pos[before] === 'noun' || p.pos[before] === 'propn') && !/,/.test(p.tokens[before]!.post) && finiteAfter(p, g)
}

/** A finite verb later in the sentence, with no clause opener between ("won by builders were cancelled"). */
function finiteAfter(p: Parsed, g: VerbGroup): boolean {
  const next = p.groups.find((x) => x.from >= g.to && x.form === 'finite')
  if (!next) return false
  for (let j = g.to; j < next.from; j++) if (opensClause(p, j)) return false
  return true
}

/** A token at which another clause may open: who/which, a conjunction, a subordinator, or a comma after it. */
function opensClause(p: Parsed, j: number): boolean {
  return p.pos[j] === 'wh' || p.pos[j] === 'conj' || SUBORDINATORS.has(p.tokens[j]!.lower) || /[,;]/.test(p.tokens[j]!.post)
}

interface RightScan {
  objects: Unit[]
  pps: Unit[]
  end: number
  complement?: number
}

export function objectsRight(p: Parsed, g: VerbGroup): RightScan {
  const { tokens, pos } = p
  const out: RightScan = { objects: [], pps: [], end: g.to }
  let k = g.to
  if (/[,;:]|[–—]/.test(tokens[g.to - 1]?.post ?? '') && !/^\s*$/.test(tokens[g.to - 1]!.post)) {
    // A comma right after the verb ("…, officials said,"): nothing follows in this clause.
    if (/[;:]/.test(tokens[g.to - 1]!.post)) return out
  }
  let afterComma = /,/.test(tokens[g.to - 1]?.post ?? '')
  while (k < tokens.length) {
    while (k < tokens.length && (pos[k] === 'adv' || pos[k] === 'part' || pos[k] === 'neg') && !/,/.test(tokens[k - 1]?.post ?? '')) k++
    if (k >= tokens.length) break
    // "ordered Venezuela later that year not to take": a time phrase of "that" is no relative clause.
    const thatTime = ['later', 'earlier'].includes(tokens[k]!.lower) && tokens[k + 1]?.lower === 'that' ? k + 1 : tokens[k]!.lower === 'that' ? k : -1
    if (thatTime >= 0 && THAT_TIME.test(tokens[thatTime + 1]?.lower ?? '') && !/,/.test(tokens[k - 1]?.post ?? '')) {
      k = thatTime + 2
      continue
    }
    const t = tokens[k]!
    const q = pos[k]
    if (afterComma) {
      // After a comma: a new clause (noun phrase + verb, -ing, who/which) ends this one.
      if (q === 'verb' || q === 'aux' || q === 'wh' || q === 'conj' || q === 'to') break
      if (NP_POS.has(q!)) {
        const np = npRight(p, k)
        if (!np || followedByVerb(p, np.to)) break
      }
    }
    if (q === 'to') {
      // "a promise not to raise taxes": the "to" phrase completes the noun, not the verb.
      let n = k - 1
      while (n > g.to && pos[n] === 'neg') n--
      if (n >= g.to && !INTENTION_NOUNS.has(tokens[n]!.lower)) out.complement = k
      else if (n < g.to) out.complement = k
      break
    }
    if (q === 'verb' && k === g.to && (t.tags.has('Gerund') || /ing$/.test(t.lower))) {
      out.complement = k
      break
    }
    if (q === 'verb' || q === 'aux' || q === 'wh') break
    if (q === 'conj') {
      // "tents and clean water": coordinated objects; "and cancelled": a new verb.
      if ((t.lower === 'and' || t.lower === 'or') && NP_POS.has(pos[k + 1]!) && (out.objects.length > 0 || out.pps.length > 0)) {
        const np = npRight(p, k + 1)
        if (np && !followedByVerb(p, np.to)) {
          const last = out.pps.length > 0 && (out.objects.length === 0 || out.pps[out.pps.length - 1]!.from > out.objects[out.objects.length - 1]!.from) ? out.pps[out.pps.length - 1] : undefined
          const unit: Unit = last?.prep ? { ...np, prep: last.prep } : np
          if (unit.prep) out.pps.push(unit)
          else out.objects.push(unit)
          out.end = np.to
          afterComma = /,/.test(tokens[np.to - 1]!.post)
          k = np.to
          continue
        }
      }
      break
    }
    if (q === 'prep' && QUANTITY_LEADS.has(t.lower) && pos[k + 1] === 'num' && out.objects.length === 0 && out.pps.length === 0) {
      // "moved about 2,000 troops": a number's "about" is no preposition.
      const np = npRight(p, k + 1)
      if (np) {
        out.objects.push({ ...np, from: k })
        out.end = np.to
        afterComma = /,/.test(tokens[np.to - 1]!.post)
        k = np.to
        continue
      }
    }
    if (q === 'prep') {
      const lower = t.lower
      if (lower === 'than' || lower === 'like') break
      // "accused the Netherlands of abusing export controls": what one is accused of, an -ing phrase.
      const ing = (lower === 'of' || lower === 'for') && (pos[k + 1] === 'verb' || pos[k + 1] === 'noun') && /ing$/.test(tokens[k + 1]!.lower) && NP_POS.has(pos[k + 2] ?? 'other') ? npRight(p, k + 2) : undefined
      // "cutting power to about 40,000 homes": the number's "about" is no second preposition.
      const counted = !ing && QUANTITY_LEADS.has(tokens[k + 1]?.lower ?? '') && pos[k + 2] === 'num' ? npRight(p, k + 2) : undefined
      const np = ing ? { ...ing, from: k + 1 } : counted ? { ...counted, from: k + 1 } : npRight(p, k + 1)
      if (!np) break
      // "after talks with Ryanair collapsed": a subordinate clause, not a phrase.
      if (SUBORDINATORS.has(lower) && (followedByVerb(p, np.to) || verbAfterPhrases(p, np.to))) break
      out.pps.push({ ...np, prep: lower })
      out.end = np.to
      afterComma = /,/.test(tokens[np.to - 1]!.post)
      k = np.to
      if (/[;:]/.test(tokens[np.to - 1]!.post)) break
      continue
    }
    if (NP_POS.has(q!)) {
      const np = npRight(p, k)
      if (!np) break
      if (followedByVerb(p, np.to) && out.objects.length + out.pps.length > 0) break
      // "warned it would take measures": a subject pronoun before its verb opens the clause said.
      if (np.to === np.head + 1 && SUBJECT_PRONOUNS.has(tokens[np.head]!.lower) && pos[np.to] === 'aux' && out.objects.length + out.pps.length === 0) break
      // "over the Kyiv, Odesa and Kharkiv regions": a list inside a prepositional phrase.
      const lastPp = out.pps[out.pps.length - 1]
      const lastObj = out.objects[out.objects.length - 1]
      if (afterComma && lastPp && (!lastObj || lastPp.from > lastObj.from)) {
        out.pps.push({ ...np, prep: lastPp.prep ?? '' })
        out.end = np.to
        afterComma = /,/.test(tokens[np.to - 1]!.post)
        k = np.to
        continue
      }
      if (!afterComma || out.objects.length === 0) out.objects.push(np)
      else if (out.objects.length > 0 && out.pps.length === 0) out.objects.push({ ...np, apposition: true })
      out.end = np.to
      afterComma = /,/.test(tokens[np.to - 1]!.post)
      k = np.to
      if (/[;:]/.test(tokens[np.to - 1]!.post)) break
      continue
    }
    break
  }
  return out
}

const SUBJECT_PRONOUNS = new Set(['it', 'they', 'he', 'she', 'we', 'i'])

/** Verbs after which a clause opens without "that" ("warned rebels would attack"). */
const SAYING = new Set(['warn', 'claim', 'announce', 'report', 'confirm', 'deny', 'allege', 'admit', 'acknowledge', 'suggest', 'indicate', 'fear', 'hope', 'expect', 'predict', 'estimate', 'show', 'find', 'reveal'])

export function finiteBefore(p: Parsed, g: VerbGroup, k: number): boolean {
  // The nearest finite verb before this one ("said it had shot down 62 drones launched overnight": "shot").
  const other = p.groups.filter((x) => x.from < g.from && x.form === 'finite' && !x.copular && !describingWithBy(p, x)).at(-1)
  if (!other) return false
  // "Witnesses said Gondor shelled the town": after a verb of saying, a new clause opens…
  if (attributionVerbs.has(other.lemma) || SAYING.has(other.lemma)) return false
  // …and so does a clause opener between it and this verb, or a comma right after it ('China will respond," …').
  for (let j = other.to - 1; j <= k; j++) if (opensClause(p, j)) return false
  return true
}

function openingComma(p: Parsed, k: number, floor: number): number {
  for (let j = k - 1; j >= floor; j--) if (/,|[–—]/.test(p.tokens[j]!.post)) return j
  return floor - 1
}

/** A comma-delimited stretch that is not a noun phrase: a relative clause, a participle, a time. */
function isInterjection(p: Parsed, from: number, to: number): boolean {
  const { tokens, pos } = p
  if (from >= to) return true
  if (pos[from] === 'prep' || pos[from] === 'adv' || pos[from] === 'wh' || pos[from] === 'conj') return true
  for (let j = from; j < to; j++) {
    if (pos[j] === 'verb' || pos[j] === 'aux' || pos[j] === 'wh') return true
  }
  return tokens.slice(from, to).every((t) => t.tags.has('Date') || t.tags.has('Value'))
}

/** A finite verb right after position k (a participle after a comma opens a new phrase instead). */
/**
 * "since demonstrators in Eymn Muil were crushed": a finite verb after the noun phrase's own
 * prepositional phrases (no comma on the way) — a clause, not a phrase.
 */
function verbAfterPhrases(p: Parsed, k: number): boolean {
  let j = k
  for (let n = 0; j < p.tokens.length && n < 3 && p.pos[j] === 'prep' && !/,/.test(p.tokens[j - 1]!.post); n++) {
    const np = npRight(p, j + 1)
    if (!np) return false
    j = np.to
  }
  return j > k && followedByVerb(p, j)
}

function followedByVerb(p: Parsed, k: number): boolean {
  if (k > 0 && /,/.test(p.tokens[k - 1]!.post)) return false
  let j = k
  while (j < p.tokens.length && (p.pos[j] === 'adv' || p.pos[j] === 'neg')) j++
  const t = p.tokens[j]
  if (p.pos[j] === 'verb' && t && (t.tags.has('Gerund') || /ing$/.test(t.lower))) return false
  return p.pos[j] === 'verb' || p.pos[j] === 'aux'
}

const TIME_WORD = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday|today|tonight|week|weeks|month|months|year|years|weekend|morning|afternoon|evening|night|days)$/
const TIME_LEAD = new Set(['on', 'last', 'this', 'next', 'late', 'early', 'earlier', 'later', 'in', 'the', 'recent', 'past', 'coming'])

/** Where the subject search goes on before a time phrase ending at k ("on Thursday", "last week"), or k. */
function timeBefore(p: Parsed, k: number, floor: number): number {
  const { tokens } = p
  if (k < floor || !TIME_WORD.test(tokens[k]!.lower) || /,/.test(tokens[k]!.post)) return k
  let j = k - 1
  while (j >= floor && k - j <= 3 && TIME_LEAD.has(tokens[j]!.lower) && !/,/.test(tokens[j]!.post)) j--
  // "Veltra, the Finnish maker of smart eyewear, yesterday unveiled": the time may follow an apposition's comma.
  return j
}
