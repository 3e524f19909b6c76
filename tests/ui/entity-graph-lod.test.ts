/**
 * The entity graph's level of detail and link shapes (src/ui/entity-graph/edge-lod.ts): which links a
 * zoom level draws (the strongest up to a budget that doubles per zoom bucket, plus every link of the
 * selection), when links are thin, the line said near the legend, and how links between the same two
 * entities are curved apart.
 */
import { describe, expect, test } from 'vitest'
import { CURVE_STEP, curvatures, EDGE_BUDGET, edgeBudget, type LodEdge, lodLine, type Pinned, selectEdges, strengthOrder, zoomBucket } from '../../src/ui/entity-graph/edge-lod'

const NONE: Pinned = { nodes: new Set(), edges: new Set() }

/** n links among 50 entities; link i weighs (n − i) so link 0 is the strongest (seeded, no randomness). */
function links(n: number): LodEdge[] {
  return Array.from({ length: n }, (_, i) => ({ id: `e${i}`, source: `n${i % 50}`, target: `n${(i * 7 + 1) % 50}`, weight: n - i }))
}

describe('zoom buckets', () => {
  test('bucket 0 while the whole graph fits, one more each time the camera zooms in by two', () => {
    expect(zoomBucket(10)).toBe(0)
    expect(zoomBucket(1)).toBe(0)
    expect(zoomBucket(0.99)).toBe(0)
    expect(zoomBucket(0.5)).toBe(1)
    expect(zoomBucket(0.3)).toBe(1)
    expect(zoomBucket(0.25)).toBe(2)
    expect(zoomBucket(0.02)).toBe(5)
  })

  test('the budget doubles per bucket', () => {
    expect(edgeBudget(0)).toBe(EDGE_BUDGET)
    expect(edgeBudget(1)).toBe(2 * EDGE_BUDGET)
    expect(edgeBudget(3, 10)).toBe(80)
  })
})

describe('which links are drawn', () => {
  const ordered = strengthOrder(links(10_000))

  test('zoomed out, the strongest up to the budget and nothing else', () => {
    const lod = selectEdges(ordered, 0, NONE)
    expect(lod.drawn.size).toBe(EDGE_BUDGET)
    expect(lod.drawn.has('e0')).toBe(true)
    expect(lod.drawn.has(`e${EDGE_BUDGET - 1}`)).toBe(true)
    expect(lod.drawn.has(`e${EDGE_BUDGET}`)).toBe(false)
    expect(lod).toMatchObject({ strongest: EDGE_BUDGET, pinned: 0, total: 10_000, complete: false, thin: true })
  })

  test('more as the analyst zooms in, thick with arrows from the third bucket, all of them at last', () => {
    expect(selectEdges(ordered, 1, NONE)).toMatchObject({ strongest: 3000, complete: false, thin: true })
    expect(selectEdges(ordered, 2, NONE)).toMatchObject({ strongest: 6000, complete: false, thin: false })
    const close = selectEdges(ordered, 3, NONE)
    expect(close).toMatchObject({ strongest: 10_000, complete: true, thin: false })
    expect(close.drawn.size).toBe(10_000)
  })

  test('every link of the selected entity is drawn, however weak', () => {
    const weakest = ordered.at(-1)!
    const pinned: Pinned = { nodes: new Set([weakest.source]), edges: new Set() }
    const lod = selectEdges(ordered, 0, pinned)
    const own = ordered.filter((e) => e.source === weakest.source || e.target === weakest.source)
    for (const e of own) expect(lod.drawn.has(e.id)).toBe(true)
    const extra = own.filter((e) => Number(e.id.slice(1)) >= EDGE_BUDGET).length
    expect(extra).toBeGreaterThan(0)
    expect(lod).toMatchObject({ strongest: EDGE_BUDGET, pinned: extra })
    expect(lod.drawn.size).toBe(EDGE_BUDGET + extra)
  })

  test('the selected link is drawn, however weak', () => {
    const lod = selectEdges(ordered, 0, { nodes: new Set(), edges: new Set(['e9999']) })
    expect(lod.drawn.has('e9999')).toBe(true)
    expect(lod.pinned).toBe(1)
  })

  test('a graph within the budget is drawn whole, with arrows, at every zoom', () => {
    const small = strengthOrder(links(40))
    for (const bucket of [0, 1, 4]) expect(selectEdges(small, bucket, NONE)).toMatchObject({ strongest: 40, complete: true, thin: false })
  })

  test('an infinite budget draws everything with arrows (the benchmark’s whole graph)', () => {
    expect(selectEdges(ordered, 0, NONE, Number.POSITIVE_INFINITY)).toMatchObject({ strongest: 10_000, complete: true, thin: false })
  })

  test('the order is by weight, ties by id, whatever the input order', () => {
    const tied: LodEdge[] = [
      { id: 'b', source: 'x', target: 'y', weight: 1 },
      { id: 'c', source: 'x', target: 'y', weight: 2 },
      { id: 'a', source: 'y', target: 'x', weight: 1 },
    ]
    expect(strengthOrder(tied).map((e) => e.id)).toEqual(['c', 'a', 'b'])
    expect(strengthOrder([...tied].reverse()).map((e) => e.id)).toEqual(['c', 'a', 'b'])
  })
})

