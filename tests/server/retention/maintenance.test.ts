/**
 * Retention and upkeep (server/modules/retention/maintenance.ts): what each retention setting removes and what it
 * keeps, the live log pruned by age from each session's start, and on PGlite when VACUUM and the purge run.
 * The deletions themselves are tests/server/retention/erase.test.ts; the memo cache a deletion empties is here.
 */
import { beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { manualClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { emitLive, liveLogBounds } from '../../../server/modules/live/log'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import { MemoCache } from '../../../server/modules/pipeline/journal'
import { insertEvent } from '../../../server/modules/session-data/queries'
import { eraseDocuments, PURGE_TASK } from '../../../server/modules/retention/erase'
import { maintenanceSettings, pruneExpired, runMaintenance } from '../../../server/modules/retention/maintenance'
import { dialects, testDatabase, truncateAll } from '../support/harness'

const DAY = 86_400_000
const T = 'retention.example'
const settings = maintenanceSettings({ LIVE_LOG_RETENTION_DAYS: 30, PIPELINE_RETENTION_DAYS: 7, CONTENT_RETENTION_DAYS: 0, MAINTENANCE_MINUTES: 15, DB_VACUUM_MINUTES: 60, DB_PURGE_MINUTES: 60 })

describe.each(dialects())('retention on %s', (dialect) => {
  let db: Database
  const clock = manualClock()
  const now = () => clock.now()

  beforeEach(async () => {
    db ??= await testDatabase(dialect)
    await truncateAll(db)
    clock.set(Date.parse('2026-11-20T09:00:00Z'))
  })

  async function event(id: string, status: string, at: number, sessionId: string | null = 's1') {
    await insertEvent(db, T, {
      id,
      researchId: 'r1',
      sessionId,
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: null,
      status,
      payload: {},
      contentHash: 'h',
      uploadedAt: at,
      now: at,
    })
  }

  test('live messages older than the retention go, from the start of each session only (its first id moves past them)', async () => {
    const say = (sessionId: string, at: number) => emitLive(db, { tenantId: T, sessionId, type: 'status-update', data: { eventId: 'e1', phase: 'x' }, at })
    const old = now() - 40 * DAY
    for (const at of [old, old, now() - DAY, old /* a clock that went back: goes with what precedes it */, now()]) await say('s1', at)
    await say('s2', now())
    const report = await pruneExpired(db, now(), settings)
    expect(report.liveMessages).toBe(4)
    expect((await readLiveMessages(db, T, 's1', null)).map((m) => m.id)).toEqual(['5'])
    expect(await liveLogBounds(db, T, 's1')).toEqual({ first: '5', last: '5' })
    expect((await readLiveMessages(db, T, 's2', null)).map((m) => m.id)).toEqual(['1'])
    expect((await pruneExpired(db, now(), settings)).liveMessages).toBe(0)
  })

  test('pipeline bookkeeping older than its retention goes: finished runs, failures, archived jobs, unread inputs; running runs and parked jobs of live documents stay', async () => {
    const old = now() - 8 * DAY
    const recent = now() - DAY
    await event('e-old', 'completed', old)
    await event('e-new', 'processing', recent)
    const run = (eventId: string, stage: string, state: string, at: number) =>
      db.query(
        `INSERT INTO pipeline_stage_runs (tenant_id, event_id, run, stage, content_hash, state, memo, started_at, updated_at) VALUES ($1, $2, 'ingest', $3, 'h', $4, '{"analysis":"text"}', $5, $5)`,
        [T, eventId, stage, state, new Date(at).toISOString()],
      )
    await run('e-old', 'Core_ContentIngestor', 'done', old)
    await run('e-old', 'Core_HypothesisAF', 'running', old) // a job parked for days resumes from it
    await run('e-new', 'Core_ContentIngestor', 'done', recent)
    for (const [id, at] of [
      ['e-old', old],
      ['e-new', recent],
    ] as const) {
      await db.query(`INSERT INTO pipeline_inputs (tenant_id, event_id, kind, text, content_hash, created_at) VALUES ($1, $2, 'text', 'words', 'h', $3)`, [T, id, new Date(at).toISOString()])
      await db.query(`INSERT INTO pipeline_breaker_failures (tenant_id, handler_key, at, message) VALUES ($1, 'Core_EventOrchestrator', $2, 'boom')`, [T, new Date(at).toISOString()])
    }
    for (const eventId of ['e-new', 'e-gone']) {
      await db.query(`INSERT INTO pipeline_parked_jobs (tenant_id, handler_key, data, parked_at) VALUES ($1, 'Core_EventOrchestrator', $2, $3)`, [
        T,
        JSON.stringify({ tenantId: T, eventId, run: 'ingest', contentHash: 'h' }),
        new Date(old).toISOString(),
      ])
    }

    expect(await pruneExpired(db, now(), settings)).toEqual({ liveMessages: 0, stageRuns: 1, bossJobs: 0, breakerFailures: 1, parkedJobs: 1, inputs: 1, contents: 0, orphanBlobParts: 0 })
    expect(await db.query(`SELECT event_id, stage FROM pipeline_stage_runs ORDER BY event_id, stage`)).toEqual([
      { event_id: 'e-new', stage: 'Core_ContentIngestor' },
      { event_id: 'e-old', stage: 'Core_HypothesisAF' },
    ])
    expect(await db.query(`SELECT event_id FROM pipeline_inputs`)).toEqual([{ event_id: 'e-new' }])
    expect((await db.query<{ data: { eventId: string } }>(`SELECT data FROM pipeline_parked_jobs`)).map((r) => r.data.eventId)).toEqual(['e-new'])
  })

  test('stored full text stays as long as its document unless CONTENT_RETENTION_DAYS says otherwise', async () => {
    await event('e1', 'completed', now() - 100 * DAY)
    await db.query(`INSERT INTO pipeline_contents (tenant_id, event_id, content_hash, extracted_text, cleaned_content, created_at, updated_at) VALUES ($1, 'e1', 'h', 'text', 'text', $2, $2)`, [
      T,
      new Date(now() - 100 * DAY).toISOString(),
    ])
    expect((await pruneExpired(db, now(), settings)).contents).toBe(0)
    expect((await pruneExpired(db, now(), { ...settings, contentRetentionMs: 90 * DAY })).contents).toBe(1)
  })

  test(
    dialect === 'pglite' ? 'VACUUM runs every DB_VACUUM_MINUTES; a purge runs only after a deletion, at most every DB_PURGE_MINUTES' : 'PostgreSQL is left to its own autovacuum: no VACUUM, no purge',
    async () => {
      await event('e1', 'completed', now())
      await event('e2', 'completed', now())
      const pass = () => runMaintenance(db, clock, settings)
      const pending = async () => Number((await db.query<{ pending: string | number }>(`SELECT pending FROM maintenance_state WHERE task = $1`, [PURGE_TASK]))[0]?.pending ?? 0)
      if (dialect === 'postgres') {
        await eraseDocuments(db, T, { sessionId: 's1', eventIds: ['e1'] }, now())
        expect(await pass()).toMatchObject({ vacuumed: false, purged: false })
        expect(await pending()).toBe(0)
        return
      }
      expect(await pass()).toMatchObject({ vacuumed: true, purged: false })
      clock.advance(30 * 60_000)
      expect(await pass()).toMatchObject({ vacuumed: false, purged: false })
      await eraseDocuments(db, T, { sessionId: 's1', eventIds: ['e1'] }, now())
      expect(await pending()).toBe(1)
      expect(await pass()).toMatchObject({ vacuumed: false, purged: true })
      expect(await pending()).toBe(0)
      // The next deletion waits for the purge interval; VACUUM too (the purge did its work).
      await eraseDocuments(db, T, { sessionId: 's1', eventIds: ['e2'] }, now())
      clock.advance(59 * 60_000)
      expect(await pass()).toMatchObject({ vacuumed: false, purged: false })
      clock.advance(60_000)
      expect(await pass()).toMatchObject({ vacuumed: false, purged: true })
      // Nothing deleted since: no purge, and VACUUM on its own schedule.
      clock.advance(60 * 60_000)
      expect(await pass()).toMatchObject({ vacuumed: true, purged: false })
    },
  )
})

describe('the memo cache', () => {
  test("a deleted document's memos are forgotten, and only its", () => {
    const cache = new MemoCache()
    const schema = z.string()
    const key = (tenantId: string, eventId: string) => JSON.stringify([tenantId, eventId, 'ingest', 'Core_EventOrchestrator', 'h', 'analysis'])
    cache.set(key('t1', 'e1'), schema, 'analysis of e1')
    cache.set(key('t1', 'e10'), schema, 'analysis of e10')
    cache.set(key('t2', 'e1'), schema, "another tenant's e1")
    cache.forgetEvents('t1', ['e1'])
    expect(cache.get(key('t1', 'e1'), schema)).toBeUndefined()
    expect(cache.get(key('t1', 'e10'), schema)).toBe('analysis of e10')
    expect(cache.get(key('t2', 'e1'), schema)).toBe("another tenant's e1")
    expect(cache.size).toBe(2)
  })
})
