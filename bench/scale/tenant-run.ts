/**
 * `npm run bench:scale -- --tenant 2000,100000 [--database-url URL]` (issue 22, items 1 and 5): the
 * workspace of `--docs` documents inside a tenant of each size in turn (tenant.ts grows it between them, in
 * the same server process and database). At each size, through the real API over HTTP:
 *
 * - the dashboard pulse, the briefing of the tenant's newest research and the entity graph of its workspace
 *   (2,000 documents at every size):
 *   read again while nothing changed (kept: 20 reads, p50 and p95) and read first after a document
 *   arrives (computed: 5 rounds, median and p95);
 * - search: 20 different queries, p50 and p95 (search is indexed, never kept);
 * - opening the `--docs` workspace (the client's loader: every document, the first screen's frames), median of 3;
 * - the server's memory (RSS and heap after a GC), the database's size and its bytes per document, and the
 *   rate the documents were written at in bulk and kept (the boards' places and briefing keys).
 * Then the ratio of each figure between the sizes. Targets (the issue's): pulse, briefing and graph p95
 * ≤ 100 ms at the larger size and ≤ 1.5× their time at the smaller.
 */
import type { ChildProcess } from 'node:child_process'
import { loadavg } from 'node:os'
import { fmt, median, pct } from '../browser-page'
import type { ScaleServerAnswer, ScaleServerReady } from './server'
import { TENANT_RESEARCH, TENANT_WORKSPACE } from './tenant'

const KEPT_READS = 20
const ARRIVALS = 5
const TARGET_MS = 100
const TARGET_RATIO = 1.5
const SEARCHES = [
  'minister',
  'pipeline',
  'tariff',
  'sanctions',
  'central bank',
  'grain',
  'port',
  'election',
  'drone',
  'bond',
  'gas',
  'strike',
  'merger',
  'court',
  'treaty',
  'inflation',
  'satellite',
  'vaccine',
  'wheat',
  'border',
]

interface Stage {
  size: number
  figures: Map<string, { p50: number; p95: number }>
  stats: Extract<ScaleServerAnswer, { type: 'stats' }>
  writeRate: number
  keepRate: number
}

