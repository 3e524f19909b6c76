/**
 * `npm run bench:vacuum [-- --docs N]`: what the embedded database's upkeep costs (server/modules/retention/
 * maintenance.ts), on PGlite in a temp folder holding a workspace of N documents (default 10,000) as the
 * pipeline leaves them: 10 action frames each (bench:scale's seed), 15 live messages, 4 KB of stored text
 * and 8 finished stage runs with their memos.
 *
 * Measured, in order: the first VACUUM ANALYZE and a second one (the visibility map lets it skip clean
 * pages); deleting one document through the API's path (erase.ts, median of 50); deleting 10 % of the
 * documents in batches of 100; the VACUUM after those deletions; the purge (ANALYZE, VACUUM FULL, WAL
 * switch and checkpoints); the data folder's size before and after. PGlite is one connection, so the
 * server answers nothing while each runs: these figures set DB_VACUUM_MINUTES and DB_PURGE_MINUTES'
 * defaults. No target (met: null).
 */
import { execSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { eraseDocuments } from '../server/modules/retention/erase'
import { purgeDeletedFromFiles, vacuumDatabase } from '../server/modules/retention/maintenance'
import { SCALE_SESSION, SCALE_TENANT, seedWorkspace } from './scale/seed'

const args = process.argv.slice(2)
const at = args.indexOf('--docs')
const documents = at >= 0 && Number(args[at + 1]) > 0 ? Math.floor(Number(args[at + 1])) : 10_000

const dir = mkdtempSync(join(tmpdir(), 'sightline-vacuum-'))
const db = await openDatabase({ dataDir: dir })
try {
  await migrate(db)
  const seedStart = performance.now()
  await seedWorkspace(db, { documents, framesPerDocument: 10, ownerUserId: 'bench' })
  await db.query(
    `INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at, event_id)
     SELECT $1, $2, g, 'status-update', jsonb_build_object('eventId', e, 'phase', 'decomposition-started', 'note', repeat(md5(g::text), 6)), now(), e
     FROM generate_series(1, $3::int) g, LATERAL (SELECT 'evt_' || lpad(((g - 1) / 15)::text, 5, '0') AS e) x`,
    [SCALE_TENANT, SCALE_SESSION, documents * 15],
  )
  await db.query(`UPDATE live_log_heads SET last_seq = $3 WHERE tenant_id = $1 AND session_id = $2`, [SCALE_TENANT, SCALE_SESSION, documents * 15])
  await db.query(
    `INSERT INTO pipeline_contents (tenant_id, event_id, content_hash, extracted_text, cleaned_content, created_at, updated_at)
     SELECT tenant_id, id, md5(id), repeat(md5(id || 'a'), 64), repeat(md5(id || 'b'), 64), now(), now() FROM events`,
  )
  await db.query(
    `INSERT INTO pipeline_stage_runs (tenant_id, event_id, run, stage, content_hash, state, memo, started_at, updated_at)
     SELECT e.tenant_id, e.id, 'ingest', s, md5(e.id), 'done', jsonb_build_object('analysis', repeat(md5(e.id || s), 80)), now(), now()
     FROM events e, unnest(array['Core_ContentIngestor', 'Core_EventOrchestrator', 'Core_FrameEnricher', 'Core_AliasEnricher', 'Core_ContextUpdater', 'Core_ContextPairVerifier', 'Core_UncertaintyResolver', 'Core_HypothesisAF']) s`,
  )
  await db.exec('CHECKPOINT')
  const seeded = performance.now() - seedStart
  const sizeBefore = folderMb(dir)
  console.log(`${documents} documents seeded in ${(seeded / 1000).toFixed(1)} s; data folder ${sizeBefore} MB`)

  const time = async (label: string, fn: () => Promise<unknown>) => {
    const t = performance.now()
    await fn()
    const ms = performance.now() - t
    console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`)
    return ms
  }
  const firstVacuum = await time('VACUUM ANALYZE, first', () => vacuumDatabase(db))
  const secondVacuum = await time('VACUUM ANALYZE, again', () => vacuumDatabase(db))
  const ids = (await db.query<{ id: string }>(`SELECT id FROM events ORDER BY id`)).map((r) => r.id)
  const single: number[] = []
  for (const id of ids.slice(0, 50)) {
    const t = performance.now()
    await eraseDocuments(db, SCALE_TENANT, { sessionId: SCALE_SESSION, eventIds: [id] }, Date.now())
    single.push(performance.now() - t)
  }
  const oneDelete = single.sort((a, b) => a - b)[Math.floor(single.length / 2)] as number
  console.log(`${'deleting one document (median of 50)'.padEnd(44)} ${oneDelete.toFixed(0).padStart(7)} ms`)
  const tenth = ids.slice(50, Math.floor(documents / 10))
  const batchDelete = await time(`deleting ${tenth.length} more, 100 at a time`, async () => {
    for (let i = 0; i < tenth.length; i += 100) await eraseDocuments(db, SCALE_TENANT, { sessionId: SCALE_SESSION, eventIds: tenth.slice(i, i + 100) }, Date.now())
  })
  const vacuumAfter = await time('VACUUM ANALYZE after the deletions', () => vacuumDatabase(db))
  const purge = await time('purge (VACUUM FULL, WAL switch, checkpoints)', () => purgeDeletedFromFiles(db))
  const sizeAfter = folderMb(dir)
  console.log(`data folder ${sizeBefore} MB before, ${sizeAfter} MB after the purge`)
  const result = {
    name: 'vacuum',
    figures: {
      documents,
      firstVacuumMs: Math.round(firstVacuum),
      secondVacuumMs: Math.round(secondVacuum),
      oneDeleteMs: Math.round(oneDelete),
      batchDeleteMs: Math.round(batchDelete),
      vacuumAfterMs: Math.round(vacuumAfter),
      purgeMs: Math.round(purge),
      sizeBeforeMb: sizeBefore,
      sizeAfterMb: sizeAfter,
    },
    ratio: { purgeToVacuum: Number((purge / Math.max(1, firstVacuum)).toFixed(1)) },
    target: 'none (sets DB_VACUUM_MINUTES and DB_PURGE_MINUTES)',
    met: null,
  }
  console.log(`BENCH_RESULT ${JSON.stringify(result)}`)
} finally {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
}

function folderMb(path: string): number {
  return Math.round(
    Number(
      execSync(`du -sk ${JSON.stringify(path)}`)
        .toString()
        .split(/\s/)[0],
    ) / 1024,
  )
}
