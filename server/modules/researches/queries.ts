/** Researches and their workspaces (sessions), always scoped by tenant in the query itself. */
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'

export interface ResearchRow {
  id: string
  title: string
  description: string | null
  status: string
  tags: string[]
  owner_user_id: string
  created_at: Date | string
  updated_at: Date | string
  schema_version: number
  sessions_count?: number | string
  events_count?: number | string
  frames_count?: number | string
}

export interface SessionRow {
  id: string
  research_id: string
  title: string | null
  status: string
  owner_user_id: string
  tokens_used: number
  created_at: Date | string
  updated_at: Date | string
  expires_at: Date | string | null
  schema_version: number
  events_count?: number | string
  frames_count?: number | string
}

const researchColumns = `r.id, r.title, r.description, r.status, r.tags, r.owner_user_id, r.created_at, r.updated_at, r.schema_version,
  (SELECT count(*) FROM sessions s WHERE s.tenant_id = r.tenant_id AND s.research_id = r.id) AS sessions_count,
  (SELECT count(*) FROM events e WHERE e.tenant_id = r.tenant_id AND e.research_id = r.id) AS events_count,
  (SELECT count(*) FROM action_frames f WHERE f.tenant_id = r.tenant_id AND f.research_id = r.id) AS frames_count`

const sessionColumns = `s.id, s.research_id, s.title, s.status, s.owner_user_id, s.tokens_used, s.created_at, s.updated_at, s.expires_at, s.schema_version,
  (SELECT count(*) FROM events e WHERE e.tenant_id = s.tenant_id AND e.session_id = s.id) AS events_count,
  (SELECT count(*) FROM action_frames f WHERE f.tenant_id = s.tenant_id AND f.session_id = s.id) AS frames_count`

export function toResearch(row: ResearchRow, tenantId: string) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status,
    tags: row.tags,
    sessionsCount: Number(row.sessions_count ?? 0),
    eventsCount: Number(row.events_count ?? 0),
    framesCount: Number(row.frames_count ?? 0),
    ownerUserId: row.owner_user_id,
    tenantId,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    schemaVersion: row.schema_version,
  }
}

/** A workspace as the API shows it; a past expiry reads as status 'expired'. */
export function toSession(row: SessionRow, tenantId: string, now: number) {
  const expiresAt = iso(row.expires_at)
  const expired = row.status === 'active' && expiresAt !== null && Date.parse(expiresAt) <= now
  return {
    id: row.id,
    researchId: row.research_id,
    title: row.title,
    tenantId,
    ownerUserId: row.owner_user_id,
    status: expired ? 'expired' : row.status,
    eventsCount: Number(row.events_count ?? 0),
    framesCount: Number(row.frames_count ?? 0),
    tokensUsed: row.tokens_used,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    schemaVersion: row.schema_version,
    expiresAt,
  }
}

export async function insertResearch(db: Queryable, tenantId: string, r: { id: string; title: string; description: string | null; tags: string[]; ownerUserId: string; now: number }) {
  const at = new Date(r.now).toISOString()
  await db.query(`INSERT INTO researches (tenant_id, id, title, description, tags, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`, [
    tenantId,
    r.id,
    r.title,
    r.description,
    JSON.stringify(r.tags),
    r.ownerUserId,
    at,
  ])
}

export async function listResearches(db: Queryable, tenantId: string, limit: number, offset: number): Promise<ResearchRow[]> {
  return db.query<ResearchRow>(`SELECT ${researchColumns} FROM researches r WHERE r.tenant_id = $1 ORDER BY r.updated_at DESC, r.id LIMIT $2 OFFSET $3`, [tenantId, limit, offset])
}

export async function getResearch(db: Queryable, tenantId: string, id: string): Promise<ResearchRow | undefined> {
  return (await db.query<ResearchRow>(`SELECT ${researchColumns} FROM researches r WHERE r.tenant_id = $1 AND r.id = $2`, [tenantId, id]))[0]
}

export async function touchResearch(db: Queryable, tenantId: string, id: string, now: number): Promise<void> {
  await db.query(`UPDATE researches SET updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, new Date(now).toISOString()])
}

export async function insertSession(db: Queryable, tenantId: string, s: { id: string; researchId: string; title: string; ownerUserId: string; now: number; expiresAt: number }) {
  const at = new Date(s.now).toISOString()
  await db.query(`INSERT INTO sessions (tenant_id, id, research_id, title, owner_user_id, created_at, updated_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`, [
    tenantId,
    s.id,
    s.researchId,
    s.title,
    s.ownerUserId,
    at,
    new Date(s.expiresAt).toISOString(),
  ])
}

export async function listSessions(db: Queryable, tenantId: string, researchId: string, limit: number, offset: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(`SELECT ${sessionColumns} FROM sessions s WHERE s.tenant_id = $1 AND s.research_id = $2 ORDER BY s.created_at DESC, s.id LIMIT $3 OFFSET $4`, [
    tenantId,
    researchId,
    limit,
    offset,
  ])
}

export async function getSession(db: Queryable, tenantId: string, researchId: string, id: string): Promise<SessionRow | undefined> {
  return (await db.query<SessionRow>(`SELECT ${sessionColumns} FROM sessions s WHERE s.tenant_id = $1 AND s.research_id = $2 AND s.id = $3`, [tenantId, researchId, id]))[0]
}

/** A session by id alone (the live channel and ingest know only the session id). */
export async function findSession(db: Queryable, tenantId: string, id: string): Promise<SessionRow | undefined> {
  return (await db.query<SessionRow>(`SELECT ${sessionColumns} FROM sessions s WHERE s.tenant_id = $1 AND s.id = $2`, [tenantId, id]))[0]
}
