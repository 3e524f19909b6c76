/**
 * A pipeline worker process for the crash test: PostgreSQL at DATABASE_URL, the local analyser slowed
 * down so a SIGKILL lands mid-job, and short expiry/maintenance so a dead worker's job is retried soon.
 * Prints `ready` once working and `analysing` each time an analysis starts.
 */
import { createLocalAnalyser } from '../../../../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../../../../server/core/runtime'
import { openDatabase } from '../../../../server/db/database'
import { createPipeline } from '../../../../server/pipeline/pipeline'
import { CRASH_JOBS } from './crash-settings'

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL is required')
const db = await openDatabase({ databaseUrl: url })
const local = createLocalAnalyser()
const pipeline = createPipeline({
  db,
  clock: systemClock,
  ids: randomIds,
  analyser: {
    provider: local.provider,
    model: local.model,
    async analyse(content, options) {
      process.stdout.write('analysing\n')
      await new Promise((r) => setTimeout(r, 150))
      return local.analyse(content, options)
    },
  },
  jobs: CRASH_JOBS,
  log: { info: () => {}, error: (obj, msg) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) },
})
await pipeline.start({ workers: true })
process.stdout.write('ready\n')
process.on('SIGTERM', () => {
  pipeline
    .stop()
    .then(() => db.close())
    .then(
      () => process.exit(0),
      () => process.exit(1),
    )
})
