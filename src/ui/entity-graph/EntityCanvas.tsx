/**
 * The entity graph's canvas (issue 21): sigma.js 3 (WebGL) over a graphology graph, laid out by
 * ForceAtlas2 in a web worker (fa2.worker.ts). This module is the lazily loaded chunk: sigma, graphology
 * and the worker are fetched only when the graph is first shown.
 *
 * The graph follows the body it is given: nodes and edges it lacks are added (a new node starts beside a
 * neighbour already placed, else at a position seeded by its id), those the body no longer has are
 * dropped, and the layout runs again from where the nodes are. Selection and focus are the caller's: the
 * selected node (or edge) and its neighbours stay bright while the rest fades; a focus request moves the
 * camera to the node and zooms on it. Zoom in, Zoom out and Fit are buttons, so the keyboard reaches them.
 *
 * For tests and the benchmark, the container carries `data-layout` (running | settled) and
 * `data-selected`, and `window.__sightlineEntityGraph` holds the sigma instance and the graph.
 */
import Graph from 'graphology'
import { useEffect, useRef, useState } from 'react'
import Sigma from 'sigma'
import type { EntityGraphBody } from '../../protocol/entity-graph'
import { categoryColour, edgeSize, type GraphTheme, kindColour, nodeSize, readTheme, seededPosition } from './graph-style'

export interface GraphSelection {
  type: 'node' | 'edge'
  id: string
}

export interface EntityCanvasProps {
  body: EntityGraphBody
  selected: GraphSelection | null
  /** Changing `seq` moves the camera to the node `id`. */
  focus: { id: string; seq: number } | null
  onSelect(selection: GraphSelection | null): void
}

/** Beyond this many edges the graph is large: thinner edges, hidden while moving. */
const LARGE_EDGES = 2000

/** Layout iterations: fewer for large graphs, whose rounds cost more. */
export function layoutIterations(order: number): number {
  return order > 1000 ? 120 : order > 200 ? 200 : 300
}

