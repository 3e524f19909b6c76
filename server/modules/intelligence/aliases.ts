/**
 * Alias merging (what the Core_AliasEnricher stage does for one document, done here across a tenant's
 * documents): 'U.S.', 'USA' and 'United States' are one entity.
 *
 * Two names are the same entity when they share a key. A name's keys are its normalised form (lower
 * case, no dots, no possessive), the gazetteer's canonical name for it (any provider's "USA" is the
 * gazetteer's "United States"), every alias the analyser gave with it, and, for an all-capitals short
 * form of two or more letters, the initials of the longer names it could stand for ("EU" and
 * "European Union"). Groups are joined with a union-find, so a chain of aliases across documents
 * ends in one entity. The canonical name is the gazetteer's when there is one, else the most-mentioned
 * full name; the id is `ent_<kind>_<slug of the canonical name>`, stable across requests.
 *
 * The analyst's decisions (entity-decisions.ts) are applied in the order they were taken, over what the
 * documents say: a split name keeps its own key only (it joins no alias, gazetteer entry or short form); a
 * merge joins two names' keys whatever else holds (after the splits, so merging a split name back undoes
 * it); a rename gives the entity its name the new name, and its id with it, the old one kept as an alias.
 */
import { lookupName, normaliseKey } from '../../analysis/local/entities'

/** One entity as one document reports it. */
export interface EntityOccurrence {
  eventId: string
  text: string
  kind: string
  aliases: string[]
  /** How many times the document mentions it. */
  mentions: number
}

/**
 * A spelling of an entity as the tenant's documents give it (its text, kind and aliases), with how many times
 * they give it and their mentions in all: what merging needs of the documents outside a view (migration 028
 * keeps these sums).
 */
export interface EntitySpelling {
  text: string
  kind: string
  aliases: string[]
  mentions: number
  occurrences: number
}

export interface MergedEntity {
  id: string
  name: string
  kind: string
  /** Every other name it went by, sorted. */
  aliases: string[]
  mentionCount: number
  /** The name the documents give it most: what the analyst's decisions about it are recorded by. */
  anchor: string
  /** Mentions per document id. */
  byDocument: Map<string, number>
}

export interface EntityIndex {
  entities: MergedEntity[]
  /** The entity a name (any case, any alias) refers to. */
  resolve(name: string, kind?: string | null): MergedEntity | undefined
  byId: Map<string, MergedEntity>
  /** The entity a spelling a document gives is counted under, when the spelling was among those merged (else undefined). */
  ofSpelling(spelling: Pick<EntityOccurrence, 'text' | 'kind' | 'aliases'>): MergedEntity | undefined
}

const connectors = new Set(['of', 'for', 'and', 'the', 'de', 'la', 'le', 'du', '&'])

/**
 * A pure function of a name, remembered for the last names seen (up to `size`, then forgotten at once): a
 * tenant gives the same names in every document, and merging asks for each name's keys many times.
 */
function remembered<T>(fn: (name: string) => T, size = 50_000): (name: string) => T {
  let memo = new Map<string, T>()
  return (name) => {
    const known = memo.get(name)
    if (known !== undefined || memo.has(name)) return known as T
    const value = fn(name)
    if (memo.size >= size) memo = new Map()
    memo.set(name, value)
    return value
  }
}

export const entityKey: (name: string) => string = remembered((name) => normaliseKey(name).replace(/^the\s+/, ''))

/** The gazetteer's entry for a name, if any (remembered as `entityKey` is). */
const gazetteerEntry = remembered(lookupName)

/** `localeCompare`'s order, from one collator made once (each `localeCompare` call sets one up). */
const collate = new Intl.Collator().compare

/** "European Union" → "eu", "United States of America" → "usa"; only for names of two or more words (remembered as `entityKey` is). */
export const initialsKey: (name: string) => string | null = remembered((name) => {
  const words = name
    .replace(/\./g, '')
    .split(/\s+/)
    .filter((w) => w.length > 0 && !connectors.has(w.toLowerCase()))
  if (words.length < 2 || !words.every((w) => /^\p{Lu}/u.test(w))) return null
  return words.map((w) => w[0]!.toLowerCase()).join('')
})

/** An all-capitals short form ("EU", "U.S.A."), as its key, else null. */
export const acronymKey = remembered((name: string): string | null => {
  const bare = name.replace(/\./g, '')
  return /^\p{Lu}{2,6}$/u.test(bare) ? bare.toLowerCase() : null
})

export const slug: (name: string) => string = remembered(
  (name) =>
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'unnamed',
)

