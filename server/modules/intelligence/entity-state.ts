/**
 * The tenant's entities carried from one version of its spellings to the next (issue 22, item 1): a document
 * completing changes a few spellings' sums and adds a few spellings, so only the entities those touch are
 * merged again (aliases.ts `mergeParts`, over every spelling of the groups they touch), and the rest are kept.
 * The index is the one merging every spelling gives (tested against it), at a fraction of the cost: at 12,000
 * spellings a merge takes about 75 ms.
 *
 * Which groups a change touches: the group of a spelling whose sums changed; for a spelling added, the groups
 * holding any key of its names (its own, the gazetteer's, its short form), those whose names have its names'
 * initials or are the short form of them, and those of the other name of any merge the analyst made with one
 * of them; then, until none is left, the groups holding a key of any name of a touched group's spellings.
 * Taking in a group not touched changes nothing (it is merged again as it was). A spelling gone, or a
 * decision taken or undone, merges everything again.
 */
import {
  acronymKey,
  decisionsOf,
  type EntityDecision,
  type EntityIndex,
  type EntitySpelling,
  entityKey,
  entityOrder,
  initialsKey,
  type MergedEntity,
  mergeParts,
  nameKeys,
  spellingKey,
} from './aliases'

export interface EntityState {
  decisions: string
  /** The spellings merged, by `spellingKey`. */
  spellings: ReadonlyMap<string, EntitySpelling>
  /** Every name key, with its group's root. */
  roots: ReadonlyMap<string, string>
  /** Each group's spellings: those with a name whose key is in it. */
  members: ReadonlyMap<string, readonly EntitySpelling[]>
  byRoot: ReadonlyMap<string, MergedEntity>
  /** Name keys by the initials of the name, and by the short form the name is: how a new name joins others. */
  initials: Map<string, string[]>
  acronyms: Map<string, string[]>
  index: EntityIndex
}

/** The index of these spellings under these decisions, from the state of an earlier version (or none). */
export function advanceEntities(state: EntityState | undefined, spellings: readonly EntitySpelling[], decisions: readonly EntityDecision[]): EntityState {
  const signature = JSON.stringify(decisions)
  const next = new Map(spellings.map((s) => [spellingKey(s), s]))
  if (!state || state.decisions !== signature || next.size !== spellings.length) return fromScratch(next, decisions, signature)
  const added: EntitySpelling[] = []
  const touched = new Set<string>()
  for (const [key, s] of next) {
    const before = state.spellings.get(key)
    if (!before) added.push(s)
    else if (before.mentions !== s.mentions || before.occurrences !== s.occurrences) touched.add(state.roots.get(entityKey(s.text))!)
  }
  if (next.size - added.length !== state.spellings.size) return fromScratch(next, decisions, signature)
  if (added.length === 0 && touched.size === 0) return { ...state, spellings: next }

  const rootsOf = (keys: Iterable<string>) => {
    for (const k of keys) {
      const root = state.roots.get(k)
      if (root !== undefined) touched.add(root)
    }
  }
  const names = new Set(added.flatMap((s) => [s.text, ...s.aliases]))
  for (const n of names) {
    rootsOf([entityKey(n), ...nameKeys(n)])
    const ak = acronymKey(n)
    if (ak) rootsOf(state.initials.get(ak) ?? [])
    const ik = initialsKey(n)
    if (ik) rootsOf(state.acronyms.get(ik) ?? [])
  }
  // A merge applies once both its names' keys are known (a gazetteer's name is known from any name it stands for).
  const newKeys = new Set([...names].flatMap((n) => [entityKey(n), ...nameKeys(n)]))
  for (const d of decisions) if (d.action === 'merge' && (newKeys.has(entityKey(d.name)) || newKeys.has(entityKey(d.other)))) rootsOf([entityKey(d.name), entityKey(d.other)])

  // A spelling's names may hold keys of other groups (an alias of a name split off is another entity's name):
  // those groups are merged again too, or a group would be merged from part of its spellings.
  const pending = [...touched]
  while (pending.length > 0) {
    for (const s of state.members.get(pending.pop()!) ?? []) {
      for (const root of rootsOfSpelling(s, state.roots)) {
        if (touched.has(root)) continue
        touched.add(root)
        pending.push(root)
      }
    }
  }
  // Every spelling of the groups touched (as they are now, once each), and those added.
  const again = [...[...new Set([...touched].flatMap((root) => state.members.get(root) ?? []))].map((s) => next.get(spellingKey(s))!), ...added]
  const parts = mergeParts([], decisions, again)
  const partRoots = parts.roots()
  const roots = new Map(state.roots)
  for (const [k, root] of partRoots) roots.set(k, root)
  const members = new Map(state.members)
  const byRoot = new Map(state.byRoot)
  for (const root of touched) {
    members.delete(root)
    byRoot.delete(root)
  }
  for (const [root, entity] of parts.byRoot) byRoot.set(root, entity)
  for (const [root, list] of membersOf(again, partRoots)) members.set(root, list)
  const gone = new Set([...touched].map((root) => state.byRoot.get(root)))
  // Mostly in order already: the sort goes through it about once.
  const entities = [...state.index.entities, ...parts.index.entities].filter((e) => !gone.has(e)).sort(entityOrder)
  indexNames(state.initials, state.acronyms, names)
  return { decisions: signature, spellings: next, roots, members, byRoot, initials: state.initials, acronyms: state.acronyms, index: indexOf(entities, roots, byRoot, next, decisions) }
}

