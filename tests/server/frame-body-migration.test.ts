/** Migration 006 on a database written before it: each frame's body becomes what toActionFrame made of the old row. */
import { expect, test } from 'vitest'
import { openDatabase } from '../../server/platform/db/database'
import { listMigrations } from '../../server/platform/db/migrate'
import { type FrameRow, toActionFrame } from '../../server/modules/session-data/queries'

test('migration 006 stores every frame as the API sends it, as json', async () => {
  const db = await openDatabase({ dataDir: null })
  try {
    const migrations = listMigrations()
    const at = migrations.findIndex((m) => m.name.startsWith('006-'))
    for (const m of migrations.slice(0, at)) await db.exec(m.sql)
    await db.exec(`INSERT INTO researches (tenant_id, id, title, owner_user_id, created_at, updated_at) VALUES ('t.io', 'r1', 'R', 'u1', now(), now())`)
    await db.exec(
      `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, status, ingested_at, updated_at) VALUES ('t.io', 'e1', 'r1', 's1', 'text', 'text', 'completed', now(), now())`,
    )
    const insert = (id: string, status: string, index: number | null, body: object) =>
      db.query(
        `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
         VALUES ('t.io', $1, 'e1', 'r1', NULL, $2, $3, 2, 'sign', $4, '2026-03-01T08:00:00.123Z', '2026-03-01T08:00:01.5Z')`,
        [id, status, index, JSON.stringify(body)],
      )
    // As the pipeline stored frames before: the analysis frame alone, its own actionIndex included.
    await insert('e1-f1', 'final', 1, { actionType: 'sign', actionIndex: 9, actors: { entries: [{ text: 'EU', role: 'initiator' }] } })
    await insert('e1-f2', 'draft', null, {})
    const before = await db.query<FrameRow>(`SELECT * FROM action_frames ORDER BY id`)

    await db.exec(migrations[at]!.sql)

    const after = await db.query<FrameRow>(`SELECT * FROM action_frames ORDER BY id`)
    expect(after.map((f) => f.body)).toStrictEqual(before.map((f) => toActionFrame(f, 't.io')))
    expect(after.map((f) => toActionFrame(f, 't.io'))).toStrictEqual(before.map((f) => toActionFrame(f, 't.io')))
    expect((await db.query<{ type: string }>(`SELECT pg_typeof(body)::text AS type FROM action_frames LIMIT 1`))[0]?.type).toBe('json')
  } finally {
    await db.close()
  }
})
