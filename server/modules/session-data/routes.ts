/**
 * What a workspace and a research contain (spec §7): the session data (events and action frames, each
 * paged by its own page-size and continuation-token headers, plus the live-log id the snapshot reflects),
 * event deletion (one, or all of a workspace: its Clear) and reprocessing, and the research-wide listings
 * of events, frames and documents. What each takes and answers is its contract
 * (src/protocol/http/session-data.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
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
import type { Database } from '../../platform/db/database'
import { createResponseCache, etagOf, matchesIfNoneMatch, type ResponseCache, SESSION_DATA_CHANNEL } from './cache'
import { type EventRow, readSessionDataPage, readSessionFrames, toActionFrame, toGenesisEvent } from './queries'
import { readSessionVersion } from './session-versions'
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

/**
 * What this module's routes need beside the database, the clock and the ids: the pipeline, and optionally the
 * response cache of the session-data and frames reads (one per app by default; a test passes a small one).
 */
export type SessionDataDeps = ModuleDeps & { pipeline: Pipeline; responseCache?: ResponseCache }

export async function sessionDataRoutes(app: FastifyInstance, deps: SessionDataDeps): Promise<void> {
  const { db } = deps

  // Both reads answer with validators and from the response cache (cache.ts has the contract).
  const cache = deps.responseCache ?? createResponseCache()
  const unlisten = await db.listen(SESSION_DATA_CHANNEL, cache.onNotice)
  app.addHook('onClose', async () => {
    await unlisten()
  })
  const cached = cachedReads(db, cache)

  route(app, sessionDataContract, async ({ params, request, reply }) => {
    const h = request.headers
    const events = { after: decodeKeyToken(h[SessionDataHeaders.eventsContinuationToken]), size: headerNumber(request, SessionDataHeaders.eventsPageSize, sideSize) ?? 50 }
    const frames = { after: decodeKeyToken(h[SessionDataHeaders.framesContinuationToken]), size: headerNumber(request, SessionDataHeaders.framesPageSize, sideSize) ?? 50 }
    const scope = { researchId: params.id, sessionId: params.sid }
    return cached.answer(request, reply, scope, JSON.stringify(['data', params.id, events, frames]), async (tenantId) => {
      // One statement, so one snapshot: the live cursor and the version are exactly the point the rows
      // reflect (the socket resumes after it), and the workspace costs one round trip however the pages are asked for.
      const page = await readSessionDataPage(db, tenantId, scope, events, frames)
      if (!page) return null
      const token = (key: { at: string; id: string } | null) => JSON.stringify(key === null ? null : encodeKeyToken(key))
      // The lists arrive as JSON text from the database and go out as they are: a text answer is not
      // serialised, so the contract's schema describes it (src/protocol/http/session-data.ts) without re-reading it.
      const body = `{"events":${page.eventsJson},"actionFrames":${page.framesJson},"eventsContinuationToken":${token(page.eventsNext)},"framesContinuationToken":${token(page.framesNext)},"liveCursor":${JSON.stringify(page.liveCursor)}}`
      return { version: page.version, body }
    })
  })

  // The frames of some documents of the workspace, for a client that loaded the documents alone and fetches
  // a card's frames when the card is first shown (src/streams/frame-loader.ts).
  route(app, sessionFramesContract, async ({ params, query, request, reply }) => {
    const ids = [...new Set(query.events.split(',').filter((id) => id !== ''))]
    if (ids.length === 0) throw validation('events', 'name at least one event id')
    if (ids.length > SESSION_FRAMES_MAX_DOCUMENTS) throw validation('events', `at most ${SESSION_FRAMES_MAX_DOCUMENTS} event ids`)
    const scope = { researchId: params.id, sessionId: params.sid }
    return cached.answer(request, reply, scope, JSON.stringify(['frames', params.id, ids]), async (tenantId) => {
      const found = await readSessionFrames(db, tenantId, scope, ids)
      if (!found) return null
      return { version: found.version, body: `{"actionFrames":${found.framesJson},"liveCursor":${JSON.stringify(found.liveCursor)}}` }
    })
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

/**
 * A read answered with its validators, from the cache when it may be (cache.ts): `variant` names the read and
 * every parameter that changes its body; `read` gives the body and its version from the database, or null
 * when the session is not the caller's.
 */
function cachedReads(db: Database, cache: ResponseCache) {
  // The embedded store is this process's alone: a change's notice reaches the cache at its commit.
  const noticesAreCurrent = db.dialect === 'pglite'
  const send = (request: FastifyRequest, reply: FastifyReply, etag: string, body: Buffer) => {
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', VARY)
    if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.status(304).send()
    return reply.type('application/json; charset=utf-8').send(body)
  }
  return {
    async answer(
      request: FastifyRequest,
      reply: FastifyReply,
      scope: { researchId: string; sessionId: string },
      variant: string,
      read: (tenantId: string) => Promise<{ version: string; body: string } | null>,
    ): Promise<FastifyReply> {
      const auth = authOf(request)
      const who = { tenantId: auth.tenantId, uid: auth.uid, sessionId: scope.sessionId }
      const hit = cache.get(auth.tenantId, scope.sessionId, variant)
      if (hit && noticesAreCurrent) return send(request, reply, etagOf(who, variant, hit.version), hit.body)
      // Another process may have written since: one indexed row says whether the cached body, or the
      // client's, is still the session's (skipped when neither could be).
      if (hit || request.headers['if-none-match'] !== undefined) {
        const version = await readSessionVersion(db, auth.tenantId, scope)
        if (version === null) throw notFound('Session')
        const etag = etagOf(who, variant, version)
        if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return send(request, reply, etag, EMPTY)
        if (hit && hit.version === version) return send(request, reply, etag, hit.body)
      }
      const ticket = cache.begin(auth.tenantId, scope.sessionId)
      const fresh = await read(auth.tenantId)
      if (!fresh) throw notFound('Session')
      const body = Buffer.from(fresh.body)
      cache.put(ticket, variant, { version: fresh.version, body })
      return send(request, reply, etagOf(who, variant, fresh.version), body)
    },
  }
}

/** The request headers a session-data answer depends on beside its address (a browser keeps one answer per combination). */
const VARY = ['authorization', 'x-tenant-id', ...Object.values(SessionDataHeaders)].join(', ')
const EMPTY = Buffer.alloc(0)

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
