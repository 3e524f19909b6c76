/**
 * Word sets that frame extraction's parts share: the verbs, nouns and prepositions that decide a clause's
 * kind, a participant's role, or whether a place stands for its people. Constants only, with no imports.
 */

export const SUBJECT_PPS = new Set(['of', 'from', 'at', 'in', 'with', 'for', 'on', 'near', 'across', 'including', 'along', 'against', 'to', 'between', 'outside', 'inside', 'around', 'behind', 'throughout'])
export const SUBORDINATORS = new Set(['after', 'before', 'because', 'while', 'whereas', 'although', 'though', 'if', 'unless', 'until', 'since', 'when', 'as', 'once', 'so'])
export const COPULAR_MODALITY = new Set(['due', 'set', 'likely', 'able', 'poised', 'going', 'bound', 'about', 'ready', 'expected', 'unlikely', 'scheduled', 'slated'])
export const MOTION_VERBS = new Set(['leave', 'enter', 'visit', 'reach', 'cross', 'flee', 'return', 'arrive', 'tour', 'travel', 'fly', 'sail', 'march', 'walk'])
/**
 * Journeys whose destination is whom they are paid to ("arrived in Kyiv", "left for Minas Tirith",
 * "visited Gondor"), with the prepositions that name it: the place takes part, it is not only where.
 */
export const VISIT_VERBS = new Set(['visit', 'arrive', 'travel', 'fly', 'tour', 'leave', 'head'])
export const DESTINATION_PREPS: Record<string, ReadonlySet<string>> = {
  visit: new Set(['in', 'to']),
  tour: new Set(['in', 'to']),
  arrive: new Set(['in', 'at']),
  travel: new Set(['to']),
  fly: new Set(['to', 'into']),
  leave: new Set(['for']),
  head: new Set(['for', 'to']),
}
export const DITRANSITIVE = new Set(['give', 'offer', 'fine', 'send', 'grant', 'award', 'pay', 'lend', 'sell', 'tell', 'show', 'hand', 'promise', 'owe'])
export const OUTCOME_VERBS = new Set(['kill', 'send', 'leave', 'force', 'cause', 'prompt', 'trigger', 'push', 'bring', 'result', 'lead', 'halt', 'give', 'allow', 'strand', 'injure', 'wound', 'destroy', 'raise', 'cut', 'drive'])
export const FUTURE_GOVERNORS = new Set(['expect', 'likely', 'unlikely', 'forecast', 'predict', 'project'])
/** Governors whose subject holds the expectation rather than acting: a source of the complement. */
export const OPINION_GOVERNORS = new Set(['expect', 'want', 'need', 'predict', 'forecast'])
/** Nouns whose "to" complement is their content, not a purpose ("a promise not to raise taxes"). */
export const INTENTION_NOUNS = new Set(['promise', 'pledge', 'plan', 'plans', 'decision', 'attempt', 'attempts', 'bid', 'effort', 'efforts', 'move', 'right', 'ability', 'need', 'call', 'calls', 'threat', 'deal', 'agreement', 'proposal', 'vote', 'order', 'intention', 'commitment', 'offer', 'request', 'demand', 'demands', 'failure', 'refusal', 'way', 'time', 'chance', 'power', 'permission', 'opportunity', 'reason', 'pressure', 'obligation', 'obligations', 'duty', 'duties', 'responsibility', 'mandate', 'requirement'])
/** Verbs whose "to" phrase names who receives something (so a place there stands for its people). */
export const TRANSFER_VERBS = new Set(['give', 'offer', 'deliver', 'sell', 'export', 'supply', 'provide', 'grant', 'lend', 'donate', 'pledge', 'award', 'pay', 'transfer', 'extend', 'open'])
/** Group nouns that also name places: behind "in" or "across" they are locations ("in 12 states"). */
export const PLACE_LIKE_NOUNS = new Set(['states', 'countries', 'nations', 'regions', 'provinces', 'cities', 'areas', 'districts', 'communities', 'villages', 'towns', 'territories', 'state', 'country', 'nation', 'region', 'city', 'community'])
export const AGENT_NOUN = /(makers?|workers?|producers?|growers?|builders?|exporters?|importers?|traders?|holders?|sellers?|buyers?|owners?|lenders?|insurers?|operators?|manufacturers?|suppliers?|providers?|carriers?|dealers?|brokers?|bankers?|farmers?|miners?|fishers?|drivers?|pilots?|lawmakers?|policymakers?|regulators?|campaigners?|organisers?|organizers?|residents?|citizens?|members?|bombers?|attackers?|hijackers?|kidnappers?|fighters?|shooters?|protesters?|rioters?|looters?|smugglers?|hackers?|raiders?|snipers?|strikers?|voters?|investors?|shareholders?)$/
export const PSYCH_VERBS = new Set(['impress', 'concern', 'worry', 'please', 'disappoint', 'surprise', 'satisfy', 'interest', 'delight', 'shock', 'alarm', 'frustrate', 'encourage', 'relieve', 'confuse', 'divide', 'involve', 'determine', 'convince', 'prepare', 'scare', 'tire', 'bore', 'excite', 'upset', 'anger', 'annoy', 'embarrass', 'reassure'])
/** What a government or a maker recalls, as an act rather than a memory. */
export const RECALLED = /\b(?:ambassadors?|envoys?|diplomats?|emissary|consul|mission|cars|vehicles|products?|models?|units|batches|devices|drugs?|troops)\b/
export const AIMED_VERBS = new Set(['fire', 'shoot', 'aim', 'throw', 'hurl', 'lob', 'launch', 'point', 'direct', 'strike', 'swing', 'open'])
export const PLACE_ACTOR_PREPS = new Set(['against', 'with', 'for', 'on', 'toward', 'towards', 'between'])

