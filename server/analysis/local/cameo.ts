/**
 * Which CAMEO root category (src/protocol/cameo.ts) an action frame's act falls in, from its verb and
 * what the verb acts on: "fired shells at" is Fight and "fired its chief executive" none; "cut ties" is
 * Reduce relations and "cut rates" none; "released prisoners" is Yield and "released a phone" none.
 * Acts that are not interactions between actors (markets, products, results) get no category.
 *
 * Rules first (a verb whose category depends on its object or its sentence), then one category per verb.
 * Negation does not change the category: "did not attack" is a Fight frame marked negated.
 */
import { cameoCategory, type CameoCategory, type CameoCode } from '../../../src/protocol/cameo'

export interface CameoCue {
  lemma: string
  /** The clause's object and prepositional phrases, lower case. */
  object: string
  /** The whole sentence, lower case. */
  sentence: string
}

const MILITARY = /\b(?:shells?|rockets?|missiles?|mortars?|artillery|shots?|bullets?|fire|gunfire|troops?|soldiers?|forces|army|tanks?|warplanes?|jets?|drones?|air ?strikes?|offensive|attack|assault|raid|bombs?|positions?|border|town|village|city|territory|base|outpost|convoy|aircraft|helicopter|plane)\b/
const AID = /\b(?:aid|assistance|help|relief|food|medicine|medical|supplies|tents|shelter|loans?|grants?|funds?|funding|money|weapons|arms|equipment|vaccines?|doses|asylum|protection|humanitarian|troops)\b/
/** "called a nationwide rail strike", "calls a 24-hour walkout" (lower case). */
export const WALKOUT_CALLED = /\bcall(?:s|ed|ing)? (?!on |for |upon )(?:an? |the |their |its )?(?:[\w-]+ ){0,3}(?:strike|walkout|stoppage)s?\b/
/** A strike of workers, not an attack: "went on strike", "nurses will strike" (lower case; no weapon or army named). */
export function labourStrike(lower: string): boolean {
  return (/\b(?:went|go|goes|going) on strike\b|\bstriking\b|\bon strike\b/.test(lower) || LABOUR.test(lower)) && !ARMED.test(lower)
}
const LABOUR = /\b(?:workers?|unions?|staff|employees|drivers|pilots|doctors|nurses|teachers|miners|dock ?workers|dockers)\b/
const ARMED = /\b(?:missiles?|drones?|jets?|air ?strikes?|bombs?|troops|forces|army|militants?|rockets?)\b/
/** A span of talks ended: they came to a close, not to a break. */
const TALKS_SPAN = /\b(?:days?|weeks?|months?|years?|decades?) of (?:talks|negotiations|mediation|consultations)\b/
const TIES = /\b(?:ties|relations|diplomatic|embassy|ambassador|envoy|talks|negotiations|mediation|aid|cooperation|contacts?|mission|trade)\b/
const PEOPLE_HELD = /\b(?:prisoners?|hostages?|detainees?|captives?|inmates?|soldiers?|activists?|journalists?|reporters?|dissidents?|sailors?|crew|fishermen|nationals?|citizens?|teachers?|students?|workers?|tourists?|doctors?|nurses?|priests?|monks?|nuns?|protesters?|demonstrators?|politicians?|opposition|leaders?|pilots?|children|people|men|women|him|her|them)\b/
const RESTRICTIONS = /\b(?:sanctions?|restrictions?|ban|bans|embargo|blockade|curfew|siege|controls?|limits?|emergency|martial law)\b/
const SANCTIONS = /\b(?:sanctions?|embargo|embargoes|tariffs?|duties|boycott)\b/
const AGREEMENT = /\b(?:agreements?|accords?|treaty|treaties|deals?|pacts?|memorand(?:um|a|ums)|ceasefires?|truces?|protocols?|declarations?|contracts?|communiqu[eé]s?)\b/
/** A count of the dead or hurt rising, and a conflict with someone. */
export const TOLL_VERBS = ['rise', 'climb', 'mount', 'increase']
export const TOLL = /\b(?:death|casualty|injury|fatality) (?:and injury )?(?:toll|total|count)\b/
export const CONFLICT_WITH = /\b(?:dispute|fighting|war|conflict|clash(?:es)?|battles?|violence|hostilities|confrontation)\b.*\bwith\b/
/** "declined to comment": a statement not made. */
export const NO_COMMENT = /\bdeclin(?:e|es|ed|ing) (?:to )?(?:comment|say|elaborate|discuss|confirm|disclose|answer|respond|specify|give details|be interviewed|name)\b|\bdeclin(?:e|es|ed|ing) (?:a |any )?(?:request|requests) (?:for|to) comment\b/
/** 'called the ruling "a victory"': a verdict voiced. */
export const CALLED_IT = /\bcall(?:s|ed|ing)? (?:the |it |this |that |them |him |her |their |its )?(?:[\w'-]+ ){0,3}["“]|\bcall(?:s|ed|ing)? (?:the |it |this |that |them |him |her )(?:[\w'-]+ ){0,2}(?:a|an) (?:[\w-]+ )?(?:victory|defeat|success|failure|mistake|disgrace|outrage|step|blow|win|travesty|milestone|betrayal|farce|scandal)\b/
/** A natural hazard that harms, before the verb of harm: no one's act. */
export const NATURAL_HAZARD = /\b(?:floods?|flooding|landslides?|mudslides?|storms?|typhoons?|hurricanes?|cyclones?|earthquakes?|quakes?|tremors?|tsunamis?|avalanches?|heatwaves?|heat ?waves?|wildfires?|bushfires?|forest fires?|tornado(?:es)?|droughts?|eruptions?|lightning|rains?|rainfall|snowstorms?|blizzards?|outbreaks?|epidemics?|cholera)\b(?:(?! by )[^.;]){0,90}\b(?:kill|injur|wound|destroy|damag)/
/**
 * "42 people were killed when a passenger train derailed", "a ferry capsized, killing 12": deaths in an accident,
 * not an assault. Not where a weapon or an attack is named ("killed when a drone crashed into a building").
 */
