/**
 * `npm run bench:pipeline [-- --docs N] [--clients C] [--strict]`: the whole pipeline in one process as
 * `npm start` runs it (PGlite in a temp folder, pg-boss workers, the local analyser), fed N generated
 * ~600-word articles by C concurrent clients as fast as ingest answers.
 *
 * Prints documents per minute from the first ingest call to the last processing-complete, the p50/p95
 * time from an ingest call to its skeleton being on the live log (ingest resolves only then), the
 * ingest→processing-complete latency, and the ratio of the pipeline's time per document to a baseline
 * measured in the same run: the bare analyser on the same articles. Targets: ≥ 100 documents/minute and a
 * p95 skeleton ≤ 300 ms; with --strict a missed target exits 1.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyseLocal } from '../server/analysis/index'
import { createLocalAnalyser } from '../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../server/platform/core/runtime'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { createPipeline } from '../server/modules/pipeline/pipeline'

const REQUIRED_PER_MINUTE = 100
const REQUIRED_SKELETON_P95_MS = 300

const args = process.argv.slice(2)
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`)
  const n = i >= 0 ? Number(args[i + 1]) : fallback
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback
}
const DOCS = option('docs', 60)
const CLIENTS = option('clients', 4)
const TENANT = 'bench.example'
const SESSION = 'ses_bench'

async function main(): Promise<void> {
  const articles = Array.from({ length: DOCS + 3 }, (_, i) => article(i, 600))
  const words = articles.reduce((n, a) => n + a.split(/\s+/).length, 0) / articles.length

  // Baseline: the analyser alone, same articles, same process, after a warm-up.
  for (const a of articles.slice(DOCS)) analyseLocal(a)
  const t0 = performance.now()
  for (const a of articles.slice(0, DOCS)) analyseLocal(a)
  const baselineMsPerDoc = (performance.now() - t0) / DOCS

  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-'))
  const db = await openDatabase({ dataDir: dir })
  await migrate(db)
  const pipeline = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: createLocalAnalyser() })
  await pipeline.start({ workers: true })
  try {
    // Warm-up: pg-boss's first fetches, the stages' code paths.
    for (const a of articles.slice(DOCS)) await pipeline.ingest(request(a, 'ses_warmup'))
    await pipeline.drain()

    const calls: Array<{ eventId: string; calledAt: number; skeletonMs: number }> = []
    let next = 0
    const startedAt = Date.now()
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < DOCS) {
          const text = articles[next++] as string
          const calledAt = Date.now()
          const t = performance.now()
          const { eventId } = await pipeline.ingest(request(text, SESSION))
          calls.push({ eventId, calledAt, skeletonMs: performance.now() - t })
        }
      }),
    )
    await pipeline.drain({ timeoutMs: 600_000 })

    const done = await db.query<{ event_id: string; at: Date | string }>(
      `SELECT data->>'eventId' AS event_id, created_at AS at FROM live_log WHERE tenant_id = $1 AND session_id = $2 AND type = 'processing-complete'`,
      [TENANT, SESSION],
    )
    const completedAt = new Map(done.map((r) => [r.event_id, new Date(r.at).getTime()]))
    if (completedAt.size !== DOCS) throw new Error(`${completedAt.size} of ${DOCS} documents completed`)
    const lastComplete = Math.max(...completedAt.values())
    const wallMs = lastComplete - startedAt
    const perMinute = (DOCS * 60_000) / wallMs
    const skeleton = calls.map((c) => c.skeletonMs)
    const endToEnd = calls.map((c) => (completedAt.get(c.eventId) ?? NaN) - c.calledAt)

    console.log(`documents: ${DOCS} of ~${Math.round(words)} words, ${CLIENTS} concurrent clients, PGlite in a temp folder, one process`)
    console.log(`baseline (bare local analyser):  ${(60_000 / baselineMsPerDoc).toFixed(0)} documents/minute (${baselineMsPerDoc.toFixed(1)} ms/document)`)
    console.log(`pipeline (ingest → processing-complete): ${perMinute.toFixed(0)} documents/minute (${(wallMs / DOCS).toFixed(1)} ms/document, ${(wallMs / 1000).toFixed(1)} s in all)`)
    console.log(`ratio pipeline/baseline time per document: ${(wallMs / DOCS / baselineMsPerDoc).toFixed(2)}x`)
    console.log(`skeleton on the log after the ingest call: p50 ${pct(skeleton, 50).toFixed(1)} ms, p95 ${pct(skeleton, 95).toFixed(1)} ms, max ${Math.max(...skeleton).toFixed(1)} ms`)
    console.log(`ingest call → processing-complete:       p50 ${pct(endToEnd, 50).toFixed(0)} ms, p95 ${pct(endToEnd, 95).toFixed(0)} ms`)
    const okRate = perMinute >= REQUIRED_PER_MINUTE
    const okSkeleton = pct(skeleton, 95) <= REQUIRED_SKELETON_P95_MS
    console.log(`requirement >= ${REQUIRED_PER_MINUTE} documents/minute: ${okRate ? 'met' : 'NOT MET'}`)
    console.log(`requirement p95 skeleton <= ${REQUIRED_SKELETON_P95_MS} ms: ${okSkeleton ? 'met' : 'NOT MET'}`)
    console.log(
      `BENCH_RESULT ${JSON.stringify({ name: 'pipeline', figures: { 'documents/minute': Math.round(perMinute), 'skeleton p95 ms': Number(pct(skeleton, 95).toFixed(1)) }, ratio: { 'time/document vs bare analyser': Number((wallMs / DOCS / baselineMsPerDoc).toFixed(2)) }, target: `≥ ${REQUIRED_PER_MINUTE} documents/minute; skeleton p95 ≤ ${REQUIRED_SKELETON_P95_MS} ms`, met: okRate && okSkeleton })}`,
    )
    if ((!okRate || !okSkeleton) && args.includes('--strict')) process.exitCode = 1
  } finally {
    await pipeline.stop()
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

function request(text: string, sessionId: string) {
  return { tenantId: TENANT, userId: 'bench', researchId: 'res_bench', sessionId, projectId: null, dataSourceId: 'src_bench', input: { kind: 'text' as const, text } }
}

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

/** A deterministic news article of about `n` words: a headline, a dateline, then reported actions. */
function article(seed: number, n: number): string {
  const rand = mulberry32(seed + 1)
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T
  const place = pick(PLACES)
  const lines = [`${pick(ACTORS)} ${pick(HEADLINE_VERBS)} ${pick(OBJECTS)} in ${place}`, '']
  let count = 0
  let paragraph: string[] = []
  for (let i = 0; count < n; i++) {
    const sentence =
      i === 0
        ? `${place.toUpperCase()} — ${pick(ACTORS)} on ${pick(DAYS)} ${pick(VERBS)} ${pick(OBJECTS)} worth ${Math.floor(rand() * 900) + 10} million euros.`
        : rand() < 0.25
          ? `"We will ${pick(BARE_VERBS)} ${pick(OBJECTS)} by ${2026 + Math.floor(rand() * 5)}," said ${pick(PEOPLE)}, a spokesperson for ${pick(ACTORS)}.`
          : `${pick(ACTORS)} ${pick(VERBS)} ${pick(OBJECTS)} ${pick(TAILS)} ${pick(PLACES)}, according to ${pick(SOURCES)}.`
    paragraph.push(sentence)
    count += sentence.split(/\s+/).length
    if (paragraph.length === 5) {
      lines.push(paragraph.join(' '), '')
      paragraph = []
    }
  }
  if (paragraph.length) lines.push(paragraph.join(' '))
  return lines.join('\n').trim()
}

