/**
 * The session data's rules, without HTTP: documents of a workspace are deleted, cleared or reprocessed only
 * while the workspace is the caller's and writable; a document is the workspace's to reprocess only when it
 * lies in it and its type supports it; every deletion refreshes the KPIs bound to what it touched. A
 * research's listings exist only for the caller's research. Refusals are thrown as `Refusal`s.
 */
import { supportsReprocess } from '../../../src/domain/rules/processing'
import { missing, Refusal } from '../../platform/core/refusal'
import type { ModuleDeps } from '../../platform/module'
import { refreshKpiBindings } from '../intelligence'
import type { Pipeline } from '../pipeline'
import { getResearch, getSession, writableSession } from '../researches'
import { eraseDocuments } from '../retention'
import { type EventRow, type FrameRow, getEvent, listDocumentsOfResearch, listEventsOfResearch, listFramesOfResearch } from './queries'

/** A workspace of a research, as the routes name it, in the caller's tenant. */
export interface WorkspaceRef {
  tenantId: string
  researchId: string
  sessionId: string
}

/** Erases one document of the workspace, wherever it was copied, with its tombstone on the live log (server/modules/retention/erase.ts). */
export async function deleteEvent(deps: ModuleDeps, ref: WorkspaceRef, eventId: string): Promise<void> {
  const { db, clock } = deps
  const sessionId = await openWorkspace(deps, ref)
  const event = await getEvent(db, ref.tenantId, eventId)
  if (!event || (await eraseDocuments(db, ref.tenantId, { sessionId, eventIds: [event.id] }, clock.now())).length === 0) throw missing('Event')
  await refreshKpiBindings(db, ref.tenantId, { researchId: event.research_id, projectId: event.project_id }, clock.now())
}

/** Clear: every document of the workspace and their frames; the workspace, its settings and sources stay. Answers how many went. */
export async function clearWorkspace(deps: ModuleDeps, ref: WorkspaceRef): Promise<number> {
  const { db, clock } = deps
  const sessionId = await openWorkspace(deps, ref)
  const deleted = (await eraseDocuments(db, ref.tenantId, { sessionId, eventIds: 'all' }, clock.now())).length
  if (deleted > 0) await refreshKpiBindings(db, ref.tenantId, { researchId: ref.researchId, projectId: null }, clock.now())
  return deleted
}

/** Starts a document's processing over; answers its id. */
export async function reprocessEvent(deps: ModuleDeps & { pipeline: Pipeline }, ref: WorkspaceRef, eventId: string): Promise<string> {
  const sessionId = await openWorkspace(deps, ref)
  const event = await getEvent(deps.db, ref.tenantId, eventId)
  if (!event || event.session_id !== sessionId) throw missing('Event')
  const type = event.payload.originalFilename ? 'document' : event.event_type
  if (!supportsReprocess(type)) throw new Refusal('invalid', 'eventId: This event type does not support reprocessing')
  await deps.pipeline.reprocess({ tenantId: ref.tenantId, eventId: event.id })
  return event.id
}

/** A page of the research's documents, oldest first. */
export async function researchEvents(deps: ModuleDeps, tenantId: string, researchId: string, page: { limit: number; offset: number }): Promise<EventRow[]> {
  await requireResearch(deps, tenantId, researchId)
  return listEventsOfResearch(deps.db, tenantId, researchId, page.limit, page.offset)
}

/** A page of the research's frames, of one status or all. */
export async function researchFrames(deps: ModuleDeps, tenantId: string, researchId: string, page: { status: string | null; limit: number; offset: number }): Promise<FrameRow[]> {
  await requireResearch(deps, tenantId, researchId)
  return listFramesOfResearch(deps.db, tenantId, researchId, page.status, page.limit, page.offset)
}

/** All of the research's documents, newest first. */
export async function researchDocuments(deps: ModuleDeps, tenantId: string, researchId: string): Promise<EventRow[]> {
  await requireResearch(deps, tenantId, researchId)
  return listDocumentsOfResearch(deps.db, tenantId, researchId)
}

/** The workspace's id when it is the research's, the caller's and writable; refused otherwise. */
async function openWorkspace(deps: ModuleDeps, ref: WorkspaceRef): Promise<string> {
  const session = await getSession(deps.db, ref.tenantId, ref.researchId, ref.sessionId)
  if (!session) throw missing('Session')
  await writableSession(deps.db, ref.tenantId, session.id, deps.clock.now())
  return session.id
}

async function requireResearch(deps: ModuleDeps, tenantId: string, researchId: string): Promise<void> {
  if (!(await getResearch(deps.db, tenantId, researchId))) throw missing('Research')
}
