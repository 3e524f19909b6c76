/**
 * The knowledge graph of the open workspace (spec §2 "Graph view"), derived from the workspace graph:
 * documents, their action frames, the actors and resources those frames name, and the server's
 * connections between frames. Nothing here is stored; `selectKnowledgeGraph` derives it and keeps the
 * previous reference while the graph it would draw is unchanged.
 *
 * - Node ids are namespaced by kind (`document:…`, `frame:…`, `actor:…`, `resource:…`), so a frame and a
 *   document sharing an id stay apart.
 * - Actors (and resources) are one node per normalised name across the whole workspace: 'The European
 *   Commission', 'european commission' and 'European Commission,' are the same actor. The label is the first
 *   spelling met, in document order then frame order.
 * - Frames show only under a shown document (as the title line counts them); a frame waiting for its
 *   document is not drawn.
 * - Each connection gives one edge per pair of its participants that are drawn (frames, or documents).
 *
 * How it is drawn (node sizes, the ELK layout) is the canvas's: src/ui/graph/graph-layout.ts.
 */
import { statusAbbreviation } from '../domain/rules/processing'
import { selectCardTitle } from './workspace-selectors'
import { smGet } from './sharded-map'
import type { FrameCard, WorkspaceGraph } from './workspace-graph'

export const GraphNodeKind = { Document: 'document', Frame: 'frame', Actor: 'actor', Resource: 'resource' } as const
export type GraphNodeKind = (typeof GraphNodeKind)[keyof typeof GraphNodeKind]
export const GraphNodeKinds: readonly GraphNodeKind[] = ['document', 'frame', 'actor', 'resource']

export const GraphEdgeKind = {
  /** document → one of its frames */
  Contains: 'contains',
  /** frame → an actor it names (label: the role) */
  Involves: 'involves',
  /** frame → a resource it names (label: the usage or type) */
  Uses: 'uses',
  /** participant → participant of a server connection (label: its type) */
  Connection: 'connection',
} as const
export type GraphEdgeKind = (typeof GraphEdgeKind)[keyof typeof GraphEdgeKind]

export interface GraphNode {
  id: string
  kind: GraphNodeKind
  label: string
  /** The document a document or frame node stands for (null for actors and resources). */
  documentId: string | null
  frameId: string | null
  /** Document or frame status; null for actors and resources. */
  status: string | null
  /** The graph view's status letter (C, P, A, D, F); null for actors and resources. */
  abbreviation: string | null
  /** A second line: 'n/total' for a frame, roles for an actor, types for a resource. */
  detail: string | null
  /** How many frames name this actor or resource; 1 for documents and frames. */
  mentions: number
}

export interface GraphEdge {
  id: string
  kind: GraphEdgeKind
  source: string
  target: string
  label: string | null
  /** A connection's strength (0–1); null for the other kinds. */
  confidence: number | null
}

export interface KnowledgeGraphModel {
  nodes: readonly GraphNode[]
  edges: readonly GraphEdge[]
}

export const emptyKnowledgeGraph: KnowledgeGraphModel = { nodes: [], edges: [] }

/**
 * The knowledge graph of a workspace graph. Memoised on the parts it reads (documents, frames,
 * connections) and stable by value: a change that does not alter the drawn graph (a status line, a
 * cursor) returns the previous model, so `useReadModel` skips the render.
 */
export function selectKnowledgeGraph(state: WorkspaceGraph): KnowledgeGraphModel {
  const hit = cache
  if (hit && hit.documents === state.documents && hit.frames === state.frames && hit.connections === state.connections) return hit.value
  const built = buildKnowledgeGraph(state)
  const value = hit && sameModel(hit.value, built) ? hit.value : built
  cache = { documents: state.documents, frames: state.frames, connections: state.connections, value }
  return value
}