function mulberry32(a: number): () => number {
  return () => {
    a |= 0
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const ACTORS = [
  'The European Commission',
  'Siemens',
  'The Bank of England',
  'Maersk',
  'The World Health Organization',
  'Toyota',
  'The Kenyan government',
  'Shell',
  'The Indian finance ministry',
  'Airbus',
  'The city council of Lyon',
  'Petrobras',
] as const
const PEOPLE = ['Anna Schmidt', 'Rahul Mehta', 'Grace Wanjiru', 'Luis Ortega', 'Mei Chen', 'Tom Becker'] as const
const PLACES = ['Brussels', 'Berlin', 'Nairobi', 'Mumbai', 'Rotterdam', 'Lyon', 'Sao Paulo', 'Tokyo', 'London'] as const
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const
const HEADLINE_VERBS = ['announces', 'approves', 'suspends', 'expands', 'cuts'] as const
const VERBS = ['approved', 'announced', 'signed', 'suspended', 'launched', 'cut', 'invested in', 'blocked', 'acquired', 'delayed'] as const
const BARE_VERBS = ['deliver', 'expand', 'review', 'finance', 'complete'] as const
const OBJECTS = [
  'a new rail link',
  'the hydrogen terminal',
  'a loan programme',
  'the port expansion',
  'a vaccine plant',
  'the battery factory',
  'new export tariffs',
  'a solar park',
  'the merger',
  'a wage agreement',
] as const
const TAILS = ['near', 'outside', 'for customers in', 'across the region around', 'after talks in'] as const
const SOURCES = ['officials', 'a statement', 'people familiar with the plan', 'local media', 'the company'] as const

// Last, so every list above is initialised before the run starts.
await main()
