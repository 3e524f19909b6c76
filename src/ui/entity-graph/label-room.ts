/**
 * Room for the labels of a small graph (run by the layout worker after ForceAtlas2): ForceAtlas2 keeps nodes
 * apart, not their names, so two nodes side by side drew "European Union" over "Iran". Each node with its
 * label is a box (the disc, then the name to its right, as sigma draws it), measured in pixels at the zoom
 * that fits the graph in view; boxes that overlap are pushed apart vertically (names are wide and short)
 * until none do or ROUNDS have passed. A graph of more than MAX_NODES names only some nodes (sigma's label
 * grid), so it is left as laid out.
 */

export const MAX_NODES = 300
const ROUNDS = 60
/** Sigma's padding around the fitted graph, the gap between a disc and its name, and the label's height (px). */
const STAGE_PADDING = 30
const LABEL_GAP = 3
const LABEL_HEIGHT = 16
const MARGIN = 2

export interface LabelBoxes {
  /** Each node's label width and disc radius, in pixels. */
  labelWidths: Float32Array
  radii: Float32Array
  /** The canvas's size in pixels. */
  viewport: { width: number; height: number }
}

/** Moves the nodes (xy: x0, y0, x1, y1 … in graph units, changed in place) so no two labelled boxes overlap; answers whether any moved. */
export function makeLabelRoom(xy: Float32Array, boxes: LabelBoxes): boolean {
  const n = xy.length / 2
  if (n < 2 || n > MAX_NODES) return false
  let movedAny = false
  for (let round = 0; round < ROUNDS; round++) {
    const scale = pixelsPerUnit(xy, boxes.viewport)
    if (!Number.isFinite(scale) || scale <= 0) return movedAny
    let moved = false
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const a = box(xy, boxes, i, scale)
        const b = box(xy, boxes, j, scale)
        const margin = MARGIN / scale
        if (a.right + margin <= b.left || b.right + margin <= a.left || a.top + margin <= b.bottom || b.top + margin <= a.bottom) continue
        // The lower one goes down and the upper one up, by half the overlap each (ties: the first goes up).
        const [upper, lower] = xy[2 * i + 1]! > xy[2 * j + 1]! || (xy[2 * i + 1] === xy[2 * j + 1] && i < j) ? [i, j] : [j, i]
        const u = upper === i ? a : b
        const l = upper === i ? b : a
        const push = (l.top - u.bottom + margin) / 2
        xy[2 * upper + 1]! += push
        xy[2 * lower + 1]! -= push
        moved = true
      }
    }
    movedAny ||= moved
    if (!moved) break
  }
  return movedAny
}

/** About how many pixels a graph unit is once sigma fits the graph in the viewport. */
function pixelsPerUnit(xy: Float32Array, viewport: { width: number; height: number }): number {
  let minX = Infinity
  let maxX = -Infinity
  let minY = Infinity
  let maxY = -Infinity
  for (let i = 0; i < xy.length; i += 2) {
    minX = Math.min(minX, xy[i]!)
    maxX = Math.max(maxX, xy[i]!)
    minY = Math.min(minY, xy[i + 1]!)
    maxY = Math.max(maxY, xy[i + 1]!)
  }
  const extent = Math.max(maxX - minX, maxY - minY)
  return extent > 0 ? (Math.min(viewport.width, viewport.height) - 2 * STAGE_PADDING) / extent : Infinity
}

function box(xy: Float32Array, boxes: LabelBoxes, i: number, scale: number) {
  const x = xy[2 * i]!
  const y = xy[2 * i + 1]!
  const r = boxes.radii[i]! / scale
  const half = Math.max(boxes.radii[i]!, LABEL_HEIGHT / 2) / scale
  return { left: x - r, right: x + r + (LABEL_GAP + boxes.labelWidths[i]!) / scale, bottom: y - half, top: y + half }
}

/**
 * The label widths and disc radii of these nodes (pixels), as sigma draws them: a node below `threshold`
 * (sigma's labelRenderedSizeThreshold) is drawn without its name.
 */
export function labelBoxesOf(nodes: ReadonlyArray<{ label: string; size: number }>, threshold: number, measure: (label: string) => number): Pick<LabelBoxes, 'labelWidths' | 'radii'> {
  return {
    labelWidths: Float32Array.from(nodes, (n) => (n.size >= threshold && n.label ? measure(n.label) : 0)),
    radii: Float32Array.from(nodes, (n) => n.size),
  }
}