/**
 * The keys a name is resolved by, in the order `resolve` tries them: its own, the gazetteer's, its
 * all-capitals short form. Two names sharing one of them are the same entity wherever both are known.
 */
export function nameKeys(name: string): string[] {
  return [...keysOf(name), acronymKey(name)].filter((k): k is string => !!k)
}

function keysOf(name: string): string[] {
  const keys = [entityKey(name)]
  const hit = gazetteerEntry(name)
  if (hit) keys.push(entityKey(hit.canonical))
  return keys.filter((k) => k.length > 0)
}

/** An analyst's decision, by names the entities go by (see the header). */
export type EntityDecision = { action: 'merge'; name: string; other: string; keep?: string | null } | { action: 'split'; name: string } | { action: 'rename'; name: string; other: string }

/**
 * Merges every document's entities into the tenant's entities. Deterministic for the same input. With the
 * tenant's `spellings`, the entities (names, kinds, aliases, mentions, ids) are the tenant's, merged from
 * them, and `occurrences` (a view's documents) only say which documents mention each (`byDocument`): the
 * same index as merging every document's occurrences, from a read of the view's documents and the sums.
 */
export function mergeEntities(occurrences: EntityOccurrence[], decisions: readonly EntityDecision[] = [], spellings?: readonly EntitySpelling[]): EntityIndex {
  return mergeParts(occurrences, decisions, spellings).index
}

/** What a merge is made of, beyond its index (entity-state.ts carries them from one version to the next). */
export interface MergeParts {
  index: EntityIndex
  /** Every name key the merge knows, with the key of its entity's group (its root). */
  roots(): Map<string, string>
  /** Each group's entity, by its root. */
  byRoot: ReadonlyMap<string, MergedEntity>
}