export function accidentKills(sentence: string): boolean {
  if (/\b(?:drones?|missiles?|rockets?|shells?|shelling|bombs?|bombing|airstrikes?|air strikes?|attacks?|attackers?|gunmen|militants?|troops|soldiers|shot|gunfire|artillery)\b/.test(sentence)) return false
  return ACCIDENT_AFTER.test(sentence) || ACCIDENT_BEFORE.test(sentence)
}
const ACCIDENT_WORDS = '(?:derail\\w*|crash(?:ed|es)?|collid\\w*|collisions?|capsiz\\w*|sank|sunk|sinking|collapsed?|collapses|overturn\\w*|plunged?|stampedes?|accidents?|caught fire|went off the road)'
const ACCIDENT_AFTER = new RegExp(`\\b(?:kill|injur|wound)\\w*\\b[^.;]{0,80}\\b(?:when|after|as|in)\\b[^.;]{0,60}\\b${ACCIDENT_WORDS}\\b`)
const ACCIDENT_BEFORE = new RegExp(`\\b${ACCIDENT_WORDS}\\b[^.;]{0,90}\\b(?:kill|injur|wound)`)

/** Whom one receives as a visit: a delegation, an envoy, a leader (an email received is no meeting). */
const VISITORS = /\b(?:delegations?|visitors?|envoys?|ministers?|president|premier|chancellor|king|queen|prince|leaders?|ambassadors?|officials?|counterparts?|guests?|pope|secretary|emissar(?:y|ies)|[a-z]+ (?:minister|president))\b/
/** "fired shells at the town", "fired on protesters": shooting in a fight. */
const FIRED_IN_BATTLE = (c: CameoCue): CameoCode | null => (/\bfired? (?:on|at|upon|into)\b/.test(c.sentence) || MILITARY.test(c.object) || /\b(?:rockets?|missiles?|shells?|shots?|mortars?|bullets?)\b[^.]{0,30}\bfired\b/.test(c.sentence) ? '19' : null)
const STATEMENT_OBJECT = /\b(?:statement|communiqu[eé]|remarks?|comment|speech|report)\b/

