/**
 * The knowledge graph of a tenant's corpus (spec §7: research graph, expand, explore, connections), as
 * the nodes and edges of src/protocol/intelligence.ts. Pure functions of a Corpus.
 *
 * Rules:
 * - Entities are the tenant's (aliases.ts; from its whole corpus, or the spellings migration 028 keeps), so
 *   an entity has the same id in every view, whatever the scope shown; a briefing's are merged among the
 *   documents it reads (briefing-scope.ts).
 * - Nodes: each document in scope (type = PESTLE category, weight = impactSeverity); each frame of those
 *   documents (type = actionType, weight = riskIndex); each entity those documents mention or those frames
 *   name as actor or resource (type = its kind, weight = its mentions in the documents in scope).
 * - Edges: contains document → frame; mentions document → entity (weight = the mentions in that
 *   document); actor and resource frame → entity, the frame's names resolved through the aliases (a name
 *   that is no entity, such as "tariffs", gets no edge); connected frame ↔ frame when the two share at
 *   least one actor entity (weight = the connection's confidence, `connectionConfidence`). A scope's
 *   graph keeps at most MAX_CONNECTED_EDGES connected edges, the most confident first.
 * - A connection's id is the pipeline's `<eventId>-c<i>-<j>` for two frames of one document (what
 *   Core_ContextPairVerifier stores) and `<frameA>~<frameB>` (ids in text order) across documents; its
 *   connected edge carries that id, so a briefing of type causalcontext opens it.
 * - A local graph is its seeds plus their one-hop neighbours (at most `maxNodes`, seeds first), with every
 *   edge between two of its nodes.
 * - Explore: documents by PostgreSQL full-text rank (ranked by the caller); a frame matches when one of the
 *   query's terms is a word of its description or summary (rank = the share of terms it contains), or,
 *   failing that, when its document matched (rank 0); an entity matches when the whole query resolves to
 *   it (aliases included) or a term is a word of its name or one of its aliases. A query term is a word of
 *   the query (lower case, dots dropped so "U.S." is "us"), stop words left out; a term of four or more
 *   letters also matches the start of a word ("tariff" finds "tariffs").
 */
import type { ExploreBody, FrameConnection, GraphBody, GraphEdge, GraphNode, ResolvedEntity } from '../../../src/protocol/intelligence'
import type { EntityIndex, MergedEntity } from './aliases'
import { type Corpus, type CorpusDocument, type CorpusFrame, riskIndex } from './corpus'
import { compareText } from './topics'

export const MAX_LOCAL_NODES = 60
export const MAX_CONNECTED_EDGES = 2000
export const MAX_CONNECTIONS = 200

/** The confidence of a connection: round2(min(1, mean(frame confidences) × (0.6 + 0.2·min(shared actors, 2)))). */
export function connectionConfidence(confidences: readonly number[], shared: number): number {
  const mean = confidences.length === 0 ? 0 : confidences.reduce((sum, c) => sum + c, 0) / confidences.length
  return round2(Math.min(1, mean * (0.6 + 0.2 * Math.min(shared, 2))))
}

export interface SharedActorPair<F> {
  a: F
  b: F
  /** The actors both name, sorted. */
  shared: string[]
  confidence: number
}

/** Every pair of items (a before b in input order) naming a common actor, with the connection's confidence. */
export function pairsSharingActors<F extends { confidence: number }>(items: ReadonlyArray<{ frame: F; actors: readonly string[] }>): Array<SharedActorPair<F>> {
  const holders = new Map<string, number[]>()
  items.forEach((item, i) => {
    for (const actor of new Set(item.actors)) getOrCreate(holders, actor, () => []).push(i)
  })
  const pairs: Array<SharedActorPair<F>> = []
  items.forEach((a, i) => {
    const partners = new Set<number>()
    for (const actor of a.actors) for (const j of holders.get(actor) ?? []) if (j > i) partners.add(j)
    for (const j of [...partners].sort((x, y) => x - y)) {
      const b = items[j]!
      const shared = sharedActors(a.actors, b.actors)
      pairs.push({ a: a.frame, b: b.frame, shared, confidence: connectionConfidence([a.frame.confidence, b.frame.confidence], shared.length) })
    }
  })
  return pairs
}

/** The id Core_ContextPairVerifier gives the connection of two frames of one document. */
export function documentConnectionId(eventId: string, firstIndex: number, secondIndex: number): string {
  return `${eventId}-c${firstIndex}-${secondIndex}`
}

