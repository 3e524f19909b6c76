/**
 * `npm run bench:graph`: the entity graph's canvas (sigma 3, WebGL, over graphology; ForceAtlas2 in a web
 * worker) in headless Chromium (1280×800) on the app's own component and CSS (bench/graph/page.tsx), with
 * 2,000 entities and 10,000 edges, against an empty graph in the same run and page. The large graph is
 * measured twice: with every link drawn (thick, with arrows: how the canvas drew before its level of
 * detail) and with the level of detail the app uses (its strongest links, thin, while the whole graph is
 * in view), then zoomed in four times (more links, thick with arrows, most of them off screen).
 *
 * Prints, per graph: time to first frame (mounting the canvas → its first painted frame with the graph
 * drawn, median of ROUNDS mounts), how long the layout takes to settle, and while panning (the camera moved
 * every animation frame, PAN_FRAMES frames, after the layout settled) the frame intervals and sigma's render
 * times, p50 and p95; then the ratios of the large graph to the empty one. Chromium here draws WebGL with
 * SwiftShader (a CPU rasteriser, no GPU on this machine), so the figures are an upper bound for a
 * workstation. No target is asserted: the figures are for reading and comparing across changes.
 */
import { cpus, loadavg } from 'node:os'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { bundlePage, fmt, median, openPage, pct, servePage } from './browser-page'

const ENTITIES = 2000
const EDGES = 10_000
const ROUNDS = 3
const PAN_FRAMES = 120
/** Every link drawn takes seconds a frame on a CPU rasteriser: fewer frames and one mount keep the run within minutes. */
const EVERY_FRAMES = 30
const VIEWPORT = { width: 1280, height: 800 }
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

interface GraphBench {
  mount(n: number, m: number, every: boolean): Promise<number>
  zoom(ratio: number): Promise<void>
  drawn(): { edges: number; thin: boolean }
  settle(): Promise<number>
  pan(frames: number): Promise<Recorded>
  startRecording(): void
  stopRecording(): Recorded
}

interface Recorded {
  intervals: number[]
  renders: number[]
}

interface Spread {
  p50: number
  p95: number
}

interface Figures {
  firstFrame: number
  settle: number
  /** Frame intervals and sigma's render times while the camera moves every frame (edges drawn). */
  pan: { interval: Spread; render: Spread }
  /** The same while the mouse drags the stage, as an analyst pans (edges drawn too). */
  drag: { interval: Spread; render: Spread }
  /** Links drawn while panning. */
  drawn: { edges: number; thin: boolean }
}

const spread = (xs: number[]): Spread => (xs.length ? { p50: pct(xs, 50), p95: pct(xs, 95) } : { p50: 0, p95: 0 })