/** Verbs whose category depends on what they act on. */
const RULES: Array<{ lemmas: readonly string[]; when: (c: CameoCue) => CameoCode | null }> = [
  // "fired tear gas and water cannon at protesters": a crackdown, not a battle.
  { lemmas: ['fire'], when: (c) => (/\b(?:tear ?gas|water cannons?|rubber bullets|pepper spray|stun grenades)\b/.test(c.object) ? '17' : FIRED_IN_BATTLE(c)) },
  { lemmas: ['launch'], when: (c) => (MILITARY.test(c.object) ? '19' : /\b(?:investigation|inquiry|probe)\b/.test(c.object) ? '09' : null) },
  { lemmas: ['strike'], when: (c) => (labourStrike(c.sentence.toLowerCase()) && !MILITARY.test(c.object) ? '14' : '19') },
  { lemmas: ['shoot'], when: (c) => (/\bshot down|\bshoots? down|\bshooting down/.test(c.sentence) || MILITARY.test(c.object) ? '19' : '18') },
  // "Floods killed 31 people": nature is no party to a conflict.
  { lemmas: ['kill', 'injure', 'wound'], when: (c) => (NATURAL_HAZARD.test(c.sentence) || accidentKills(c.sentence) ? null : c.lemma !== 'kill' ? '18' : /\b(?:troops?|soldiers?|forces|army|militants?|rebels?|fighters?|insurgents?)\b/.test(c.sentence) ? '19' : '18') },
  // "ending a year of talks" (a deal reached) closes a span of talks; "ended talks with Ukraine" breaks them off.
  { lemmas: ['cut', 'break', 'sever', 'downgrade', 'suspend', 'freeze', 'halt', 'end', 'stop'], when: (c) => (TIES.test(c.object) && !(c.lemma === 'end' && TALKS_SPAN.test(c.object)) ? '16' : null) },
  { lemmas: ['release', 'free'], when: (c) => (PEOPLE_HELD.test(c.object) || c.object === '' ? '08' : null) },
  { lemmas: ['lift', 'ease', 'relax', 'remove', 'loosen'], when: (c) => (RESTRICTIONS.test(c.object) ? '08' : null) },
  { lemmas: ['impose', 'slap', 'tighten', 'extend'], when: (c) => (SANCTIONS.test(c.object) ? '16' : RESTRICTIONS.test(c.object) ? '17' : null) },
  { lemmas: ['give', 'send', 'provide', 'deliver', 'supply', 'offer', 'grant', 'donate', 'pledge', 'extend', 'ship', 'allocate', 'disburse', 'earmark'], when: (c) => (AID.test(c.object) ? '07' : c.lemma === 'offer' || c.lemma === 'pledge' ? '03' : null) },
  { lemmas: ['sign', 'ratify', 'conclude'], when: (c) => (AGREEMENT.test(c.object) || c.object === '' ? '05' : null) },
  { lemmas: ['deny'], when: (c) => (/\b(?:request|permission|access|visa|entry|landing|bail|appeal)\b/.test(c.object) ? '12' : '01') },
  { lemmas: ['call'], when: (c) => (WALKOUT_CALLED.test(c.sentence.toLowerCase()) ? '14' : null) },
  { lemmas: ['call'], when: (c) => (/\bcall(?:s|ed|ing)? (?:on|for|upon)\b/.test(c.sentence) ? '02' : /\b(?:phone|telephone)\b/.test(c.sentence) ? '04' : CALLED_IT.test(c.sentence) ? '01' : /\bcall(?:s|ed|ing)? (?:\w+ ){1,3}to (?:congratulate|discuss|offer|express|thank|apologi[sz]e|convey|condole)\b/.test(c.sentence) ? '04' : null) },
  // "declined to comment" is a statement not made; "declined the invitation" a refusal; "sales declined" neither.
  { lemmas: ['decline'], when: (c) => (NO_COMMENT.test(c.sentence) ? '01' : /\bdeclin(?:e|es|ed|ing) (?:to |an? |the |his |her |its |their )/.test(c.sentence) && !/\bdeclin(?:e|es|ed|ing) (?:to|by) (?:\d|about|around|nearly|almost)/.test(c.sentence) ? '12' : null) },
  { lemmas: ['issue', 'release', 'publish'], when: (c) => (STATEMENT_OBJECT.test(c.object) ? '01' : null) },
  // "Workers went on strike": a protest (a walkout), not a journey.
  { lemmas: ['go'], when: (c) => (/\b(?:go|goes|went|gone|going) on (?:an? )?(?:[\w-]+ )?strike\b/.test(c.sentence) ? '14' : null) },
  { lemmas: ['leave', 'travel', 'fly', 'arrive', 'go', 'head'], when: (c) => (/\b(?:talks|meetings?|visit|summit|consultations|negotiations)\b/.test(c.sentence) ? '04' : null) },
  { lemmas: ['protest'], when: (c) => (/\bprotest(?:ed|s)? (?:to|against)\b/.test(c.sentence) && !/\b(?:rall|march|demonstrat|crowds?|thousands|hundreds)/.test(c.sentence) ? '11' : '14') },
  { lemmas: ['withdraw', 'pull', 'recall'], when: (c) => (/\b(?:ambassador|envoy|diplomats?|mission|recognition|support)\b/.test(c.object) ? '16' : /\b(?:troops?|forces|soldiers|army)\b/.test(`${c.object} ${c.sentence}`) ? '08' : null) },
  { lemmas: ['seize', 'capture', 'take'], when: (c) => (/\b(?:town|city|village|territory|base|airport|hill|region|province|positions?|port|control)\b/.test(c.object) ? '19' : c.lemma === 'take' ? null : '17') },
  { lemmas: ['return'], when: (c) => (/\bfire\b/.test(c.object) ? '19' : /\b(?:territory|land|islands?|property|assets|bodies|remains|artefacts|artifacts)\b/.test(c.object) || PEOPLE_HELD.test(c.object) ? '08' : null) },
  { lemmas: ['rule'], when: (c) => (/\brul(?:e|es|ed|ing) out\b/.test(c.sentence) ? '01' : null) },
  { lemmas: ['hold'], when: (c) => (/\b(?:talks|meetings?|summit|consultations|negotiations|discussions|call|conference)\b/.test(c.object) ? '04' : /\b(?:hostages?|captives?|prisoners?|custody|detention|incommunicado)\b/.test(`${c.object} ${c.sentence}`) ? '17' : null) },
  { lemmas: ['resume', 'restart', 'reopen'], when: (c) => (/\b(?:talks|negotiations|dialogue|consultations|meetings?)\b/.test(c.object) ? '04' : /\b(?:ties|relations|embassy|cooperation)\b/.test(c.object) ? '05' : null) },
  { lemmas: ['open'], when: (c) => (/\b(?:investigation|inquiry|probe|case)\b/.test(c.object) ? '09' : /\b(?:talks|negotiations|dialogue)\b/.test(c.object) ? '04' : /\bfire\b/.test(c.object) ? '19' : /\b(?:joint|shared)\b/.test(c.object) ? '06' : null) },
  // "Markets rallied": prices, not crowds.
  { lemmas: ['rally'], when: (c) => (/\b(?:markets?|shares|stocks?|index|indices|prices?|bonds?|peso|dollar|euro|yen|currenc(?:y|ies)|futures|oil|gold|equities)\b[^.]{0,40}\brall/.test(c.sentence) && !/\brall(?:y|ied|ies|ying) (?:behind|around|for|against|in support)\b/.test(c.sentence) ? null : '14') },
  // "would add to sales growth": adding to something is no statement.
  { lemmas: ['add'], when: (c) => (/\badd(?:s|ed|ing)? to\b/.test(c.sentence) && !/\badd(?:s|ed|ing)? to (?:reporters|journalists|the statement)\b/.test(c.sentence) ? null : '01') },
  { lemmas: ['walk'], when: (c) => (/\bwalk(?:s|ed|ing)? out\b/.test(c.sentence) ? '14' : null) },
  { lemmas: ['move', 'deploy', 'mass'], when: (c) => (/\b(?:troops?|tanks?|warships?|forces|soldiers|armou?red|artillery|missiles?|battalions?|brigades?)\b/.test(c.object) ? '15' : c.lemma === 'move' ? null : '15') },
  { lemmas: ['approve', 'pay'], when: (c) => (/\b(?:loans?|aid|grants?|funds?|relief|assistance|bail-?out|package)\b/.test(c.object) ? '07' : c.lemma === 'approve' ? '05' : null) },
  // "ordered them held"; "a court ordered Google to pay": what a court or a regulator orders is enforced, not asked for.
  { lemmas: ['order'], when: (c) => (/\border(?:s|ed|ing)? (?:\w+ ){1,3}(?:held|detained|jailed|arrested|remanded|deported|expelled|imprisoned)\b/.test(c.sentence) || /\b(?:court|judge|tribunal|regulator|watchdog)\b(?:[^,.;]*?) order(?:s|ed)\b/.test(c.sentence) ? '17' : '10') },
  { lemmas: ['back'], when: (c) => (/\bback(?:s|ed|ing)? (?:down|off|away)\b/.test(c.sentence) ? '08' : '05') },
  // "vowed to wage war on the Rohans", "pledged to retaliate": a promise of violence is a threat.
  { lemmas: ['vow', 'pledge', 'promise', 'swear'], when: (c) => (/\b(?:vow|pledg|promis|swear|swor)\w* (?:on \w+ |that \w+ would |to )(?:\w+ ){0,2}(?:war|attack|retaliat\w*|revenge|fight|destroy|crush|punish|eliminate|wipe out|avenge|strike back|hit back)\b/.test(c.sentence) ? '13' : c.lemma === 'pledge' ? null : '03') },
  { lemmas: ['delay', 'defer'], when: (c) => (/\b(?:meeting|talks|visit|summit|negotiations|consultations|ratification)\b/.test(c.object) ? '16' : null) },
  { lemmas: ['renew'], when: (c) => (/\b(?:ties|relations|cooperation|embassy)\b/.test(c.object) ? '05' : /\b(?:talks|negotiations|dialogue|contacts)\b/.test(c.object) ? '04' : null) },
  // "received $1.2 billion from the EU" is aid given; "received the delegation" a visit hosted.
  { lemmas: ['receive', 'obtain', 'get'], when: (c) => (AID.test(c.object) || /[$€£¥]|\b(?:money|cash|payment|dollars|euros)\b/.test(c.object) ? '07' : c.lemma === 'receive' && VISITORS.test(c.object) ? '04' : null) },
  { lemmas: ['present'], when: (c) => (/\bcredentials\b/.test(c.object) ? '04' : null) },
  { lemmas: ['cordon', 'seal'], when: (c) => (c.lemma === 'cordon' || /\bseal(?:s|ed|ing)? off\b/.test(c.sentence) ? '17' : AGREEMENT.test(c.object) ? '05' : null) },
  // "Eriador's death toll has risen in the dispute with Osgiliath": a toll rising in a conflict with someone is fighting.
  { lemmas: TOLL_VERBS, when: (c) => (TOLL.test(c.sentence) && CONFLICT_WITH.test(c.sentence) ? '19' : null) },
  // "set fire to the bus", "set a school ablaze": arson is violence.
  { lemmas: ['set'], when: (c) => (/\bset(?:s|ting)? (?:fire to|(?:\w+ ){1,3}(?:ablaze|alight|on fire))/.test(c.sentence) ? '18' : null) },
  // "dropped its objection", "dropped the charges": giving something up is yielding.
  { lemmas: ['drop'], when: (c) => (/\b(?:objections?|charges?|claims?|demands?|opposition|lawsuits?|suit|case|bid|veto|conditions?|sanctions?)\b/.test(c.object) ? '08' : null) },
  { lemmas: ['close', 'shut'], when: (c) => (/\b(?:embassy|consulate|border|mission)\b/.test(c.object) ? '16' : null) },
]

