/**
 * `npm run bench:intelligence [-- --docs N]`: what the analytical layer costs per request on a tenant of
 * N completed documents (default 2,000) spread over 28 days, in PGlite as `npm start` runs it.
 *
 * The documents are real local analyses of 60 generated texts (entities, frames, analytics), stored
 * N times over under new ids and dates, so the figures are those of real payloads. For each request
 * kind it prints the median of 5 runs: reading the corpus (loadCorpus, the SQL and the alias merge),
 * then the pulse, the research briefing, the research graph, and the forecast with its backtest on top
 * of that read. The baseline, measured in the same run, is the bare SQL read of the same rows (events
 * and frames, no parsing); each figure's ratio to it says how much the layer adds to fetching its input.
 * There is no target in the issue; interactive use wants a pulse under about a second.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyseLocal } from '../server/analysis/index'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { scopeBriefing } from '../server/modules/intelligence/briefing'
import { DAY_MS, loadCorpus } from '../server/modules/intelligence/corpus'
import { backtest, forecastSeries, signalSeries } from '../server/modules/intelligence/forecast'
import { documentsIn, graphView } from '../server/modules/intelligence/graph'
import { computePulse } from '../server/modules/intelligence/pulse'

const args = process.argv.slice(2)
const i = args.indexOf('--docs')
const DOCS = i >= 0 && Number(args[i + 1]) > 0 ? Math.floor(Number(args[i + 1])) : 2000
const TENANT = 'bench.example'
const RESEARCHES = 10
const NOW = Date.parse('2026-11-22T12:00:00Z')

const actors = [
  'The European Commission',
  'The U.S. Treasury',
  'Shell',
  'Volkswagen',
  'The Central Bank of Kenya',
  'Beijing',
  'The Port of Rotterdam',
  'Germany',
  'NATO',
  'The World Bank',
  'Siemens',
  'The United Nations',
]
const verbs = ['imposed sanctions on', 'signed a contract with', 'invested 300 million euros in', 'warned', 'cut interest rates for', 'opened talks with', 'sued', 'acquired a stake in']
const objects = ['Chinese carmakers', 'Uniper', 'a hydrogen terminal', 'European exporters', 'Equity Bank', 'steel importers', 'Iran', 'a battery plant in Ohio']

function text(n: number): string {
  const s = (k: number) => `${actors[(n + k) % actors.length]} ${verbs[(n * 3 + k) % verbs.length]} ${objects[(n * 5 + k) % objects.length]} on Monday.`
  return `${s(0)} ${s(1)} ${s(2)} Officials said the decision could hurt exporters next year.`
}

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  const samples: number[] = []
  await run() // warm-up
  for (let k = 0; k < times; k++) {
    const t = performance.now()
    await run()
    samples.push(performance.now() - t)
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-intel-'))
  const db = await openDatabase({ dataDir: dir })
  try {
    await migrate(db)
    const analyses = Array.from({ length: 60 }, (_, n) => analyseLocal(text(n)))
    let frames = 0
    await db.transaction(async (tx) => {
      for (let d = 0; d < DOCS; d++) {
        const a = analyses[d % analyses.length]!
        const id = `evt_${d}`
        const at = new Date(NOW - (d % 28) * DAY_MS - (d % 24) * 3_600_000).toISOString()
        const payload = {
          aiTitle: a.title,
          aiSummary: a.summary,
          pestleCategory: a.pestleCategory,
          knowledgeArea: a.knowledgeArea,
          detectedEntities: a.entities,
          cleanedContent: text(d % analyses.length),
        }
        await tx.query(
          `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, title, summary, status, payload, analytics, action_count, ingested_at, updated_at)
           VALUES ($1, $2, $3, $4, 'genesis', 'text', $5, $6, 'completed', $7, $8, $9, $10, $10)`,
          [TENANT, id, `res_${d % RESEARCHES}`, `ses_${d % RESEARCHES}`, a.title, a.summary, JSON.stringify(payload), JSON.stringify(a.analytics), a.frames.length, at],
        )
        for (const f of a.frames) {
          frames++
          await tx.query(
            `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, 'final', $6, $7, $8, $9, $10, $10)`,
            [TENANT, `${id}-f${f.actionIndex}`, id, `res_${d % RESEARCHES}`, `ses_${d % RESEARCHES}`, f.actionIndex, f.totalActions, f.actionType, JSON.stringify(f), at],
          )
        }
      }
    })

    const baseline = await median(() =>
      db.query(
        `SELECT e.*, (SELECT json_agg(f.body) FROM action_frames f WHERE f.tenant_id = e.tenant_id AND f.event_id = e.id) AS frames FROM events e WHERE e.tenant_id = $1 AND e.status = 'completed'`,
        [TENANT],
      ),
    )
    const read = await median(() => loadCorpus(db, TENANT))
    const pulse = await median(async () => computePulse(await loadCorpus(db, TENANT), NOW))
    const briefing = await median(async () => {
      const corpus = await loadCorpus(db, TENANT)
      const view = graphView(corpus)
      return scopeBriefing(view, graphView(corpus, documentsIn(corpus, { researchId: 'res_0' })), { type: 'research', id: 'res_0', title: 'Research 0' })
    })
    const graph = await median(async () => {
      const corpus = await loadCorpus(db, TENANT)
      return graphView(corpus, documentsIn(corpus, { researchId: 'res_0' })).whole()
    })
    const forecast = await median(async () => {
      const corpus = await loadCorpus(db, TENANT)
      const history = signalSeries(corpus, NOW, 28)
      return [
        forecastSeries(history, 7),
        backtest(
          history.map((p) => p.value),
          1,
          7,
        ),
      ]
    })

    const corpus = await loadCorpus(db, TENANT)
    const body = computePulse(corpus, NOW)
    const row = (name: string, ms: number) => console.log(`${name.padEnd(34)} ${ms.toFixed(1).padStart(9)} ms   ${(ms / baseline).toFixed(2).padStart(6)}× baseline`)
    console.log(
      `bench:intelligence — ${DOCS.toLocaleString('en-US')} documents, ${frames.toLocaleString('en-US')} frames, ${corpus.entities.entities.length} merged entities, ${body.hotTopics.length} hot topics; median of 5`,
    )
    row('baseline: bare SQL read of the rows', baseline)
    row('corpus read (SQL + alias merge)', read)
    row('dashboard pulse', pulse)
    row('research briefing', briefing)
    row('research graph', graph)
    row('forecast + backtest (28 days)', forecast)
    console.log(
      `BENCH_RESULT ${JSON.stringify({ name: 'intelligence', figures: { 'pulse ms': Number(pulse.toFixed(1)), 'briefing ms': Number(briefing.toFixed(1)), 'graph ms': Number(graph.toFixed(1)), 'forecast ms': Number(forecast.toFixed(1)) }, ratio: { 'pulse vs bare SQL read': Number((pulse / baseline).toFixed(2)) }, target: 'none in the issue', met: null })}`,
    )
  } finally {
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