/**
 * Verbs that say what happened to a subject rather than what it did: a level moving ("Tesla's shares fell"),
 * something breaking or spreading, harm done. The parties named inside such a subject ("Eriador's death toll
 * has risen") are not its agents (frames.ts, partiesInSubject).
 */
export const EVENT_WITHOUT_ACTOR = new Set([
  'rise', 'fall', 'drop', 'jump', 'climb', 'surge', 'soar', 'plunge', 'slump', 'tumble', 'sink', 'slide', 'dip', 'gain', 'lose', 'grow', 'shrink',
  'slow', 'ease', 'weaken', 'strengthen', 'double', 'triple', 'halve', 'increase', 'decrease', 'decline', 'rebound', 'recover', 'contract', 'expand',
  'collapse', 'explode', 'crash', 'burn', 'flood', 'spread', 'melt', 'retreat', 'erupt', 'strike', 'hit', 'collide', 'leak', 'spill', 'fail', 'break',
  'kill', 'injure', 'wound', 'destroy', 'damage', 'close', 'shut', 'empty', 'expire', 'exceed', 'top', 'reach', 'squeeze', 'freeze', 'stall', 'halt',
])

/**
 * Verbs that, with only a thing for subject, describe it rather than report an event: "the glaciers held 35
 * km³ of ice", "the money pays for patrols", "the treaty leaves a stretch undrawn", "an investigation
 * determined that …", "radioactivity that seeped from a valve".
 */
export const DESCRIBING_VERBS = new Set(['hold', 'remain', 'leave', 'pay', 'have', 'include', 'contain', 'cost', 'mean', 'lack', 'seem', 'stand', 'lie', 'sit', 'represent', 'account', 'total', 'equal', 'determine', 'seep', 'use', 'need', 'require', 'involve', 'show', 'suggest', 'indicate', 'feature', 'make', 'take', 'give', 'go', 'come', 'get', 'bring', 'keep', 'let', 'put', 'set', 'value', 'moor'])