/** Two frames in connection order: by action index within a document, by id across documents. */
export function connectionOrder(a: CorpusFrame, b: CorpusFrame): [CorpusFrame, CorpusFrame] {
  const aFirst = a.eventId === b.eventId ? a.actionIndex < b.actionIndex : compareText(a.id, b.id) < 0
  return aFirst ? [a, b] : [b, a]
}

/** The id of the connection between two frames (see the rules above). */
export function connectionIdOf(a: CorpusFrame, b: CorpusFrame): string {
  const [first, second] = connectionOrder(a, b)
  return first.eventId === second.eventId ? documentConnectionId(first.eventId, first.actionIndex, second.actionIndex) : `${first.id}~${second.id}`
}

/** The two frame ids a connection id names, or null when it is not one. */
export function frameIdsOfConnection(id: string): [string, string] | null {
  const across = id.split('~')
  if (across.length === 2 && across[0] && across[1]) return [across[0], across[1]]
  const within = /^(.+)-c(\d+)-(\d+)$/.exec(id)
  return within ? [`${within[1]}-f${within[2]}`, `${within[1]}-f${within[3]}`] : null
}

/** An entity as the wire shows it. */
export function resolvedEntity(e: MergedEntity): ResolvedEntity {
  return { id: e.id, name: e.name, kind: e.kind, aliases: e.aliases, mentionCount: e.mentionCount, documentCount: e.byDocument.size }
}

/** The entity an id or a name (any alias, any case) stands for. */
export function findEntity(index: EntityIndex, nameOrId: string, kind?: string | null): MergedEntity | undefined {
  const byId = index.byId.get(nameOrId)
  if (byId && (!kind || byId.kind === kind)) return byId
  return index.resolve(nameOrId, kind)
}

/** The ids of the documents of a research or project (all of the corpus when neither is given). */
export function documentsIn(corpus: Corpus, scope: { researchId?: string; projectId?: string }): Set<string> {
  return new Set(corpus.documents.filter((d) => (!scope.researchId || d.researchId === scope.researchId) && (!scope.projectId || d.projectId === scope.projectId)).map((d) => d.id))
}

/** One frame connected to another through their shared actor entities. */
export interface FrameLink {
  id: string
  source: CorpusFrame
  target: CorpusFrame
  /** The shared actor entities, sorted by name. */
  shared: MergedEntity[]
  confidence: number
}

/** The graph of the documents in scope, over the tenant's merged entities. */
export interface GraphView {
  readonly corpus: Corpus
  readonly documents: CorpusDocument[]
  readonly frames: CorpusFrame[]
  node(id: string): GraphNode | undefined
  /** Every edge touching the node, in a fixed order. */
  incident(id: string): GraphEdge[]
  /** Every node and edge of the scope. */
  whole(): GraphBody
  actorsOf(frame: CorpusFrame): MergedEntity[]
  resourcesOf(frame: CorpusFrame): MergedEntity[]
  /** The frames in scope that name the entity as an actor. */
  framesActing(entityId: string): CorpusFrame[]
  /** The frames in scope sharing an actor entity with this one, most confident first. */
  linksOf(frame: CorpusFrame): FrameLink[]
  /** Every connection between frames of the scope (uncapped), most confident first. */
  links(): FrameLink[]
  /** How many connections `links` holds, counted without making them (a scope whose frames share a few actors has millions). */
  linkCount(): number
  /** An entity's mentions in the documents in scope. */
  mentionsInScope(entityId: string): number
  /** The entities in scope, most mentioned in scope first (then by name). */
  entities(): MergedEntity[]
}