/** Verbs whose readable type stays their own whatever the category ("denied", "called for", "left for talks"). */
const KEEP_TYPE = new Set([...TOLL_VERBS, 'decline', 'impose', 'slap', 'tighten', 'extend', 'deny', 'call', 'issue', 'publish', 'leave', 'travel', 'fly', 'arrive', 'go', 'head', 'protest', 'kill', 'shoot', 'strike'])

/**
 * One category per verb, for verbs whose act does not depend on their object. Each verb stands in one list,
 * and none that a rule above decides (both checked as the table is built).
 */
const BY_VERB: Record<CameoCode, string> = {
  '01': 'say|state|announce|declare|comment|claim|note|stress|tell|remark|explain|reiterate|acknowledge|admit|assert|confirm|report|describe|predict|forecast|express|voice|speak|reply|respond|answer|disclose|reveal|believe',
  '02': 'urge|appeal|ask|request|plead|petition|implore|invite|seek|beg|lobby|encourage',
  '03': 'commit|intend|plan|propose|undertake|volunteer|agree',
  '04': 'meet|visit|host|discuss|talk|negotiate|mediate|consult|confer|phone|telephone|brief|convene',
  '05': 'praise|endorse|support|side|recognise|recognize|apologise|apologize|forgive|restore|thank|hail|commend|congratulate|applaud|defend|normalise|normalize|reconcile|ally|welcome',
  '06': 'cooperate|collaborate|share|coordinate|partner|exchange|trade|integrate',
  '07': 'aid|help|assist|rescue|evacuate|shelter|feed|fund|finance|vaccinate|protect|sponsor|subsidise|subsidize',
  '08': 'yield|concede|surrender|retreat|comply|allow|permit|accommodate|compromise|resign|abandon|disarm|demobilise|demobilize|repatriate',
  '09': 'investigate|probe|inquire|examine|inspect|audit|review',
  '10': 'demand|insist|require|command|press',
  '11': 'accuse|criticise|criticize|condemn|denounce|blame|complain|sue|charge|deplore|fault|rebuke|censure|chide|slam|lambast|decry|object|allege|disapprove',
  '12': 'reject|refuse|oppose|veto|defy|rebuff|dismiss|spurn|resist|block|disregard|override',
  '13': 'threaten|warn|caution',
  '14': 'demonstrate|march|riot|picket|boycott',
  '15': 'mobilise|mobilize|patrol|alert|reinforce|station|muster|parade',
  '16': 'expel|postpone|cancel|embargo|sanction',
  '17': 'arrest|detain|jail|imprison|deport|extradite|confiscate|expropriate|ban|censor|repress|evict|tap|wiretap|sentence|convict|fine|restrict|prosecute|indict|besiege|crack|punish|outlaw',
  '18': 'detonate|abduct|kidnap|assassinate|torture|beat|hijack|stab|behead|execute|lynch|murder',
  '19': 'repel|attack|shell|bomb|bombard|invade|fight|clash|occupy|blockade|ambush|strafe|storm|battle|raid|retaliate|intercept|target|engage',
  '20': 'massacre|exterminate|gas|genocide|annihilate',
}