/** `mergeEntities`, with its parts. */
export function mergeParts(occurrences: EntityOccurrence[], decisions: readonly EntityDecision[] = [], spellings?: readonly EntitySpelling[]): MergeParts {
  const named = spellings ? withUnkept(spellings, occurrences) : occurrences.map((o) => ({ ...o, occurrences: 1 }))
  let mergedSpellings: Set<string> | undefined // made when first asked (ofSpelling): most indexes never are
  const parent = new Map<string, string>()
  const find = (k: string): string => {
    let root = k
    while (parent.get(root) !== root) root = parent.get(root) ?? root
    let x = k
    while (parent.get(x) !== root) {
      const next = parent.get(x)!
      parent.set(x, root)
      x = next
    }
    return root
  }
  const add = (k: string) => {
    if (!parent.has(k)) parent.set(k, k)
  }
  const union = (a: string, b: string) => {
    add(a)
    add(b)
    const ra = find(a)
    const rb = find(b)
    if (ra === rb) return
    // The smaller key wins, so the result does not depend on the order of the input.
    if (ra < rb) parent.set(rb, ra)
    else parent.set(ra, rb)
  }

  // Keys are joined once per distinct spelling: a tenant repeats the same names across many documents.
  const { isolated, merges, renames } = decisionsOf(decisions)
  const free = (n: string) => !isolated.has(entityKey(n))
  const names = new Set(named.flatMap((o) => [o.text, ...o.aliases]))
  const groupsOfNames = new Map<string, string[]>()
  for (const o of named) groupsOfNames.set([o.text, ...o.aliases].join('\u0000'), [o.text, ...o.aliases])
  for (const group of groupsOfNames.values()) {
    const keys = group.filter(free).flatMap(keysOf)
    for (const k of keys) union(keys[0]!, k)
    for (const n of group) if (!free(n)) add(entityKey(n))
  }
  // Short forms join the full names whose initials they are.
  const initials = new Map<string, Set<string>>()
  for (const n of names) {
    const ik = free(n) && initialsKey(n)
    if (ik) initials.set(ik, (initials.get(ik) ?? new Set()).add(entityKey(n)))
  }
  for (const n of names) {
    const ak = free(n) && acronymKey(n)
    for (const full of (ak && initials.get(ak)) || []) union(entityKey(n), full)
  }
  for (const [a, b] of merges) if (parent.has(entityKey(a)) && parent.has(entityKey(b))) union(entityKey(a), entityKey(b))
  const rootOf = (name: string): string | undefined => (parent.has(entityKey(name)) ? find(entityKey(name)) : undefined)
  // A merged entity is still picked by the name of the one the others were merged into, whichever name
  // its documents use most: later decisions are recorded under it, so splitting a merged-in name off takes
  // nothing of them along.
  const mergedAnchor = new Map<string, string>()
  for (const [a] of merges) {
    const root = rootOf(a)
    if (root !== undefined) mergedAnchor.set(root, a)
  }
  const renamed = new Map<string, string>()
  for (const [name, to] of renames) {
    const root = rootOf(name)
    if (root !== undefined) renamed.set(root, to)
  }

  type Acc = { names: Map<string, number>; kinds: Map<string, number>; gazetteer: string | null; byDocument: Map<string, number>; mentionCount: number }
  const groups = new Map<string, Acc>()
  for (const o of named) {
    add(entityKey(o.text))
    const root = find(entityKey(o.text))
    const acc = groups.get(root) ?? { names: new Map(), kinds: new Map(), gazetteer: null, byDocument: new Map(), mentionCount: 0 }
    groups.set(root, acc)
    acc.names.set(o.text, (acc.names.get(o.text) ?? 0) + o.mentions)
    // An alias split off (or merged elsewhere) is a name of another entity now.
    for (const a of o.aliases) if (!acc.names.has(a) && rootOf(a) === root) acc.names.set(a, 0)
    acc.kinds.set(o.kind, (acc.kinds.get(o.kind) ?? 0) + o.mentions + o.occurrences)
    const hit = free(o.text) ? gazetteerEntry(o.text) : undefined
    if (hit && (!acc.gazetteer || hit.canonical < acc.gazetteer)) acc.gazetteer = hit.canonical
    acc.mentionCount += o.mentions
  }
  for (const o of occurrences) {
    const acc = groups.get(find(entityKey(o.text)))!
    acc.byDocument.set(o.eventId, (acc.byDocument.get(o.eventId) ?? 0) + o.mentions)
  }

  const entities: MergedEntity[] = []
  const byKey = new Map<string, MergedEntity>()
  for (const [root, acc] of groups) {
    const best = (m: Map<string, number>) => (m.size === 1 ? m.keys().next().value! : [...m].sort((a, b) => b[1] - a[1] || b[0].length - a[0].length || collate(a[0], b[0]))[0]![0])
    const name = renamed.get(root) ?? acc.gazetteer ?? best(acc.names)
    const kind = best(acc.kinds)
    const aliases = [...acc.names.keys()].filter((n) => n !== name).sort(collate)
    const entity: MergedEntity = { id: `ent_${kind}_${slug(name)}`, name, kind, aliases, mentionCount: acc.mentionCount, anchor: mergedAnchor.get(root) ?? best(acc.names), byDocument: acc.byDocument }
    entities.push(entity)
    byKey.set(root, entity)
  }
  entities.sort(entityOrder)
  const byId = new Map(entities.map((e) => [e.id, e]))

  const index: EntityIndex = {
    entities,
    byId,
    ofSpelling(o) {
      mergedSpellings ??= new Set(named.map(spellingKey))
      return mergedSpellings.has(spellingKey(o)) ? byKey.get(find(entityKey(o.text))) : undefined
    },
    resolve(name, kind) {
      const keys = nameKeys(name)
      for (const [root, to] of renamed) if (entityKey(to) === keys[0]) keys.unshift(root)
      for (const k of keys) {
        if (!parent.has(k)) continue
        const e = byKey.get(find(k))
        if (e && (!kind || e.kind === kind)) return e
      }
      return undefined
    },
  }
  return { index, roots: () => new Map([...parent.keys()].map((k) => [k, find(k)])), byRoot: byKey }
}

/** The order of an index's entities: most mentioned first, then by name; what is left to tell apart, by id, anchor and aliases. */
export function entityOrder(a: MergedEntity, b: MergedEntity): number {
  return b.mentionCount - a.mentionCount || collate(a.name, b.name) || compareCodes(a.id, b.id) || compareCodes(a.anchor, b.anchor) || compareCodes(a.aliases.join('\u0000'), b.aliases.join('\u0000'))
}

