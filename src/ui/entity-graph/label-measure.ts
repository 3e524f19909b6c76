/**
 * The entity graph's label boxes as sigma draws them (on the page; the layout worker makes room for them,
 * label-room.ts): each node's name measured in sigma's label font, and its disc.
 */
import type Graph from 'graphology'
import { type LabelBoxes, labelBoxesOf } from './label-room'

let context: CanvasRenderingContext2D | undefined

/** The label widths and disc radii of these nodes of the graph (pixels); `threshold` is sigma's labelRenderedSizeThreshold. */
export function nodeLabelBoxes(graph: Graph, ids: readonly string[], threshold: number, font: string): Pick<LabelBoxes, 'labelWidths' | 'radii'> {
  const nodes = ids.map((id) => ({ label: String(graph.getNodeAttribute(id, 'label') ?? ''), size: Number(graph.getNodeAttribute(id, 'size') ?? 0) }))
  return labelBoxesOf(nodes, threshold, (label) => {
    context ??= document.createElement('canvas').getContext('2d') ?? undefined
    // Where there is no canvas to measure with (a test's DOM): about 7.5 px a character.
    if (!context) return 7.5 * label.length
    context.font = `600 13px ${font}`
    return context.measureText(label).width
  })
}
