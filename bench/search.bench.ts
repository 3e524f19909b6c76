/**
 * `npm run bench:search [-- --docs 2000,20000] [--stores pglite,postgres]`: how long a search takes (GET /search's service, `search` in
 * server/modules/search/search.ts: counting and ranking up to 1,000 matches of a kind, reading the page with its marked sentences) as a tenant
 * grows, on PGlite (a temp folder, as `npm start` runs it) and on PostgreSQL when BENCH_DATABASE_URL,
 * TEST_DATABASE_URL or DATABASE_URL names a server that answers (a scratch database, dropped after).
 *
 * The tenant is bench:intelligence's corpus (bench/search/seed.ts stores it): both sizes in one run and one
 * database, grown from the first size to the next. Each size runs the same QUERIES (single words, names,
 * phrases, words every other document holds, each filter, a second page) REPS times after a warm-up, and
 * prints p50, p95 and max per size (wall time; on PGlite also the p95 of the process's CPU time per search,
 * the search's own work however busy the machine), the slowest query, and the ratio of the large size's p95 to
 * the small one's (a search that read the whole corpus would grow ten times). Target (issue 21): p95 well under 100 ms
 * at 20,000 documents.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { search } from '../server/modules/search/search'
import { type Database, openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { searchQuerySchema } from '../src/protocol/search'
import { benchCorpus } from './intelligence/corpus'
import { percentile } from './intelligence/requests'
import { scratchPostgres } from './scratch-postgres'
import { seedSearchDocuments, TENANT } from './search/seed'

const SIZES = sizesOf(process.argv.slice(2))
/** `--stores pglite,postgres` (both by default; PostgreSQL when a server answers). */
const STORES = storesOf(process.argv.slice(2))
const REPS = 5
const TARGET_MS = 100

/** What an analyst types, with and without filters (bench/intelligence/corpus.ts's vocabulary). */
const QUERIES: Array<Record<string, string>> = [
  { q: 'Kessel Mining' },
  { q: 'sanctions' },
  { q: '"supply agreement"' },
  { q: 'shares rose early trading' },
  { q: 'talks regulators' },
  { q: 'Port Ansel' },
  { q: 'jobs at risk' },
  { q: 'merger' },
  { q: 'speculation -denial' },
  { q: 'contradicting earlier reports' },
  { q: 'Valdor' },
  { q: 'loan', publisher: 'ledger.example' },
  { q: 'sued', from: '2026-03-01', to: '2026-03-31' },
  { q: 'fined', pestle: 'Economic' },
  { q: 'contract', entity: 'Norland Steel' },
  { q: 'aid', category: '07' },
  { q: 'warned', kind: 'document', cursor: '20' },
  { q: 'praised', risk: '0.5' },
  { q: 'million euros', kind: 'frame' },
  { q: 'Brightwater', kind: 'entity' },
]

interface Figures {
  size: number
  p50: number
  p95: number
  /** p95 of this process's CPU time per search: PGlite runs in-process, so this is the search's own work even on a busy machine. */
  cpuP95: number
  max: number
  slowest: string
  seedS: number
}

