/**
 * Subject–verb–object action detection. For each verb group of each sentence: is it an action (not a
 * state, an attribution or a bare modality), who does it (the subject, the antecedent of "who/which",
 * the subject of the verb it is coordinated with or complements), what it is done to or with (objects
 * and prepositional phrases), who reports it ("…, officials said"), when, and with what result.
 * Participants become actors when they name people, organisations, polities or human groups, and
 * resources otherwise (money, quantities, products, policies …).
 *
 * Precision before recall (issue 18): a frame needs someone who acts, save a passive whose agent the text
 * does not name and what a thing did in its own clause; one event told twice is one frame; who said it is
 * a statement frame of its own (statementFrame), ranked below the event it reports.
 *
 * This file is the entry: it walks the sentences in order, keeps the discourse memory, and assembles each
 * frame (buildFrame) from the parts in frames/: clauses and their arguments, noun phrases, actors,
 * resources, the frame's other properties, and the discourse memory itself.
 */
import type { ActorEntry, ResourceEntry } from '../../../src/protocol/analysis'
import { cameoOf, CONFLICT_WITH, TOLL, TOLL_VERBS, TYPE_OF_CATEGORY } from './cameo'
import { analyticsTerms, hedgeTerms, locativePrepositions, sourcingTerms } from './lexicon'
import { compileTerms, countTerms } from './terms'
import type { Parsed } from './syntax'
import { daysBetween } from './temporal'
import { clamp, cut, round } from './util'
import type { ActorDraft } from './frames/actors'
import { collect, mergeActors, mergeAppositions, objectWords, unitsText } from './frames/actors'
import { pronounStandsForThing } from './frames/pronouns'
import { analyseClauses, complementOf, conditionedOrQuoted, sourcesOf } from './frames/clauses'
import { Discourse } from './frames/discourse'
import { frameSentiment, retold, sameEventKey } from './frames/events'
import { isTimePhrase, plainText } from './frames/noun-phrases'
import { namedIn, noteSubject, partiesInSubject, thingActs, unitsPlain } from './frames/subjects'
import {
  actionClassOf,
  affect,
  clauseText,
  impactsOf,
  influence,
  motivationOf,
  outcomeOf,
  outcomeText,
  timeReferenceFor,
  UNAFFECTED_OBJECT,
  urgencyOf,
} from './frames/properties'
import { resourceState } from './frames/resources'
import type { Clause, FrameInput, FrameWithoutIndex, Unit } from './frames/shapes'
import { AIMED_VERBS, DESCRIBING_VERBS, DITRANSITIVE, EVENT_WITHOUT_ACTOR, OPINION_GOVERNORS } from './frames/words'

export type { FrameInput, FrameWithoutIndex } from './frames/shapes'

export const MAX_FRAMES = 200

export function extractFrames(input: FrameInput): FrameWithoutIndex[] {
  const memory = new Discourse(input.entities)
  const frames: { frame: FrameWithoutIndex; score: number; order: number }[] = []
  /** The frames kept so far, by what makes them one event (sameEventKey). */
  const byEvent = new Map<string, (typeof frames)[number][]>()
  for (const p of input.parsed) {
    // A heading restates the story in headline grammar ("Rates rise"); actions come from the body.
    if (p.sentence.isHeading && input.parsed.some((q) => !q.sentence.isHeading)) {
      memory.after(p)
      continue
    }
    memory.enter(p)
    const clauses = analyseClauses(p)
    const sources = sourcesOf(p, clauses)
    const speakers = new Set<string>()
    let subjectNoted = false
    for (const c of clauses) {
      if (c.kind === 'attribution') {
        const frame = statementFrame(input, p, c, clauses, memory, speakers)
        if (!frame) continue
        frames.push({ frame, score: frame.metadata.relevance + frame.confidence, order: frames.length })
        // "The Garante said OpenAI had … It also ordered": the speaker is what the next "it" most likely means.
        if (!subjectNoted) subjectNoted = noteSubject(input, p, c, frame, memory)
        continue
      }
      if (c.kind !== 'action') continue
      const frame = buildFrame(input, p, c, clauses, sources, memory)
      if (!frame) continue
      if (!subjectNoted) subjectNoted = noteSubject(input, p, c, frame, memory)
      // One event told twice (the same act by the same actors on the same target, on the same day if both
      // say) is one frame: the first telling, the surer for the second, whose sentence it lists.
      const key = sameEventKey(frame)
      const when = frame.timeReference?.date
      const told = key === undefined ? undefined : byEvent.get(key)?.find((f) => when === undefined || f.frame.timeReference === undefined || f.frame.timeReference.date === when)
      if (told) {
        told.frame = retold(told.frame, frame)
        continue
      }
      const entry = { frame, score: frame.metadata.relevance + frame.confidence, order: frames.length }
      frames.push(entry)
      // Each frame's key is made once, when it is kept: a long document has hundreds of frames.
      if (key !== undefined) byEvent.set(key, [...(byEvent.get(key) ?? []), entry])
    }
    memory.after(p)
  }
  // Very long documents: keep the strongest frames, in document order.
  const kept = frames.length > MAX_FRAMES ? [...frames].sort((a, b) => b.score - a.score || a.order - b.order).slice(0, MAX_FRAMES) : frames
  return kept.sort((a, b) => a.order - b.order).map((f) => f.frame)
}

