/**
 * The researches' rules, without HTTP: a workspace may be written to while it is the caller's and has not
 * expired. Refusals are thrown as `Refusal`s; the HTTP edge answers 404 and 410.
 */
import { Refusal } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { findSession, type SessionRow } from './queries'

/** The workspace, if it is the caller's and still writable; refused as not found, or as expired once it expired. */
export async function writableSession(db: Queryable, tenantId: string, sessionId: string, now: number): Promise<SessionRow> {
  const session = await findSession(db, tenantId, sessionId)
  if (!session) throw new Refusal('not_found', 'Session not found')
  const expiresAt = iso(session.expires_at)
  const expired = session.status === 'expired' || (expiresAt !== null && Date.parse(expiresAt) <= now)
  if (expired) throw new Refusal('expired', `Workspace session expired on ${expiresAt ?? 'an earlier date'}; it is read-only. Create a new workspace to continue.`)
  return session
}

/** Whether a workspace still takes new material (gone counts as expired), the source runner's question. */
export async function workspaceIsOpen(db: Queryable, tenantId: string, sessionId: string | null, now: number): Promise<boolean> {
  if (!sessionId) return false
  try {
    await writableSession(db, tenantId, sessionId, now)
    return true
  } catch (error) {
    if (error instanceof Refusal && (error.kind === 'expired' || error.kind === 'not_found')) return false
    throw error
  }
}
