/**
 * Genesis events (document cards) and their action frames, as stored. Writers are the pipeline stages;
 * readers are the session-data, listing and briefing routes. Every function is scoped by tenant.
 */
import { z } from 'zod'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { VERSION_COLUMNS, type VersionRow, versionOf } from './session-versions'

export interface EventRow {
  id: string
  research_id: string | null
  session_id: string | null
  project_id: string | null
  data_source_id: string | null
  type: string
  event_type: string
  title: string | null
  summary: string | null
  status: string
  payload: Record<string, unknown>
  analytics: Record<string, unknown> | null
  error: string | null
  action_count: number | null
  content_hash: string | null
  uploaded_at: Date | string | null
  ingested_at: Date | string
  updated_at: Date | string
}

export interface FrameRow {
  id: string
  event_id: string
  research_id: string | null
  session_id: string | null
  status: string
  action_index: number | null
  total_actions: number | null
  action_type: string | null
  body: Record<string, unknown>
  created_at: Date | string
  updated_at: Date | string
}

/** A stored event as the API sends it (spec §3 "Genesis event"). */
export function toGenesisEvent(row: EventRow) {
  return {
    id: row.id,
    type: row.type,
    eventType: row.event_type,
    title: row.title,
    summary: row.summary,
    status: row.status,
    payload: row.payload,
    analytics: row.analytics,
    uploadedAt: iso(row.uploaded_at),
    ingestedAt: iso(row.ingested_at),
    error: row.error,
    actionCount: row.action_count,
    sessionId: row.session_id,
    researchId: row.research_id,
    projectId: row.project_id,
    dataSourceId: row.data_source_id,
  }
}

/** A stored frame as the API sends it: the analysis body plus its ids and status. */
export function toActionFrame(row: FrameRow, tenantId: string) {
  return Object.assign({}, row.body, {
    id: row.id,
    parentId: row.event_id,
    parentEventId: row.event_id,
    status: row.status,
    actionIndex: row.action_index,
    totalActions: row.total_actions,
    tenantId,
    sessionId: row.session_id,
    researchId: row.research_id,
    updatedAt: iso(row.updated_at),
  })
}

/** Where a page of a session's events or frames starts (after this sort key; null: from the first row) and how many rows it holds. */
export interface PageRequest {
  after: { at: string; id: string } | null
  size: number
}

/** One page of a session's data as the API sends it, the two lists already JSON text; null when the session is not the tenant's. */
export interface SessionDataPage {
  /** A JSON array of `toGenesisEvent` shapes, ordered by ingested_at, id. */
  eventsJson: string
  /** A JSON array of `toActionFrame` shapes, ordered by created_at, id. */
  framesJson: string
  /** The sort key of the last row sent while more rows follow, else null. */
  eventsNext: { at: string; id: string } | null
  framesNext: { at: string; id: string } | null
  /** The live-log id the snapshot reflects. */
  liveCursor: string | null
  /** What the session's data is at (`readSessionVersion`), read in the same snapshot. */
  version: string
}

/**
 * A page of a session's events and of its frames, read in one statement (one snapshot, so the live
 * cursor is exactly the point the rows reflect) and each started after its keyset key through its index
 * (events_session, action_frames_session). The wire shapes come out of Postgres as JSON text: `eventJson`
 * below is `toGenesisEvent` in SQL, and a frame's stored body is its wire shape's text already
 * (`replaceFrames`), so a 100,000-frame workspace is never parsed into objects and stringified again on
 * the server (a test holds both equal to the JavaScript mappers).
 */
