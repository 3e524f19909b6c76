/** Keeping the sigma graph in step with the entity graph's answer and the theme (EntityCanvas.tsx). */
import type Graph from 'graphology'
import type { EntityGraphBody } from '../../protocol/entity-graph'
import { curvatures } from './edge-lod'
import { categoryColour, edgeSize, type GraphTheme, kindColour, nodeSize, seededPosition } from './graph-style'

/** Beyond this many edges the graph is large: thinner edges, hidden while moving. */
export const LARGE_EDGES = 2000

/** Makes the graph hold exactly the body's nodes and edges, keeping the positions of those it had. */
export function sync(graph: Graph, body: EntityGraphBody, theme: GraphTheme): void {
  const nodeIds = new Set(body.nodes.map((n) => n.id))
  const edgeIds = new Set(body.edges.map((e) => e.id))
  for (const id of graph.edges()) if (!edgeIds.has(id)) graph.dropEdge(id)
  for (const id of graph.nodes()) if (!nodeIds.has(id)) graph.dropNode(id)
  const neighbourOf = new Map<string, string>()
  for (const e of body.edges) {
    neighbourOf.set(e.target, neighbourOf.get(e.target) ?? e.source)
    neighbourOf.set(e.source, neighbourOf.get(e.source) ?? e.target)
  }
  for (const n of body.nodes) {
    const attrs = { label: n.label, kind: n.kind, size: nodeSize(n.frames, n.mentions), color: kindColour(n.kind, theme) }
    if (graph.hasNode(n.id)) {
      graph.mergeNodeAttributes(n.id, attrs)
      continue
    }
    const near = neighbourOf.get(n.id)
    const seeded = seededPosition(n.id)
    const base = near && graph.hasNode(near) ? { x: (graph.getNodeAttribute(near, 'x') as number) + seeded.x / 20, y: (graph.getNodeAttribute(near, 'y') as number) + seeded.y / 20 } : seeded
    graph.addNode(n.id, { ...attrs, ...base })
  }
  const thin = body.edges.length > LARGE_EDGES ? 0.4 : 1
  const curves = curvatures(body.edges)
  for (const e of body.edges) {
    const attrs = { label: e.label, category: e.category, weight: e.weight, size: thin * edgeSize(e.weight), color: categoryColour(e.category, theme), curvature: curves.get(e.id) ?? 0 }
    if (graph.hasEdge(e.id)) graph.mergeEdgeAttributes(e.id, attrs)
    else graph.addEdgeWithKey(e.id, e.source, e.target, attrs)
  }
}

/**
 * The colours again for the theme. The hints name zIndex so sigma indexes again: without it, an edge added
 * since its last render (its refresh is scheduled) would be repainted before it is indexed, and sigma throws.
 */
export function paint(graph: Graph, theme: GraphTheme): void {
  graph.updateEachNodeAttributes((_id, a) => ({ ...a, color: kindColour(a.kind as string, theme) }), { attributes: ['color', 'zIndex'] })
  graph.updateEachEdgeAttributes((_id, a) => ({ ...a, color: categoryColour(a.category as string, theme) }), { attributes: ['color', 'zIndex'] })
}
