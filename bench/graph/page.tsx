/**
 * The `bench:graph` page: the app's entity-graph canvas (src/ui/entity-graph/EntityCanvas.tsx: sigma 3 over
 * graphology, ForceAtlas2 in its worker) with the app's CSS, on a generated graph. `window.graphBench`
 * mounts a graph of n entities and m edges (every link drawn, or the canvas's level of detail) and answers
 * when its first frame with the graph is on screen; `settle` waits for the layout to finish; `zoom` sets the
 * camera's ratio; `pan` moves the camera a little every animation frame and answers the frame intervals and
 * sigma's own render times; `drawn` answers how many links the canvas draws now.
 */
import { flushSync } from 'react-dom'
import { createRoot } from 'react-dom/client'
import type { EntityGraphBody } from '../../src/protocol/entity-graph'
import EntityCanvas from '../../src/ui/entity-graph/EntityCanvas'
import '../../src/ui/styles/entity-graph.css'

interface Hook {
  sigma: {
    once(event: string, fn: () => void): void
    on(event: string, fn: () => void): void
    off(event: string, fn: () => void): void
    getCamera(): { getState(): { x: number; y: number; ratio: number }; setState(s: { x?: number; y?: number; ratio?: number }): void }
  }
  graph: { order: number; size: number }
  lod(): { drawn: { size: number }; thin: boolean }
}

const container = document.getElementById('root') as HTMLElement
const root = createRoot(container)
let mounts = 0
const hook = () => (window as unknown as { __sightlineEntityGraph?: Hook }).__sightlineEntityGraph
const frame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve))

/** A graph like a tenant's: a few hubs many entities act on, most entities with a handful of links (seeded). */
export function generated(n: number, m: number): EntityGraphBody {
  let seed = 42
  const rand = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    return seed / 2 ** 32
  }
  const kinds = ['person', 'organisation', 'place', 'other']
  const nodes = Array.from({ length: n }, (_, i) => ({ id: `ent_${i}`, label: `Entity ${i}`, kind: kinds[i % 4]!, mentions: 1 + Math.floor(rand() * 20), frames: 0 }))
  const edges: EntityGraphBody['edges'] = []
  const seen = new Set<string>()
  while (edges.length < m && n > 1) {
    // Preferential: the square of a uniform draw leans towards low ids, the hubs.
    const s = Math.floor(rand() ** 2 * n)
    const t = Math.floor(rand() * n)
    const category = String(1 + Math.floor(rand() * 20)).padStart(2, '0')
    const id = `ent_${s}>ent_${t}>${category}`
    if (s === t || seen.has(id)) continue
    seen.add(id)
    const count = 1 + Math.floor(rand() * 4)
    edges.push({
      id,
      source: `ent_${s}`,
      target: `ent_${t}`,
      category,
      label: category,
      count,
      credibility: 0.5,
      grade: 3,
      weight: count / 2,
      documents: count,
      stories: 1,
      firstOn: '2026-01-01',
      lastOn: '2026-11-01',
    })
    nodes[s]!.frames += count
    nodes[t]!.frames += count
  }
  return { nodes, edges, categories: [], days: null, truncated: false }
}

interface Recorded {
  intervals: number[]
  renders: number[]
}
let recording: (() => Recorded) | null = null

/** Records every animation frame's interval and every sigma render's duration until the returned stop is called. */
function record(): () => Recorded {
  const { sigma } = hook()!
  const renders: number[] = []
  const intervals: number[] = []
  let began = 0
  let last = performance.now()
  let live = true
  const before = () => {
    began = performance.now()
  }
  const after = () => renders.push(performance.now() - began)
  const tick = (now: number) => {
    if (!live) return
    intervals.push(now - last)
    last = now
    requestAnimationFrame(tick)
  }
  sigma.on('beforeRender', before)
  sigma.on('afterRender', after)
  requestAnimationFrame((now) => {
    last = now
    requestAnimationFrame(tick)
  })
  return () => {
    live = false
    sigma.off('beforeRender', before)
    sigma.off('afterRender', after)
    return { intervals, renders }
  }
}

const api = {
  /** Mounts a graph (`every`: every link drawn, as before the level of detail); answers the ms from mounting to its first painted frame. */
  async mount(n: number, m: number, every: boolean): Promise<number> {
    const body = generated(n, m)
    flushSync(() => root.render(null))
    await frame()
    const t0 = performance.now()
    flushSync(() => root.render(<EntityCanvas key={++mounts} body={body} selected={null} focus={null} edgeBudget={every ? Number.POSITIVE_INFINITY : undefined} onSelect={() => {}} />))
    while (!hook() || hook()!.graph.order !== n) await frame()
    // Sigma draws the graph in the next animation frame; the one after it comes once that frame is presented.
    await frame()
    await frame()
    return performance.now() - t0
  },
  async settle(): Promise<number> {
    const t0 = performance.now()
    while (!document.querySelector('[data-layout="settled"]')) await frame()
    return performance.now() - t0
  },
  /** Pans by moving the camera every animation frame (edges drawn throughout); answers the frame intervals and sigma's render times (ms). */
  async pan(frames: number): Promise<Recorded> {
    const camera = hook()!.sigma.getCamera()
    const stop = record()
    for (let i = 0; i < frames; i++) {
      const s = camera.getState()
      camera.setState({ x: s.x + 0.004 * Math.cos(i / 20), y: s.y + 0.004 * Math.sin(i / 20) })
      await frame()
    }
    return stop()
  },
  /** Sets the camera's zoom (1 shows the whole graph) and waits for the frame drawn with it. */
  async zoom(ratio: number): Promise<void> {
    hook()!.sigma.getCamera().setState({ ratio })
    await frame()
    await frame()
    await frame()
  },
  /** The links drawn now, and whether as thin lines. */
  drawn(): { edges: number; thin: boolean } {
    const lod = hook()!.lod()
    return { edges: lod.drawn.size, thin: lod.thin }
  },
  /** Starts recording frames (the bench then drags with the mouse, as an analyst pans); `stopRecording` answers them. */
  startRecording(): void {
    recording = record()
  },
  stopRecording(): Recorded {
    const out = recording?.() ?? { intervals: [], renders: [] }
    recording = null
    return out
  },
}

;(window as unknown as { graphBench: typeof api }).graphBench = api
