/**
 * Records real pipeline runs as client fixtures (`npx tsx scripts/record-pipeline-fixtures.ts`).
 *
 * The real pipeline (pg-boss on an in-memory PGlite, the local analyser, the real source readers) runs
 * with an injected clock and sequential ids, one step at a time, so the same code always records the
 * same file. The live log is exported exactly as `GET …/live.jsonl` exports it. The client's fixture
 * tests then replay what the server really sends.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createLocalAnalyser } from '../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../server/platform/core/runtime'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { liveRecordingLines } from '../server/modules/live/export'
import { createPipeline } from '../server/modules/pipeline/pipeline'
import { insertResearch, insertSession } from '../server/modules/researches/queries'

const root = join(import.meta.dirname, '..', 'fixtures')
const tenantId = 'recorded.example'
const silent = { info() {}, error() {} }

const article = `Port strike enters its second week

Dock workers at the Port of Rotterdam extended their strike on Monday after talks with the port authority collapsed. The union said its members would stay out until the operators raise wages by 8%.
Shipping companies diverted dozens of container vessels to Antwerp and Hamburg. The European Commission warned that the dispute could disrupt supplies of medicines across the region.
Analysts at ING expect freight rates to rise if the strike lasts another week.`

const notes = `# Board minutes, 3 March

The board approved a new battery plant in Ohio. Acme Corp will invest $2 billion in the project by 2027.
The chief executive said the company would hire 1,200 workers. Regulators must still approve the site.`

async function main(): Promise<void> {
  const db = await openDatabase({ dataDir: null })
  await migrate(db)
  const clock = manualClock(Date.parse('2026-03-03T09:00:00Z'))
  const ids = sequentialIds()
  await insertResearch(db, tenantId, { id: 'res_recorded', title: 'Recorded', description: null, tags: [], ownerUserId: 'uid_recorder', now: clock.now() })
  await insertSession(db, tenantId, {
    id: 'ses_recorded',
    researchId: 'res_recorded',
    title: 'Recorded workspace',
    ownerUserId: 'uid_recorder',
    now: clock.now(),
    expiresAt: clock.now() + 7 * 86_400_000,
  })
  const pipeline = createPipeline({ db, clock, ids, analyser: createLocalAnalyser(), log: silent, jobs: { concurrency: 1, pollingIntervalSeconds: 1 } })
  await pipeline.start({ workers: true })
  const scope = { tenantId, userId: 'uid_recorder', researchId: 'res_recorded', sessionId: 'ses_recorded', projectId: null, dataSourceId: 'src_recorded' }
  const text = await pipeline.ingest({ ...scope, input: { kind: 'text', text: article } })
  await pipeline.drain({ timeoutMs: 60_000 })
  clock.advance(60_000)
  await pipeline.ingest({ ...scope, input: { kind: 'document', fileName: 'board-minutes.md', contentType: 'text/markdown', bytes: Buffer.from(notes) } })
  await pipeline.drain({ timeoutMs: 60_000 })
  clock.advance(60_000)
  await pipeline.reprocess({ tenantId, eventId: text.eventId })
  await pipeline.drain({ timeoutMs: 60_000 })
  let out = ''
  for await (const line of liveRecordingLines(db, { tenantId, sessionId: 'ses_recorded', researchId: 'res_recorded', exportedAt: clock.now() })) out += line
  writeFileSync(join(root, 'recorded-pipeline-text-document-reprocess.jsonl'), out)
  await pipeline.stop()
  await db.close()
  console.log(`recorded ${out.split('\n').length - 2} live messages`)
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
