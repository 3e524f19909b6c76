/**
 * `npm run bench:fair-queues [-- --flood N]`: the fair queues alone (server/modules/pipeline/fair-queue.ts),
 * in one process as `npm start` runs the pipeline (PGlite in a temp folder, pg-boss workers, the local
 * analyser in this thread, no HTTP and no quotas in the way).
 *
 * A victim tenant's one article, time from ingest to completed: alone (median of 3), then right after
 * another tenant queued N articles (500 by default). Prints both, their ratio, and how long the flood's rest
 * took to drain afterwards (what fairness costs the flooder's throughput, if anything). Run it on a
 * checkout without fair queues for the before figure (first come, first served: the victim waits for the
 * whole flood at the first step).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createLocalAnalyser } from '../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../server/platform/core/runtime'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { createPipeline } from '../server/modules/pipeline/pipeline'

const args = process.argv.slice(2)
const at = args.indexOf('--flood')
const FLOOD = at >= 0 && Number(args[at + 1]) > 0 ? Math.floor(Number(args[at + 1])) : 500

const article = (n: string) =>
  `Port of Rotterdam opens hydrogen terminal (${n})\n\nROTTERDAM — The Port of Rotterdam opened a hydrogen import terminal on Monday. Shell and Uniper signed contracts to ship ammonia through the terminal from 2026. The Dutch government invested 300 million euros in the project, and the port authority said it expects to handle four million tonnes a year by 2030.`

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-bench-fair-queues-'))
  const db = await openDatabase({ dataDir: dir })
  await migrate(db)
  const pipeline = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: createLocalAnalyser(), sourceRuns: { cron: null } })
  await pipeline.start({ workers: true })
  try {
    const ingest = (tenantId: string, text: string) =>
      pipeline.ingest({ tenantId, userId: 'u', researchId: 'r', sessionId: `s-${tenantId}`, projectId: null, dataSourceId: `src_${tenantId}`, input: { kind: 'text', text } })
    const settled = async (tenantId: string, eventId: string) => {
      for (;;) {
        const [row] = await db.query<{ status: string }>(`SELECT status FROM events WHERE tenant_id = $1 AND id = $2`, [tenantId, eventId])
        // processing, then document-ready once analysed, then completed (or error).
        if (row && (row.status === 'completed' || row.status === 'error')) return row.status
        await new Promise((r) => setTimeout(r, 20))
      }
    }
    const victim = async (label: string) => {
      const t0 = performance.now()
      const { eventId } = await ingest('victim.example', article(label))
      const status = await settled('victim.example', eventId)
      if (status !== 'completed') throw new Error(`the victim's article ended ${status}`)
      return performance.now() - t0
    }
    const runs = [await victim('alone 1'), await victim('alone 2'), await victim('alone 3')]
    const alone = [...runs].sort((a, b) => a - b)[1] as number
    for (let i = 0; i < FLOOD; i++) await ingest('flood.example', article(`flood ${i}`))
    const flooded = await victim('during the flood')
    const t0 = performance.now()
    await pipeline.drain({ timeoutMs: 3_600_000 })
    const drained = performance.now() - t0
    console.log(`bench:fair-queues — a victim's article alone ${fmt(alone)} (runs ${runs.map(fmt).join(' / ')})`)
    console.log(`  right after another tenant queued ${FLOOD}: ${fmt(flooded)} (${(flooded / alone).toFixed(1)}× alone); the flood's rest drained in ${fmt(drained)}`)
  } finally {
    await pipeline.stop()
    await db.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

const fmt = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`)

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