const VERB_CODES = (() => {
  const ruled = new Set(RULES.flatMap((r) => r.lemmas))
  const map = new Map<string, CameoCode>()
  for (const [code, verbs] of Object.entries(BY_VERB) as Array<[CameoCode, string]>) {
    for (const verb of verbs.split('|')) {
      if (map.has(verb) || ruled.has(verb)) throw new Error(`CAMEO table: "${verb}" is listed twice`)
      map.set(verb, code)
    }
  }
  return map
})()

/**
 * The category, and whether the verb's object decided it (then the frame's readable type follows it:
 * "released 40 prisoners" is a concession, not a launch; "cut diplomatic ties" diplomacy, not a policy change).
 */
export function cameoOf(cue: CameoCue): { category: CameoCategory; byObject: boolean } | undefined {
  let ruled = false
  for (const rule of RULES) {
    if (!rule.lemmas.includes(cue.lemma)) continue
    ruled = true
    const code = rule.when(cue)
    if (code !== null) return { category: cameoCategory(code), byObject: !KEEP_TYPE.has(cue.lemma) }
  }
  if (ruled) return undefined
  const code = VERB_CODES.get(cue.lemma)
  return code === undefined ? undefined : { category: cameoCategory(code), byObject: false }
}

/** The readable action type an object-decided category gives its frame. */
export const TYPE_OF_CATEGORY: Record<CameoCode, string> = {
  '01': 'Announcement',
  '02': 'Appeal',
  '03': 'Commitment',
  '04': 'Diplomacy',
  '05': 'Agreement',
  '06': 'Cooperation',
  '07': 'Aid',
  '08': 'Concession',
  '09': 'Investigation',
  '10': 'Appeal',
  '11': 'Opposition',
  '12': 'Opposition',
  '13': 'Warning',
  '14': 'Civil action',
  '15': 'Military action',
  '16': 'Diplomacy',
  '17': 'Enforcement',
  '18': 'Violence',
  '19': 'Military action',
  '20': 'Violence',
}
