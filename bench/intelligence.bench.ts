/**
 * `npm run bench:intelligence [-- --docs 2000,20000]`: what the story-based dashboard and the briefings cost
 * per request as a tenant grows, and what keeping its stories costs per arriving document; in PGlite as
 * `npm start` runs it, both sizes in one run and one database (grown from the first size to the next).
 *
 * The tenant (bench/intelligence/corpus.ts): news events told by one to nine reports each (syndicated
 * near-copies across eight outlets, retellings, denials, exact copies), arriving at a steady ~70 documents
 * a day, so 2,000 documents span about a month and 20,000 about nine; ten workspaces at a time, ten new
 * ones every 28 days (the one measured is of the last complete set: about 200 documents at either size).
 * Each document is stored as the pipeline stores it (bench/intelligence/seed.ts): its row with provenance,
 * its frames from a real local analysis of its text, `placeDocument` and `keepCompletedDocument` in the same transaction, one
 * transaction per document in arrival order, so the story, corroboration and reliability tables are what
 * the pipeline would have left; the database is vacuumed and analysed along the way as the server's
 * hourly upkeep does.
 *
 * It prints, for each size:
 * - seeding: placeDocument per document (median, p95, max), keepCompletedDocument (the frames' places on
 *   the boards and the briefing keys) and the whole transaction, for the documents
 *   added to reach that size and for its last 2,000: the incremental cost the pipeline pays per document;
 * - the stories that made (how many, how large) and the workspace measured;
 * - each request as its route runs it (bench/intelligence/requests.ts), median of 5 after a warm-up: the
 *   dashboard pulse as kept (its hot topics, the one part that reads documents, also timed alone) and the
 *   same pulse computed from the whole corpus as the route did before it was kept, the research briefing and graph, the workspace's stories, the forecast,
 *   backtest and motifs; and the baseline, the bare SQL read of the same rows (events and frames, no
 *   parsing), in the same run.
 * Then each request's ratio between the sizes next to the baseline's: a request that grows like the
 * baseline reads the whole corpus; one that stays near 1 reads only what it shows. There is no target in
 * the issue; interactive use wants a pulse under about a second.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import type { Queryable } from '../server/platform/db/database'
import { type BenchDocument, benchCorpus, currentWorkspace } from './intelligence/corpus'
import { median, percentile, requests, type Scope } from './intelligence/requests'
import { Analyses, type Seeding, seedDocuments, TENANT } from './intelligence/seed'

const SIZES = sizesOf(process.argv.slice(2))
const WINDOW = 2000
const HOUR = 3_600_000
const fmt = (n: number) => n.toLocaleString('en-US')
const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`

interface Stage {
  size: number
  from: number
  seeding: Seeding
  wallMs: number
  scope: Scope
  facts: Facts
  figures: Map<string, number>
}

async function main(): Promise<void> {
  const started = performance.now()
  const docs = benchCorpus(SIZES[SIZES.length - 1]!)
  const analyses = new Analyses(docs)
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-intel-'))
  const db = await openDatabase({ dataDir: dir })
  const stages: Stage[] = []
  try {
    await migrate(db)
    let placed = 0
    for (const size of SIZES) {
      const t = performance.now()
      const seeding = await seedDocuments(db, docs, placed, size, analyses, (done) =>
        process.stderr.write(`  … ${fmt(done)} documents placed (${((performance.now() - started) / 1000).toFixed(0)} s)\n`),
      )
      const wallMs = performance.now() - t
      const scope: Scope = { tenantId: TENANT, now: docs[size - 1]!.ingestedAt + HOUR, ...currentWorkspace(docs.slice(0, size)) }
      const facts = await factsOf(db, scope, docs.slice(0, size))
      const figures = new Map<string, number>()
      for (const r of requests) {
        const run = r.prepare ? await r.prepare(db, scope) : () => r.run(db, scope)
        figures.set(r.name, await median(run))
        process.stderr.write(`  … ${fmt(size)} documents: ${r.name} measured\n`)
      }
      stages.push({ size, from: placed, seeding, wallMs, scope, facts, figures })
      placed = size
    }
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
  report(stages, performance.now() - started)
}

interface Facts {
  frames: number
  stories: number
  meanMembers: number
  largest: number
  shared: number
  liveMessages: number
  days: number
  kinds: Record<string, number>
  workspaceDocs: number
  workspaceStories: number
}

async function factsOf(db: Queryable, scope: Scope, docs: readonly BenchDocument[]): Promise<Facts> {
  const [row] = await db.query<{ frames: number; stories: number; largest: number; shared: number; live: number }>(
    `SELECT (SELECT count(*)::int FROM action_frames WHERE tenant_id = $1) AS frames,
            (SELECT count(*)::int FROM stories WHERE tenant_id = $1) AS stories,
            (SELECT COALESCE(max(n), 0)::int FROM (SELECT count(*) AS n FROM story_members WHERE tenant_id = $1 GROUP BY story_id) s) AS largest,
            (SELECT COALESCE(sum(n), 0)::int FROM (SELECT count(*) AS n FROM story_members WHERE tenant_id = $1 GROUP BY story_id HAVING count(*) > 1) s) AS shared,
            (SELECT count(*)::int FROM live_log WHERE tenant_id = $1) AS live`,
    [scope.tenantId],
  )
  const [ws] = await db.query<{ docs: number; stories: number }>(
    `SELECT count(*)::int AS docs, count(DISTINCT m.story_id)::int AS stories FROM events e LEFT JOIN story_members m ON m.tenant_id = e.tenant_id AND m.event_id = e.id WHERE e.tenant_id = $1 AND e.session_id = $2`,
    [scope.tenantId, scope.sessionId],
  )
  const kinds: Record<string, number> = {}
  for (const d of docs) kinds[d.kind] = (kinds[d.kind] ?? 0) + 1
  const span = docs.length > 0 ? (docs[docs.length - 1]!.ingestedAt - docs[0]!.ingestedAt) / (24 * HOUR) : 0
  return {
    frames: row!.frames,
    stories: row!.stories,
    meanMembers: row!.stories > 0 ? docs.length / row!.stories : 0,
    largest: row!.largest,
    shared: docs.length > 0 ? row!.shared / docs.length : 0,
    liveMessages: row!.live,
    days: Math.round(span),
    kinds,
    workspaceDocs: ws!.docs,
    workspaceStories: ws!.stories,
  }
}

function report(stages: readonly Stage[], totalMs: number): void {
  const sizes = stages.map((s) => fmt(s.size)).join(' and ')
  console.log(`bench:intelligence — the story-based dashboard at ${sizes} documents, one run, one PGlite database; ${(totalMs / 1000).toFixed(0)} s in all`)
  for (const s of stages) {
    const f = s.facts
    const kinds = Object.entries(f.kinds)
      .map(([k, n]) => `${fmt(n)} ${k}`)
      .join(', ')
    console.log(`\n${fmt(s.size)} documents over ${f.days} days (${kinds}), ${fmt(f.frames)} frames`)
    console.log(
      `  stories: ${fmt(f.stories)} (${f.meanMembers.toFixed(2)} documents each on average, largest ${f.largest}; ${(f.shared * 100).toFixed(0)} % of documents share a story); ${fmt(f.liveMessages)} live-log messages`,
    )
    console.log(`  workspace measured: ${s.scope.researchId}/${s.scope.sessionId}, ${fmt(f.workspaceDocs)} documents in ${fmt(f.workspaceStories)} stories`)
    console.log(
      `  seeding documents ${fmt(s.from + 1)}–${fmt(s.size)}: ${(s.wallMs / 1000).toFixed(1)} s wall, of which local analysis ${(s.seeding.analyseMs / 1000).toFixed(1)} s and VACUUM ANALYZE ${(s.seeding.vacuumMs / 1000).toFixed(1)} s (neither in a transaction)`,
    )
    seedingRow(`    all ${fmt(s.size - s.from)}`, s.seeding.place, s.seeding.signals, s.seeding.transaction)
    if (s.size - s.from > WINDOW) seedingRow(`    last ${fmt(WINDOW)}`, s.seeding.place.slice(-WINDOW), s.seeding.signals.slice(-WINDOW), s.seeding.transaction.slice(-WINDOW))
  }
  const first = stages[0]!
  const last = stages[stages.length - 1]!
  const baseline = requests[0]!.name
  const growth = stages.length > 1 ? `${fmt(last.size)}/${fmt(first.size)}` : ''
  console.log(`\n${'request (median of 5)'.padEnd(38)} ${'route'.padEnd(42)} ${stages.map((s) => `${fmt(s.size)} docs`.padStart(13)).join(' ')} ${growth.padStart(13)} ${'× baseline'.padStart(11)}`)
  for (const r of requests) {
    const values = stages.map((s) => s.figures.get(r.name)!)
    const ratio = stages.length > 1 ? `${(values[values.length - 1]! / values[0]!).toFixed(2)}×` : ''
    const vsBaseline = r.name === baseline ? '' : `${(values[values.length - 1]! / last.figures.get(baseline)!).toFixed(2)}×`
    console.log(`${r.name.padEnd(38)} ${r.route.padEnd(42)} ${values.map((v) => ms(v).padStart(13)).join(' ')} ${ratio.padStart(13)} ${vsBaseline.padStart(11)}`)
  }
  const figures: Record<string, number> = {}
  const ratio: Record<string, number> = {}
  const headline: Record<string, string> = {
    pulse: 'dashboard pulse (kept as documents arrive)',
    "pulse's hot topics": '  of which its hot topics',
    'pulse from the whole corpus': 'the same pulse from the whole corpus',
    briefing: 'research briefing',
    stories: "workspace's stories",
    'bare SQL read': baseline,
  }
  for (const s of stages) {
    for (const [key, name] of Object.entries(headline)) figures[`${key} ms @${s.size}`] = round(s.figures.get(name)!)
    figures[`placeDocument p50 ms @${s.size}`] = round(percentile(s.seeding.place.slice(-WINDOW), 0.5))
    figures[`placeDocument p95 ms @${s.size}`] = round(percentile(s.seeding.place.slice(-WINDOW), 0.95))
    figures[`keepCompletedDocument p50 ms @${s.size}`] = round(percentile(s.seeding.signals.slice(-WINDOW), 0.5))
  }
  if (stages.length > 1) for (const [key, name] of Object.entries(headline)) ratio[`${key} ${last.size}/${first.size}`] = round(last.figures.get(name)! / first.figures.get(name)!, 2)
  ratio['pulse vs bare SQL read'] = round(last.figures.get(headline.pulse!)! / last.figures.get(baseline)!, 2)
  console.log(`BENCH_RESULT ${JSON.stringify({ name: 'intelligence', figures, ratio, target: 'none in the issue', met: null })}`)
}

function seedingRow(label: string, place: readonly number[], signals: readonly number[], transaction: readonly number[]): void {
  const q = (xs: readonly number[], p: number) => ms(percentile(xs, p))
  console.log(
    `${label.padEnd(16)} placeDocument median ${q(place, 0.5)}, p95 ${q(place, 0.95)}, max ${q(place, 1)}; keepCompletedDocument median ${q(signals, 0.5)}, p95 ${q(signals, 0.95)}; whole transaction median ${q(transaction, 0.5)}, p95 ${q(transaction, 0.95)}`,
  )
}

function round(n: number, digits = 1): number {
  return Number(n.toFixed(digits))
}

/** `--docs 2000,20000` (the default) or `--docs N`: the sizes to measure at, ascending. */
function sizesOf(args: readonly string[]): number[] {
  const i = args.indexOf('--docs')
  const given = i >= 0 ? (args[i + 1] ?? '').split(',').map((s) => Math.floor(Number(s))) : [2000, 20000]
  const sizes = [...new Set(given.filter((n) => n > 0))].sort((a, b) => a - b)
  if (sizes.length === 0) throw new Error('--docs: one or more positive sizes, comma-separated (e.g. 2000,20000)')
  return sizes
}

await main()