describe('the line near the legend', () => {
  test('says how many of how many, with thousands separated', () => {
    expect(lodLine({ strongest: 1500, pinned: 0, total: 10_000, complete: false })).toBe('Showing the 1,500 strongest of 10,000 links · zoom in for more')
  })

  test('counts the links drawn for the selection apart', () => {
    expect(lodLine({ strongest: 1500, pinned: 12, total: 10_000, complete: false })).toBe('Showing the 1,500 strongest of 10,000 links, and 12 more of the selection · zoom in for more')
  })

  test('says nothing when every link is drawn', () => {
    expect(lodLine({ strongest: 40, pinned: 0, total: 40, complete: true })).toBeNull()
  })
})

describe('links between the same two entities', () => {
  test('a lone link is straight', () => {
    expect(curvatures([{ id: 'ab', source: 'a', target: 'b', weight: 1 }]).get('ab')).toBe(0)
  })

  test('A→B and B→A bow by the same amount to their own left, so to opposite sides', () => {
    const c = curvatures([
      { id: 'ab', source: 'a', target: 'b', weight: 1 },
      { id: 'ba', source: 'b', target: 'a', weight: 3 },
    ])
    expect(c.get('ab')).toBe(CURVE_STEP)
    expect(c.get('ba')).toBe(CURVE_STEP)
    // The control points (as the shader places them) sit on opposite sides of the line a–b.
    const a = { x: 0, y: 0 }
    const b = { x: 10, y: 0 }
    const control = (s: typeof a, t: typeof a, k: number) => ({ x: (s.x + t.x) / 2 - (t.y - s.y) * k, y: (s.y + t.y) / 2 + (t.x - s.x) * k })
    expect(Math.sign(control(a, b, c.get('ab')!).y)).toBe(-Math.sign(control(b, a, c.get('ba')!).y))
  })

  test('several links the same way (one per category) bow further out one after the other, strongest innermost', () => {
    const c = curvatures([
      { id: 'ab-01', source: 'a', target: 'b', weight: 1 },
      { id: 'ab-04', source: 'a', target: 'b', weight: 5 },
      { id: 'ba-10', source: 'b', target: 'a', weight: 2 },
      { id: 'cd', source: 'c', target: 'd', weight: 2 },
    ])
    expect(c.get('ab-04')).toBe(CURVE_STEP)
    expect(c.get('ab-01')).toBe(2 * CURVE_STEP)
    expect(c.get('ba-10')).toBe(CURVE_STEP)
    expect(c.get('cd')).toBe(0)
  })
})
