/** Shared checks of the write routes: the workspace exists in the caller's tenant and has not expired. */
import type { Queryable } from '../db/database'
import { findSession, type SessionRow } from '../../modules/researches/queries'
import { iso } from '../db/rows'
import { ApiError, notFound } from './errors'

/** The workspace, if it is the caller's and still writable; 404 otherwise, 410 once it expired. */
export async function writableSession(db: Queryable, tenantId: string, sessionId: string, now: number): Promise<SessionRow> {
  const session = await findSession(db, tenantId, sessionId)
  if (!session) throw notFound('Session')
  const expiresAt = iso(session.expires_at)
  const expired = session.status === 'expired' || (expiresAt !== null && Date.parse(expiresAt) <= now)
  if (expired) throw new ApiError(410, 'SESSION_EXPIRED', `Workspace session expired on ${expiresAt ?? 'an earlier date'}; it is read-only. Create a new workspace to continue.`)
  return session
}