export async function readSessionDataPage(
  db: Queryable,
  tenantId: string,
  scope: { researchId: string; sessionId: string },
  events: PageRequest,
  frames: PageRequest,
): Promise<SessionDataPage | null> {
  const row = (
    await db.query<VersionRow & { events: string | null; events_last: KeyRow; frames: string | null; frames_last: KeyRow }>(
      `SELECT ${VERSION_COLUMNS}, ev.items AS events, ev.last AS events_last, fr.items AS frames, fr.last AS frames_last
       FROM sessions s
       LEFT JOIN live_log_heads h ON h.tenant_id = s.tenant_id AND h.session_id = s.id
       CROSS JOIN LATERAL (
         SELECT (json_agg(${eventJson('e')} ORDER BY e.n) FILTER (WHERE e.n <= $6))::text AS items,
                CASE WHEN count(*) > $6 THEN min(json_build_array(e.ingested_at, e.id)::text) FILTER (WHERE e.n = $6) END AS last
         FROM (SELECT *, row_number() OVER (ORDER BY ingested_at, id) AS n FROM events
               WHERE tenant_id = $1 AND session_id = $3 AND (ingested_at, id) > ($4::timestamptz, $5)
               ORDER BY ingested_at, id LIMIT $6 + 1) e
       ) ev
       CROSS JOIN LATERAL (
         SELECT (json_agg(f.body ORDER BY f.n) FILTER (WHERE f.n <= $9))::text AS items,
                CASE WHEN count(*) > $9 THEN min(json_build_array(f.created_at, f.id)::text) FILTER (WHERE f.n = $9) END AS last
         FROM (SELECT *, row_number() OVER (ORDER BY created_at, id) AS n FROM action_frames
               WHERE tenant_id = $1 AND session_id = $3 AND (created_at, id) > ($7::timestamptz, $8)
               ORDER BY created_at, id LIMIT $9 + 1) f
       ) fr
       WHERE s.tenant_id = $1 AND s.research_id = $2 AND s.id = $3`,
      [tenantId, scope.researchId, scope.sessionId, events.after?.at ?? '-infinity', events.after?.id ?? '', events.size, frames.after?.at ?? '-infinity', frames.after?.id ?? '', frames.size],
    )
  )[0]
  if (!row) return null
  return {
    eventsJson: row.events ?? '[]',
    framesJson: row.frames ?? '[]',
    eventsNext: keyOf(row.events_last),
    framesNext: keyOf(row.frames_last),
    liveCursor: row.last_seq === null ? null : String(row.last_seq),
    version: versionOf(row),
  }
}

/** The frames of some of a session's documents as the API sends them (JSON text), and the live-log id they reflect; null when the session is not the tenant's. */
export interface SessionFrames {
  /** A JSON array of `toActionFrame` shapes, by document (in the order asked) then actionIndex. */
  framesJson: string
  liveCursor: string | null
  /** What the session's data is at (`readSessionVersion`), read in the same snapshot. */
  version: string
}

/**
 * The frames of the given documents of a session, read in one statement with the live cursor (as
 * `readSessionDataPage`), through action_frames_event. Documents of another session or tenant have no
 * frames here.
 */
export async function readSessionFrames(db: Queryable, tenantId: string, scope: { researchId: string; sessionId: string }, eventIds: readonly string[]): Promise<SessionFrames | null> {
  const row = (
    await db.query<VersionRow & { frames: string | null }>(
      `SELECT ${VERSION_COLUMNS},
              (SELECT json_agg(f.body ORDER BY d.n, f.action_index, f.created_at, f.id)::text
               FROM unnest($4::text[]) WITH ORDINALITY AS d(id, n)
               JOIN action_frames f ON f.tenant_id = $1 AND f.event_id = d.id AND f.session_id = $3) AS frames
       FROM sessions s
       LEFT JOIN live_log_heads h ON h.tenant_id = s.tenant_id AND h.session_id = s.id
       WHERE s.tenant_id = $1 AND s.research_id = $2 AND s.id = $3`,
      [tenantId, scope.researchId, scope.sessionId, eventIds],
    )
  )[0]
  if (!row) return null
  return { framesJson: row.frames ?? '[]', liveCursor: row.last_seq === null ? null : String(row.last_seq), version: versionOf(row) }
}