async function main(): Promise<void> {
  const bundle = await bundlePage('bench/graph/page.tsx')
  // The canvas starts its worker from `new URL('./fa2.worker.ts', import.meta.url)`: next to the page's script.
  const worker = await build({ entryPoints: ['src/ui/entity-graph/fa2.worker.ts'], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'chrome120', logLevel: 'error' })
  const server = await servePage({ ...bundle, css: `${bundle.css}\n#root { position: fixed; inset: 0; } .eg-canvas-wrap { position: absolute; inset: 0; }` }, 'bench:graph', {
    '/fa2.worker.ts': ['text/javascript', worker.outputFiles[0]!.text],
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  try {
    const page = await openPage(browser, server, { viewport: VIEWPORT, ready: 'graphBench' })
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2')
      const info = gl?.getExtension('WEBGL_debug_renderer_info')
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'unknown'
    })
    type Bench = { graphBench: GraphBench }
    const mount = async (n: number, m: number, every: boolean, rounds = ROUNDS) => {
      const firsts: number[] = []
      let settle = 0
      for (let r = 0; r < rounds; r++) {
        firsts.push(await page.evaluate(([a, b, e]) => (window as unknown as Bench).graphBench.mount(a as number, b as number, e as boolean), [n, m, every] as const))
        settle = await page.evaluate(() => (window as unknown as Bench).graphBench.settle())
      }
      return { firstFrame: median(firsts), settle }
    }
    /** Pans with the camera, then drags with the mouse, at the zoom set. */
    const panAndDrag = async (mounted: { firstFrame: number; settle: number }, frames = PAN_FRAMES): Promise<Figures> => {
      const drawn = await page.evaluate(() => (window as unknown as Bench).graphBench.drawn())
      const pan = await page.evaluate((f) => (window as unknown as { graphBench: GraphBench }).graphBench.pan(f), frames)
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2)
      await page.evaluate(() => (window as unknown as { graphBench: GraphBench }).graphBench.startRecording())
      await page.mouse.down()
      for (let i = 0; i < frames; i++) await page.mouse.move(VIEWPORT.width / 2 + 150 * Math.sin(i / 15), VIEWPORT.height / 2 + 100 * Math.cos(i / 15))
      await page.mouse.up()
      const drag = await page.evaluate(() => (window as unknown as { graphBench: GraphBench }).graphBench.stopRecording())
      return {
        ...mounted,
        pan: { interval: spread(pan.intervals), render: spread(pan.renders) },
        drag: { interval: spread(drag.intervals), render: spread(drag.renders) },
        drawn,
      }
    }
    const zoom = (r: number) => page.evaluate((x) => (window as unknown as Bench).graphBench.zoom(x), r)
    const empty = await panAndDrag(await mount(0, 0, false))
    const every = await panAndDrag(await mount(ENTITIES, EDGES, true, 1), EVERY_FRAMES)
    const lodMount = await mount(ENTITIES, EDGES, false)
    const lod = await panAndDrag(lodMount)
    await zoom(0.25)
    const lodZoomed = await panAndDrag(lodMount)
    const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a')
    console.log(`bench:graph — Chromium ${VIEWPORT.width}×${VIEWPORT.height}, WebGL renderer: ${renderer}`)
    const ms = (x: Spread) => `${fmt(x.p50)} / ${fmt(x.p95)} ms`
    console.log(`large graph: ${ENTITIES.toLocaleString()} entities, ${EDGES.toLocaleString()} edges`)
    console.log('graph                                  links drawn        first frame   layout settles   camera pan: frame p50 / p95 (sigma render)   mouse drag: frame p50 / p95 (sigma render)')
    const row = (name: string, f: Figures) =>
      console.log(
        `${name.padEnd(38)} ${`${f.drawn.edges.toLocaleString('en')} ${f.drawn.thin ? 'thin' : 'arrows'}`.padEnd(14)}${`${fmt(f.firstFrame)} ms`.padStart(11)}   ${`${fmt(f.settle)} ms`.padStart(14)}   ${`${ms(f.pan.interval)} (${ms(f.pan.render)})`.padStart(42)}   ${`${ms(f.drag.interval)} (${ms(f.drag.render)})`.padStart(42)}`,
      )
    row('empty', empty)
    row('large, every link (as before)', every)
    row('large, level of detail, whole graph', lod)
    row('large, level of detail, zoomed in ×4', lodZoomed)
    for (const [name, f] of [
      ['every link', every],
      ['level of detail, whole graph', lod],
      ['level of detail, zoomed in ×4', lodZoomed],
    ] as const) {
      console.log(
        `ratio (${name} / empty): first frame ${ratio(f.firstFrame, empty.firstFrame)}; camera pan frame p50 ${ratio(f.pan.interval.p50, empty.pan.interval.p50)}, p95 ${ratio(f.pan.interval.p95, empty.pan.interval.p95)}; mouse drag frame p50 ${ratio(f.drag.interval.p50, empty.drag.interval.p50)}, p95 ${ratio(f.drag.interval.p95, empty.drag.interval.p95)}`,
      )
    }
    console.log(
      `ratio (level of detail, whole graph / every link): camera pan frame p50 ${ratio(lod.pan.interval.p50, every.pan.interval.p50)}, p95 ${ratio(lod.pan.interval.p95, every.pan.interval.p95)}`,
    )
    console.log(
      `machine load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')} on ${cpus().length} cores (other work on the machine slows every figure)`,
    )
  } finally {
    await browser.close()
    server.close()
  }
}

await main()
