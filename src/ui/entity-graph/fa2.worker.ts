/**
 * The entity graph's layout worker: ForceAtlas2 (graphology-layout-forceatlas2) on the nodes and weighted
 * edges it is sent, in rounds of ROUND iterations, posting every node's position after each round so the
 * canvas settles in view, then `done`. A new `run` stops the one under way. Bundled by rsbuild as its own
 * file (the page's Content-Security-Policy allows workers from this origin only, so the library's own
 * supervisor, which starts its worker from a blob: URL, cannot be used).
 *
 * The last round also makes room for the labels of a small graph (label-room.ts).
 *
 * In:  {type:'run', runId, ids: string[], xy: Float32Array (x0,y0,x1,y1…), edges: Uint32Array (s,t…),
 *       weights: Float32Array, iterations, labelWidths: Float32Array, radii: Float32Array (px), viewport}
 * Out: {type:'positions', runId, xy: Float32Array, done: boolean}
 */
import Graph from 'graphology'
import forceAtlas2 from 'graphology-layout-forceatlas2'
import { type LabelBoxes, makeLabelRoom } from './label-room'

const ROUND = 10

interface RunMessage extends LabelBoxes {
  type: 'run'
  runId: number
  ids: string[]
  xy: Float32Array
  edges: Uint32Array
  weights: Float32Array
  iterations: number
}

let current = 0

self.onmessage = (event: MessageEvent<RunMessage>) => {
  const m = event.data
  if (m.type !== 'run') return
  current = m.runId
  const graph = new Graph({ type: 'directed', multi: true })
  m.ids.forEach((id, i) => graph.addNode(id, { x: m.xy[2 * i], y: m.xy[2 * i + 1] }))
  for (let e = 0; e < m.weights.length; e++) graph.addEdge(m.ids[m.edges[2 * e]!]!, m.ids[m.edges[2 * e + 1]!]!, { weight: m.weights[e] })
  // Strong gravity keeps entities no frame links near the rest rather than drifting to the edges.
  const settings = { ...forceAtlas2.inferSettings(graph), barnesHutOptimize: graph.order > 300, strongGravityMode: true, gravity: 0.05, edgeWeightInfluence: 1 }
  let done = 0
  const round = () => {
    if (current !== m.runId) return
    const n = Math.min(ROUND, m.iterations - done)
    forceAtlas2.assign(graph, { iterations: n, settings, getEdgeWeight: 'weight' })
    done += n
    const xy = new Float32Array(m.ids.length * 2)
    m.ids.forEach((id, i) => {
      xy[2 * i] = graph.getNodeAttribute(id, 'x') as number
      xy[2 * i + 1] = graph.getNodeAttribute(id, 'y') as number
    })
    const last = done >= m.iterations
    if (last) makeLabelRoom(xy, m)
    ;(self as unknown as Worker).postMessage({ type: 'positions', runId: m.runId, xy, done: last }, [xy.buffer])
    // Yield between rounds so a newer run's message is read before this one goes on.
    if (!last) setTimeout(round, 0)
  }
  round()
}