/** The knowledge graph of a workspace graph, computed afresh (no memo). */
export function buildKnowledgeGraph(state: WorkspaceGraph): KnowledgeGraphModel {
  const nodes: GraphNode[] = []
  const edges: GraphEdge[] = []
  const entities = new Map<string, EntityAcc>()
  const edgeIndex = new Map<string, GraphEdge>()
  const drawnFrames = new Set<string>()

  for (const documentId of state.documents.order) {
    const doc = smGet(state.documents.byId, documentId)
    if (!doc) continue
    const docNode = nodeId(GraphNodeKind.Document, documentId)
    nodes.push({
      id: docNode,
      kind: GraphNodeKind.Document,
      label: selectCardTitle(doc),
      documentId,
      frameId: null,
      status: doc.status,
      abbreviation: statusAbbreviation(doc.status),
      detail: null,
      mentions: 1,
    })
    const frameIds = smGet(state.frames.byParent, documentId) ?? []
    frameIds.forEach((frameId, i) => {
      const frame = smGet(state.frames.byId, frameId)
      if (!frame) return
      const frameNode = nodeId(GraphNodeKind.Frame, frameId)
      drawnFrames.add(frameId)
      nodes.push({
        id: frameNode,
        kind: GraphNodeKind.Frame,
        label: frameLabel(frame, i + 1),
        documentId,
        frameId,
        status: frame.status,
        abbreviation: statusAbbreviation(frame.status),
        detail: `${frame.actionIndex ?? i + 1}/${frame.totalActions ?? frameIds.length}`,
        mentions: 1,
      })
      addEdge(edgeIndex, edges, GraphEdgeKind.Contains, docNode, frameNode, null)
      for (const actor of frame.actors?.entries ?? []) {
        const id = addEntity(entities, GraphNodeKind.Actor, actor.text, actor.role, frameId)
        if (id) addEdge(edgeIndex, edges, GraphEdgeKind.Involves, frameNode, id, actor.role ?? null)
      }
      for (const resource of frame.resources?.entries ?? []) {
        const id = addEntity(entities, GraphNodeKind.Resource, resource.text, resource.type, frameId)
        if (id) addEdge(edgeIndex, edges, GraphEdgeKind.Uses, frameNode, id, resource.usage ?? resource.type ?? null)
      }
    })
  }

  for (const acc of entities.values()) {
    nodes.push({
      id: acc.id,
      kind: acc.kind,
      label: acc.label,
      documentId: null,
      frameId: null,
      status: null,
      abbreviation: null,
      detail: acc.details.length > 0 ? acc.details.join(', ') : null,
      mentions: acc.frames.size,
    })
  }

  for (const connectionId of state.connections.order) {
    const connection = smGet(state.connections.byId, connectionId)
    if (!connection) continue
    const ends: string[] = []
    for (const participant of connection.participants ?? []) {
      const end = drawnFrames.has(participant) ? nodeId(GraphNodeKind.Frame, participant) : smGet(state.documents.byId, participant) ? nodeId(GraphNodeKind.Document, participant) : null
      if (end && !ends.includes(end)) ends.push(end)
    }
    for (let i = 0; i < ends.length; i++) {
      for (let j = i + 1; j < ends.length; j++) {
        const edge: GraphEdge = {
          id: `connection:${connectionId}:${ends[i]}->${ends[j]}`,
          kind: GraphEdgeKind.Connection,
          source: ends[i] as string,
          target: ends[j] as string,
          label: connection.type ? humanise(connection.type) : null,
          confidence: typeof connection.confidence === 'number' && Number.isFinite(connection.confidence) ? connection.confidence : null,
        }
        edges.push(edge)
      }
    }
  }

  return nodes.length === 0 ? emptyKnowledgeGraph : { nodes, edges }
}

/**
 * The key an actor or resource is merged by: Unicode-normalised, case-folded, whitespace collapsed,
 * surrounding quotes, brackets and punctuation and a leading 'the' dropped. '' when nothing is left.
 */
export function normalizeEntityName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(EDGE_PUNCTUATION, '')
    .replace(/^the (?=\S)/, '')
}

/** The nodes and edges left once the hidden kinds are removed (edges need both ends shown). */
export function withoutKinds(model: KnowledgeGraphModel, hidden: ReadonlySet<GraphNodeKind>): KnowledgeGraphModel {
  if (hidden.size === 0) return model
  const nodes = model.nodes.filter((n) => !hidden.has(n.kind))
  const shown = new Set(nodes.map((n) => n.id))
  return { nodes, edges: model.edges.filter((e) => shown.has(e.source) && shown.has(e.target)) }
}

/** Ids of the nodes whose label or detail contains the query (case-insensitive); null when the query is blank. */
export function matchingNodeIds(model: KnowledgeGraphModel, query: string): Set<string> | null {
  const q = query.trim().toLowerCase()
  if (q === '') return null
  return new Set(model.nodes.filter((n) => n.label.toLowerCase().includes(q) || (n.detail ?? '').toLowerCase().includes(q)).map((n) => n.id))
}

