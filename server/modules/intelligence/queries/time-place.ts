/**
 * The timeline's and the map's SQL, scoped by tenant in every statement: the completed documents of a scope
 * with what time and place need of them (publication date, entities with their mentions), and their frames
 * with the sentence, date and category each came with. No stored text is read.
 */
import type { Queryable } from '../../../platform/db/database'

export type TimePlaceRowScope = { sessionId: string } | { projectId: string } | { eventIds: readonly string[] }

export interface TimePlaceDocumentRow {
  id: string
  research_id: string | null
  session_id: string | null
  project_id: string | null
  title: string | null
  ingested_at: Date | string
  published_at: string | null
  entities: unknown
}

export interface TimePlaceFrameRow {
  id: string
  event_id: string
  action_type: string | null
  description: string | null
  cameo_name: string | null
  time_date: string | null
  time_text: string | null
  sentence: string | null
}

/** The scope's completed documents, oldest first, and their frames by document and position. */
export async function timePlaceRows(db: Queryable, tenantId: string, scope: TimePlaceRowScope): Promise<{ docs: TimePlaceDocumentRow[]; frames: TimePlaceFrameRow[] }> {
  const [filter, value] =
    'sessionId' in scope ? ['e.session_id = $2', scope.sessionId] : 'projectId' in scope ? ['e.project_id = $2', scope.projectId] : ['e.id = ANY($2::text[])', [...scope.eventIds]]
  const docs = await db.query<TimePlaceDocumentRow>(
    `SELECT e.id, e.research_id, e.session_id, e.project_id, coalesce(e.title, e.payload->>'aiTitle') AS title, e.ingested_at,
            e.payload->'provenance'->>'publishedAt' AS published_at, e.payload->'detectedEntities' AS entities
       FROM events e WHERE e.tenant_id = $1 AND e.status = 'completed' AND ${filter} ORDER BY e.ingested_at, e.id`,
    [tenantId, value],
  )
  if (docs.length === 0) return { docs, frames: [] }
  const frames = await db.query<TimePlaceFrameRow>(
    `SELECT id, event_id, action_type, coalesce(body->>'actionDescription', body->>'summary') AS description, body->'cameo'->>'name' AS cameo_name,
            body->'timeReference'->>'date' AS time_date, body->'timeReference'->>'text' AS time_text, body->'source'->>'sentence' AS sentence
       FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY event_id, action_index, id`,
    [tenantId, docs.map((d) => d.id)],
  )
  return { docs, frames }
}

/** Whether the tenant has a workspace (session) or project by this id. */
export async function scopeExists(db: Queryable, tenantId: string, kind: 'workspace' | 'project', id: string): Promise<boolean> {
  const table = kind === 'workspace' ? 'sessions' : 'projects'
  const rows = await db.query<{ id: string }>(`SELECT id FROM ${table} WHERE tenant_id = $1 AND id = $2`, [tenantId, id])
  return rows.length > 0
}
