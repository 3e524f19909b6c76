/** Migration 032 on a database written before it: the frames already contradicted by another document get their row. */
import { expect, test } from 'vitest'
import { openDatabase } from '../../../server/platform/db/database'
import { listMigrations } from '../../../server/platform/db/migrate'

test('migration 032 marks each frame another completed document contradicts by key, and no other', async () => {
  const db = await openDatabase({ dataDir: null })
  try {
    const migrations = listMigrations()
    const at = migrations.findIndex((m) => m.name.startsWith('032-'))
    for (const m of migrations.slice(0, at)) await db.exec(m.sql)
    for (const id of ['a', 'b', 'c']) {
      await db.query(`INSERT INTO events (tenant_id, id, type, event_type, status, ingested_at, updated_at) VALUES ('t.io', $1, 'text', 'text', 'completed', now(), now())`, [id])
    }
    const key = (event: string, frame: string, actor: string, type: string, negated: boolean, sentiment: number) =>
      db.query(`INSERT INTO frame_actor_keys (tenant_id, event_id, frame_id, actor_key, action_type, negated, sentiment) VALUES ('t.io', $1, $2, $3, $4, $5, $6)`, [
        event,
        frame,
        actor,
        type,
        negated,
        sentiment,
      ])
    // a-f1 and b-f1: the same actor and action, one negated. a-f2 and b-f2: sentiments 1.1 apart. c-f1 says
    // the opposite of a-f1 too, but of another action type. a-f3 and a-f4 disagree within one document.
    await key('a', 'a-f1', 'kessel mining', 'Legal', false, 0.2)
    await key('b', 'b-f1', 'kessel mining', 'Legal', true, 0.2)
    await key('c', 'c-f1', 'kessel mining', 'Agreement', true, 0.2)
    await key('a', 'a-f2', 'norland steel', 'Agreement', false, 0.6)
    await key('b', 'b-f2', 'norland steel', 'Agreement', false, -0.5)
    await key('a', 'a-f3', 'valdor city', 'Legal', false, 0.9)
    await key('a', 'a-f4', 'valdor city', 'Legal', true, -0.9)

    await db.exec(migrations[at]!.sql)

    const rows = await db.query<{ frame_id: string; witness_event_id: string }>(`SELECT frame_id, witness_event_id FROM frame_conflicts ORDER BY frame_id`)
    expect(rows).toEqual([
      { frame_id: 'a-f1', witness_event_id: 'b' },
      { frame_id: 'a-f2', witness_event_id: 'b' },
      { frame_id: 'b-f1', witness_event_id: 'a' },
      { frame_id: 'b-f2', witness_event_id: 'a' },
    ])
  } finally {
    await db.close()
  }
})