export function graphView(corpus: Corpus, documentIds?: ReadonlySet<string>): GraphView {
  const documents = documentIds ? corpus.documents.filter((d) => documentIds.has(d.id)) : corpus.documents
  const frames = documents.flatMap((d) => corpus.framesByDocument.get(d.id) ?? [])
  const documentsById = new Map(documents.map((d) => [d.id, d]))
  const framesById = new Map(frames.map((f) => [f.id, f]))
  const resolveNames = memoResolver(corpus.entities)
  const actors = new Map(frames.map((f) => [f.id, resolveNames(f.actors)]))
  const resources = new Map(frames.map((f) => [f.id, resolveNames(f.resources)]))
  const mentioned = entityMentions(corpus.entities.entities, documentsById)
  const mentionsByDocument = new Map<string, Array<[MergedEntity, number]>>()
  for (const e of corpus.entities.entities) for (const [docId, n] of mentioned.get(e.id) ?? []) getOrCreate(mentionsByDocument, docId, () => []).push([e, n])
  const acting = frameIndex(frames, actors)
  const namedAsResource = frameIndex(frames, resources)
  const entitiesInScope = new Map<string, MergedEntity>()
  for (const e of corpus.entities.entities) if (mentioned.has(e.id) || acting.has(e.id) || namedAsResource.has(e.id)) entitiesInScope.set(e.id, e)

  const actorsOf = (f: CorpusFrame) => actors.get(f.id) ?? resolveNames(f.actors)
  const resourcesOf = (f: CorpusFrame) => resources.get(f.id) ?? resolveNames(f.resources)
  const mentionsInScope = (entityId: string) => sum([...(mentioned.get(entityId) ?? new Map<string, number>()).values()])
  const link = (a: CorpusFrame, b: CorpusFrame) => makeLink(actorsOf, a, b)
  const linksOf = (f: CorpusFrame): FrameLink[] => {
    const partners = new Set<CorpusFrame>()
    for (const e of actorsOf(f)) for (const other of acting.get(e.id) ?? []) if (other.id !== f.id) partners.add(other)
    return [...partners].map((other) => link(f, other)).sort(byStrength)
  }
  const links = (): FrameLink[] =>
    pairsSharingActors(frames.map((f) => ({ frame: f, actors: actorsOf(f).map((e) => e.id) })))
      .map((p) => link(p.a, p.b))
      .sort(byStrength)

  const linkCount = (): number => {
    const actorIds = frames.map((f) => actorsOf(f).map((e) => e.id))
    const holders = new Map<string, number[]>()
    actorIds.forEach((ids, i) => {
      for (const id of new Set(ids)) getOrCreate(holders, id, () => []).push(i)
    })
    // Each later frame sharing an actor with frame i counts once: marked with i, not gathered in a set.
    const mark = new Int32Array(frames.length).fill(-1)
    let count = 0
    actorIds.forEach((ids, i) => {
      for (const id of ids)
        for (const j of holders.get(id) ?? [])
          if (j > i && mark[j] !== i) {
            mark[j] = i
            count++
          }
    })
    return count
  }

  const node = (id: string): GraphNode | undefined => {
    const d = documentsById.get(id)
    if (d) return documentNode(d)
    const f = framesById.get(id)
    if (f) return frameNode(f, documentsById.get(f.eventId)!)
    const e = entitiesInScope.get(id)
    return e ? entityNode(e, mentionsInScope(e.id)) : undefined
  }
  const documentEdges = (d: CorpusDocument): GraphEdge[] => [
    ...(corpus.framesByDocument.get(d.id) ?? []).map((f) => edge('contains', d.id, f.id)),
    ...(mentionsByDocument.get(d.id) ?? []).map(([e, n]) => edge('mentions', d.id, e.id, n)),
  ]
  const frameEdges = (f: CorpusFrame): GraphEdge[] => [...actorsOf(f).map((e) => edge('actor', f.id, e.id)), ...resourcesOf(f).map((e) => edge('resource', f.id, e.id))]
  const incident = (id: string): GraphEdge[] => {
    const d = documentsById.get(id)
    if (d) return documentEdges(d)
    const f = framesById.get(id)
    if (f) return [edge('contains', f.eventId, f.id), ...frameEdges(f), ...linksOf(f).map(connectedEdge)]
    if (!entitiesInScope.has(id)) return []
    return [
      ...[...(mentioned.get(id) ?? [])].map(([docId, n]) => edge('mentions', docId, id, n)),
      ...(acting.get(id) ?? []).map((frame) => edge('actor', frame.id, id)),
      ...(namedAsResource.get(id) ?? []).map((frame) => edge('resource', frame.id, id)),
    ]
  }
  const whole = (): GraphBody => ({
    nodes: [...documents.map(documentNode), ...frames.map((f) => frameNode(f, documentsById.get(f.eventId)!)), ...[...entitiesInScope.values()].map((e) => entityNode(e, mentionsInScope(e.id)))],
    edges: [...documents.flatMap(documentEdges), ...frames.flatMap(frameEdges), ...links().slice(0, MAX_CONNECTED_EDGES).map(connectedEdge)],
  })

  const entities = () => [...entitiesInScope.values()].sort((a, b) => mentionsInScope(b.id) - mentionsInScope(a.id) || compareText(a.name, b.name))

  return { corpus, documents, frames, node, incident, whole, actorsOf, resourcesOf, framesActing: (id) => acting.get(id) ?? [], linksOf, links, linkCount, mentionsInScope, entities }
}