export interface NewEvent {
  id: string
  researchId: string | null
  sessionId: string | null
  projectId: string | null
  dataSourceId: string | null
  type: string
  eventType: string
  title: string | null
  status: string
  payload: Record<string, unknown>
  contentHash: string | null
  uploadedAt: number | null
  now: number
}

export async function insertEvent(db: Queryable, tenantId: string, e: NewEvent): Promise<void> {
  const at = new Date(e.now).toISOString()
  await db.query(
    `INSERT INTO events (tenant_id, id, research_id, session_id, project_id, data_source_id, type, event_type, title, status, payload, content_hash, uploaded_at, ingested_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)
     ON CONFLICT (tenant_id, id) DO NOTHING`,
    [
      tenantId,
      e.id,
      e.researchId,
      e.sessionId,
      e.projectId,
      e.dataSourceId,
      e.type,
      e.eventType,
      e.title,
      e.status,
      JSON.stringify(e.payload),
      e.contentHash,
      e.uploadedAt === null ? null : new Date(e.uploadedAt).toISOString(),
      at,
    ],
  )
}

/** Sets the given fields of an event; `payload` is merged into the stored one. */
export async function updateEvent(
  db: Queryable,
  tenantId: string,
  id: string,
  fields: {
    title?: string | null
    summary?: string | null
    status?: string
    payload?: Record<string, unknown>
    analytics?: Record<string, unknown> | null
    error?: string | null
    actionCount?: number | null
    noveltyKeys?: string[]
    now: number
  },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE events SET
       title = CASE WHEN $3::boolean THEN $4 ELSE title END,
       summary = CASE WHEN $5::boolean THEN $6 ELSE summary END,
       status = COALESCE($7, status),
       payload = CASE WHEN $8::jsonb IS NULL THEN payload ELSE payload || $8::jsonb END,
       analytics = CASE WHEN $9::boolean THEN $10::jsonb ELSE analytics END,
       error = CASE WHEN $11::boolean THEN $12 ELSE error END,
       action_count = CASE WHEN $13::boolean THEN $14 ELSE action_count END,
       updated_at = $15,
       novelty_keys = COALESCE($16::jsonb, novelty_keys)
     WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    [
      tenantId,
      id,
      'title' in fields,
      fields.title ?? null,
      'summary' in fields,
      fields.summary ?? null,
      fields.status ?? null,
      fields.payload === undefined ? null : JSON.stringify(fields.payload),
      'analytics' in fields,
      fields.analytics === undefined || fields.analytics === null ? null : JSON.stringify(fields.analytics),
      'error' in fields,
      fields.error ?? null,
      'actionCount' in fields,
      fields.actionCount ?? null,
      new Date(fields.now).toISOString(),
      fields.noveltyKeys === undefined ? null : JSON.stringify(fields.noveltyKeys),
    ],
  )
  return rows.length > 0
}