async function main() {
  const stores: Array<{ name: string; open: () => Promise<{ db: Database; drop(): Promise<void> }> }> = []
  const work = mkdtempSync(join(tmpdir(), 'sightline-search-bench-'))
  if (STORES.includes('pglite')) stores.push({ name: 'PGlite', open: async () => ({ db: await openDatabase({ dataDir: join(work, 'db') }), drop: async () => {} }) })
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL
  if (STORES.includes('postgres') && pgUrl && (await answers(pgUrl))) stores.push({ name: 'PostgreSQL', open: () => scratchPostgres(pgUrl, 'sightline_search_bench') })
  const docs = benchCorpus(SIZES[SIZES.length - 1]!)
  console.log(`bench:search — ${SIZES.map(fmt).join(' and ')} documents; ${QUERIES.length} searches × ${REPS} per size; stores: ${stores.map((s) => s.name).join(', ')}`)
  try {
    for (const store of stores) {
      const { db, drop } = await store.open()
      try {
        await migrate(db)
        const figures: Figures[] = []
        let seeded = 0
        for (const size of SIZES) {
          const t = performance.now()
          await seedSearchDocuments(db, docs, seeded, size)
          seeded = size
          figures.push({ size, seedS: (performance.now() - t) / 1000, ...(await measure(db)) })
          const f = figures[figures.length - 1]!
          console.log(
            `${store.name.padEnd(10)} ${fmt(size).padStart(6)} docs (seeded in ${f.seedS.toFixed(1)} s): p50 ${ms(f.p50)}   p95 ${ms(f.p95)}   max ${ms(f.max)}${store.name === 'PGlite' ? `   p95 CPU ${ms(f.cpuP95)}` : ''}   slowest: ${f.slowest}`,
          )
        }
        const small = figures[0]!
        const large = figures[figures.length - 1]!
        const ratio = large.p95 / small.p95
        const met = large.p95 < TARGET_MS
        console.log(
          `${store.name.padEnd(10)} p95 ratio ${fmt(large.size)} / ${fmt(small.size)} docs: ${ratio.toFixed(2)}x   target p95 < ${TARGET_MS} ms at ${fmt(large.size)}: ${met ? 'met' : 'missed'}`,
        )
        console.log(
          `BENCH_RESULT ${JSON.stringify({
            name: `search (${store.name})`,
            figures: Object.fromEntries(
              figures.flatMap((f) => [
                [`p95 ms at ${f.size}`, round(f.p95)],
                [`p50 ms at ${f.size}`, round(f.p50)],
                ...(store.name === 'PGlite' ? [[`p95 CPU ms at ${f.size}`, round(f.cpuP95)]] : []),
              ]),
            ),
            ratio: { [`p95 ${large.size} vs ${small.size}`]: round(ratio) },
            target: `p95 < ${TARGET_MS} ms at ${large.size}`,
            met,
          })}`,
        )
      } finally {
        await db.close()
        await drop()
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

/** Every query REPS times after one warm-up round: the percentiles of all, and the query slowest at p50. */
async function measure(db: Database): Promise<Omit<Figures, 'size' | 'seedS'>> {
  const parsed = QUERIES.map((q) => searchQuerySchema.parse(q))
  for (const q of parsed) await search(db, TENANT, q)
  const all: number[] = []
  const cpu: number[] = []
  const byQuery = parsed.map(() => [] as number[])
  for (let r = 0; r < REPS; r++) {
    for (const [i, q] of parsed.entries()) {
      const t = performance.now()
      const c = process.cpuUsage()
      await search(db, TENANT, q)
      const elapsed = performance.now() - t
      const used = process.cpuUsage(c)
      cpu.push((used.user + used.system) / 1000)
      all.push(elapsed)
      byQuery[i]!.push(elapsed)
    }
  }
  const medians = byQuery.map((times) => percentile(times, 0.5))
  const worst = medians.indexOf(Math.max(...medians))
  return { p50: percentile(all, 0.5), p95: percentile(all, 0.95), cpuP95: percentile(cpu, 0.95), max: Math.max(...all), slowest: `${JSON.stringify(QUERIES[worst])} ${ms(medians[worst]!)}` }
}

async function answers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 })
  try {
    await c.connect()
    await c.query('SELECT 1')
    return true
  } catch {
    return false
  } finally {
    await c.end().catch(() => {})
  }
}

function sizesOf(args: string[]): number[] {
  const i = args.indexOf('--docs')
  const raw = i >= 0 ? args[i + 1] : undefined
  const sizes = (raw ?? '2000,20000').split(',').map((s) => Number(s.trim()))
  if (sizes.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--docs: sizes must be positive integers, got ${raw}`)
  return [...sizes].sort((a, b) => a - b)
}

function storesOf(args: string[]): string[] {
  const i = args.indexOf('--stores')
  return (i >= 0 ? (args[i + 1] ?? '') : 'pglite,postgres').split(',').map((s) => s.trim().toLowerCase())
}

const fmt = (n: number) => n.toLocaleString('en-US')
const ms = (n: number) => `${n.toFixed(1)} ms`
const round = (n: number) => Math.round(n * 100) / 100

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err)
    process.exit(1)
  },
)
