/**
 * The researches' rules, without HTTP: a workspace may be written to while it is the caller's and has not
 * expired. A research is created with its first workspace, in one transaction; a workspace is created
 * only in a research of the caller's, and deleting one refreshes the KPIs of its research. Workspaces
 * expire `ttlMs` after creation. Refusals are thrown as `Refusal`s; the HTTP edge answers 404 and 410.
 */
import { firstWorkspaceName } from '../../../src/domain/rules/session'
import { missing, Refusal } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import type { ModuleDeps } from '../../platform/module'
import { refreshKpiBindings } from '../intelligence'
import { eraseSession } from '../retention'
import { findSession, getResearch, insertResearch, insertSession, type SessionRow, touchResearch } from './queries'

/** Who acts: the caller's tenant and account. */
export interface Owner {
  tenantId: string
  uid: string
}

/** Creates a research with its first workspace (named 'Workspace' plus month and day); answers both ids. */
export async function createResearch(
  deps: ModuleDeps,
  who: Owner,
  r: { title: string; description: string | null; tags: string[] },
  ttlMs: number,
): Promise<{ researchId: string; sessionId: string; now: number }> {
  const { db, clock, ids } = deps
  const now = clock.now()
  const researchId = ids.next('res')
  const sessionId = ids.next('ses')
  await db.transaction(async (tx) => {
    await insertResearch(tx, who.tenantId, { id: researchId, title: r.title, description: r.description, tags: r.tags, ownerUserId: who.uid, now })
    await insertSession(tx, who.tenantId, { id: sessionId, researchId, title: firstWorkspaceName(now), ownerUserId: who.uid, now, expiresAt: now + ttlMs })
  })
  return { researchId, sessionId, now }
}

/** Creates a workspace in one of the caller's researches; answers its id. */
export async function createWorkspace(deps: ModuleDeps, who: Owner, researchId: string, title: string, ttlMs: number): Promise<{ sessionId: string; now: number }> {
  const { db, clock, ids } = deps
  if (!(await getResearch(db, who.tenantId, researchId))) throw missing('Research')
  const now = clock.now()
  const sessionId = ids.next('ses')
  await db.transaction(async (tx) => {
    await insertSession(tx, who.tenantId, { id: sessionId, researchId, title, ownerUserId: who.uid, now, expiresAt: now + ttlMs })
    await touchResearch(tx, who.tenantId, researchId, now)
  })
  return { sessionId, now }
}

/** Erases a workspace, everything of it wherever it was copied (server/modules/retention/erase.ts); refused when it is not the caller's. */
export async function deleteWorkspace(deps: ModuleDeps, tenantId: string, researchId: string, sessionId: string): Promise<void> {
  const { db, clock } = deps
  if (!(await eraseSession(db, tenantId, researchId, sessionId, clock.now()))) throw missing('Session')
  await touchResearch(db, tenantId, researchId, clock.now())
  await refreshKpiBindings(db, tenantId, { researchId }, clock.now())
}

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