export async function getEvent(db: Queryable, tenantId: string, id: string): Promise<EventRow | undefined> {
  return (await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND id = $2`, [tenantId, id]))[0]
}

/**
 * Replaces an event's frames with the given ones (a stage run twice leaves one set). The only writer of
 * frames, and frames are not changed once written: each is stored with `body` holding the frame as the
 * API sends it (`toActionFrame` of the row: the analysis body with the columns over it), as json text,
 * so a session load sends the stored texts as they are (migration 006).
 */
export async function replaceFrames(
  db: Queryable,
  tenantId: string,
  eventId: string,
  frames: Array<{ id: string; status: string; actionIndex: number | null; totalActions: number | null; actionType: string | null; body: Record<string, unknown> }>,
  scope: { researchId: string | null; sessionId: string | null; now: number },
): Promise<void> {
  await db.query(`DELETE FROM action_frames WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  if (frames.length === 0) return
  const at = new Date(scope.now).toISOString()
  const bodies = frames.map((f) =>
    JSON.stringify(
      toActionFrame(
        {
          id: f.id,
          event_id: eventId,
          research_id: scope.researchId,
          session_id: scope.sessionId,
          status: f.status,
          action_index: f.actionIndex,
          total_actions: f.totalActions,
          action_type: f.actionType,
          body: f.body,
          created_at: at,
          updated_at: at,
        },
        tenantId,
      ),
    ),
  )
  // One statement for all of them: a long document has a hundred frames.
  await db.query(
    `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
     SELECT $1, f.id, $2, $3, $4, f.status, f.action_index, f.total_actions, f.action_type, f.body::json, $5, $5
     FROM unnest($6::text[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[]) AS f(id, status, action_index, total_actions, action_type, body)`,
    [
      tenantId,
      eventId,
      scope.researchId,
      scope.sessionId,
      at,
      frames.map((f) => f.id),
      frames.map((f) => f.status),
      frames.map((f) => f.actionIndex),
      frames.map((f) => f.totalActions),
      frames.map((f) => f.actionType),
      bodies,
    ],
  )
}

export async function listFramesOfSession(db: Queryable, tenantId: string, sessionId: string, limit: number, offset: number): Promise<FrameRow[]> {
  return db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND session_id = $2 ORDER BY created_at, event_id, action_index, id LIMIT $3 OFFSET $4`, [
    tenantId,
    sessionId,
    limit,
    offset,
  ])
}

/** A research's documents, oldest first (a page of them). */
export async function listEventsOfResearch(db: Queryable, tenantId: string, researchId: string, limit: number, offset: number): Promise<EventRow[]> {
  return db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at, id LIMIT $3 OFFSET $4`, [tenantId, researchId, limit, offset])
}

/** A research's frames, oldest first, of one status or all (a page of them). */
export async function listFramesOfResearch(db: Queryable, tenantId: string, researchId: string, status: string | null, limit: number, offset: number): Promise<FrameRow[]> {
  return db.query<FrameRow>(
    `SELECT * FROM action_frames WHERE tenant_id = $1 AND research_id = $2 AND ($3::text IS NULL OR status = $3) ORDER BY created_at, event_id, action_index, id LIMIT $4 OFFSET $5`,
    [tenantId, researchId, status, limit, offset],
  )
}

/** All of a research's documents, newest first (its document list). */
export async function listDocumentsOfResearch(db: Queryable, tenantId: string, researchId: string): Promise<EventRow[]> {
  return db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at DESC, id`, [tenantId, researchId])
}

/** `[timestamp, id]` as JSON text (the timestamp as to_json writes it), or null. */
type KeyRow = string | null

const keySchema = z.tuple([z.string(), z.string()])

function keyOf(row: KeyRow): { at: string; id: string } | null {
  if (row === null) return null
  const [at, id] = keySchema.parse(JSON.parse(row))
  return { at, id }
}

/** `toGenesisEvent` of the row alias `e`, as a SQL json expression. */
function eventJson(e: string): string {
  return `json_build_object('id', ${e}.id, 'type', ${e}.type, 'eventType', ${e}.event_type, 'title', ${e}.title, 'summary', ${e}.summary, 'status', ${e}.status,
    'payload', ${e}.payload, 'analytics', ${e}.analytics, 'uploadedAt', ${isoSql(`${e}.uploaded_at`)}, 'ingestedAt', ${isoSql(`${e}.ingested_at`)}, 'error', ${e}.error,
    'actionCount', ${e}.action_count, 'sessionId', ${e}.session_id, 'researchId', ${e}.research_id, 'projectId', ${e}.project_id, 'dataSourceId', ${e}.data_source_id)`
}

/** `iso()` in SQL: a timestamptz as JavaScript's toISOString writes it (UTC, milliseconds), null stays null. */
function isoSql(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
}
