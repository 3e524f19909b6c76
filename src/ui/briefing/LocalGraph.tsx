/**
 * The briefing's local graph: its node and edge counts, a legend by kind, and a small static drawing —
 * the object itself (when it is one of the nodes) in the middle, the rest on a circle, coloured by kind.
 * Plain SVG on purpose: the briefing is on the first page's route, and React Flow stays in the
 * workspace's lazily loaded chunk.
 */
import { memo, useMemo } from 'react'
import { type GraphBody, type GraphNode, GraphNodeKinds } from '../../protocol/intelligence'

/** Nodes drawn at most; the counts always cover all of them. */
const MAX_DRAWN_NODES = 60
/** Up to this many nodes carry their label on the drawing (more would overlap). */
const LABELLED_NODES = 12
const SIZE = 320
const CENTRE = SIZE / 2
const RADIUS = 118

const KindNames: Record<GraphNode['kind'], string> = { document: 'Documents', frame: 'Action frames', entity: 'Entities' }

export const LocalGraph = memo(function LocalGraph({ graph, focusId }: { graph: GraphBody; focusId: string }) {
  const layout = useMemo(() => circleLayout(graph, focusId), [graph, focusId])
  const counts = useMemo(() => GraphNodeKinds.map((kind) => ({ kind, count: graph.nodes.filter((n) => n.kind === kind).length })), [graph])
  const nodes = graph.nodes.length
  const edges = graph.edges.length
  const summary = `${nodes} ${nodes === 1 ? 'node' : 'nodes'}, ${edges} ${edges === 1 ? 'edge' : 'edges'}`

  return (
    <div className="briefing-graph">
      <p className="briefing-graph-counts">
        <span>
          <strong data-count="nodes">{nodes}</strong> {nodes === 1 ? 'node' : 'nodes'}
        </span>
        <span>
          <strong data-count="edges">{edges}</strong> {edges === 1 ? 'edge' : 'edges'}
        </span>
      </p>
      {nodes === 0 ? (
        <p className="muted">Nothing is connected to this object yet.</p>
      ) : (
        <>
          <svg className="briefing-graph-svg" viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label={`Local graph: ${summary}`}>
            <g className="bg-edges">
              {layout.edges.map((e) => (
                <line key={e.id} x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} className={`bg-edge bg-edge-${e.kind}`} />
              ))}
            </g>
            <g className="bg-nodes">
              {layout.nodes.map((n) => (
                <g key={n.id} className={`bg-node bg-node-${n.kind} ${n.focus ? 'bg-focus' : ''}`} transform={`translate(${n.x} ${n.y})`}>
                  <title>{`${n.label} (${n.kind}${n.type ? `, ${n.type}` : ''})`}</title>
                  <circle r={n.focus ? 11 : 7} />
                  {layout.labelled && (
                    <text y={n.focus ? 24 : 18} textAnchor="middle">
                      {shorten(n.label)}
                    </text>
                  )}
                </g>
              ))}
            </g>
          </svg>
          {layout.hidden > 0 && (
            <p className="muted small">
              Drawing the first {MAX_DRAWN_NODES} nodes of {nodes}.
            </p>
          )}
        </>
      )}
      <ul className="briefing-graph-legend" aria-label="Nodes by kind">
        {counts.map(({ kind, count }) => (
          <li key={kind} className={`bg-legend bg-node-${kind}`}>
            <span className="bg-swatch" aria-hidden="true" />
            {KindNames[kind]} <span className="muted">{count}</span>
          </li>
        ))}
      </ul>
    </div>
  )
})

interface Placed {
  id: string
  kind: GraphNode['kind']
  label: string
  type: string | null
  x: number
  y: number
  focus: boolean
}

/** Deterministic positions: the focus node (if drawn) in the middle, the others evenly on the circle in the server's order. */
function circleLayout(graph: GraphBody, focusId: string) {
  const drawn = graph.nodes.slice(0, MAX_DRAWN_NODES)
  const focus = drawn.find((n) => n.id === focusId) ?? null
  const ring = focus ? drawn.filter((n) => n !== focus) : drawn
  const step = ring.length > 0 ? (2 * Math.PI) / ring.length : 0
  const placed = new Map<string, Placed>()
  if (focus) placed.set(focus.id, { id: focus.id, kind: focus.kind, label: focus.label, type: focus.type ?? null, x: CENTRE, y: CENTRE, focus: true })
  ring.forEach((n, i) => {
    // Start at twelve o'clock; a single node sits there.
    const angle = -Math.PI / 2 + i * step
    placed.set(n.id, { id: n.id, kind: n.kind, label: n.label, type: n.type ?? null, x: round(CENTRE + RADIUS * Math.cos(angle)), y: round(CENTRE + RADIUS * Math.sin(angle)), focus: false })
  })
  const edges = graph.edges.flatMap((e) => {
    const a = placed.get(e.source)
    const b = placed.get(e.target)
    return a && b ? [{ id: e.id, kind: e.kind, x1: a.x, y1: a.y, x2: b.x, y2: b.y }] : []
  })
  return { nodes: [...placed.values()], edges, hidden: graph.nodes.length - drawn.length, labelled: placed.size <= LABELLED_NODES }
}

function round(n: number): number {
  return Math.round(n * 10) / 10
}

function shorten(label: string): string {
  return label.length > 18 ? `${label.slice(0, 17)}…` : label
}
