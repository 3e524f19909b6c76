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
 * Links: a large graph draws its strongest links and those of the selection, more as the analyst zooms in,
 * thin when zoomed out and with arrows when zoomed in; links between the same two entities are curved
 * apart (edge-lod.ts decides, edge-programs.ts draws). The canvas reports what it draws through `onEdges`,
 * which the panel says near the legend.
 *
 * For tests and the benchmark, the container carries `data-layout` (running | settled), `data-selected`
 * and `data-edges-drawn`, and `window.__sightlineEntityGraph` holds the sigma instance, the graph, the
 * links drawn (`lod()`) and `setEdgeBudget(n)`, which lowers the budget so a small graph shows the
 * level of detail.
 */
import Graph from 'graphology'
import { useEffect, useRef, useState } from 'react'
import Sigma from 'sigma'
import { EdgeArrowProgram, EdgeLineProgram } from 'sigma/rendering'
import type { EntityGraphBody } from '../../protocol/entity-graph'
import { EDGE_BUDGET, type EdgeLod, isPinned, type LodEdge, type Pinned, selectEdges, strengthOrder, zoomBucket } from './edge-lod'
import { EdgeCurveArrowProgram, EdgeCurveLineProgram } from './edge-programs'
import { type GraphTheme, readTheme } from './graph-style'
import { LARGE_EDGES, paint, sync } from './graph-sync'
import { nodeLabelBoxes } from './label-measure'

export interface GraphSelection {
  type: 'node' | 'edge'
  id: string
}

export interface EntityCanvasProps {
  body: EntityGraphBody
  selected: GraphSelection | null
  /** Changing `seq` moves the camera to the node `id`. */
  focus: { id: string; seq: number } | null
  /** Entities whose neighbourhood was expanded: their links are always drawn. */
  expanded?: ReadonlySet<string>
  /** Links drawn with the whole graph in view (the level of detail's base); Infinity draws every link. */
  edgeBudget?: number
  /** What the canvas draws, each time that changes. */
  onEdges?(lod: EdgeLod): void
  onSelect(selection: GraphSelection | null): void
}

interface CanvasState {
  sigma: Sigma
  graph: Graph
  worker: Worker | null
  runId: number
  theme: GraphTheme
  selected: GraphSelection | null
  hovered: string | null
  expanded: ReadonlySet<string>
  /** The body's links, strongest first. */
  ordered: LodEdge[]
  budget: number
  bucket: number
  pinned: Pinned
  lod: EdgeLod
}

const NO_EXPANSION: ReadonlySet<string> = new Set()
const LABEL_FONT = 'Inter, ui-sans-serif, system-ui, sans-serif'
const NOTHING_PINNED: Pinned = { nodes: new Set(), edges: new Set() }

/** Layout iterations: fewer for large graphs, whose rounds cost more. */
export function layoutIterations(order: number): number {
  return order > 1000 ? 120 : order > 200 ? 200 : 300
}

