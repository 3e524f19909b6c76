/**
 * Seeds the `bench:scale` workspace: one research with one session holding `documents` completed
 * documents of `framesPerDocument` final action frames each, stored as the pipeline stores them (rows of
 * server/modules/session-data/queries.ts `replaceFrames`), with bench:ui's deterministic field values (bench/ui/data.ts:
 * real-sized payloads, entities and frames), written with multi-row INSERTs from one JSON array per
 * statement.
 */
import type { Database } from '../../server/platform/db/database'
import { insertResearch, insertSession } from '../../server/modules/researches/queries'
import { BENCH_LIVE_CURSOR, BENCH_RESEARCH, BENCH_SESSION, BENCH_TENANT, sessionDataBody } from '../ui/data'

export const SCALE_TENANT = BENCH_TENANT
export const SCALE_RESEARCH = BENCH_RESEARCH
export const SCALE_SESSION = BENCH_SESSION

const ROWS_PER_STATEMENT = 1000

export async function seedWorkspace(db: Database, options: { documents: number; framesPerDocument: number; ownerUserId: string }): Promise<{ events: number; frames: number }> {
  const now = Date.parse('2026-03-01T08:00:00Z')
  await insertResearch(db, SCALE_TENANT, { id: SCALE_RESEARCH, title: 'Scale', description: null, tags: [], ownerUserId: options.ownerUserId, now })
  await insertSession(db, SCALE_TENANT, { id: SCALE_SESSION, researchId: SCALE_RESEARCH, title: 'Scale workspace', ownerUserId: options.ownerUserId, now, expiresAt: now + 365 * 86_400_000 })
  await db.query(`INSERT INTO live_log_heads (tenant_id, session_id, last_seq) VALUES ($1, $2, $3)`, [SCALE_TENANT, SCALE_SESSION, BENCH_LIVE_CURSOR])

  const { events, actionFrames } = sessionDataBody(options.documents, options.framesPerDocument)
  // A document's frames are written together (as Core_FrameEnricher does), before their first update.
  const ingestedAt = new Map(events.map((e) => [e.id, Date.parse(e.ingestedAt)]))
  await insertEventRows(db, events)
  for (let i = 0; i < actionFrames.length; i += ROWS_PER_STATEMENT) {
    const rows = actionFrames.slice(i, i + ROWS_PER_STATEMENT).map((f) => ({
      id: f.id,
      eventId: f.parentId,
      researchId: f.researchId,
      sessionId: f.sessionId,
      status: f.status,
      actionIndex: f.actionIndex,
      totalActions: f.totalActions,
      actionType: f.actionType,
      createdAt: new Date((ingestedAt.get(f.parentId) as number) + 500).toISOString(),
      updatedAt: f.updatedAt,
      // As replaceFrames stores a frame: its body is the frame as the API sends it, as written (json keeps the text).
      body: f,
    }))
    await insertFrameRows(db, rows)
  }
  await db.exec('ANALYZE events; ANALYZE action_frames')
  return { events: events.length, frames: actionFrames.length }
}

/** Completed documents as bench:ui's generator gives them (`id`, `researchId`, `ingestedAt` …), 1,000 rows a statement. */
export async function insertEventRows(db: Database, events: readonly object[]): Promise<void> {
  for (let i = 0; i < events.length; i += ROWS_PER_STATEMENT) {
    await db.query(
      `INSERT INTO events (tenant_id, id, research_id, session_id, project_id, data_source_id, type, event_type, title, summary, status, payload, analytics, error, action_count, content_hash, uploaded_at, ingested_at, updated_at)
       SELECT $1, e->>'id', e->>'researchId', e->>'sessionId', NULL, e->>'dataSourceId', e->>'type', e->>'eventType', e->>'title', e->>'summary', e->>'status', e->'payload', e->'analytics', NULL,
              (e->>'actionCount')::int, md5(e->>'id'), (e->>'uploadedAt')::timestamptz, (e->>'ingestedAt')::timestamptz, (e->>'ingestedAt')::timestamptz + interval '40 seconds'
       FROM jsonb_array_elements($2::jsonb) e`,
      [SCALE_TENANT, JSON.stringify(events.slice(i, i + ROWS_PER_STATEMENT))],
    )
  }
}

/** Frame rows (`id`, `eventId`, …, `body`: the frame as the API sends it), in one statement. */
export async function insertFrameRows(db: Database, rows: readonly object[]): Promise<void> {
  await db.query(
    `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
     SELECT $1, f->>'id', f->>'eventId', f->>'researchId', f->>'sessionId', f->>'status', (f->>'actionIndex')::int, (f->>'totalActions')::int, f->>'actionType', f->'body',
            (f->>'createdAt')::timestamptz, (f->>'updatedAt')::timestamptz
     FROM json_array_elements($2::json) f`,
    [SCALE_TENANT, JSON.stringify(rows)],
  )
}
