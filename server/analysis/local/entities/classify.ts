/**
 * Whether a capitalised span is a name, and of what kind. Sentence-opening common words, articles,
 * demonyms and titles are cut off ("German Chancellor Olaf Scholz" → Olaf Scholz); what is left is a
 * person, organisation, place or other by its words and what stands around it. A span may give no
 * draft, one, or several ("Ahmed Said and Omar Khan").
 */
import type { EntityKindName } from '../../../../src/protocol/analysis'
import { firstNames, nameConnectors, orgPrefixes, orgReferenceNouns, orgSuffixes, personTitles, stateAbbreviations } from '../gazetteer'
import { isDictionaryWord } from '../syntax'
import type { Sentence, Token } from '../text'
import { isDemonym, lookupName } from './lookup'
import type { Draft } from './spans'
import { surface } from './spans'

/** Adjectives of regions that are not a country's demonym ("three European powers"). */
const regionalAdjectives = new Set(['European', 'African', 'Asian', 'Western', 'Eastern', 'Northern', 'Southern', 'Arab', 'Latin', 'Scandinavian', 'Nordic', 'Baltic', 'Middle', 'Central', 'Gulf', 'Pacific', 'Atlantic', 'Mediterranean', 'Caribbean', 'Balkan', 'Soviet', 'Islamic', 'Muslim', 'Christian', 'Jewish', 'Catholic', 'Sunni', 'Shia', 'Kurdish', 'Palestinian'])
/** Last words that make a name a place ("Ross Sea", "Sindh province"). */
const geoSuffixes = new Set(['Sea', 'Ocean', 'River', 'Lake', 'Mountains', 'Mountain', 'Valley', 'Island', 'Islands', 'Bay', 'Gulf', 'Strait', 'Desert', 'Peninsula', 'Coast', 'Province', 'Region', 'County', 'District', 'Basin', 'Delta', 'Plateau', 'Canal', 'Square', 'Street', 'Avenue', 'Airport', 'Harbour', 'Harbor', 'Port'])
/** Acronyms that are ordinary words, not names. */
const commonAcronyms = new Set(['AI', 'CEO', 'CFO', 'COO', 'CTO', 'GDP', 'EV', 'EVs', 'IT', 'TV', 'PC', 'VAT', 'NGO', 'NGOs', 'IPO', 'AGM', 'HQ', 'PR', 'HR', 'R&D', 'COVID', 'Covid', 'GPU', 'GPUs', 'CPU', 'API', 'APP', 'LNG', 'OK', 'AM', 'PM', 'DNA', 'RNA', 'HIV', 'AIDS', 'SUV', 'SUVs', 'UAV', 'UAVs', 'CO2', 'GMT', 'UTC', 'BST', 'CET', 'CEST', 'EST', 'EDT', 'CST', 'CDT', 'PST', 'PDT', 'IST', 'JST', 'AEST', 'AEDT', 'MSK'])
const PRODUCT_NOUNS = /^(?:chips?|processors?|phones?|smartphones?|laptops?|cars?|vehicles?|jets?|aircraft|planes?|vaccines?|drugs?|pills?|models?|engines?|consoles?|glasses|headsets?|satellites?|rockets?|landers?|probes?|rovers?|spacecraft|missiles?|drones?|tanks?|chatbot|app|apps|software|platform|service|network|reactor|reactors)$/
const NAMED_EVENTS = new Set(['Typhoon', 'Hurricane', 'Cyclone', 'Storm', 'Tropical', 'Operation', 'Super'])
const ORDINALS = new Set(['First', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh', 'Eighth', 'Ninth', 'Tenth', 'Fourteenth', 'Nineteenth'])
const NAMED_TEXTS = new Set(['Amendment', 'Act', 'Treaty', 'Convention', 'Accord', 'Accords', 'Agreement', 'Protocol', 'Charter', 'Constitution', 'Declaration', 'Directive', 'Regulation', 'Code', 'Bill'])
const PARTS_OF_PLACES = /^(?:areas?|parts?|regions?|provinces?|districts?|city|town|village|outskirts|suburbs?|capital|north|south|east|west|centre|center|coast|state|county|prefecture|municipality|island|residents|people|governor)$/
const titleWords = new Set(personTitles.flatMap((t) => t.split(' ')))

export function classifySpan(s: Sentence, from: number, to: number, seen: Set<string>): Draft[] {
  const tokens = s.tokens
  // "Ahmed Said and Omar Khan": two people, not one name; "Johnson and Johnson" stays one.
  const and = tokens.findIndex((t, k) => k > from && k < to - 1 && t.lower === 'and')
  // "Ilham Aliyev and President … Jose Manuel Barroso": a title after "and" opens the second person.
  const personOrTitle = (t: Token) => personStart(t) || titleWords.has(t.lower)
  if (and > from && personOrTitle(tokens[from]!) && personOrTitle(tokens[and + 1]!) && !titleWords.has(tokens[and - 1]!.lower)) {
    return [...classifySpan(s, from, and, seen), ...classifySpan(s, and + 1, to, seen)]
  }
  // "Chiara Martinelli of Climate Action Network Europe": a person and the body she speaks for.
  const of = tokens.findIndex((t, k) => k > from + 1 && k < to - 1 && t.lower === 'of')
  const orgAfter = of > 0 && tokens.slice(of + 1, to).some((t) => orgSuffixes.has(t.text))
  const personBefore = of > 0 && of - from >= 2 && of - from <= 3 && tokens.slice(from, of).every((t) => /^\p{Lu}\p{Ll}/u.test(t.text) && !titleWords.has(t.lower) && !orgSuffixes.has(t.text) && !lookupName(t.text))
  if (personBefore && (personStart(tokens[from]!) || orgAfter)) {
    const kindAs = (kind: EntityKindName) => (d: Draft) => (d.kind === 'other' ? { ...d, kind } : d)
    return [...classifySpan(s, from, of, seen).map(kindAs('person')), ...classifySpan(s, of + 1, to, seen).map(kindAs('organisation'))]
  }
  const joined = joinedNames(tokens, from, to)
  if (joined !== undefined) return [...classifySpan(s, from, joined, seen), ...classifySpan(s, joined + 1, to, seen)]
  const firstReal = tokens.findIndex((t) => t.text !== '' && !t.tags.has('Dateline'))
  // A capitalised common word opening the sentence is not a name ("Shares of …", "Students …").
  // "The European Union": an article is never part of a name.
  // "And Ennahda called …", "But Tunisia …": nor is a conjunction opening the sentence.
  // "Rival Endesa", "Neighbouring Niger": nor a word that says what the name is to the story.
  while (from < to - 1 && ['the', 'a', 'an', 'this', 'these', 'those', 'and', 'but', 'or', 'yet', 'so', 'nor', 'rival', 'rivals', 'competitor', 'fellow', 'neighbouring', 'neighboring'].includes(tokens[from]!.lower)) from++
  // "Rival Samsung", "Neighbouring Niger": a sentence-opening word before a known name is not part of it.
  if (from === firstReal && to - from >= 2 && !knownName(tokens[from]!) && lookupName(surface(tokens, from + 1, to))) from++
  // "Epic Games", "Nordic Freight": several capitalised words opening a sentence are a name.
  const multiword = (to - from >= 2 && /^\p{Lu}/u.test(tokens[from + 1]!.text)) || ONE_NAME_WITH_AND.has(surface(tokens, from, to).toLowerCase())
  while (from < to && from === firstReal && !multiword && !seen.has(tokens[from]!.text) && !looksLikeNameStart(tokens[from]!) && !unknownSubject(tokens, from, to)) {
    from++
    // …and a connector left in front ("Shares of Nordic Freight" → "Nordic Freight").
    while (from < to && nameConnectors.has(tokens[from]!.lower)) from++
  }
  // Demonyms and titles in front of a name are not part of it ("German Chancellor Olaf Scholz").
  const drafts: Draft[] = []
  let personByTitle = precededByTitle(tokens, from)
  while (from < to) {
    const t = tokens[from]!
    // "German Chancellor Olaf Scholz" → Olaf Scholz; but "Australian Cyber Security Centre" is one name.
    if (isDemonym(t.text) && from + 1 < to && (titleAt(tokens, from + 1, to) === from + 1 + titleLength(tokens, from + 1, to) || firstNames.has(tokens[from + 1]!.lower))) {
      from++
      continue
    }
    const title = titleAt(tokens, from, to)
    if (title > from && title < to) {
      // Whatever stands before the title may itself be a name ("ECB President …").
      const before = drafts.length === 0 ? leadingOrg(s, from, title) : undefined
      if (before) drafts.push(before)
      from = title
      personByTitle = true
      continue
    }
    break
  }
  if (from >= to) return drafts
  // "Trade Representative": a title alone is not a name.
  if (tokens.slice(from, to).every((x) => titleWords.has(x.lower) || ['trade', 'foreign', 'home', 'affairs', 'interior', 'finance', 'defence', 'defense', 'health', 'deputy', 'vice', 'chief', 'senior', 'acting', 'former'].includes(x.lower))) return drafts
  // "Aid agencies",, "Health workers": a lone capital opening the sentence before a common noun.
  // "Flash floods and landslides": a word the dictionary knows, before a plural, is the plural's modifier.
  const modifies = (next: Token) => next.tags.has('Noun') || next.tags.has('Adjective') || (isDictionaryWord(tokens[from]!.lower) && /[^s]s$/.test(next.lower))
  if (to - from === 1 && from === firstReal && !seen.has(tokens[from]!.text) && !lookupName(tokens[from]!.text) && !looksLikeOwner(tokens[from]!) && !firstNames.has(tokens[from]!.lower) && tokens[to] && /^\p{Ll}/u.test(tokens[to]!.text) && modifies(tokens[to]!) && !/[,;:]/.test(tokens[from]!.post)) {
    return drafts
  }
  if (to - from === 1 && (isDemonym(tokens[from]!.text) || regionalAdjectives.has(tokens[from]!.text) || commonAcronyms.has(tokens[from]!.text))) return drafts
  if (tokens.slice(from, to).every((x) => isDemonym(x.text) || regionalAdjectives.has(x.text))) return drafts
  const text = surface(tokens, from, to)
  if (text.length < 2) return drafts
  // "SANTA CLARA, Calif., Nov. 19 —": a state's abbreviation in a dateline is the state.
  const state = tokens[from]!.tags.has('Dateline') ? stateAbbreviations[text.replace(/\.$/, '')] : undefined
  if (state) return [...drafts, { sentence: s.index, from, to, text, kind: 'place', canonical: state }]
  const kind = ONE_NAME_WITH_AND.has(text.toLowerCase()) ? 'organisation' : kindOf(tokens, from, to, personByTitle)
  // "VELDHOVEN, Netherlands, Nov. 18 —": a dateline's capitals are its style, the town is Veldhoven.
  const datelineCaps = tokens.slice(from, to).every((t) => t.tags.has('Dateline') && /^[\p{Lu}'’.-]{3,}$/u.test(t.text))
  const canonical = datelineCaps ? text.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase()) : undefined
  drafts.push({ sentence: s.index, from, to, text, kind, ...(canonical ? { canonical } : {}) })
  return drafts
}

/** Names with "and" inside that are one name (countries with it are in the gazetteer). */
const ONE_NAME_WITH_AND = new Set(['procter and gamble', 'johnson and johnson', 'marks and spencer', 'barnes and noble', 'simon and schuster', 'ernst and young', 'black and decker', 'bang and olufsen', 'dolce and gabbana', 'ben and jerry', 'ben and jerry\'s', 'tiffany and co', 'arm and hammer', 'crabtree and evelyn', 'lewis and clark'])

/**
 * "Fornost and Gondor", "Sotheby's and Christie's": two names joined by "and" (the index of the "and"); a
 * name of one word or a known name on each side. "Food and Drug Administration", "Ministry of Trade and
 * Industry", "Procter and Gamble" stay one.
 */
function joinedNames(tokens: Token[], from: number, to: number): number | undefined {
  const and = tokens.findIndex((t, k) => k > from && k < to - 1 && t.lower === 'and')
  if (and < 0) return undefined
  const whole = surface(tokens, from, to)
  if (lookupName(whole) || ONE_NAME_WITH_AND.has(whole.toLowerCase())) return undefined
  if (tokens.slice(from, and).some((t) => nameConnectors.has(t.lower))) return undefined
  const one = (a: number, b: number) => b - a === 1 || lookupName(surface(tokens, a, b)) !== undefined
  return one(from, and) && (one(and + 1, to) || personStart(tokens[and + 1]!)) ? and : undefined
}

function personStart(t: Token): boolean {
  return firstNames.has(t.lower) || t.tags.has('FirstName')
}

function titleLength(tokens: Token[], from: number, to: number): number {
  for (const title of personTitles) {
    const words = title.split(' ')
    if (from + words.length >= to) continue
    if (words.every((w, k) => tokens[from + k]!.lower === w)) return words.length
  }
  return -1
}

function knownName(t: Token): boolean {
  return lookupName(t.text) !== undefined || firstNames.has(t.lower) || t.tags.has('Person') || t.tags.has('Organization') || t.tags.has('Place')
}

function looksLikeNameStart(t: Token): boolean {
  if (lookupName(t.text)) return true
  // "ArcelorMittal", "OpenAI", "iPhone"-style inner capitals only occur in names.
  if (/^\p{Lu}\p{Ll}+\p{Lu}/u.test(t.text)) return true
  if (firstNames.has(t.lower)) return true
  if (/^[A-Z]{2,}$/.test(t.text) && t.text.length <= 6) return true
  if (t.tags.has('ProperNoun') && !t.tags.has('Plural') && !t.tags.has('Adjective')) return true
  if (t.tags.has('Person') || t.tags.has('Organization') || t.tags.has('Place')) return true
  return looksLikeOwner(t)
}

/** "Eriador's death toll": a capitalised owner opening the sentence names someone, save a time or a pronoun ("Today's"). */
function looksLikeOwner(t: Token): boolean {
  return /^\p{Lu}\p{Ll}+['’]s$/u.test(t.text) && !NOT_OWNER_NAMES.has(t.lower.replace(/['’]s$/, '')) && !t.tags.has('Date')
}

const NOT_OWNER_NAMES = new Set(['today', 'yesterday', 'tomorrow', 'tonight', 'everyone', 'everybody', 'nobody', 'someone', 'somebody', 'anyone', 'anybody', 'one', 'other', 'another', 'year', 'week', 'month', 'day', 'world', 'nation', 'country', 'city', 'state', 'government', 'company', 'group', 'party', 'court', 'women', 'men', 'children', 'people'])

/**
 * "Vanderlande said …", "Calenardhon urged …": one capitalised word opening the sentence, right before its
 * verb or first in a list of names, that no word list knows and that is not built like a common noun ("Inflation rose", "Shipping
 * resumed", "Growth slowed" stay words), names whoever acts.
 */
function unknownSubject(tokens: Token[], from: number, to: number): boolean {
  const t = tokens[from]!
  const next = tokens[to]
  if (to - from !== 1 || !next || /[;:]/.test(t.post)) return false
  // …or the first of a list of names that does ("Fornost and Gondor welcomed", "Mordor, Rohan and Bree").
  // "Fornost and the evil Gondor", "Mordor, the Shire", "Ithilen and the government of Gondor": articles,
  // adjectives and one common noun (with "of") may stand before the next name of the list.
  const listed = /,/.test(t.post) ? nameAhead(tokens, to) : ['and', 'or', '&'].includes(next.lower) && nameAhead(tokens, to + 1)
  const isVerb = (x: Token | undefined) => x !== undefined && (x.tags.has('Verb') || x.tags.has('Copula') || x.tags.has('Modal') || x.tags.has('Auxiliary')) && !x.tags.has('Gerund')
  // "Arnor signed", "Arnor on Thursday signed", "Arnor yesterday signed".
  // "Gollum in recent days did allow": a time phrase of "in", "over" or "during" with a few words.
  const within = ['in', 'over', 'during'].includes(next.lower) && /^(?:days|weeks|months|years)$/.test(tokens[to + 2]?.lower ?? '') ? tokens[to + 3] : undefined
  const afterTime = next.lower === 'on' && /day$/.test(tokens[to + 1]?.lower ?? '') ? tokens[to + 2] : /^(?:yesterday|today)$/.test(next.lower) ? tokens[to + 1] : within
  // "Abubakar also directed", "Gollum recently allowed": an adverb or two before the verb.
  let v = to
  while (v < to + 2 && tokens[v] && tokens[v]!.tags.has('Adverb') && !isVerb(tokens[v])) v++
  const verb = !/,/.test(t.post) && (isVerb(next) || isVerb(afterTime) || (v > to && isVerb(tokens[v])))
  if (!listed && !verb) return false
  if (!/^\p{Lu}\p{Ll}{2,}$/u.test(t.text) || COMMON_NOUN_SHAPE.test(t.lower)) return false
  return !isDictionaryWord(t.lower)
}

/** A capitalised word at k, or after a few articles, adjectives or a noun and "of" (no verb, no punctuation). */
function nameAhead(tokens: Token[], k: number): boolean {
  for (let j = k; j < Math.min(tokens.length, k + 5); j++) {
    const x = tokens[j]!
    if (/^\p{Lu}/u.test(x.text)) return true
    const passable = ['the', 'a', 'an', 'of'].includes(x.lower) || ((x.tags.has('Adjective') || x.tags.has('Noun')) && !x.tags.has('Verb'))
    if (!passable || /[,;:.]/.test(x.post)) return false
  }
  return false
}

const COMMON_NOUN_SHAPE = /(?:tion|sion|ment|ness|ity|ism|ist|ance|ence|ing|ure|age|ery|ship|hood|dom|ics|ogy|ies|ers|ors|ants|ents|s)$/

function precededByTitle(tokens: Token[], from: number): boolean {
  const prev = tokens[from - 1]
  if (!prev || /,/.test(prev.post)) return false
  for (const title of personTitles) {
    const words = title.split(' ')
    if (words.length > from) continue
    let ok = true
    for (let k = 0; k < words.length; k++) {
      if (tokens[from - words.length + k]!.lower.replace(/\.$/, '') !== words[k]!.replace(/\.$/, '')) ok = false
    }
    if (ok) return true
  }
  return false
}

/** Index just after a title starting at or after `from` within the span, or -1. */
function titleAt(tokens: Token[], from: number, to: number): number {
  for (let k = from; k < to; k++) {
    if (!titleWords.has(tokens[k]!.lower.replace(/\.$/, '')) && !titleWords.has(tokens[k]!.lower)) continue
    // the longest title starting at k
    for (const title of personTitles) {
      const words = title.split(' ')
      if (k + words.length >= to) continue
      let ok = true
      for (let w = 0; w < words.length; w++) if (tokens[k + w]!.lower !== words[w]) ok = false
      if (ok && k + words.length < to) return k + words.length
    }
  }
  return -1
}

function leadingOrg(s: Sentence, from: number, to: number): Draft | undefined {
  const text = surface(s.tokens, from, to)
  const hit = lookupName(text)
  if (hit && hit.kind === 'organisation') return { sentence: s.index, from, to, text, kind: 'organisation', canonical: hit.canonical }
  if (to - from === 1 && /^[A-Z]{2,6}$/.test(text)) return { sentence: s.index, from, to, text, kind: 'organisation' }
  return undefined
}

function kindOf(tokens: Token[], from: number, to: number, personByTitle: boolean): EntityKindName {
  const span = tokens.slice(from, to)
  const words = span.map((t) => t.text.replace(/['’]s$/, ''))
  const lastWord = words[words.length - 1] ?? ''
  if (words.some((w) => orgSuffixes.has(w)) || orgPrefixes.has(words[0] ?? '')) {
    if (!personByTitle) return 'organisation'
  }
  if (personByTitle) return 'person'
  if (span.length >= 2 && geoSuffixes.has(lastWord)) return 'place'
  // "the company's Blackwell chips", "its Falcon 9 rocket": a name before what was made is the product's.
  if (PRODUCT_NOUNS.test(tokens[to]?.text ?? '')) return 'other'
  // "Typhoon Kalmaegi", "the First Amendment", "the Paris Agreement": storms and texts are no one.
  if (span.length >= 2 && (NAMED_EVENTS.has(words[0]!) || ORDINALS.has(words[0]!) || NAMED_TEXTS.has(lastWord))) return 'other'
  // "the dateline's VELDHOVEN": where the report was filed.
  if (span.every((t) => t.tags.has('Dateline')) && span.some((t) => /^[A-Z]{3,}$/.test(t.text))) return 'place'
  // "Analysts at ING": an acronym is a body, wherever it stands.
  if (words.length === 1 && /^[A-Z][A-Z0-9&]{1,6}$/.test(lastWord)) return 'organisation'
  // "in Kumamoto", "near the Ross Sea": an unknown name behind a place preposition is a place.
  const before = tokens[from - 1]?.lower === 'the' ? tokens[from - 2] : tokens[from - 1]
  const beforeBefore = tokens[tokens.indexOf(before ?? tokens[0]!) - 1]
  // "shares in Thyssenkrupp", "a stake in Altair" name companies, not places.
  const financial = beforeBefore && ['shares', 'stake', 'stakes', 'investment', 'investments', 'interest', 'holdings', 'invest', 'invested', 'investing'].includes(beforeBefore.lower)
  // "low-lying areas of Yen Bai", "the province of Lao Cai": a part of a place is in a place.
  if (before?.lower === 'of' && beforeBefore && PARTS_OF_PLACES.test(beforeBefore.lower)) return 'place'
  if (before && !financial && ['in', 'near', 'at', 'across', 'outside', 'inside', 'throughout', 'around', 'towards', 'toward'].includes(before.lower) && !span.some((t) => t.tags.has('Person'))) return 'place'
  const prev = tokens[from - 1]
  if (prev && orgReferenceNouns.has(prev.lower) && !/,/.test(prev.post)) return 'organisation'
  if (prev && ['counterpart', 'negotiator', 'spokesperson', 'spokesman', 'spokeswoman', 'leader'].includes(prev.lower)) return 'person'
  if (words.length >= 2 && firstNames.has((words[0] ?? '').toLowerCase()) && words.every((w) => /^\p{Lu}[\p{Ll}'’-]/u.test(w))) return 'person'
  if (words.length === 1 && /^[A-Z][A-Z0-9&]{1,6}$/.test(lastWord)) return 'organisation'
  if (span.some((t) => t.tags.has('Organization'))) return 'organisation'
  if (span.some((t) => t.tags.has('Person') || t.tags.has('FirstName') || t.tags.has('LastName'))) {
    if (words.length <= 4) return 'person'
  }
  if (span.every((t) => t.tags.has('Place'))) return 'place'
  if (words.length >= 2 && words.length <= 3 && words.every((w) => /^\p{Lu}\p{Ll}+(?:-\p{Lu}?\p{Ll}+)?$/u.test(w))) {
    // Two or three plain capitalised words followed by a verb act like a person's name.
    const next = tokens[to]
    if (next?.tags.has('Verb') && !/,/.test(tokens[to - 1]!.post)) return 'person'
  }
  if (words.length === 1) {
    const next = tokens[to]
    // A lone unknown name doing something is most often an organisation ("Optus notified …").
    if (next?.tags.has('Verb') && !next.tags.has('Gerund')) return 'organisation'
  }
  return 'other'
}
