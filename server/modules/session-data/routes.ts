/**
 * What a workspace and a research contain (spec §7): the session data (events and action frames, each
 * paged by its own page-size and continuation-token headers, plus the live-log id the snapshot reflects),
 * event deletion (one, or all of a workspace: its Clear) and reprocessing, and the research-wide listings
 * of events, frames and documents. What each takes and answers is its contract
 * (src/protocol/http/session-data.ts).
 */
import type { FastifyInstance } from 'fastify'
import { supportsReprocess } from '../../../src/domain/rules/processing'
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
import { writableSession } from '../researches'
import { headerNumber } from '../../platform/http/paging'
import { refreshKpiBindings } from '../intelligence'
import { type EventRow, type FrameRow, getEvent, readSessionDataPage, readSessionFrames, toActionFrame, toGenesisEvent } from './queries'
import { getResearch, getSession } from '../researches'
import { decodeKeyToken, encodeKeyToken, iso } from '../../platform/db/rows'
import { eraseDocuments } from '../retention'

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
  const { db, clock, pipeline } = deps

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
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, params.id, params.sid)
    if (!session) throw notFound('Session')
    await writableSession(db, auth.tenantId, session.id, clock.now())
    const event = await getEvent(db, auth.tenantId, params.eventId)
    // Everything of it, wherever it was copied, and its tombstone on the live log (server/modules/retention/erase.ts).
    if (!event || (await eraseDocuments(db, auth.tenantId, { sessionId: session.id, eventIds: [event.id] }, clock.now())).length === 0) throw notFound('Event')
    await refreshKpiBindings(db, auth.tenantId, { researchId: event.research_id, projectId: event.project_id }, clock.now())
    return { message: 'Event deleted successfully' }
  })

  // Clear: every document of the workspace and their frames; the workspace, its settings and sources stay.
  route(app, eventsClearContract, async ({ params, request }) => {
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, params.id, params.sid)
    if (!session) throw notFound('Session')
    await writableSession(db, auth.tenantId, session.id, clock.now())
    const deleted = (await eraseDocuments(db, auth.tenantId, { sessionId: session.id, eventIds: 'all' }, clock.now())).length
    if (deleted > 0) await refreshKpiBindings(db, auth.tenantId, { researchId: params.id, projectId: null }, clock.now())
    return { message: 'Events deleted successfully', deleted }
  })

  route(app, eventReprocessContract, async ({ params, request, reply }) => {
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, params.id, params.sid)
    if (!session) throw notFound('Session')
    await writableSession(db, auth.tenantId, session.id, clock.now())
    const event = await getEvent(db, auth.tenantId, params.eventId)
    if (!event || event.session_id !== session.id) throw notFound('Event')
    const type = event.payload.originalFilename ? 'document' : event.event_type
    if (!supportsReprocess(type)) throw validation('eventId', 'This event type does not support reprocessing')
    await pipeline.reprocess({ tenantId: auth.tenantId, eventId: event.id })
    return reply.status(202).send({ message: 'Reprocessing started', eventId: event.id })
  })

  route(app, researchEventsContract, async ({ params, query, request }) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, params.id))) throw notFound('Research')
    const rows = await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at, id LIMIT $3 OFFSET $4`, [
      auth.tenantId,
      params.id,
      query.limit ?? 50,
      query.offset ?? 0,
    ])
    return { items: rows.map(toGenesisEvent) }
  })

  route(app, researchFramesContract, async ({ params, query, request }) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, params.id))) throw notFound('Research')
    const rows = await db.query<FrameRow>(
      `SELECT * FROM action_frames WHERE tenant_id = $1 AND research_id = $2 AND ($3::text IS NULL OR status = $3) ORDER BY created_at, event_id, action_index, id LIMIT $4 OFFSET $5`,
      [auth.tenantId, params.id, query.status ?? null, query.limit ?? 50, query.offset ?? 0],
    )
    return { items: rows.map((f) => toActionFrame(f, auth.tenantId)) }
  })

  route(app, researchDocumentsContract, async ({ params, request }) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, params.id))) throw notFound('Research')
    const rows = await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at DESC, id`, [auth.tenantId, params.id])
    return { items: rows.map(toResearchDocument) }
  })
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
