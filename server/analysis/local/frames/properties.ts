/**
 * A frame's properties beyond its participants: its action class, description and outcome, the
 * motivation of its agent, its time reference, impacts and urgency, and each actor's affect and
 * influence. Pure functions of the input, the parse and the clause; scores lie in 0 … 1.
 */
import type { ActorEntry, Impact, ResourceEntry, TemporalityName } from '../../../../src/protocol/analysis'
import { actionClasses, attributionVerbs, topics, urgencyTerms, volitionalTypes } from '../lexicon'
import { compileTerms, countTerms } from '../terms'
import type { Parsed, VerbGroup } from '../syntax'
import { participleOf, pastOf } from '../syntax'
import type { DateMention } from '../temporal'
import { accidentKills, CALLED_IT, labourStrike, NATURAL_HAZARD, NO_COMMENT, TOLL, WALKOUT_CALLED } from '../cameo'
import { addDays, addYears, daysBetween } from '../temporal'
import { clamp, cut, moneyAmount, round } from '../util'
import type { ActorDraft } from './actors'
import type { Clause, FrameInput } from './shapes'
import { OUTCOME_VERBS } from './words'
import { NEGATING } from './clauses'

interface ClassOf {
  type: string
  known: boolean
}

export function actionClassOf(lemma: string, resources: ResourceEntry[], sentence: string): ClassOf {
  const lower = sentence.toLowerCase()
  if (lemma === 'file' && /bankrupt|insolven|administration/.test(lower)) return { type: 'Crisis', known: true }
  if (lemma === 'raise' && resources.some((r) => r.type === 'money') && /raised? .*from|funding|investors/.test(lower)) return { type: 'Funding', known: true }
  // "raised fears", "raised rates": a worry voiced, a rate set — money raised only where money is.
  if (lemma === 'raise' && /\brais(?:e|es|ed|ing) (?:\w+ )?(?:fears?|concerns?|questions?|doubts?|alarm|worries|hopes?|objections?)\b/.test(lower)) return { type: 'Concern', known: true }
  if (lemma === 'raise' && !resources.some((r) => r.type === 'money')) return { type: 'Policy change', known: true }
  // "The union called a nationwide strike": a walkout called, not an appeal.
  if (lemma === 'call' && WALKOUT_CALLED.test(lower)) return { type: 'Civil action', known: true }
  // "urged the union to return to the negotiating table": talks resumed, not people going home.
  if (lemma === 'return' && /\breturn(?:s|ed|ing)? to (?:the )?(?:negotiating table|talks|negotiations)\b/.test(lower)) return { type: 'Diplomacy', known: true }
  // "Workers threatened to strike": labour withdrawn, not an attack.
  if (lemma === 'strike' && labourStrike(lower)) return { type: 'Civil action', known: true }
  // "Workers went on strike": a walkout, not a launch.
  if (lemma === 'go' && /\b(?:go|goes|went|gone|going) on (?:an? )?(?:[\w-]+ )?strike\b/.test(lower)) return { type: 'Civil action', known: true }
  if (lemma === 'launch' && !/missile|drone|rocket|attack|strike|offensive|raid/.test(lower)) return { type: 'Launch', known: true }
  if (lemma === 'strike' && /struck down|strike down|strikes down/.test(lower)) return { type: 'Legal action', known: true }
  if (lemma === 'fire' && /fired (?:\d|the|his|her|its|their|chief|ceo|head)/.test(lower) && !/fired at|fired on|fired (?:rockets|missiles|shots|tear gas)/.test(lower)) {
    return { type: 'Personnel change', known: true }
  }
  if (lemma === 'cut' && /rate|price|forecast|tax|job|workforce/.test(lower)) return { type: 'Policy change', known: true }
  // "did not rule out a cut": a statement about what may come, not a court's ruling.
  if (lemma === 'rule' && /\brul(?:e|es|ed|ing) out\b/.test(lower)) return { type: 'Announcement', known: true }
  // "lost his son", "won praise": an election only where there is one.
  // ("governors warned their states would lose revenue" after "welcomed the vote": the election word must be the act's.)
  if (['win', 'lose', 'concede'].includes(lemma) && !electionOf(lower)) return { type: lemma === 'win' ? 'Gain' : 'Loss', known: true }
  // "The court found him guilty" is a ruling; "researchers found a new virus" a finding.
  if (lemma === 'find' && !/\b(?:guilty|liable|innocent|not guilty|court|jury|judge|tribunal|in contempt)\b/.test(lower)) return { type: 'Research', known: true }
  // "The death toll has risen to 40": people killed, not a market.
  if (['rise', 'climb', 'jump', 'reach', 'increase', 'grow', 'surpass', 'exceed', 'top'].includes(lemma) && TOLL.test(lower)) return { type: 'Casualties', known: true }
  // "The president arrived in Kyiv": a journey is a visit unless people are fleeing or moved.
  // "its servicemen were flown to Moscow": people moved by others are transferred, not visiting.
  if (JOURNEYS.has(lemma) && /\b(?:was|were|been|being|be) (?:\w+ )?(?:flown|driven|taken|headed)\b/.test(lower)) return { type: 'Transfer', known: true }
  if (JOURNEYS.has(lemma) && !MASS_OF_PEOPLE.test(lower)) return { type: 'Visit', known: true }
  // "went to court", "went to the polls", "The minister went to Kyiv" (people fleeing are displaced): where one goes says what it is.
  if (lemma === 'go' && /\b(?:go|goes|went|gone|going) to court\b/.test(lower)) return { type: 'Legal action', known: true }
  if (lemma === 'go' && /\b(?:go|goes|went|gone|going) to the polls\b/.test(lower)) return { type: 'Election', known: true }
  if (lemma === 'go' && /\b(?:go|goes|went|gone|going) to \p{Lu}/u.test(sentence)) return { type: MASS_OF_PEOPLE.test(lower) ? 'Displacement' : 'Visit', known: true }
  // "State media reported the launch", "forecast heavy rain": a financial result only where money is.
  if (REPORTING_RESULTS.has(lemma) && !resources.some((r) => r.type === 'money') && !FINANCIAL_CUES.test(lower)) {
    return { type: ['report', 'post'].includes(lemma) ? 'Announcement' : 'Estimate', known: true }
  }
  // "to replace revenue from medicines": a post is filled only by someone.
  if (lemma === 'replace' && !/\brepla(?:ce|ces|ced|cing) (?:\w+ ){0,3}(?:chief|ceo|head|president|chair(?:man|woman)?|director|minister|governor|coach|manager|leader|executive|him|her)\b|\bas (?:chief|ceo|head|president|chair|director|minister|governor|coach|manager|leader)\b/.test(lower)) return { type: 'Replacement', known: true }
  // "Iberdrola shares closed 1.2% higher": a price at the close of trading.
  if (lemma === 'close' && /\bclos(?:e|es|ed|ing) (?:\S+ )?(?:higher|lower|up|down|flat|unchanged|at)\b/.test(lower)) return { type: 'Market movement', known: true }
  // "cutting power to 40,000 homes": a supply cut off.
  if (lemma === 'cut' && /\bcut(?:s|ting)? (?:off )?(?:the )?(?:power|electricity|water|gas|heating|internet|supplies|supply)\b/.test(lower)) return { type: 'Outage', known: true }
  // "Floods killed 31 people": a disaster, not an attack.
  if (['kill', 'injure', 'wound', 'destroy', 'damage', 'displace'].includes(lemma) && NATURAL_HAZARD.test(lower)) return { type: 'Disaster', known: true }
  // "42 people were killed when a passenger train derailed": an accident.
  if (['kill', 'injure', 'wound'].includes(lemma) && accidentKills(lower)) return { type: 'Accident', known: true }
  // "ran a six-month campaign in Italian media": running something is no candidacy without an election.
  if ((lemma === 'run' || lemma === 'campaign') && !ELECTION_WORDS.test(lower)) return { type: lemma === 'run' ? 'Operation' : 'Campaign', known: true }
  // "defeated Jara by 58% to 42%": an election where there is one.
  if (lemma === 'defeat' && electionOf(lower)) return { type: 'Election', known: true }
  // "the last patient tested negative": a diagnosis, not research.
  if (lemma === 'test' && /\btest(?:s|ed|ing)? (?:positive|negative)\b/.test(lower)) return { type: 'Diagnosis', known: true }
  // "appealed for international aid": a plea, not a court appeal.
  if (lemma === 'appeal' && /\bappeal(?:s|ed|ing)? (?:for|to)\b/.test(lower) && !/\bappeal(?:s|ed|ing)? to (?:the )?(?:\w+ )?(?:court|tribunal|judge)/.test(lower)) return { type: 'Appeal', known: true }
  // "drop Chinese equipment": giving something up, not a price falling.
  if (lemma === 'drop' && /\bdrop(?:s|ped|ping)? (?:its |their |his |her |the |all |any |plans? )?(?!by\b|to\b|about\b|nearly\b|almost\b|out\b|in\b|from\b|below\b|sharply\b)[a-z]+(?<!ly)\b/.test(lower)) return { type: 'Abandonment', known: true }
  // "declined to comment": no statement is a statement's kind too.
  if (lemma === 'decline' && NO_COMMENT.test(lower)) return { type: 'No comment', known: true }
  // "did not name the customers": naming is a post given only where there is one.
  if (lemma === 'name' && !/\bnam(?:e|es|ed|ing) (?:\w+ ){1,4}(?:as|to (?:the|lead|head|run|succeed)|its (?:new )?(?:chief|head|president|chair))\b|\bnamed (?:the )?(?:new |next |acting |interim )?(?:chief|ceo|head|president|chair|director|minister|governor|coach|manager)\b/.test(lower)) return { type: 'Announcement', known: true }
  // "had called Kast to congratulate him": a telephone call.
  if (lemma === 'call' && PHONED.test(lower)) return { type: 'Phone call', known: true }
  // 'called the ruling "a victory"': a verdict voiced, not an appeal.
  if (lemma === 'call' && CALLED_IT.test(lower)) return { type: 'Comment', known: true }
  // "granted a preliminary injunction", "granted bail": a court's order, not money.
  if (lemma === 'grant' && COURT_ORDERS.test(lower)) return { type: 'Legal action', known: true }
  // "would cut its fourth-quarter revenue": a result hit, not a decision.
  if (['cut', 'reduce', 'lower', 'hit', 'boost', 'lift'].includes(lemma) && /\b(?:revenue|profits?|earnings|sales|income|margins?|output|turnover)\b/.test(lower) && !/\b(?:rates?|prices?|taxe?s?|jobs|workforce)\b/.test(lower)) return { type: 'Financial result', known: true }
  // "The Red River rose to its highest level": a measure moving outside any market.
  if (MARKET_VERBS.has(lemma) && !FINANCIAL_CUES.test(lower) && !MARKET_WORDS.test(lower)) return { type: 'Change', known: true }
  for (const c of actionClasses) if (c.verbs.includes(lemma)) return { type: c.type, known: true }
  return { type: lemma.charAt(0).toUpperCase() + lemma.slice(1), known: false }
}