/** The seeds and their one-hop neighbours (seeds first, at most maxNodes), with every edge between them. */
export function localGraph(view: GraphView, seeds: readonly string[], maxNodes = MAX_LOCAL_NODES): GraphBody {
  const kept = new Map<string, GraphNode>()
  const keep = (id: string) => {
    if (kept.size >= maxNodes || kept.has(id)) return
    const n = view.node(id)
    if (n) kept.set(id, n)
  }
  for (const id of seeds) keep(id)
  for (const id of [...kept.keys()]) for (const e of view.incident(id)) keep(e.source === id ? e.target : e.source)
  const edges = new Map<string, GraphEdge>()
  for (const id of kept.keys()) for (const e of view.incident(id)) if (kept.has(e.source) && kept.has(e.target)) edges.set(e.id, e)
  return { nodes: [...kept.values()], edges: [...edges.values()] }
}

/** A node and its neighbours, with the edges touching it; undefined for an unknown id. */
export function expandNode(view: GraphView, id: string): GraphBody | undefined {
  const self = view.node(id)
  if (!self) return undefined
  const edges = view.incident(id)
  const nodes = new Map<string, GraphNode>([[id, self]])
  for (const e of edges) {
    const other = e.source === id ? e.target : e.source
    const n = nodes.has(other) ? undefined : view.node(other)
    if (n) nodes.set(other, n)
  }
  return { nodes: [...nodes.values()], edges }
}

/** Connections between frames that both name the participant as an actor (any documents), best first, capped. */
export function participantConnections(view: GraphView, participant: MergedEntity): FrameConnection[] {
  const frames = view.framesActing(participant.id)
  const links: FrameLink[] = []
  frames.forEach((a, i) => frames.slice(i + 1).forEach((b) => links.push(linkBetween(view, a, b))))
  return links.sort(byStrength).slice(0, MAX_CONNECTIONS).map(toConnection)
}

/** A connection on the wire. */
export function toConnection(l: FrameLink): FrameConnection {
  return { id: l.id, type: 'shared_actor', participants: [l.source.id, l.target.id], sharedActors: l.shared.map((e) => e.name), confidence: l.confidence, status: 'Active' }
}

/** The link of two frames (their shared actors may be none). */
export function linkBetween(view: GraphView, a: CorpusFrame, b: CorpusFrame): FrameLink {
  return makeLink(view.actorsOf, a, b)
}

/** What explore finds for a query, given the documents' full-text ranks (best first). */
export function explore(view: GraphView, query: string, ranked: ReadonlyArray<{ id: string; rank: number }>, limit: number): ExploreBody {
  const terms = queryTerms(query)
  const documentRank = new Map(ranked.flatMap((r) => (view.corpus.documentsById.has(r.id) ? [[r.id, r.rank] as const] : [])))
  const documents = [...documentRank].slice(0, limit).map(([id, rank]) => {
    const d = view.corpus.documentsById.get(id)!
    return { id, title: d.title, summary: d.summary, researchId: d.researchId, sessionId: d.sessionId, projectId: d.projectId, rank: round4(rank) }
  })
  const frames = view.frames
    .flatMap((f) => {
      const share = termShare(terms, `${f.description} ${f.summary}`)
      return share > 0 || documentRank.has(f.eventId) ? [{ f, rank: share }] : []
    })
    .sort((x, y) => y.rank - x.rank || (documentRank.get(y.f.eventId) ?? 0) - (documentRank.get(x.f.eventId) ?? 0) || compareText(x.f.id, y.f.id))
    .slice(0, limit)
    .map(({ f, rank }) => ({ id: f.id, eventId: f.eventId, title: f.description, actionType: f.actionType, rank }))
  const resolved = view.corpus.entities.resolve(query)
  const entities = [...(resolved ? [resolved] : []), ...view.corpus.entities.entities.filter((e) => e !== resolved && [e.name, ...e.aliases].some((n) => termShare(terms, n) > 0))].slice(0, limit)
  const seeds = [...documents.map((d) => d.id), ...frames.map((f) => f.id), ...entities.map((e) => e.id)]
  return { query, documents, frames, entities: entities.map(resolvedEntity), graph: localGraph(view, seeds, Math.max(MAX_LOCAL_NODES, seeds.length)) }
}