export default function EntityCanvas({ body, selected, focus, expanded = NO_EXPANSION, edgeBudget = EDGE_BUDGET, onEdges, onSelect }: EntityCanvasProps) {
  const container = useRef<HTMLDivElement>(null)
  const state = useRef<CanvasState | null>(null)
  const [layout, setLayout] = useState<'running' | 'settled'>('running')
  const [failure, setFailure] = useState<string | null>(null)
  const [drawnCount, setDrawnCount] = useState(0)
  const relodRef = useRef<() => void>(() => {})
  const onSelectRef = useRef(onSelect)
  onSelectRef.current = onSelect
  const onEdgesRef = useRef(onEdges)
  onEdgesRef.current = onEdges

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
        // Straight links through sigma's own programs (fewer vertices); curved ones through ours.
        edgeProgramClasses: { arrow: EdgeArrowProgram, line: EdgeLineProgram, curvedArrow: EdgeCurveArrowProgram, curvedLine: EdgeCurveLineProgram },
        renderEdgeLabels: false,
        enableEdgeEvents: true,
        // A small graph names every node; a large one names those drawn big enough, and more as one zooms in.
        labelRenderedSizeThreshold: 6,
        labelDensity: 0.7,
        labelSize: 13,
        labelWeight: '600',
        labelFont: LABEL_FONT,
        labelColor: { color: theme.text },
        zIndex: true,
        // A layout step may leave the container without a size for a frame (a tab switched, the window resized):
        // sigma then skips that frame instead of throwing, and draws again once the container has a size.
        allowInvalidContainer: true,
        minCameraRatio: 0.02,
        maxCameraRatio: 10,
        defaultDrawNodeHover: (context, data, settings) => drawHover(context, data, settings, state.current?.theme ?? theme),
      })
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error))
      return
    }
    const s: CanvasState = {
      sigma,
      graph,
      worker: null,
      runId: 0,
      theme,
      selected: null,
      hovered: null,
      expanded: NO_EXPANSION,
      ordered: [],
      budget: edgeBudget,
      bucket: 0,
      pinned: NOTHING_PINNED,
      lod: selectEdges([], 0, NOTHING_PINNED),
    }
    state.current = s
    /** Chooses the links again (zoom bucket, selection, hover or body changed) and redraws if that changed them. */
    const relod = () => {
      const pinned = pinnedOf(s)
      const next = selectEdges(s.ordered, s.bucket, pinned, s.budget)
      // The pinned links matter when some links are left out or drawn thin (the pinned keep their arrows).
      const pinChanged = !samePinned(pinned, s.pinned) && (next.thin || !next.complete)
      s.pinned = pinned
      if (sameLod(next, s.lod) && !pinChanged) return
      s.lod = next
      onEdgesRef.current?.(next)
      setDrawnCount(next.drawn.size)
      sigma.scheduleRefresh({ layoutUnchange: true })
    }
    relodRef.current = relod
    sigma.setSetting('nodeReducer', (node, data) => {
      const sel = s.selected
      if (!sel) return data
      const bright = sel.type === 'node' ? node === sel.id || graph.areNeighbors(node, sel.id) : graph.hasEdge(sel.id) && graph.hasExtremity(sel.id, node)
      const own = sel.type === 'node' && node === sel.id
      return bright ? { ...data, highlighted: own, forceLabel: true, zIndex: 1 } : { ...data, color: s.theme.faded, label: '', zIndex: 0 }
    })
    sigma.setSetting('edgeReducer', (edge, data) => {
      // `data` is sigma's own copy of the attributes, so it may be changed in place (10,000 links, every refresh).
      if (!s.lod.drawn.has(edge)) {
        data.hidden = true
        return data
      }
      // Zoomed out on a large graph, links are thin lines; the selection's keep their arrows.
      const line = s.lod.thin && !isPinned({ id: edge, source: graph.source(edge), target: graph.target(edge), weight: 0 }, s.pinned)
      const type = data.curvature ? (line ? 'curvedLine' : 'curvedArrow') : line ? 'line' : 'arrow'
      const sel = s.selected
      if (!sel) return { ...data, type }
      const bright = sel.type === 'edge' ? edge === sel.id : graph.hasExtremity(edge, sel.id)
      return bright ? { ...data, type, zIndex: 1, size: (data.size ?? 1) + (sel.type === 'edge' ? 2 : 0) } : { ...data, type, color: s.theme.faded, zIndex: 0 }
    })
    // The level of detail follows the zoom, by buckets (a bucket is a factor of two), not every frame.
    sigma.getCamera().on('updated', (camera) => {
      const bucket = zoomBucket(camera.ratio)
      if (bucket === s.bucket) return
      s.bucket = bucket
      relod()
    })
    sigma.on('enterNode', ({ node }) => {
      s.hovered = node
      relod()
    })
    sigma.on('leaveNode', () => {
      s.hovered = null
      relod()
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
    ;(window as unknown as { __sightlineEntityGraph?: unknown }).__sightlineEntityGraph = {
      sigma,
      graph,
      lod: () => s.lod,
      setEdgeBudget: (n: number) => {
        s.budget = n
        relod()
      },
    }
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
    s.ordered = strengthOrder(body.edges)
    relodRef.current()
    s.sigma.setSetting('labelRenderedSizeThreshold', s.graph.order <= 150 ? 0 : 6)
    s.sigma.setSetting('labelDensity', s.graph.order <= 150 ? 3 : 0.7)
    // A large graph hides its edges while the analyst drags or zooms, so moving stays fluid.
    s.sigma.setSetting('hideEdgesOnMove', false)
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
    const { labelWidths, radii } = nodeLabelBoxes(s.graph, ids, s.sigma.getSetting('labelRenderedSizeThreshold'), LABEL_FONT)
    const viewport = { width: s.sigma.getContainer().clientWidth, height: s.sigma.getContainer().clientHeight }
    // Drawn first, laid out after: the first frame does not wait for (or share the processor with) the layout.
    const start = () => {
      if (runId !== s.runId) return
      s.worker?.postMessage({ type: 'run', runId, ids, xy, edges, weights, iterations: layoutIterations(ids.length), labelWidths, radii, viewport }, [
        xy.buffer,
        edges.buffer,
        weights.buffer,
        labelWidths.buffer,
        radii.buffer,
      ])
    }
    s.sigma.once('afterRender', () => requestAnimationFrame(start))
    s.sigma.scheduleRefresh()
  }, [body])

  // Selection: what stays bright, and whose links are drawn whatever the level of detail.
  useEffect(() => {
    const s = state.current
    if (!s) return
    s.selected = selected && (selected.type === 'node' ? s.graph.hasNode(selected.id) : s.graph.hasEdge(selected.id)) ? selected : null
    s.expanded = expanded
    relodRef.current()
    s.sigma.refresh()
  }, [selected, expanded, body])

  // The budget (the benchmark compares a graph drawn whole with its level of detail).
  useEffect(() => {
    const s = state.current
    if (!s || s.budget === edgeBudget) return
    s.budget = edgeBudget
    relodRef.current()
  }, [edgeBudget])

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
      <div ref={container} className="eg-canvas" data-testid="entity-graph-canvas" data-layout={layout} data-selected={selected?.id ?? ''} data-edges-drawn={drawnCount} />
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

/** What the analyst is looking at: the selected or hovered entity, the selected link, the expanded entities. */
function pinnedOf(s: CanvasState): Pinned {
  const nodes = new Set(s.expanded)
  if (s.hovered) nodes.add(s.hovered)
  if (s.selected?.type === 'node') nodes.add(s.selected.id)
  return { nodes, edges: new Set(s.selected?.type === 'edge' ? [s.selected.id] : []) }
}

function samePinned(a: Pinned, b: Pinned): boolean {
  if (a.nodes.size !== b.nodes.size || a.edges.size !== b.edges.size) return false
  for (const n of a.nodes) if (!b.nodes.has(n)) return false
  for (const e of a.edges) if (!b.edges.has(e)) return false
  return true
}

function sameLod(a: EdgeLod, b: EdgeLod): boolean {
  if (a.total !== b.total || a.strongest !== b.strongest || a.pinned !== b.pinned || a.thin !== b.thin || a.drawn.size !== b.drawn.size) return false
  for (const id of a.drawn) if (!b.drawn.has(id)) return false
  return true
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
