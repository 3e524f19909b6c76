/**
 * The knowledge graph's layout (spec §2 "Graph view"): the size each node kind is drawn at, the model as
 * ELK's input graph, and ELK's answer as positions. Pure; the layout itself runs in a web worker
 * (./KnowledgeGraph.tsx).
 */
import { GraphEdgeKind, type GraphNodeKind, type KnowledgeGraphModel } from '../../projections/knowledge-graph'

/** Drawn size of each node kind on the canvas, in px; the layout reserves exactly this. */
export const GraphNodeSize: Record<GraphNodeKind, { width: number; height: number }> = {
  document: { width: 220, height: 64 },
  frame: { width: 200, height: 56 },
  actor: { width: 160, height: 40 },
  resource: { width: 180, height: 40 },
}

/** The ELK graph (elkjs' `ElkNode` shape) the layout worker receives. */
export interface LayoutGraph {
  id: string
  layoutOptions: Record<string, string>
  children: Array<{ id: string; width: number; height: number }>
  edges: Array<{ id: string; sources: string[]; targets: string[] }>
}

/** The part of ELK's answer the canvas reads: each child's top-left corner. */
export interface LayoutAnswer {
  children?: Array<{ id: string; x?: number; y?: number }>
}

export type NodePositions = Readonly<Record<string, { x: number; y: number }>>

/** Lays a graph out (elkjs' `layout`); the app runs it in a web worker, tests pass their own. */
export type GraphLayout = (graph: LayoutGraph) => Promise<LayoutAnswer>

/** Layered, left to right: documents, then their frames, then the actors and resources they name. */
const LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.spacing.nodeNode': '18',
  'elk.layered.spacing.nodeNodeBetweenLayers': '90',
  'elk.spacing.componentComponent': '48',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
}

/**
 * The ELK input for a model. Connections are left out of the layering (they link frames of the same
 * column, which would otherwise push one frame a layer to the right); the canvas draws them over it.
 */
export function toLayoutGraph(model: KnowledgeGraphModel): LayoutGraph {
  return {
    id: 'root',
    layoutOptions: { ...LAYOUT_OPTIONS },
    children: model.nodes.map((n) => ({ id: n.id, ...GraphNodeSize[n.kind] })),
    edges: model.edges.filter((e) => e.kind !== GraphEdgeKind.Connection).map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  }
}

/** A string that changes exactly when the layout would: the laid-out nodes and edges. */
export function layoutKey(model: KnowledgeGraphModel): string {
  const graph = toLayoutGraph(model)
  return `${graph.children.map((c) => c.id).join('\u0001')}\u0002${graph.edges.map((e) => e.id).join('\u0001')}`
}

/** Positions from ELK's answer; a child ELK left without coordinates is placed at the origin. */
export function layoutPositions(answer: LayoutAnswer): NodePositions {
  const out: Record<string, { x: number; y: number }> = {}
  for (const c of answer.children ?? []) out[c.id] = { x: finite(c.x), y: finite(c.y) }
  return out
}

function finite(n: number | undefined): number {
  return typeof n === 'number' && Number.isFinite(n) ? n : 0
}