export default function EntityCanvas({ body, selected, focus, onSelect }: EntityCanvasProps) {
  const container = useRef<HTMLDivElement>(null)
  const state = useRef<{ sigma: Sigma; graph: Graph; worker: Worker | null; runId: number; theme: GraphTheme; selected: GraphSelection | null } | null>(null)
  const [layout, setLayout] = useState<'running' | 'settled'>('running')
  const [failure, setFailure] = useState<string | null>(null)
  const onSelectRef = useRef(onSelect)
  onSelectRef.current = onSelect

  // The renderer, once.
  useEffect(() => {
    const el = container.current
    if (!el) return
    const graph = new Graph({ type: 'directed', multi: true })
    const theme = readTheme(el)
    let sigma: Sigma
    try {
      sigma = new Sigma(graph, el, {
        defaultEdgeType: 'arrow',
        renderEdgeLabels: false,
        enableEdgeEvents: true,
        // A small graph names every node; a large one names those drawn big enough, and more as one zooms in.
        labelRenderedSizeThreshold: 6,
        labelDensity: 0.7,
        labelSize: 13,
        labelWeight: '600',
        labelFont: 'Inter, ui-sans-serif, system-ui, sans-serif',
        labelColor: { color: theme.text },
        zIndex: true,
        minCameraRatio: 0.02,
        maxCameraRatio: 10,
        defaultDrawNodeHover: (context, data, settings) => drawHover(context, data, settings, state.current?.theme ?? theme),
      })
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      return
    }
    const s = { sigma, graph, worker: null as Worker | null, runId: 0, theme, selected: null as GraphSelection | null }
    state.current = s
    sigma.setSetting('nodeReducer', (node, data) => {
      const sel = s.selected
      if (!sel) return data
      const bright = sel.type === 'node' ? node === sel.id || graph.areNeighbors(node, sel.id) : graph.hasEdge(sel.id) && graph.hasExtremity(sel.id, node)
      const own = sel.type === 'node' && node === sel.id
      return bright ? { ...data, highlighted: own, forceLabel: true, zIndex: 1 } : { ...data, color: s.theme.faded, label: '', zIndex: 0 }
    })
    sigma.setSetting('edgeReducer', (edge, data) => {
      const sel = s.selected
      if (!sel) return data
      const bright = sel.type === 'edge' ? edge === sel.id : graph.hasExtremity(edge, sel.id)
      return bright ? { ...data, zIndex: 1, size: (data.size ?? 1) + (sel.type === 'edge' ? 2 : 0) } : { ...data, color: s.theme.faded, zIndex: 0 }
    })
    sigma.on('clickNode', ({ node }) => onSelectRef.current({ type: 'node', id: node }))
    sigma.on('clickEdge', ({ edge }) => onSelectRef.current({ type: 'edge', id: edge }))
    sigma.on('clickStage', () => onSelectRef.current(null))
    // The theme follows the page: the app's own switch (data-theme) and the system's.
    const retheme = () => {
      s.theme = readTheme(el)
      sigma.setSetting('labelColor', { color: s.theme.text })
      paint(graph, s.theme)
      sigma.refresh()
    }
    const observer = new MutationObserver(retheme)
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class'] })
    const media = matchMedia('(prefers-color-scheme: dark)')
    media.addEventListener('change', retheme)
    ;(window as unknown as { __sightlineEntityGraph?: unknown }).__sightlineEntityGraph = { sigma, graph }
    return () => {
      observer.disconnect()
      media.removeEventListener('change', retheme)
      s.worker?.terminate()
      sigma.kill()
      state.current = null
    }
  }, [])

  // The body: sync the graph and lay it out again.
  useEffect(() => {
    const s = state.current
    if (!s) return
    sync(s.graph, body, s.theme)
    s.sigma.setSetting('labelRenderedSizeThreshold', s.graph.order <= 150 ? 0 : 6)
    s.sigma.setSetting('labelDensity', s.graph.order <= 150 ? 3 : 0.7)
    // A large graph hides its edges while the analyst drags or zooms, so moving stays fluid.
    s.sigma.setSetting('hideEdgesOnMove', s.graph.size > LARGE_EDGES)
    s.sigma.setSetting('enableEdgeEvents', s.graph.size <= LARGE_EDGES)
    setLayout('running')
    const runId = ++s.runId
    if (s.graph.order === 0) {
      setLayout('settled')
      return
    }
    s.worker ??= new Worker(new URL('./fa2.worker.ts', import.meta.url))
    const ids = s.graph.nodes()
    const index = new Map(ids.map((id, i) => [id, i]))
    const xy = new Float32Array(ids.length * 2)
    ids.forEach((id, i) => {
      xy[2 * i] = s.graph.getNodeAttribute(id, 'x') as number
      xy[2 * i + 1] = s.graph.getNodeAttribute(id, 'y') as number
    })
    const edges = new Uint32Array(s.graph.size * 2)
    const weights = new Float32Array(s.graph.size)
    let e = 0
    s.graph.forEachEdge((_edge, attrs, source, target) => {
      edges[2 * e] = index.get(source)!
      edges[2 * e + 1] = index.get(target)!
      weights[e] = Math.max(0.1, attrs.weight as number)
      e++
    })
    s.worker.onmessage = (m: MessageEvent<{ type: 'positions'; runId: number; xy: Float32Array; done: boolean }>) => {
      if (m.data.runId !== s.runId || !state.current) return
      const p = m.data.xy
      // One update of every position (one event for sigma, not one per node).
      s.graph.updateEachNodeAttributes(
        (id, a) => {
          const i = index.get(id)
          return i === undefined ? a : { ...a, x: p[2 * i], y: p[2 * i + 1] }
        },
        { attributes: ['x', 'y'] },
      )
      if (m.data.done) setLayout('settled')
    }
    s.worker.onerror = (event) => {
      event.preventDefault()
      setLayout('settled')
    }
    // Drawn first, laid out after: the first frame does not wait for (or share the processor with) the layout.
    const start = () => {
      if (runId === s.runId) s.worker?.postMessage({ type: 'run', runId, ids, xy, edges, weights, iterations: layoutIterations(ids.length) }, [xy.buffer, edges.buffer, weights.buffer])
    }
    s.sigma.once('afterRender', () => requestAnimationFrame(start))
    s.sigma.scheduleRefresh()
  }, [body])

  // Selection: what stays bright.
  useEffect(() => {
    const s = state.current
    if (!s) return
    s.selected = selected && (selected.type === 'node' ? s.graph.hasNode(selected.id) : s.graph.hasEdge(selected.id)) ? selected : null
    s.sigma.refresh()
  }, [selected, body])

  // Focus: the camera moves to the node and zooms on it.
  useEffect(() => {
    const s = state.current
    if (!s || !focus || !s.graph.hasNode(focus.id)) return
    const at = s.sigma.getNodeDisplayData(focus.id)
    if (at) void s.sigma.getCamera().animate({ x: at.x, y: at.y, ratio: 0.25 }, { duration: 450 })
  }, [focus])

  const camera = (fn: (c: ReturnType<Sigma['getCamera']>) => unknown) => {
    const s = state.current
    if (s) void fn(s.sigma.getCamera())
  }

  if (failure) {
    return (
      <div className="eg-state eg-error" role="alert">
        <p>This browser could not draw the graph (WebGL is unavailable).</p>
        <p className="muted small">{failure}</p>
      </div>
    )
  }
  return (
    <div className="eg-canvas-wrap">
      <div ref={container} className="eg-canvas" data-testid="entity-graph-canvas" data-layout={layout} data-selected={selected?.id ?? ''} />
      <div className="eg-zoom" role="group" aria-label="Zoom">
        <button type="button" className="btn" aria-label="Zoom in" onClick={() => camera((c) => c.animatedZoom({ duration: 200 }))}>
          +
        </button>
        <button type="button" className="btn" aria-label="Zoom out" onClick={() => camera((c) => c.animatedUnzoom({ duration: 200 }))}>
          −
        </button>
        <button type="button" className="btn" onClick={() => camera((c) => c.animatedReset({ duration: 300 }))}>
          Fit
        </button>
      </div>
      {layout === 'running' && (
        <p className="eg-layout-status muted small" role="status">
          Arranging the graph…
        </p>
      )}
    </div>
  )
}