/** Verbs whose "from" names who gave: the receiving subject is the recipient of the giver's act. */
const RECEIVING = new Set(['receive', 'obtain', 'get'])

/** Phrases that say when, where or with what, never what an act was done to ("crashed into the Moon"). */
const NOT_ACTED_ON = /^"(?:with|after|before|during|since|until|following|amid|into|onto|in|inside|across|through|near|from|by)"/

const WHEN_PREPS = new Set(['after', 'before', 'during', 'since', 'until', 'following', 'amid', 'ahead'])

const NOBODY = new Set(['neither', 'no', 'nobody', 'none'])

const HYPOTHETICAL_MODALS = new Set(['should', 'could', 'would', 'might', 'may', 'must', 'ought', 'can'])

/** Verbs whose object is in the clause they govern: a demand, a threat, a pledge, an offer. */
const AIMING_VERBS = new Set(['threaten', 'warn', 'demand', 'urge', 'call', 'ask', 'insist', 'press', 'appeal', 'pledge', 'promise', 'vow', 'offer', 'agree', 'plan', 'decide', 'vote', 'move', 'seek', 'propose'])

/** "warned (that) it would take measures": the clause a verb of warning or demanding opens right after it. */
function saidAfter(p: Parsed, c: Clause, clauses: Clause[]): Clause | undefined {
  const at = p.tokens[c.end]?.lower === 'that' ? c.end + 1 : c.end
  return clauses.find((x) => x.group.from > c.group.from && !x.borrowed && x.subject[0]?.from === at)
}

/** Who the act a governing verb names is aimed at: its complement's objects, or who a "that" clause says must act. */
function aimedAt(p: Parsed, c: Clause, clauses: Clause[]): Unit[] {
  if (!AIMING_VERBS.has(c.group.lemma)) return []
  const complement = complementOf(c, clauses)
  if (complement) return [...complement.objects, ...complement.pps.filter((u) => u.prep === 'against' || u.prep === 'on' || u.prep === 'at')]
  const that = p.tokens.findIndex((t, k) => k >= c.group.to && k <= c.end + 1 && t.lower === 'that')
  const next = that >= 0 ? clauses.find((x) => x.group.from > that && x.subject.length > 0 && !x.borrowed) : undefined
  return next && next.subject[0]!.from === that + 1 ? next.subject : []
}

/** Verbs of saying that make a statement frame; "think", "know", "recall" report a mind, not an act. */
const STATEMENT_VERBS = new Set(['say', 'tell', 'add', 'note', 'explain', 'state', 'comment', 'remark', 'reply', 'argue', 'insist', 'stress', 'emphasise', 'emphasize', 'write', 'believe', 'confirm', 'acknowledge', 'admit'])

/** …save what a named party believes: "Arnor believes Dagolath can cope" is its stated view; "many believe" is nobody's. */
const NAMED_SPEAKER_ONLY = new Set(['believe'])

/**
 * "…, a senior official said on Saturday", "Beijing said it would respond": the speaker's statement, a frame
 * of its own (Make public statement) beside the event it reports, which keeps its own agent and patient
 * and names the speaker as its source. One per speaker and sentence; none when nobody can be named as
 * the speaker. It ranks below what it reports: the news is the event, not that it was told.
 */