const COURT_ORDERS = /\b(?:injunctions?|restraining order|stay|bail|motion|petition|appeal|leave to appeal|summary judgment|habeas corpus)\b/
const MARKET_VERBS = new Set(['rise', 'fall', 'drop', 'jump', 'climb', 'slide', 'surge', 'plunge', 'soar', 'tumble', 'sink', 'slump', 'rebound', 'dip', 'weaken', 'strengthen', 'slow', 'grow', 'decline', 'recover', 'gain', 'rally'])
const MARKET_WORDS = /\b(?:shares?|stocks?|index|indices|prices?|yields?|bonds?|currency|dollar|euro|yen|yuan|rupee|pound|sterling|bitcoin|oil|gold|brent|futures|market|markets|rates?|costs?|wages?|rents?|values?|valuations?|exports?|imports?|demand|supply|output|production|unemployment|jobless)\b/

export const PHONED = /\bcall(?:s|ed|ing)? (?:\w+ ){1,3}to (?:congratulate|discuss|offer|express|thank|apologi[sz]e|convey|condole)\b|\b(?:phone|telephone) call\b/
const ELECTION_WORDS = /\b(?:election|elections|vote|votes|seat|seats|race|poll|polls|ballot|ballots|majority|primary|presidency|mandate|re-election|runoff|run-off|referendum)\b/
const CONTEST_VERBS = /\b(?:won|win|wins|winning|lost|lose|loses|losing|conceded?|concedes|conceding|defeat(?:ed|s|ing)?)\b/