// ---------------------------------------------------------------------------------------------------

/** Makes the graph hold exactly the body's nodes and edges, keeping the positions of those it had. */
function sync(graph: Graph, body: EntityGraphBody, theme: GraphTheme): void {
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
  for (const e of body.edges) {
    const attrs = { label: e.label, category: e.category, weight: e.weight, size: thin * edgeSize(e.weight), color: categoryColour(e.category, theme) }
    if (graph.hasEdge(e.id)) graph.mergeEdgeAttributes(e.id, attrs)
    else graph.addEdgeWithKey(e.id, e.source, e.target, attrs)
  }
}

/**
 * The colours again for the theme. The hints name zIndex so sigma indexes again: without it, an edge added
 * since its last render (its refresh is scheduled) would be repainted before it is indexed, and sigma throws.
 */
function paint(graph: Graph, theme: GraphTheme): void {
  graph.updateEachNodeAttributes((_id, a) => ({ ...a, color: kindColour(a.kind as string, theme) }), { attributes: ['color', 'zIndex'] })
  graph.updateEachEdgeAttributes((_id, a) => ({ ...a, color: categoryColour(a.category as string, theme) }), { attributes: ['color', 'zIndex'] })
}

/** The hovered node's label on a plate of the theme's surface (sigma's own plate is always white). */
function drawHover(
  context: CanvasRenderingContext2D,
  data: { x: number; y: number; size: number; label: string | null },
  settings: { labelSize: number; labelFont: string; labelWeight: string },
  theme: GraphTheme,
): void {
  if (!data.label) return
  const size = settings.labelSize
  context.font = `${settings.labelWeight} ${size}px ${settings.labelFont}`
  const width = context.measureText(data.label).width
  const x = data.x + data.size + 4
  context.fillStyle = theme.surface
  context.strokeStyle = theme.muted
  context.beginPath()
  context.roundRect(x - 4, data.y - size / 2 - 5, width + 10, size + 10, 4)
  context.fill()
  context.stroke()
  context.fillStyle = theme.text
  context.fillText(data.label, x + 1, data.y + size / 3)
}