function fromScratch(spellings: ReadonlyMap<string, EntitySpelling>, decisions: readonly EntityDecision[], signature: string): EntityState {
  const all = [...spellings.values()]
  const parts = mergeParts([], decisions, all)
  const roots = parts.roots()
  const initials = new Map<string, string[]>()
  const acronyms = new Map<string, string[]>()
  indexNames(initials, acronyms, new Set(all.flatMap((s) => [s.text, ...s.aliases])))
  return {
    decisions: signature,
    spellings,
    roots,
    members: membersOf(all, roots),
    byRoot: parts.byRoot,
    initials,
    acronyms,
    index: parts.index,
  }
}

/** An index over the kept parts: what `mergeParts` answers, read from the maps (see its `resolve`). */
function indexOf(
  entities: MergedEntity[],
  roots: ReadonlyMap<string, string>,
  byRoot: ReadonlyMap<string, MergedEntity>,
  spellings: ReadonlyMap<string, EntitySpelling>,
  decisions: readonly EntityDecision[],
): EntityIndex {
  const renamed = new Map<string, string>()
  for (const [name, to] of decisionsOf(decisions).renames) {
    const root = roots.get(entityKey(name))
    if (root !== undefined) renamed.set(root, to)
  }
  const entityOf = (key: string) => {
    const root = roots.get(key)
    return root === undefined ? undefined : byRoot.get(root)
  }
  return {
    entities,
    byId: new Map(entities.map((e) => [e.id, e])),
    ofSpelling: (o) => (spellings.has(spellingKey(o)) ? entityOf(entityKey(o.text)) : undefined),
    resolve(name, kind) {
      const keys = nameKeys(name)
      for (const [root, to] of renamed) if (entityKey(to) === keys[0]) keys.unshift(root)
      for (const k of keys) {
        const e = entityOf(k)
        if (e && (!kind || e.kind === kind)) return e
      }
      return undefined
    },
  }
}

function indexNames(initials: Map<string, string[]>, acronyms: Map<string, string[]>, names: Iterable<string>): void {
  const note = (map: Map<string, string[]>, key: string | null, name: string) => {
    if (!key) return
    const list = map.get(key)
    if (list) list.push(entityKey(name))
    else map.set(key, [entityKey(name)])
  }
  for (const n of names) {
    note(initials, initialsKey(n), n)
    note(acronyms, acronymKey(n), n)
  }
}

/** The roots of the groups holding a key of any of a spelling's names. */
function rootsOfSpelling(s: EntitySpelling, roots: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>()
  for (const n of [s.text, ...s.aliases]) {
    for (const k of [entityKey(n), ...nameKeys(n)]) {
      const root = roots.get(k)
      if (root !== undefined) out.add(root)
    }
  }
  return out
}

/** The spellings holding a key of each group (its text's, or an alias's). */
function membersOf(spellings: readonly EntitySpelling[], roots: ReadonlyMap<string, string>): Map<string, EntitySpelling[]> {
  const out = new Map<string, EntitySpelling[]>()
  for (const s of spellings) {
    for (const root of rootsOfSpelling(s, roots)) {
      const list = out.get(root)
      if (list) list.push(s)
      else out.set(root, [s])
    }
  }
  return out
}
