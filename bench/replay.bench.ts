/**
 * `npm run bench:replay`: parse + validate + fold of a 100,000-message live log (./replay/log.ts), in Node
 * and in Chromium.
 *
 * Each runtime measures, in the same run: bare `JSON.parse` of every line (the baseline) and the production
 * replay path (translators, zod validation, camelCase normalisation, bus, every projection) in production
 * mode (no deep freeze) (./replay/measure.ts). Prints messages/s, the ratio to the baseline and the heap the
 * read models keep, for each. Targets: ≥ 200,000 messages/s, ratio ≤ 2 (issue 22). Chromium is where the
 * client replays for analysts; Node is where `npm run replay` and the tests do. Without Chromium
 * (`CHROMIUM_PATH`, default /usr/bin/chromium) the Node run is printed alone.
 *
 * `REPLAY_GRAPH=immer` (or `immer-per-event`) folds the workspace graph through immer instead of its
 * copy-on-write transaction (./replay-immer-graph.ts), in Node only: the measurement behind the README's
 * Dependency notes on immer.
 */
import { existsSync } from 'node:fs'
import { runInNewContext } from 'node:vm'
import { setFlagsFromString } from 'node:v8'
import { chromium } from 'playwright-core'
import type { ClientCore } from '../src/streams/client-core'
import { connectProjection } from '../src/projections/connect-projection'
import { bundlePage, openPage, servePage } from './browser-page'
import { DOCUMENTS, generateLog } from './replay/log'
import type { ReplayPageApi } from './replay/page'
import { measureReplay, productionCore, type ReplayTimes, replay } from './replay/measure'
import { type GraphVariant, immerWorkspaceGraph } from './replay-immer-graph'

const RUNS = 5
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

const GRAPH = process.env.REPLAY_GRAPH as GraphVariant | undefined

/** The production core; with REPLAY_GRAPH, its workspace graph folded through immer instead. */
function benchCore(): ClientCore {
  const core = productionCore()
  if (GRAPH === undefined) return core
  core.models.workspaceGraph.dispose()
  core.models.workspaceGraph = connectProjection(immerWorkspaceGraph(GRAPH), core.bus.batches$)
  return core
}

/** The heap the read models of one replay keep, in Node: a full collection (`gc`, which Node hides unless asked at start-up, is asked for here) before and after. */
function keptInNode(text: string): number {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  const heap = () => {
    gc()
    gc()
    return process.memoryUsage().heapUsed
  }
  const before = heap()
  const result = replay(text, benchCore)
  const bytes = heap() - before
  result.core.dispose()
  return bytes
}

/** The same measurement in Chromium, or null when it is not installed. */
async function inChromium(): Promise<{ figures: Figures; messages: number } | null> {
  if (!existsSync(CHROMIUM)) return null
  const server = await servePage(await bundlePage('bench/replay/page.ts'), 'bench:replay')
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] })
  try {
    const page = await openPage(browser, server, { viewport: { width: 800, height: 600 }, ready: 'replayBench' })
    const times = await page.evaluate((runs) => (window.replayBench as ReplayPageApi).measure(runs), RUNS)
    const cdp = await page.context().newCDPSession(page)
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage')
      return (await cdp.send('Runtime.getHeapUsage')).usedSize
    }
    const before = await heap()
    await page.evaluate(() => (window.replayBench as ReplayPageApi).keep())
    const keptBytes = (await heap()) - before
    await page.evaluate(() => (window.replayBench as ReplayPageApi).release())
    return { figures: { ...times, keptBytes }, messages: await page.evaluate(() => (window.replayBench as ReplayPageApi).messages) }
  } finally {
    await browser.close()
    server.close()
  }
}

type Figures = ReplayTimes & { keptBytes: number }

interface Row {
  runtime: string
  figures: Figures
  rate: number
  ratio: number
}

function row(runtime: string, figures: Figures, messages: number): Row {
  return { runtime, figures, rate: messages / (figures.replayMs / 1000), ratio: figures.replayMs / figures.parseMs }
}

function print(r: Row): void {
  const kept = `; the read models keep ${(r.figures.keptBytes / 1e6).toFixed(1)} MB`
  console.log(`${r.runtime}:`)
  console.log(`  JSON.parse only (baseline): ${r.figures.parseMs.toFixed(0)} ms`)
  console.log(`  parse + validate + fold:    ${r.figures.replayMs.toFixed(0)} ms  (${Math.round(r.rate).toLocaleString('en-US')} messages/s${kept})`)
  console.log(`  ratio to JSON.parse: ${r.ratio.toFixed(2)}x   targets: ≥ 200,000 messages/s ${r.rate >= 200_000 ? 'met' : 'missed'}; ratio ≤ 2 ${r.ratio <= 2 ? 'met' : 'missed'}`)
}

async function main(): Promise<void> {
  process.env.NODE_ENV = 'production'
  const lines = generateLog()
  const text = `${lines.join('\n')}\n`
  const bytes = Buffer.byteLength(text)
  if (GRAPH !== undefined && GRAPH !== 'immer' && GRAPH !== 'immer-per-event') throw new Error(`REPLAY_GRAPH: immer or immer-per-event, not ${GRAPH}`)
  console.log(
    `bench:replay — ${lines.length.toLocaleString('en-US')} messages, ${(bytes / 1e6).toFixed(1)} MB, ${DOCUMENTS} documents, average message ${Math.round(bytes / lines.length)} bytes${GRAPH ? `, workspace graph through ${GRAPH}` : ''}; median of ${RUNS} runs each`,
  )
  const rows = [row('Node', { ...measureReplay(text, RUNS, benchCore), keptBytes: keptInNode(text) }, lines.length)]
  print(rows[0] as Row)
  const browser = GRAPH === undefined ? await inChromium() : null
  if (browser) {
    const r = row('Chromium', browser.figures, browser.messages)
    rows.push(r)
    print(r)
  } else if (GRAPH === undefined) console.log(`Chromium: not measured (${CHROMIUM} is not installed)`)
  const figures: Record<string, number> = {}
  const ratio: Record<string, number> = {}
  for (const r of rows) {
    figures[`messages/s (${r.runtime})`] = Math.round(r.rate)
    ratio[`time vs JSON.parse (${r.runtime})`] = Number(r.ratio.toFixed(2))
  }
  const met = rows.every((r) => r.rate >= 200_000 && r.ratio <= 2)
  console.log(`BENCH_RESULT ${JSON.stringify({ name: 'replay', figures, ratio, target: '≥ 200,000 messages/s; ratio ≤ 2', met })}`)
}

if (process.argv[1]?.endsWith('replay.bench.ts')) await main()
