/**
 * What a workspace and a research contain (spec §7): the session data (events and action frames, each
 * paged by its own page-size and continuation-token headers, plus the live-log id the snapshot reflects),
 * event deletion (one, or all of a workspace: its Clear) and reprocessing, and the research-wide listings
 * of events, frames and documents. What each takes and answers is its contract
 * (src/protocol/http/session-data.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { SESSION_FRAMES_MAX_DOCUMENTS, SessionDataHeaders, wholeNumberParam } from '../../../src/protocol/api'
import {
  eventDeleteContract,
  eventReprocessContract,
  eventsClearContract,
  researchDocumentsContract,
  researchEventsContract,
  researchFramesContract,
  sessionDataContract,
  sessionFramesContract,
} from '../../../src/protocol/http/session-data'
import type { ModuleDeps } from '../../platform/module'
import type { Pipeline } from '../pipeline'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound, validation } from '../../platform/http/errors'
import { headerNumber } from '../../platform/http/paging'
import { type EventRow, readSessionDataPage, readSessionFrames, toActionFrame, toGenesisEvent } from './queries'
import { clearWorkspace, deleteEvent, reprocessEvent, researchDocuments, researchEvents, researchFrames, type WorkspaceRef } from './service'
import { decodeKeyToken, encodeKeyToken, iso } from '../../platform/db/rows'

/**
 * The most rows of each kind one session-data page holds (the spec's default page is 50). Large enough
 * that a 10,000-document workspace loads in a few dozen round trips, small enough that a page stays a
 * few megabytes.
 */
const SESSION_DATA_MAX_PAGE = 5000
/** A session-data side's page size; 0 asks for none of that side (the client has all of it). */
const sideSize = wholeNumberParam(0, SESSION_DATA_MAX_PAGE)

/** What this module's routes need beside the database, the clock and the ids. */
export type SessionDataDeps = ModuleDeps & { pipeline: Pipeline }

export async function sessionDataRoutes(app: FastifyInstance, deps: SessionDataDeps): Promise<void> {
  const { db } = deps

  route(app, sessionDataContract, async ({ params, request, reply }) => {
    const auth = authOf(request)
    const h = request.headers
    // One statement, so one snapshot: the live cursor is exactly the point the rows reflect (the socket
    // resumes after it), and the workspace costs one round trip however the pages are asked for.
    const page = await readSessionDataPage(
      db,
      auth.tenantId,
      { researchId: params.id, sessionId: params.sid },
      { after: decodeKeyToken(h[SessionDataHeaders.eventsContinuationToken]), size: headerNumber(request, SessionDataHeaders.eventsPageSize, sideSize) ?? 50 },
      { after: decodeKeyToken(h[SessionDataHeaders.framesContinuationToken]), size: headerNumber(request, SessionDataHeaders.framesPageSize, sideSize) ?? 50 },
    )
    if (!page) throw notFound('Session')
    const token = (key: { at: string; id: string } | null) => JSON.stringify(key === null ? null : encodeKeyToken(key))
    // The lists arrive as JSON text from the database and go out as they are: a text answer is not
    // serialised, so the contract's schema describes it (src/protocol/http/session-data.ts) without re-reading it.
    return reply
      .type('application/json; charset=utf-8')
      .send(
        `{"events":${page.eventsJson},"actionFrames":${page.framesJson},"eventsContinuationToken":${token(page.eventsNext)},"framesContinuationToken":${token(page.framesNext)},"liveCursor":${JSON.stringify(page.liveCursor)}}`,
      )
  })

  // The frames of some documents of the workspace, for a client that loaded the documents alone and fetches
  // a card's frames when the card is first shown (src/streams/frame-loader.ts).
  route(app, sessionFramesContract, async ({ params, query, request, reply }) => {
    const auth = authOf(request)
    const ids = [...new Set(query.events.split(',').filter((id) => id !== ''))]
    if (ids.length === 0) throw validation('events', 'name at least one event id')
    if (ids.length > SESSION_FRAMES_MAX_DOCUMENTS) throw validation('events', `at most ${SESSION_FRAMES_MAX_DOCUMENTS} event ids`)
    const found = await readSessionFrames(db, auth.tenantId, { researchId: params.id, sessionId: params.sid }, ids)
    if (!found) throw notFound('Session')
    return reply.type('application/json; charset=utf-8').send(`{"actionFrames":${found.framesJson},"liveCursor":${JSON.stringify(found.liveCursor)}}`)
  })

  route(app, eventDeleteContract, async ({ params, request }) => {
    await deleteEvent(deps, workspaceOf(request, params), params.eventId)
    return { message: 'Event deleted successfully' }
  })

  route(app, eventsClearContract, async ({ params, request }) => {
    const deleted = await clearWorkspace(deps, workspaceOf(request, params))
    return { message: 'Events deleted successfully', deleted }
  })

  route(app, eventReprocessContract, async ({ params, request, reply }) => {
    const eventId = await reprocessEvent(deps, workspaceOf(request, params), params.eventId)
    return reply.status(202).send({ message: 'Reprocessing started', eventId })
  })

  route(app, researchEventsContract, async ({ params, query, request }) => {
    const rows = await researchEvents(deps, authOf(request).tenantId, params.id, { limit: query.limit ?? 50, offset: query.offset ?? 0 })
    return { items: rows.map(toGenesisEvent) }
  })

  route(app, researchFramesContract, async ({ params, query, request }) => {
    const auth = authOf(request)
    const rows = await researchFrames(deps, auth.tenantId, params.id, { status: query.status ?? null, limit: query.limit ?? 50, offset: query.offset ?? 0 })
    return { items: rows.map((f) => toActionFrame(f, auth.tenantId)) }
  })

  route(app, researchDocumentsContract, async ({ params, request }) => {
    const rows = await researchDocuments(deps, authOf(request).tenantId, params.id)
    return { items: rows.map(toResearchDocument) }
  })
}

/** The workspace a route's path names, in the caller's tenant. */
function workspaceOf(request: FastifyRequest, params: { id: string; sid: string }): WorkspaceRef {
  return { tenantId: authOf(request).tenantId, researchId: params.id, sessionId: params.sid }
}

/** A document as a research's document list shows it: its AI title when it has one, 'document' for a file. */
function toResearchDocument(r: EventRow) {
  const file = r.payload as { aiTitle?: string; originalFilename?: string; fileType?: string; fileSize?: number }
  return {
    id: r.id,
    sessionId: r.session_id,
    title: file.aiTitle ?? r.title,
    type: file.originalFilename ? 'document' : r.event_type,
    status: r.status,
    originalFilename: file.originalFilename ?? null,
    fileType: file.fileType ?? null,
    fileSize: file.fileSize ?? null,
    actionCount: r.action_count,
    ingestedAt: iso(r.ingested_at),
  }
}
