/**
 * Migration 008 on a database written before it: each live message and connection learns its document,
 * each log keeps the point retention had pruned it to, and what deletions before it left behind goes.
 */
import { expect, test } from 'vitest'
import { openDatabase } from '../../../server/platform/db/database'
import { listMigrations } from '../../../server/platform/db/migrate'
import { liveLogBounds } from '../../../server/modules/live/log'

test('migration 008 names the document of every log row and connection, keeps prune points and removes the residue of earlier deletions', async () => {
  const db = await openDatabase({ dataDir: null })
  try {
    const migrations = listMigrations()
    const at = migrations.findIndex((m) => m.name.startsWith('008-'))
    for (const m of migrations.slice(0, at)) await db.exec(m.sql)
    await db.exec(`
      INSERT INTO researches (tenant_id, id, title, owner_user_id, created_at, updated_at) VALUES ('t.io', 'r1', 'R', 'u1', now(), now());
      INSERT INTO sessions (tenant_id, id, research_id, owner_user_id, created_at, updated_at) VALUES ('t.io', 's1', 'r1', 'u1', now(), now());
      INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, status, ingested_at, updated_at) VALUES ('t.io', 'evt-1', 'r1', 's1', 'text', 'text', 'completed', now(), now());
      -- s1's log, pruned by retention up to 2; evt-gone was deleted before erasure existed.
      INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ('t.io', 's1', 8), ('t.io', 's-deleted', 2);
      INSERT INTO live_log (tenant_id, session_id, seq, type, data, created_at) VALUES
        ('t.io', 's1', 3, 'genesis-event-skeleton', '{"eventId":"evt-1"}', now()),
        ('t.io', 's1', 4, 'action-frame-created', '{"frameId":"evt-1-f1","parentId":"evt-1","frame":{}}', now()),
        ('t.io', 's1', 5, 'action-frame-updated', '{"frameId":"evt-1-f1","updates":{}}', now()),
        ('t.io', 's1', 6, 'connection-updated', '{"connection":{"id":"evt-1-c1-2","participants":["evt-1-f1","evt-1-f2"]}}', now()),
        ('t.io', 's1', 7, 'genesis-event-skeleton', '{"eventId":"evt-gone","title":"secret"}', now()),
        ('t.io', 's1', 8, 'connection-updated', '{"connection":{"id":"evt-gone-c1-2","participants":[]}}', now()),
        ('t.io', 's-deleted', 1, 'genesis-event-skeleton', '{"eventId":"evt-x"}', now());
      INSERT INTO connections (tenant_id, id, session_id, type, participants, updated_at) VALUES
        ('t.io', 'evt-1-c1-2', 's1', 'shared_actor', '["evt-1-f1","evt-1-f2"]', now()),
        ('t.io', 'evt-gone-c1-2', 's1', 'shared_actor', '["evt-gone-f1","evt-gone-f2"]', now());
      INSERT INTO pipeline_parked_jobs (tenant_id, handler_key, data, parked_at) VALUES
        ('t.io', 'Core_EventOrchestrator', '{"tenantId":"t.io","eventId":"evt-1","run":"ingest","contentHash":"h"}', now()),
        ('t.io', 'Core_EventOrchestrator', '{"tenantId":"t.io","eventId":"evt-gone","run":"ingest","contentHash":"h"}', now());
    `)

    await db.exec(migrations[at]!.sql)

    expect(await db.query(`SELECT session_id, seq::int AS seq, event_id FROM live_log ORDER BY session_id, seq`)).toEqual([
      { session_id: 's1', seq: 3, event_id: 'evt-1' },
      { session_id: 's1', seq: 4, event_id: 'evt-1' },
      { session_id: 's1', seq: 5, event_id: 'evt-1' },
      { session_id: 's1', seq: 6, event_id: 'evt-1' },
    ])
    expect(await liveLogBounds(db, 't.io', 's1')).toEqual({ first: '3', last: '8' })
    expect(await db.query(`SELECT session_id FROM live_log_heads`)).toEqual([{ session_id: 's1' }])
    expect(await db.query(`SELECT id, event_id FROM connections`)).toEqual([{ id: 'evt-1-c1-2', event_id: 'evt-1' }])
    expect((await db.query<{ data: { eventId: string } }>(`SELECT data FROM pipeline_parked_jobs`)).map((r) => r.data.eventId)).toEqual(['evt-1'])
    // From now on a connection goes with its document.
    await db.exec(`DELETE FROM events WHERE id = 'evt-1'`)
    expect(await db.query(`SELECT id FROM connections`)).toEqual([])
  } finally {
    await db.close()
  }
})
