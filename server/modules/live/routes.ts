/**
 * The live channel's HTTP side, under /api/v1 (ARCHITECTURE.md §4a, §5):
 *
 * - `POST /ws/negotiate/{sessionId}` → `{url}`: `/ws/{sessionId}?ticket=…`, relative (the client resolves
 *   it against the API's address and picks ws/wss). 404 NOT_FOUND when the session is not the caller's
 *   (a workspace of the tenant, or the caller's own inbox: inbox.ts).
 * - `GET /researches/{id}/sessions/{sid}/live.jsonl`: the session's live log as a recording
 *   (application/x-ndjson), streamed page by page; 404 when the session is not the caller's.
 *
 * Contracts: src/protocol/http/live.ts.
 */
import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { liveNegotiateContract, liveRecordingContract } from '../../../src/protocol/http/live'
import { authOf } from '../../platform/auth/plugin'
import type { Clock } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { findSession, getSession } from '../researches'
import { isOwnInbox } from './inbox'
import { liveRecordingLines, RECORDING_CONTENT_TYPE, recordingFileName } from './export'
import type { TicketSigner } from './ticket'

export interface LiveRoutesDeps {
  db: Database
  clock: Clock
  tickets: TicketSigner
  ticketTtlSeconds: number
}

export async function liveRoutes(app: FastifyInstance, deps: LiveRoutesDeps): Promise<void> {
  const { db, clock, tickets } = deps

  route(app, liveNegotiateContract, async ({ params: { sessionId }, request, reply }) => {
    const auth = authOf(request)
    if (!isOwnInbox(auth.uid, sessionId) && !(await findSession(db, auth.tenantId, sessionId))) throw notFound('Session')
    const ticket = tickets.issue({
      uid: auth.uid,
      tenantId: auth.tenantId,
      sessionId,
      expiresAt: clock.now() + deps.ticketTtlSeconds * 1000,
      tokenExpiresAt: auth.token.expiresAt,
    })
    // A ticket is a credential: no cache may keep it.
    reply.header('cache-control', 'no-store')
    return { url: `/ws/${encodeURIComponent(sessionId)}?ticket=${ticket}` }
  })

  route(app, liveRecordingContract, async ({ params: { id, sid }, request, reply }) => {
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, id, sid)
    if (!session) throw notFound('Session')
    const lines = liveRecordingLines(db, { tenantId: auth.tenantId, sessionId: sid, researchId: id, exportedAt: clock.now() })
    return reply
      .header('content-type', RECORDING_CONTENT_TYPE)
      .header('content-disposition', `attachment; filename="${recordingFileName(sid)}"`)
      .send(Readable.from(lines))
  })
}