/** The words a query is searched by (see the rules above). */
export function queryTerms(query: string): string[] {
  return [...new Set(words(query).filter((w) => !stopWords.has(w)))]
}

// ---------------------------------------------------------------------------------------------------

const stopWords = new Set(['a', 'an', 'and', 'are', 'as', 'at', 'be', 'by', 'for', 'from', 'in', 'is', 'it', 'its', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'were', 'with'])

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\./g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
}

/** The share of the terms that are words of the text (2 decimals); a term of 4+ letters may start a word. */
function termShare(terms: readonly string[], text: string): number {
  if (terms.length === 0) return 0
  const present = words(text)
  const hits = terms.filter((t) => present.some((w) => w === t || (t.length >= 4 && w.startsWith(t)))).length
  return round2(hits / terms.length)
}

function documentNode(d: CorpusDocument): GraphNode {
  return { id: d.id, kind: 'document', label: d.title, type: d.pestleCategory, weight: round2(d.impactSeverity) }
}

function frameNode(f: CorpusFrame, d: CorpusDocument): GraphNode {
  return { id: f.id, kind: 'frame', label: f.description, type: f.actionType, weight: riskIndex(f, d.impactSeverity) }
}

function entityNode(e: MergedEntity, mentions: number): GraphNode {
  return { id: e.id, kind: 'entity', label: e.name, type: e.kind, weight: mentions }
}

function edge(kind: GraphEdge['kind'], source: string, target: string, weight?: number): GraphEdge {
  return { id: `${kind}:${source}->${target}`, source, target, kind, ...(weight === undefined ? {} : { weight }) }
}

function connectedEdge(l: FrameLink): GraphEdge {
  return { id: l.id, source: l.source.id, target: l.target.id, kind: 'connected', weight: l.confidence }
}

/** Names resolved to entities (unknown names dropped, each entity once, in the names' order). */
function memoResolver(index: EntityIndex): (names: readonly string[]) => MergedEntity[] {
  const memo = new Map<string, MergedEntity | null>()
  const one = (name: string) => getOrCreate(memo, name, () => index.resolve(name) ?? null)
  return (names) => [...new Set(names.map(one).filter((e): e is MergedEntity => e !== null))]
}

/** Per entity, its mentions per document in scope. */
function entityMentions(entities: readonly MergedEntity[], documents: ReadonlyMap<string, CorpusDocument>): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>()
  for (const e of entities) {
    const inScope = [...e.byDocument].filter(([docId]) => documents.has(docId))
    if (inScope.length > 0) out.set(e.id, new Map(inScope))
  }
  return out
}

/** Per entity, the frames naming it (in frame order). */
function frameIndex(frames: readonly CorpusFrame[], named: ReadonlyMap<string, MergedEntity[]>): Map<string, CorpusFrame[]> {
  const out = new Map<string, CorpusFrame[]>()
  for (const f of frames) for (const e of named.get(f.id) ?? []) getOrCreate(out, e.id, () => []).push(f)
  return out
}

function makeLink(actorsOf: (f: CorpusFrame) => MergedEntity[], a: CorpusFrame, b: CorpusFrame): FrameLink {
  const [source, target] = connectionOrder(a, b)
  const theirs = new Set(actorsOf(b).map((e) => e.id))
  const shared = actorsOf(a)
    .filter((e) => theirs.has(e.id))
    .sort((x, y) => compareText(x.name, y.name))
  return { id: connectionIdOf(a, b), source, target, shared, confidence: connectionConfidence([a.confidence, b.confidence], shared.length) }
}

function sharedActors(a: readonly string[], b: readonly string[]): string[] {
  const theirs = new Set(b)
  return [...new Set(a)].filter((x) => theirs.has(x)).sort()
}

function byStrength(a: FrameLink, b: FrameLink): number {
  return b.confidence - a.confidence || compareText(a.id, b.id)
}

function getOrCreate<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make())
  return map.get(key)!
}

function sum(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0)
}

const round2 = (x: number) => Math.round(x * 100) / 100
const round4 = (x: number) => Math.round(x * 10_000) / 10_000