const compareCodes = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The tenant's entities (`tenant`: merged from its spellings, without documents) with the mentions of these
 * occurrences (a view's documents) in `byDocument`: the same index as `mergeEntities(occurrences, decisions,
 * spellings)` when every occurrence's spelling was among the tenant's, without merging again; undefined when
 * one was not (its document completed after the tenant's entities were merged).
 */
export function withDocuments(tenant: EntityIndex, occurrences: readonly EntityOccurrence[]): EntityIndex | undefined {
  const byEntity = new Map<MergedEntity, Map<string, number>>()
  for (const o of occurrences) {
    const entity = tenant.ofSpelling(o)
    if (!entity) return undefined
    const byDocument = byEntity.get(entity) ?? new Map<string, number>()
    byEntity.set(entity, byDocument)
    byDocument.set(o.eventId, (byDocument.get(o.eventId) ?? 0) + o.mentions)
  }
  const copies = new Map([...byEntity].map(([entity, byDocument]) => [entity, { ...entity, byDocument }]))
  const ours = (entity: MergedEntity | undefined) => (entity && copies.get(entity)) ?? entity
  const entities = tenant.entities.map((e) => ours(e)!)
  return {
    entities,
    byId: new Map(entities.map((e) => [e.id, e])),
    ofSpelling: (o) => ours(tenant.ofSpelling(o)),
    resolve: (name, kind) => ours(tenant.resolve(name, kind)),
  }
}

export const spellingKey = (o: Pick<EntitySpelling, 'text' | 'kind' | 'aliases'>) => [o.text, o.kind, ...o.aliases].join('\u0000')

/**
 * The kept spellings, and those of `occurrences` they do not hold yet (a document completed between the two
 * reads): every occurrence's spelling is then among them.
 */
function withUnkept(spellings: readonly EntitySpelling[], occurrences: readonly EntityOccurrence[]): readonly EntitySpelling[] {
  if (occurrences.length === 0) return spellings
  const kept = new Set(spellings.map(spellingKey))
  const unkept = new Map<string, EntitySpelling>()
  for (const o of occurrences) {
    const key = spellingKey(o)
    if (kept.has(key)) continue
    const s = unkept.get(key)
    if (s) {
      s.mentions += o.mentions
      s.occurrences++
    } else unkept.set(key, { text: o.text, kind: o.kind, aliases: o.aliases, mentions: o.mentions, occurrences: 1 })
  }
  return unkept.size === 0 ? [...spellings] : [...spellings, ...unkept.values()]
}

/**
 * The keys of an entity picked by its names' keys (`keys`, as a watch stores them) once the analyst's decisions
 * are followed, so what was picked keeps meaning the same entity: a merge with one of its names brings the other
 * entity's names (and the name kept), a rename the new name, and a split takes the split name's own key away
 * unless it is the name the entity was picked by (`anchor`). Decisions taken before the pick change nothing
 * (its keys hold their effect already); undoing one takes its effect away again.
 */
export function keysThroughDecisions(keys: Iterable<string>, anchor: string, decisions: readonly EntityDecision[]): Set<string> {
  const result = new Set(keys)
  if (decisions.length === 0) return result
  const { isolated, merges, renames } = decisionsOf(decisions)
  const anchorKeys = new Set(nameKeys(anchor))
  for (const k of isolated) if (!anchorKeys.has(k)) result.delete(k)
  const holds = (name: string) => nameKeys(name).some((k) => result.has(k))
  const join = (name: string) => {
    for (const k of nameKeys(name)) if (!isolated.has(k) || anchorKeys.has(k)) result.add(k)
  }
  // Until nothing more joins: a merge may link to a name another merge or rename brought in.
  for (let grown = true; grown; ) {
    const before = result.size
    for (const [a, b] of merges) {
      if (!holds(a) && !holds(b)) continue
      join(a)
      join(b)
    }
    for (const [name, to] of renames) if (holds(name)) join(to)
    grown = result.size > before
  }
  return result
}

/**
 * The decisions in effect: the names split off, the pairs merged, and the names given, in the order taken (a
 * merge names the entity as its first entity was named then; a split undoes the merges of that name before it).
 */
export function decisionsOf(decisions: readonly EntityDecision[]): { isolated: Set<string>; merges: Array<[string, string]>; renames: Array<[string, string]> } {
  const isolated = new Set<string>()
  let effects: Array<{ merge: [string, string] | null; naming: [string, string] | null }> = []
  for (const d of decisions) {
    if (d.action === 'split') {
      const key = entityKey(d.name)
      isolated.add(key)
      effects = effects.filter((e) => !e.merge || (entityKey(e.merge[0]) !== key && entityKey(e.merge[1]) !== key))
    } else if (d.action === 'merge') effects.push({ merge: [d.name, d.other], naming: d.keep ? [d.name, d.keep] : null })
    else effects.push({ merge: null, naming: [d.name, d.other] })
  }
  return {
    isolated,
    merges: effects.flatMap((e) => (e.merge ? [e.merge] : [])),
    renames: effects.flatMap((e) => (e.naming ? [e.naming] : [])),
  }
}