const CONTEST_OF_ELECTION = new RegExp(`${CONTEST_VERBS.source}[^.;,]{0,80}${ELECTION_WORDS.source}|${ELECTION_WORDS.source}[^.;,]{0,60}${CONTEST_VERBS.source}`)

/** Whether the sentence's winning, losing or conceding is an election's: the two words near each other. */
function electionOf(lower: string): boolean {
  return CONTEST_OF_ELECTION.test(lower)
}

const JOURNEYS = new Set(['arrive', 'leave', 'travel', 'fly', 'tour', 'head'])
const MASS_OF_PEOPLE = /refugee|migrant|asylum|people|residents|families|civilians|villagers|thousands|hundreds|displaced|evacuee|fled|fleeing|passengers/
const REPORTING_RESULTS = new Set(['report', 'post', 'forecast', 'predict', 'estimate', 'project'])
const FINANCIAL_CUES = /profit|revenue|loss(?:es)?\b|earnings|sales|income|turnover|dividend|margin|quarter|half-year|fiscal|ebitda|\d\s?%|per cent|percent|[$€£¥]|\b(?:b|m)illion\b|growth|deficit|surplus|inflation|gdp/

/** `through`: a token index the text runs to at least (a threat's or demand's complement: what it threatens). */
export function clauseText(input: FrameInput, p: Parsed, c: Clause, subjectText: string, through = 0): string {
  const { tokens } = p
  const g = c.group
  const end = Math.min(tokens.length, Math.max(c.end, g.to, through))
  const lastTok = tokens[end - 1]!
  const subjectAdjacent = c.subject.length > 0 && !c.borrowed && c.subject[c.subject.length - 1]!.to >= g.from - 2 && c.subject[0]!.from < g.from && p.pos[c.subject[0]!.head] !== 'pron'
  let text: string
  let verbFrom = g.from
  // "pledged to resettle 1,200 refugees": the complement reads "Spain to resettle …", a plan, not a deed.
  if (g.form === 'infinitive' && tokens[g.from]!.lower === 'to' && !c.borrowed) verbFrom = g.from + 1
  // "refused to pay the fine" reads so: "Boeing to pay the fine" would tell of a payment that did not happen.
  const governor = c.governor?.group
  if (governor && (g.form === 'infinitive' || g.form === 'gerund') && NEGATING.has(governor.lemma) && governor.from < g.from) verbFrom = governor.from
  if (subjectAdjacent) text = input.content.slice(tokens[c.subject[0]!.from]!.start, lastTok.end)
  else {
    const rest = input.content.slice(tokens[verbFrom]!.start, lastTok.end)
    text = subjectText ? `${subjectText} ${rest}` : rest
  }
  text = text.replace(/\s+/g, ' ').replace(/[,;:–—-]+$/, '').trim()
  // "confirmed on Wednesday, a day [after the cabinet approved]": the measure of a time the next clause gives.
  text = text.replace(/,\s+(?:a|an|one|two|three|four|five|six|seven|\d+)\s+(?:hours?|days?|weeks?|months?|years?)(?:\s+(?:later|earlier))?$/i, (m) => (/(?:later|earlier)$/i.test(m) ? m : ''))
  // A clause cut out of a quotation keeps half its quote marks; drop them rather than leave one open.
  // 'called the ruling "a victory for drivers"': a quote that closes right after the clause closes with it.
  if ((text.match(/["“”]/g) ?? []).length % 2 === 1) text = /^["”]/.test(lastTok.post) ? `${text}${lastTok.post.trim().charAt(0)}` : text.replace(/["“”]/g, '')
  return cut(text.charAt(0).toUpperCase() + text.slice(1), 200)
}

/** Verbs whose object is not what the act changes ("fled the fighting", "left Kabul", "joined the talks"). */
export const UNAFFECTED_OBJECT: ReadonlySet<string> = new Set(['flee', 'leave', 'escape', 'enter', 'cross', 'reach', 'visit', 'attend', 'join', 'tour', 'survive', 'avoid', 'skip', 'arrive', 'return', 'travel', 'fly', 'head', 'go', 'come', 'side', 'test', 'walk', 'withdraw', 'retreat', 'fight', 'clash', 'battle'])


/** A short statement of the result: what was done to what ("Tariffs raised"), or what changed by how much. */
export function outcomeText(lemma: string, g: VerbGroup, subjectText: string, objectText: string, temporality: TemporalityName, intransitive: boolean, particle = ''): string {
  // "sided with the unions", "walked off the job": told actively, the verb keeps its particle.
  const withParticle = objectText && particle ? `${particle} ` : ''
  const not = g.negated ? 'not ' : ''
  const prefix = temporality === 'planned' ? 'Planned: ' : temporality === 'future' ? 'Expected: ' : ''
  const notYet = temporality === 'planned' || temporality === 'future'
  let text: string
  if (g.passive) text = `${subjectText || 'It'} ${not}${participleOf(lemma)}`
  // "Neither Galadriel nor Gollum fled": the subject already says no one did.
  else if (intransitive || (UNAFFECTED_OBJECT.has(lemma) && subjectText)) text = /^(?:neither|no|none|nobody)\b/i.test(subjectText) ? `${subjectText} ${pastOf(lemma)} ${objectText}` : `${subjectText || 'Value'} ${notYet ? `to ${not}${lemma}` : g.negated ? `did not ${lemma}` : pastOf(lemma)} ${withParticle}${objectText}`
  else if (objectText) text = `${objectText} ${not}${participleOf(lemma)}`
  else if (notYet) text = `${subjectText || 'Someone'} to ${not}${lemma}${particle ? ` ${particle}` : ''}`
  else text = `${subjectText || 'Something'} ${g.negated ? `did not ${lemma}` : pastOf(lemma)}${particle ? ` ${particle}` : ''}`
  text = text.replace(/\s+/g, ' ').trim()
  return cut(prefix + (prefix ? text : text.charAt(0).toUpperCase() + text.slice(1)), 160)
}

/** ", killing 15 people", "…, sending shares down 2 percent": a participial clause that states a result. */
export function outcomeOf(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[]): string | undefined {
  const next = clauses.find((o) => o.group.from >= c.end && o.group.form === 'gerund' && o.kind === 'action' && OUTCOME_VERBS.has(o.group.lemma))
  if (next && next.group.from <= c.end + 1) {
    const from = p.tokens[next.group.from]!.start
    // ", forcing authorities to close two bridges": with what it forced.
    const complement = clauses.find((o) => o.governor === next)
    const to = p.tokens[Math.max(next.end, next.group.to, complement ? Math.max(complement.end, complement.group.to) : 0) - 1]!.end
    const text = input.content.slice(from, to).replace(/\s+/g, ' ')
    return cut(text.charAt(0).toUpperCase() + text.slice(1), 160)
  }
  const lower = p.sentence.text.toLowerCase()
  const cue = /\b(resulting in|leading to|which led to|so that)\b(.*)$/.exec(lower)
  if (cue?.[2]) {
    const idx = lower.indexOf(cue[1]!)
    const raw = p.sentence.text.slice(idx).replace(/[.]$/, '')
    return cut(raw.charAt(0).toUpperCase() + raw.slice(1), 160)
  }
  return undefined
}

/** A purpose ("to protest against corruption") or reason ("because …") clause after the action. */
export function motivationOf(input: FrameInput, p: Parsed, c: Clause, clauses: Clause[]): string {
  const { tokens } = p
  const purpose = clauses.find((o) => o.group.form === 'infinitive' && o.group.from >= c.end && o.group.from <= c.end + 1 && !o.governor && o !== c)
  if (purpose) {
    const text = input.content.slice(tokens[purpose.group.from]!.start, tokens[Math.max(purpose.end, purpose.group.to) - 1]!.end)
    return cut(text.replace(/\s+/g, ' '), 160)
  }
  for (let k = c.end; k < tokens.length; k++) {
    if (tokens[k]!.lower === 'because' || (tokens[k]!.lower === 'in' && tokens[k + 1]?.lower === 'order')) {
      const text = input.content.slice(tokens[k]!.start, p.sentence.end).replace(/[.!?]+$/, '')
      return cut(text.replace(/\s+/g, ' '), 160)
    }
    if (p.pos[k] === 'verb' || p.pos[k] === 'aux') break
  }
  return ''
}

const RECORD_SINCE = /\b(?:\w+est|first|most|least|record|worst|best)\b[^,;.]{0,40}\bsince\s*$/i

export function timeReferenceFor(input: FrameInput, p: Parsed, c: Clause): (DateMention & { date: string }) | undefined {
  const s = p.sentence
  // The dateline's date ("PORT SUDAN, Aug 11 —") is the report's, not the event's.
  const bodyStart = p.dateline > 0 && p.tokens[p.dateline] ? p.tokens[p.dateline]!.start : s.start
  // "its highest level since 2008": what a record is measured from is not when the event happened.
  // "have not held talks since June", "said the soldiers had been held since 2022": since when is no date of the
  // event, save for what has gone on since then ("had picked up 1,940 migrants since January").
  const since = (d: DateMention) => /\bsince\s*$/i.test(input.content.slice(Math.max(bodyStart, d.start - 8), d.start))
  const inSentence = input.dates.filter((d) => d.start >= bodyStart && d.end <= s.end && !RECORD_SINCE.test(input.content.slice(Math.max(bodyStart, d.start - 60), d.start)) && (!since(d) || (c.group.perfect && !c.group.negated && !c.group.passive)))
  if (inSentence.length === 0) return undefined
  // A borrowed subject stands in another clause: its time is not this one's.
  const from = p.tokens[Math.min(c.group.from, ...(c.borrowed ? [] : c.subject.map((u) => u.from)))]!.start
  const to = p.tokens[Math.max(c.end, c.group.to) - 1]!.end
  const between = (d: DateMention) => input.content.slice(to, d.start)
  // "Japan and the Netherlands, which joined the restrictions last year, declined to comment": a relative clause
  // inside the subject has its own time.
  const verbStart = p.tokens[c.group.from]!.start
  const relativeOpens = p.tokens.filter((t, k) => p.pos[k] === 'wh' && t.start >= from && t.start < verbStart && k > 0 && /,/.test(p.tokens[k - 1]!.post)).map((t) => t.start)
  const inRelative = (d: DateMention) => d.end <= verbStart && relativeOpens.some((at) => at < d.start)
  const within =
    inSentence.find((d) => d.start >= from && d.start < to && !inRelative(d)) ??
    // "…to its border with Guyana on Tuesday": the time right after the clause;
    inSentence.find((d) => d.start >= to && /^[\s,]*$/.test(between(d))) ??
    // "…had killed 14 passengers when they stopped a bus on Sunday": the time of the clause that says when.
    inSentence.find((d) => d.start >= to && /^[^,;]*\b(?:when|as|while)\b/.test(between(d)))
  // The sentence's one date is this clause's unless the clause completes another, whose date it is.
  // The sentence's one date is this clause's too, unless another clause stands between them ("had trained
  // ChatGPT … and had failed to notify the authority of a breach in March 2023": March is the breach's).
  const sole = inSentence.length === 1 && !c.governor && !c.said ? inSentence[0] : undefined
  // (", police said on Monday" stands between only as the source of what it follows, whose day it gives.)
  // ("a study published on Monday": a participle describing a noun dates what it describes.)
  const nearest = sole === undefined ? undefined : p.groups.filter((x) => p.tokens[x.from]!.start < sole.start).at(-1)
  const describing = (x: VerbGroup) => x.form === 'participle' || (x.aux.length === 0 && p.pos[x.from - 1] === 'noun' && !/,/.test(p.tokens[x.from - 1]!.post))
  const apart = nearest !== undefined && nearest !== c.group && !describing(nearest) && !attributionVerbs.has(nearest.lemma) && nearest.from >= Math.max(c.end, c.group.to)
  const chosen = within ?? (apart || (sole !== undefined && inRelative(sole)) ? undefined : sole)
  if (!chosen) return undefined
  // "said on Tuesday it would provide …", "said on Tuesday … as the company struggles": the day of the saying
  // dates what it reports as done, not what is yet to come or still going on.
  if (chosen !== within && chosen.end <= from && c.temporality !== 'past' && nearest !== undefined && attributionVerbs.has(nearest.lemma)) return undefined
  // "ordered ministries to restore power within 48 hours": what was done is not dated after the report.
  if (c.temporality === 'past' && !chosen.weekdayOnly && !chosen.monthOnly && chosen.date > input.referenceDate) return undefined
  // "on Tuesday" in a past-tense sentence is the Tuesday before the reference date.
  if (chosen.weekdayOnly && c.temporality === 'past' && chosen.date > input.referenceDate) return { ...chosen, date: addDays(chosen.date, -7) }
  // "since January", "between January and May" told in July: the January before, not the next one; "will
  // open in March" told in July: the next March.
  if (chosen.monthOnly) {
    const since = /\bsince\s*$/i.test(input.content.slice(Math.max(0, chosen.start - 8), chosen.start))
    if ((c.temporality === 'past' || since) && chosen.date > input.referenceDate) return { ...chosen, date: addYears(chosen.date, -1) }
    if ((c.temporality === 'future' || c.temporality === 'planned') && chosen.date.slice(0, 7) < input.referenceDate.slice(0, 7)) return { ...chosen, date: addYears(chosen.date, 1) }
  }
  return chosen
}

export function impactsOf(p: Parsed, cls: ClassOf, resources: ResourceEntry[], sentenceLower: string, lemma: string, temporality: TemporalityName, topic: string): Impact[] {
  const impacts: Impact[] = []
  const money = resources.find((r) => r.type === 'money')
  if (money) {
    const amount = moneyAmount(money.text)
    const magnitude = amount > 0 ? clamp((Math.log10(amount) - 5) / 6, 0.05, 1) : 0.3
    impacts.push({ effect: 'economic', magnitude: round(magnitude), description: `${money.text} at stake (${lemma})` })
  }
  // ("No one was injured" reports no casualty.)
  const casualties = /(?<!\bno\s)\b(\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|dozens|hundreds|thousands)\s+(?:\w+\s+)?(people|civilians|soldiers|children|dead|killed|wounded|injured)\b/.exec(sentenceLower)
  if (casualties && /kill|dead|died|wound|injur|casualt/.test(sentenceLower)) {
    const n = wordNumber(casualties[1]!)
    impacts.push({ effect: 'humanitarian', magnitude: round(clamp(0.35 + Math.log10(n + 1) / 3, 0, 1)), description: `${casualties[0]} reported` })
  }
  const pct = /(\d+(?:\.\d+)?)\s*(?:percent|per cent|%)/.exec(sentenceLower)
  if (pct && impacts.length < 3) {
    const v = Number(pct[1])
    impacts.push({ effect: cls.type === 'Market movement' ? 'market' : 'quantitative', magnitude: round(clamp(v / 40, 0.05, 1)), description: `${pct[0]} change` })
  }
  if (impacts.length < 3) {
    const c = actionClasses.find((x) => x.type === cls.type)
    const effect = (c?.pestle ?? pestleOfTopic(topic)).toLowerCase()
    const severity = countTerms(p.tokens.map((t) => t.lower), severityTerms)
    const base = temporality === 'future' ? 0.25 : 0.35
    impacts.push({ effect, magnitude: round(clamp(base + 0.15 * severity, 0.05, 1)), description: `${cls.type} (${lemma}) with ${effect} consequences` })
  }
  return impacts.slice(0, 3)
}

export function urgencyOf(p: Parsed, temporality: TemporalityName, timeRef: DateMention | undefined, referenceDate: string): { score: number; justification: string } {
  const base: Record<TemporalityName, number> = { ongoing: 0.5, planned: 0.4, future: 0.3, past: 0.25 }
  const cues = matchedTerms(p.tokens.map((t) => t.lower), urgent)
  let score = base[temporality] + Math.min(0.3, 0.12 * cues.length)
  const reasons = [`${temporality} action`]
  if (cues.length > 0) reasons.push(`urgency cues: ${cues.slice(0, 3).join(', ')}`)
  if (timeRef) {
    const days = daysBetween(referenceDate, timeRef.date)
    if (days >= 0 && days <= 14) {
      score += 0.15
      reasons.push(`dated ${timeRef.date}, within two weeks of ${referenceDate}`)
    } else if (days > 14 && days <= 90) {
      score += 0.05
      reasons.push(`dated ${timeRef.date}, within three months`)
    } else reasons.push(`dated ${timeRef.date}`)
  }
  return { score: round(clamp(score, 0, 1)), justification: `${reasons.join('; ')}.` }
}

/** Kinds of action that harm whom they reach. */
export const HARMFUL_TYPES: ReadonlySet<string> = new Set(['Military action', 'Violence', 'Enforcement', 'Legal action', 'Opposition', 'Cyber incident', 'Crisis', 'Warning', 'Displacement', 'Casualties', 'Disaster', 'Outage'])

/** Kinds of act that are never good news, whatever their sentence's words ("rose to its highest level since 2008"). */
export const NEVER_GOOD_TYPES: ReadonlySet<string> = new Set(['Change', 'Closure', 'Force', 'Suspension', 'No comment', 'Diagnosis', 'Transfer'])

export function affect(role: ActorEntry['role'], type: string, sentiment: number): ActorEntry['affect'] {
  if (role === 'patient') return HARMFUL_TYPES.has(type) ? 'negative' : sentiment > 0.2 ? 'positive' : 'neutral'
  if (role === 'recipient') return HARMFUL_TYPES.has(type) ? 'negative' : 'positive'
  if (role === 'agent') return sentiment > 0.3 ? 'positive' : sentiment < -0.3 ? 'negative' : 'neutral'
  return 'neutral'
}

export function influence(a: ActorDraft, type: string): number {
  const base: Record<ActorEntry['role'], number> = { agent: 0.7, source: 0.35, patient: 0.3, recipient: 0.3, participant: 0.2 }
  let v = base[a.role]
  if (a.named) v += 0.1
  if (a.role === 'agent' && volitionalTypes.has(type)) v += 0.1
  return clamp(v, 0, 1)
}

function pestleOfTopic(label: string): string {
  return topics.find((t) => t.label === label)?.pestle ?? 'Political'
}

const urgent = compileTerms(urgencyTerms)
const severityTerms = compileTerms(['killed', 'dead', 'deaths', 'crisis', 'collapse*', 'famine', 'emergency', 'destroy*', 'severe', 'record', 'sharp*', 'bankrupt*', 'stranded', 'war'])

function matchedTerms(words: string[], lex: ReturnType<typeof compileTerms>): string[] {
  const out: string[] = []
  words.forEach((w) => {
    if (countTerms([w], lex) > 0 && !out.includes(w)) out.push(w)
  })
  return out
}

function wordNumber(w: string): number {
  const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, dozens: 24, hundreds: 200, thousands: 2000 }
  return words[w] ?? (Number(w.replace(/,/g, '')) || 1)
}