/** A node and the nodes one edge away from it. */
export function neighbourhood(model: KnowledgeGraphModel, id: string): Set<string> {
  const out = new Set([id])
  for (const e of model.edges) {
    if (e.source === id) out.add(e.target)
    else if (e.target === id) out.add(e.source)
  }
  return out
}

/** How many nodes of each kind the graph has. */
export function countByKind(model: KnowledgeGraphModel): Record<GraphNodeKind, number> {
  const counts: Record<GraphNodeKind, number> = { document: 0, frame: 0, actor: 0, resource: 0 }
  for (const n of model.nodes) counts[n.kind]++
  return counts
}

// ---- private helpers ---------------------------------------------------------------------------

interface EntityAcc {
  id: string
  kind: GraphNodeKind
  label: string
  details: string[]
  frames: Set<string>
}

/** Spaces, quotes, brackets and sentence punctuation around a name ('BERLIN,', '"Acme Corp."'); '%' or '$' stay. */
const EDGE_PUNCTUATION = /^[\s"'\u2018\u2019\u201C\u201D\u00AB\u00BB()[\]{}<>,;:.!?*_\u2013\u2014-]+|[\s"'\u2018\u2019\u201C\u201D\u00AB\u00BB()[\]{}<>,;:.!?*_\u2013\u2014-]+$/gu

let cache: { documents: object; frames: object; connections: object; value: KnowledgeGraphModel } | null = null

function nodeId(kind: GraphNodeKind, id: string): string {
  return `${kind}:${id}`
}

/** Records one mention of an actor or resource; its node id, or null when the name is empty. */
function addEntity(entities: Map<string, EntityAcc>, kind: GraphNodeKind, text: string | null | undefined, detail: string | null | undefined, frameId: string): string | null {
  const key = normalizeEntityName(text ?? '')
  if (key === '') return null
  const id = nodeId(kind, key)
  let acc = entities.get(id)
  if (!acc) {
    acc = { id, kind, label: cleanLabel(text as string), details: [], frames: new Set() }
    entities.set(id, acc)
  }
  acc.frames.add(frameId)
  const d = detail?.trim()
  if (d && !acc.details.includes(d)) acc.details.push(d)
  return id
}

/** One edge per (kind, source, target); a repeated mention adds its label once. */
function addEdge(index: Map<string, GraphEdge>, edges: GraphEdge[], kind: GraphEdgeKind, source: string, target: string, label: string | null): void {
  const id = `${kind}:${source}->${target}`
  const existing = index.get(id)
  if (existing) {
    if (label && existing.label !== label && !(existing.label ?? '').split(', ').includes(label)) existing.label = existing.label ? `${existing.label}, ${label}` : label
    return
  }
  const edge: GraphEdge = { id, kind, source, target, label, confidence: null }
  index.set(id, edge)
  edges.push(edge)
}

function frameLabel(frame: FrameCard, position: number): string {
  return frame.actionType ? humanise(frame.actionType) : `Action ${frame.actionIndex ?? position}`
}

function humanise(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The displayed spelling: whitespace collapsed, a trailing comma, semicolon or colon and wrapping quotes dropped ('BERLIN,' → 'BERLIN'). */
function cleanLabel(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s,;:]+$/u, '')
    .replace(/^["'\u2018\u201C\u00AB]+|["'\u2019\u201D\u00BB]+$/gu, '')
}

function sameModel(a: KnowledgeGraphModel, b: KnowledgeGraphModel): boolean {
  return sameList(a.nodes, b.nodes, sameNode) && sameList(a.edges, b.edges, sameEdge)
}

function sameList<T>(a: readonly T[], b: readonly T[], same: (x: T, y: T) => boolean): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (!same(a[i] as T, b[i] as T)) return false
  return true
}

function sameNode(a: GraphNode, b: GraphNode): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.label === b.label &&
    a.documentId === b.documentId &&
    a.frameId === b.frameId &&
    a.status === b.status &&
    a.abbreviation === b.abbreviation &&
    a.detail === b.detail &&
    a.mentions === b.mentions
  )
}

function sameEdge(a: GraphEdge, b: GraphEdge): boolean {
  return a.id === b.id && a.kind === b.kind && a.source === b.source && a.target === b.target && a.label === b.label && a.confidence === b.confidence
}