export async function tenantBench(options: {
  base: string
  token: string
  server: ChildProcess
  ready: ScaleServerReady
  sizes: number[]
  workspaceDocuments: number
  openWorkspace: () => Promise<number>
}): Promise<void> {
  const { base, token, server, sizes } = options
  const ask = <T extends ScaleServerAnswer['type']>(message: object, answer: T) =>
    new Promise<Extract<ScaleServerAnswer, { type: T }>>((resolve) => {
      const on = (m: ScaleServerAnswer) => {
        if (m.type !== answer) return
        server.off('message', on)
        resolve(m as Extract<ScaleServerAnswer, { type: T }>)
      }
      server.on('message', on)
      server.send(message)
    })
  const call = async (method: string, path: string, body?: object) => {
    const t = performance.now()
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`)
    return performance.now() - t
  }
  const views: Array<[string, () => Promise<number>]> = [
    ['pulse', () => call('POST', '/dashboard/pulse', {})],
    ['briefing', () => call('GET', `/briefing/research/${TENANT_RESEARCH}`)],
    ['graph', () => call('GET', `/entity-graph?scope=workspace&id=${TENANT_WORKSPACE}`)],
  ]

  const stages: Stage[] = []
  let seeding = options.ready.tenant!
  for (const [i, size] of sizes.entries()) {
    if (i > 0) {
      process.stderr.write(`  growing the tenant to ${size.toLocaleString('en-US')} documents …\n`)
      seeding = (await ask({ type: 'grow', to: size }, 'grown')).seeding
    }
    const figures = new Map<string, { p50: number; p95: number }>()
    for (const [name, read] of views) {
      await read()
      const kept: number[] = []
      for (let k = 0; k < KEPT_READS; k++) kept.push(await read())
      figures.set(`${name}, kept`, { p50: median(kept), p95: pct(kept, 95) })
      const computed: number[] = []
      for (let k = 0; k < ARRIVALS; k++) {
        await ask({ type: 'arrive' }, 'arrived')
        computed.push(await read())
      }
      figures.set(`${name}, first read after a document arrives`, { p50: median(computed), p95: pct(computed, 95) })
      process.stderr.write(`  … ${size.toLocaleString('en-US')}: ${name} measured\n`)
    }
    const searches: number[] = []
    for (const q of SEARCHES) searches.push(await call('GET', `/search?q=${encodeURIComponent(q)}`))
    figures.set('search (20 queries)', { p50: median(searches), p95: pct(searches, 95) })
    const opens = [await options.openWorkspace(), await options.openWorkspace(), await options.openWorkspace()]
    figures.set(`open the ${options.workspaceDocuments.toLocaleString('en-US')}-document workspace`, { p50: median(opens), p95: Math.max(...opens) })
    // Each size's figures as soon as they are measured: a long run stopped later still says what it found.
    process.stderr.write(`  … ${size.toLocaleString('en-US')}: ${[...figures].map(([name, f]) => `${name} ${fmt(f.p50)} / ${fmt(f.p95)} ms`).join('; ')}\n`)
    stages.push({
      size,
      figures,
      stats: await ask({ type: 'stats' }, 'stats'),
      writeRate: seeding.documents / (seeding.writeMs / 1000),
      keepRate: seeding.documents / (seeding.keepMs / 1000),
    })
  }

  const docs = (s: Stage) => s.size + options.workspaceDocuments
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
  console.log('')
  console.log(`A tenant of ${sizes.map((s) => s.toLocaleString('en-US')).join(' then ')} documents (+ the ${options.workspaceDocuments.toLocaleString('en-US')}-document workspace), ten frames each:`)
  console.log(`| figure | ${stages.map((s) => `${docs(s).toLocaleString('en-US')} docs p50 / p95`).join(' | ')} | ratio of p95 |`)
  console.log(`|---|${stages.map(() => '---|').join('')}---|`)
  for (const name of stages[0]!.figures.keys()) {
    const cells = stages.map((s) => `${fmt(s.figures.get(name)!.p50)} / ${fmt(s.figures.get(name)!.p95)} ms`)
    const ratio = stages.length > 1 ? (stages.at(-1)!.figures.get(name)!.p95 / stages[0]!.figures.get(name)!.p95).toFixed(2) : '—'
    console.log(`| ${name} | ${cells.join(' | ')} | ×${ratio} |`)
  }
  console.log(`| server memory (RSS / heap after GC) | ${stages.map((s) => `${mb(s.stats.rssBytes)} / ${mb(s.stats.heapBytes)}`).join(' | ')} | |`)
  console.log(`| database size (bytes per document) | ${stages.map((s) => `${mb(s.stats.databaseBytes)} (${Math.round(s.stats.databaseBytes / docs(s)).toLocaleString('en-US')} B)`).join(' | ')} | |`)
  console.log(`| bulk write / keep rate of the documents added | ${stages.map((s) => `${Math.round(s.writeRate)} / ${Math.round(s.keepRate)} docs/s`).join(' | ')} | |`)
  const last = stages.at(-1)!
  const first = stages[0]!
  const verdicts = views.map(([name]) => {
    const p95 = last.figures.get(`${name}, kept`)!.p95
    const ratio = p95 / first.figures.get(`${name}, kept`)!.p95
    return `${name} kept p95 ${fmt(p95)} ms ${p95 <= TARGET_MS && ratio <= TARGET_RATIO ? 'meets' : 'misses'} ≤ ${TARGET_MS} ms and ≤ ×${TARGET_RATIO} (×${ratio.toFixed(2)})`
  })
  console.log(`Targets: ${verdicts.join('; ')}.`)
  console.log(`(load average ${(loadavg()[0] as number).toFixed(1)} at the end)`)
}
