/**
 * Which links the entity graph draws, and how (issue 21). Pure: no sigma, no DOM.
 *
 * Level of detail. A large graph (more than EDGE_BUDGET links) draws, when the camera shows all of it, only
 * its EDGE_BUDGET strongest links (by weight: frames × credibility), and twice as many each time the analyst
 * zooms in by two. Zooming in by two shows a quarter of the graph with every link twice as long on screen,
 * so doubling the budget keeps about the same number of pixels to draw — which is what a frame costs when
 * WebGL runs on the processor. The links of what the analyst is looking at are always drawn, whatever
 * their weight: the selected or hovered entity's, the selected link, and those of every entity whose
 * neighbourhood was expanded. The choice changes when the camera crosses a zoom bucket, never each frame.
 *
 * Shape. Zoomed out, a large graph draws its links as one-pixel lines without arrow heads (cheap to
 * rasterise); zoomed in, and always in a small graph, links are thick with an arrow head at the target.
 * The links of the selection keep their arrows at every zoom.
 *
 * Opposite and parallel links. Links between the same two entities are curved rather than drawn on top of
 * each other: a curvature is a fraction of the link's length, measured to the left of its own direction, so
 * A→B and B→A with the same curvature bow to opposite sides; several links the same way (one per action
 * category) bow further out one after the other. A lone link is straight.
 */

/** Links drawn when the camera shows the whole graph (camera ratio ≥ 1). */
export const EDGE_BUDGET = 1500

/** How far a curved link bows: its control point sits this fraction of its length off the straight line. */
export const CURVE_STEP = 0.18

export interface LodEdge {
  id: string
  source: string
  target: string
  weight: number
}

/** What the analyst is looking at, whose links are drawn whatever the budget. */
export interface Pinned {
  /** Entities whose every link is drawn (selected, hovered, expanded). */
  nodes: ReadonlySet<string>
  /** Links drawn whatever their weight (the selected one). */
  edges: ReadonlySet<string>
}

export interface EdgeLod {
  /** The links drawn. */
  drawn: ReadonlySet<string>
  /** The strongest links drawn for the budget (not counting those drawn for the selection). */
  strongest: number
  /** Links drawn only because the selection holds them. */
  pinned: number
  total: number
  /** True when every link is drawn. */
  complete: boolean
  /** Thin lines without arrow heads (zoomed out on a large graph); pinned links keep their arrows. */
  thin: boolean
}

/** The zoom bucket of a camera ratio: 0 while the whole graph fits (ratio ≥ 1), one more per halving. */
export function zoomBucket(ratio: number): number {
  if (!(ratio < 1)) return 0
  return Math.floor(Math.log2(1 / ratio) + 1e-9)
}

/** The links drawn in a zoom bucket: the budget doubles per bucket. */
export function edgeBudget(bucket: number, base: number = EDGE_BUDGET): number {
  return base * 2 ** Math.max(0, bucket)
}

/** The links strongest first (heavier weight first, ties by id, so the order is the same on every load). */
export function strengthOrder<E extends LodEdge>(edges: readonly E[]): E[] {
  return [...edges].sort((a, b) => b.weight - a.weight || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/**
 * The links to draw in a zoom bucket. `ordered` is strongest first (strengthOrder). A graph within the
 * base budget draws everything, with arrows, at any zoom.
 */
export function selectEdges(ordered: readonly LodEdge[], bucket: number, pinned: Pinned, base: number = EDGE_BUDGET): EdgeLod {
  const total = ordered.length
  const budget = edgeBudget(bucket, base)
  if (total <= budget) {
    return { drawn: new Set(ordered.map((e) => e.id)), strongest: total, pinned: 0, total, complete: true, thin: total > base && bucket < THICK_FROM_BUCKET }
  }
  const drawn = new Set<string>()
  for (let i = 0; i < budget; i++) drawn.add(ordered[i]!.id)
  let extra = 0
  for (let i = budget; i < total; i++) {
    const e = ordered[i]!
    if (pinned.edges.has(e.id) || pinned.nodes.has(e.source) || pinned.nodes.has(e.target)) {
      drawn.add(e.id)
      extra++
    }
  }
  return { drawn, strongest: budget, pinned: extra, total, complete: false, thin: bucket < THICK_FROM_BUCKET }
}

/** Large graphs draw thick links with arrows from this zoom bucket on (zoomed in four times). */
export const THICK_FROM_BUCKET = 2

/** Whether a link is drawn thick with its arrow head. */
export function isPinned(edge: LodEdge, pinned: Pinned): boolean {
  return pinned.edges.has(edge.id) || pinned.nodes.has(edge.source) || pinned.nodes.has(edge.target)
}

/** The line said near the legend while some links are left out; null when all are drawn. */
export function lodLine(lod: Pick<EdgeLod, 'strongest' | 'pinned' | 'total' | 'complete'>): string | null {
  if (lod.complete) return null
  const n = (x: number) => x.toLocaleString('en')
  const selection = lod.pinned > 0 ? `, and ${n(lod.pinned)} more of the selection` : ''
  return `Showing the ${n(lod.strongest)} strongest of ${n(lod.total)} links${selection} · zoom in for more`
}

/**
 * Each link's curvature (see the header): 0 for a link alone between its two entities; otherwise the k-th
 * link in one direction (strongest first) bows k+1 steps to its own left.
 */
export function curvatures(edges: readonly LodEdge[]): Map<string, number> {
  const pairs = new Map<string, LodEdge[]>()
  for (const e of edges) {
    const key = e.source < e.target ? `${e.source}\u0000${e.target}` : `${e.target}\u0000${e.source}`
    const list = pairs.get(key)
    if (list) list.push(e)
    else pairs.set(key, [e])
  }
  const out = new Map<string, number>()
  for (const list of pairs.values()) {
    if (list.length === 1) {
      out.set(list[0]!.id, 0)
      continue
    }
    const seen = new Map<string, number>()
    for (const e of strengthOrder(list)) {
      const k = seen.get(e.source) ?? 0
      seen.set(e.source, k + 1)
      out.set(e.id, CURVE_STEP * (k + 1))
    }
  }
  return out
}