function statementFrame(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[], memory: Discourse, speakers: Set<string>): FrameWithoutIndex | undefined {
  if (!STATEMENT_VERBS.has(c.group.lemma) || c.group.form === 'gerund' || c.group.form === 'infinitive') return undefined
  // "If the Netherlands insists on …", a verb of saying inside a quotation: nobody made a statement.
  if (conditionedOrQuoted(p, c)) return undefined
  // "…, said Jean Morel, head of …": the speaker stands after the verb.
  const inverted = c.subject.length === 0 && c.objects.length > 0
  const speaker: Clause = inverted ? { ...c, subject: [c.objects[0]!], objects: c.objects.slice(1) } : c
  // What is said is the reported clause's own frame; only the one told ("told reporters") stays here.
  const told: Clause = { ...speaker, objects: c.group.lemma === 'tell' ? speaker.objects.slice(0, 1) : [], kind: 'action', said: true }
  const frame = buildFrame(input, p, told, clauses, [], memory)
  const agents = frame?.actors.entries.filter((a) => a.role === 'agent') ?? []
  if (!frame || agents.length === 0) return undefined
  if (NAMED_SPEAKER_ONLY.has(c.group.lemma) && !speaker.subject.some((u) => (input.entities.bySentence.get(p.sentence.index) ?? []).some((m) => u.head >= m.from && u.head < m.to))) return undefined
  const key = agents.map((a) => a.text.toLowerCase()).join('|')
  if (speakers.has(key)) return undefined
  speakers.add(key)
  const relevance = round(frame.metadata.relevance * 0.5)
  // Whom it speaks of: the parties the sentence names besides the speaker ("said an embargo against Mordor
  // would not work" is a statement about Mordor), after the dateline, at most three.
  const speakerNames = new Set(agents.map((a) => a.text.toLowerCase()))
  const about = (input.entities.bySentence.get(p.sentence.index) ?? [])
    // (…and not a name inside the speaker's own words: "U.S. District Judge Maria Alvarez" speaks of no U.S.)
    .filter((m) => m.from >= p.dateline && !speakerNames.has(input.entities.entities[m.entity]!.text.toLowerCase()) && !agents.some((a) => a.span && m.start >= a.span.start && m.end <= a.span.end) && !speaker.subject.some((u) => m.from >= u.from && m.to <= u.to))
    .filter((m, i, all) => input.entities.entities[m.entity]!.kind !== 'other' && all.findIndex((x) => x.entity === m.entity) === i)
    .slice(0, 3)
    .map((m) => ({ text: input.entities.entities[m.entity]!.text, role: 'participant' as const, affect: 'neutral' as const, influence: 0.2, motivation: '', span: { start: m.start, end: m.end } }))
  const actors = { entries: [...frame.actors.entries, ...about.filter((x) => !frame.actors.entries.some((e) => e.text === x.text))] }
  // What the card says is the statement itself, not "The official news agency said on Thursday".
  // …without the dateline ("LIMA, May 26 —") in front of it.
  const from = p.dateline > 0 && p.tokens[p.dateline] ? p.tokens[p.dateline]!.start : p.sentence.start
  const said = input.content.slice(from, p.sentence.end).replace(/\s+/g, ' ').trim()
  // Its result is what it puts on record about whom ("Reporters told", "Sharpest escalation said" read as events).
  const names = about.map((a) => a.text)
  const outcome = names.length === 0 ? 'Public statement on record' : `Statement on record about ${names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`}`
  return {
    ...frame,
    actors,
    actionType: 'Statement',
    actionDescription: cut(said.charAt(0).toUpperCase() + said.slice(1), 240),
    summary: outcome,
    result: { ...frame.result, outcome },
    metadata: { ...frame.metadata, relevance },
  }
}

function buildFrame(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[], sources: Unit[], memory: Discourse): FrameWithoutIndex | undefined {
  const { tokens } = p
  const s = p.sentence
  const g = c.group
  const main = tokens[g.main]!
  const lemma = g.lemma
  const sentenceIndex = s.index

  // Participants.
  const actors: ActorDraft[] = []
  const resources: ResourceEntry[] = []
  const subjectRole: ActorEntry['role'] = g.passive ? 'patient' : 'agent'
  for (const u of mergeAppositions(input, p, c.subject)) collect(input, p, u, subjectRole, lemma, actors, resources, memory, true)
  // "Economists expect the bank to cut rates": the economists are the source of the expectation.
  if (c.governor && OPINION_GOVERNORS.has(c.governor.group.lemma) && c.subject !== c.governor.subject) {
    for (const u of c.governor.subject) collect(input, p, u, 'source', lemma, actors, [], memory, true)
  }
  mergeAppositions(input, p, c.objects).forEach((u, i) => {
    const role: ActorEntry['role'] = DITRANSITIVE.has(lemma) && i === 0 && c.objects.length > 1 ? 'recipient' : 'patient'
    // "urged Tehran to restore": the object acts in the complement, and is the target here.
    collect(input, p, u, role, lemma, actors, resources, memory, false)
  })
  for (const u of c.pps) {
    const prep = u.prep ?? ''
    if (isTimePhrase(p, u)) continue
    const role: ActorEntry['role'] =
      prep === 'by' && g.passive ? 'agent' : prep === 'to' || prep === 'for' ? 'recipient' : ['against', 'at', 'on', 'into', 'over'].includes(prep) ? 'patient' : 'participant'
    // "fired shells at the town": what is aimed at is the target, not a place.
    if (prep === 'at' && AIMED_VERBS.has(lemma)) {
      collect(input, p, u, 'patient', lemma, actors, resources, memory, false)
      continue
    }
    // "Ukraine received $1.2 billion from the EU": who it came from gave it, to the one who received it.
    if (prep === 'from' && !g.passive && RECEIVING.has(lemma)) {
      const givers: ActorDraft[] = []
      collect(input, p, u, 'agent', lemma, givers, resources, memory, false)
      if (givers.some((a) => a.named)) {
        for (const a of actors) if (a.role === 'agent') a.role = 'recipient'
        actors.push(...givers)
        continue
      }
      actors.push(...givers.map((a) => ({ ...a, role: 'participant' as const })))
      continue
    }
    // "a shell was fired at it from Mordor": with no "by", where the shot came from is who fired it.
    if (prep === 'from' && g.passive && AIMED_VERBS.has(lemma) && !c.pps.some((v) => v.prep === 'by')) {
      collect(input, p, u, 'agent', lemma, actors, resources, memory, false)
      continue
    }
    if (locativePrepositions.has(prep) && !['over', 'on', 'into'].includes(prep)) {
      collect(input, p, u, role, lemma, actors, [], memory, false, true)
      continue
    }
    collect(input, p, u, role, lemma, actors, resources, memory, false)
  }
  for (const u of mergeAppositions(input, p, sources)) collect(input, p, u, 'source', lemma, actors, [], memory, true)
  // "threatened to take countermeasures against the Netherlands", "demanded that China release …": whom
  // a threat, demand or pledge is aimed at is whom the act it names would be done to (or who must do it).
  if (!actors.some((a) => a.role === 'patient' || a.role === 'recipient')) {
    for (const u of aimedAt(p, c, clauses)) collect(input, p, u, 'patient', lemma, actors, [], memory, false)
  }

  // "The Calenardhon government issue condemned", "Ithilen's sheep and goats of Gondor warned": when what
  // the subject's head names cannot act, the parties named in it (its owner, its modifiers) are who acted,
  // unless the verb says what happened to them ("Eriador's death toll has risen").
  if (!g.passive && !EVENT_WITHOUT_ACTOR.has(lemma) && !actors.some((a) => a.role === 'agent')) actors.push(...partiesInSubject(input, p, c))
  // "Eriador's death toll has risen in the dispute with Osgiliath": the toll's owner and whom the conflict is
  // with are the two sides of a deadly fight.
  if (!g.passive && TOLL_VERBS.includes(lemma) && TOLL.test(unitsPlain(input, p, c.subject)) && CONFLICT_WITH.test(unitsPlain(input, p, c.pps))) {
    const withWhom = c.pps.filter((u) => u.prep === 'with')
    actors.push(...namedIn(input, p, [...c.subject, ...withWhom]).map((a) => ({ ...a, role: 'agent' as const })))
  }
  const entries = mergeActors(actors)
  if (entries.length === 0 && resources.length === 0 && c.subject.length === 0 && !c.borrowed) {
    // A verb with nothing around it is more often a tagging slip than an action.
    return undefined
  }
  // Precision before recall: an act needs someone who acts. Without one it stays only as a passive whose
  // agent the text does not name ("An Eriadorian was shot dead"), a change to a named party ("Tesla's
  // shares fell"), or what a thing did in a clause of its own ("a canopy collapsed, killing 15 people");
  // "safety standards often ignored", "to meet demand", "one would find" are not frames.
  // "disputes should be resolved", "it could be drawn into": a passive under "should", "could", "may" says
  // what ought to or might happen to something, with nobody doing it yet.
  // "ground seized in six days of fighting", "a study published on Monday": a bare participle describing a
  // noun is background, not an event of its own, unless it says who did it ("contracts won by builders").
  const describes = g.form === 'participle' && g.aux.length === 0
  const unsaidAgentPassive = g.passive && !HYPOTHETICAL_MODALS.has(g.modal ?? '') && !describes
  const changes = !DESCRIBING_VERBS.has(lemma) && ((!g.passive && c.objects.length === 0 && entries.some((e) => e.named && e.role !== 'source')) || thingActs(p, c, (u) => pronounStandsForThing(input, p, u.head)))
  if (!entries.some((e) => e.role === 'agent') && (describes || (!(unsaidAgentPassive && (entries.length > 0 || resources.length > 0)) && !changes))) return undefined

  // Kind of action.
  const sentenceText = s.text
  const sentenceLower = sentenceText.toLowerCase()
  // What it acts on: "after a night of talks" says when, not what was cut.
  const actedOn = [...c.objects, ...c.pps.filter((u) => !WHEN_PREPS.has(u.prep ?? ''))]
  const kind = cameoOf({ lemma, object: actedOn.map((u) => plainText(input.content, p, u)).join(' ').toLowerCase(), sentence: sentenceLower })
  let cls = kind?.byObject ? { type: TYPE_OF_CATEGORY[kind.category.code], known: true } : actionClassOf(lemma, resources, sentenceText)
  // "Inflation eased", "Prices increased": a policy verb with nobody acting and nothing acted on is a
  // measure moving, not a decision.
  if (cls.type === 'Policy change' && !entries.some((e) => e.role === 'agent') && c.objects.length === 0) cls = { type: 'Market movement', known: true }

  // When.
  const timeRef = timeReferenceFor(input, p, c)
  let temporality = c.temporality
  if (timeRef) {
    const delta = daysBetween(input.referenceDate, timeRef.date)
    if (temporality === 'ongoing' && delta > 0) temporality = 'planned'
    if (temporality === 'ongoing' && delta < -1 && timeRef.yearCertain) temporality = 'past'
  }

  // Text.
  const subjectText = c.subject.length > 0 ? unitsText(input, p, c.subject, memory) : ''
  // "China threatened to take countermeasures against the Netherlands": a threat or demand says what it is of.
  const complement = AIMING_VERBS.has(lemma) || cls.type === 'No comment' ? (complementOf(c, clauses) ?? saidAfter(p, c, clauses)) : undefined
  const description = clauseText(input, p, c, subjectText, complement ? Math.max(complement.end, complement.group.to, ...clauses.filter((x) => x.governor === complement).map((x) => x.end)) : 0)
  const firstObject = c.objects.find((u) => !isTimePhrase(p, u))
  // What the act was done to: its object, else a resource that is not its own subject ("Wages rose wages").
  const objectText = (c.halts === undefined ? '' : `${tokens[c.halts]!.lower}${firstObject ? ' of ' : ''}`) + (firstObject ? objectWords(input, p, c, firstObject, memory) : UNAFFECTED_OBJECT.has(lemma) ? '' : (resources.find((r) => !r.usage.startsWith('subject of') && !NOT_ACTED_ON.test(r.usage))?.text ?? ''))
  const outcomeClause = outcomeOf(input, p, c, clauses)
  // "Neither Galadriel nor Gollum boycotted", "No country recognised": nobody did it.
  const negated = g.negated || (!c.borrowed && c.subject.length > 0 && NOBODY.has(tokens[c.subject[0]!.from]!.lower))
  // "Both firms declined to comment", 'called the ruling "a victory"': what was (not) said is the clause itself.
  const voiced = cls.type === 'No comment' || cls.type === 'Comment' || (['Warning', 'Phone call', 'Appeal'].includes(cls.type) && complement !== undefined)
  const outcome = voiced ? description : outcomeClause ?? outcomeText(lemma, negated === g.negated ? g : { ...g, negated }, subjectText, objectText, temporality, cls.type === 'Market movement', p.pos[g.to - 1] === 'part' ? tokens[g.to - 1]!.lower : '')

  // Scores.
  const sentiment = frameSentiment(input.sentiment[sentenceIndex] ?? 0, cls.type, kind?.category.code, negated)
  const hedged = countTerms(tokensLower(p), hedges) > 0
  const sourced = sources.length > 0 || countTerms(tokensLower(p), sourcing) > 0
  const namedAgent = entries.some((e) => e.role === 'agent' && e.named)
  let confidence = 0.4
  if (entries.some((e) => e.role === 'agent')) confidence += 0.15
  if (namedAgent) confidence += 0.1
  if (resources.length > 0 || entries.some((e) => e.role === 'patient' || e.role === 'recipient')) confidence += 0.1
  if (cls.known) confidence += 0.1
  if (c.borrowed) confidence -= 0.05
  if (g.form === 'gerund') confidence -= 0.05
  confidence = clamp(confidence, 0.1, 0.95)
  let veracity = 0.6 + (sourced ? 0.15 : 0) - (hedged ? 0.2 : 0) - (temporality === 'future' ? 0.15 : temporality === 'planned' ? 0.05 : 0)
  veracity = clamp(veracity, 0.05, 0.95)
  const novelty = clamp(0.15 + 0.25 * countTerms(tokensLower(p), noveltyFrameTerms), 0, 1)
  const impacts = impactsOf(p, cls, resources, sentenceLower, lemma, temporality, input.topic[sentenceIndex] ?? '')
  const urgency = urgencyOf(p, temporality, timeRef, input.referenceDate)
  const affectOf = (role: ActorEntry['role']): ActorEntry['affect'] => affect(role, cls.type, sentiment)
  const motivation = motivationOf(input, p, c, clauses)
  const actorEntries: ActorEntry[] = entries.map((e) => ({
    text: e.text,
    role: e.role,
    affect: affectOf(e.role),
    influence: round(influence(e, cls.type)),
    motivation: e.role === 'agent' ? motivation : '',
    span: { start: e.start, end: e.end },
  }))
  const tags = uniqueLimited([lemma, cls.type.toLowerCase(), temporality, ...entries.filter((e) => e.role !== 'source').map((e) => e.text), input.topic[sentenceIndex] ?? ''], 6)
  const predicateEnd = g.to > g.main + 1 && p.pos[g.to - 1] === 'part' ? tokens[g.to - 1]!.end : main.end
  const frame: FrameWithoutIndex = {
    actionType: cls.type,
    actionDescription: description,
    summary: outcome,
    temporality,
    actors: { entries: actorEntries },
    resources: { entries: resources.map((r) => ({ ...r, state: resourceState(r, cls.type, temporality, g.passive), usage: r.usage })) },
    result: { outcome, description: cut(sentenceText.replace(/\s+/g, ' '), 300), impacts },
    metadata: {
      confidence: round(confidence),
      veracity: round(veracity),
      relevance: round(input.relevance[sentenceIndex] ?? 0.5),
      noveltyScore: round(novelty),
      sentiment: round(sentiment),
      businessDomain: input.topic[sentenceIndex] ?? '',
      tags,
    },
    confidence: round(confidence),
    urgency,
    source: { start: s.start, end: s.end, sentence: s.text },
    predicate: { text: input.content.slice(main.start, predicateEnd), lemma, start: main.start, end: predicateEnd },
  }
  if (kind) frame.cameo = kind.category
  if (!actorEntries.some((a) => a.role === 'agent')) frame.agentUnnamed = true
  if (negated) frame.negated = true
  if (timeRef) frame.timeReference = { text: timeRef.text, date: timeRef.date, start: timeRef.start, end: timeRef.end }
  return frame
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const hedges = compileTerms(hedgeTerms)
const sourcing = compileTerms(sourcingTerms)
const noveltyFrameTerms = compileTerms(analyticsTerms.novelty)

function tokensLower(p: Parsed): string[] {
  return p.tokens.map((t) => t.lower)
}

function uniqueLimited(xs: string[], n: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const x of xs) {
    const k = x.toLowerCase()
    if (!x || seen.has(k)) continue
    seen.add(k)
    out.push(x)
    if (out.length === n) break
  }
  return out
}
