/**
 * Room for a small graph's labels (src/ui/entity-graph/label-room.ts, run by the layout worker): after it, no
 * two nodes' boxes (disc and name, in pixels at the zoom that fits the graph) overlap; nodes whose names are
 * clear of each other do not move; a graph too large to name every node is left as laid out.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { labelBoxesOf, MAX_NODES, makeLabelRoom } from '../../src/ui/entity-graph/label-room'
import { propertySeed } from '../arbitraries'

const viewport = { width: 960, height: 500 }

/** The boxes' overlaps, measured as label-room.ts measures them (pixels at the fitting zoom). */
function overlaps(xy: Float32Array, widths: Float32Array, radii: Float32Array): Array<[number, number]> {
  const n = xy.length / 2
  const xs = Array.from({ length: n }, (_, i) => xy[2 * i]!)
  const ys = Array.from({ length: n }, (_, i) => xy[2 * i + 1]!)
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))
  const scale = (Math.min(viewport.width, viewport.height) - 60) / extent
  const box = (i: number) => {
    const half = Math.max(radii[i]!, 8)
    return { left: xs[i]! * scale - radii[i]!, right: xs[i]! * scale + radii[i]! + 3 + widths[i]!, bottom: ys[i]! * scale - half, top: ys[i]! * scale + half }
  }
  const out: Array<[number, number]> = []
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = box(i)
      const b = box(j)
      // Touching by less than a pixel is not an overlap.
      if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom) > 1) out.push([i, j])
    }
  }
  return out
}

describe('room for the labels', () => {
  test('"European Union" beside "Iran" and "Turkey" over "North Atlantic Treaty Organization" are pulled apart; a node clear of them stays', () => {
    const labels = ['European Union', 'Iran', 'Turkey', 'North Atlantic Treaty Organization', 'Washington']
    const { labelWidths, radii } = labelBoxesOf(
      labels.map((label) => ({ label, size: 6 })),
      0,
      (label) => 7.5 * label.length,
    )
    // As ForceAtlas2 left them in the CI screenshot: Iran just right of and below the European Union, Turkey over NATO.
    const xy = new Float32Array([-2.4, 0, -2.0, -0.05, 0.9, -0.6, 0.5, -0.7, -1.0, 2.5])
    expect(overlaps(xy, labelWidths, radii).length).toBeGreaterThan(0)
    expect(makeLabelRoom(xy, { labelWidths, radii, viewport })).toBe(true)
    expect(overlaps(xy, labelWidths, radii)).toEqual([])
    expect([xy[8], xy[9]]).toEqual([Float32Array.of(-1.0)[0], Float32Array.of(2.5)[0]])
  })

  test('any small graph ends with no two boxes overlapping, and only moves nodes vertically', () => {
    const node = fc.record({ x: fc.integer({ min: -100, max: 100 }), y: fc.integer({ min: -100, max: 100 }), chars: fc.integer({ min: 0, max: 30 }), size: fc.integer({ min: 4, max: 22 }) })
    fc.assert(
      fc.property(fc.array(node, { minLength: 2, maxLength: 12 }), (nodes) => {
        const xy = Float32Array.from(nodes.flatMap((n) => [n.x / 10, n.y / 10]))
        const labelWidths = Float32Array.from(nodes, (n) => 7 * n.chars)
        const radii = Float32Array.from(nodes, (n) => n.size)
        makeLabelRoom(xy, { labelWidths, radii, viewport })
        expect(nodes.map((n, i) => xy[2 * i])).toEqual(nodes.map((n) => Float32Array.of(n.x / 10)[0]))
        // Coincident nodes of a tiny extent cannot be told apart at any zoom: left to the camera.
        if (new Set(nodes.map((n) => `${n.x},${n.y}`)).size === nodes.length) expect(overlaps(xy, labelWidths, radii)).toEqual([])
      }),
      { seed: propertySeed('label room'), numRuns: 300 },
    )
  })

  test('a graph too large to name every node is left as laid out', () => {
    const n = MAX_NODES + 1
    const xy = new Float32Array(2 * n)
    const boxes = { labelWidths: new Float32Array(n).fill(100), radii: new Float32Array(n).fill(6), viewport }
    expect(makeLabelRoom(xy, boxes)).toBe(false)
    expect(xy.every((v) => v === 0)).toBe(true)
  })

  test('a node drawn too small to be named takes no room for a name', () => {
    const { labelWidths } = labelBoxesOf(
      [
        { label: 'Kyiv', size: 8 },
        { label: 'Beijing', size: 4 },
      ],
      6,
      (label) => label.length,
    )
    expect([...labelWidths]).toEqual([4, 0])
  })
})
