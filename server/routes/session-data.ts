/**
 * What a workspace and a research contain (spec §7): the session data (events and action frames, each
 * paged by its own page-size and continuation-token headers, plus the live-log id the snapshot reflects),
 * event deletion and reprocessing, and the research-wide listings of events, frames and documents.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { supportsReprocess } from '../../src/domain/rules/processing'
import { SessionDataHeaders } from '../../src/protocol/api'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { ApiError, notFound } from '../http/errors'
import { writableSession } from '../http/guards'
import { deleteEvent, type EventRow, type FrameRow, getEvent, toActionFrame, toGenesisEvent } from '../repos/events'
import { getResearch, getSession } from '../repos/researches'
import { decodeToken, encodeToken, iso, pageSize } from '../repos/rows'

export async function sessionDataRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, pipeline } = deps
  const sessionParams = z.object({ id: z.string(), sid: z.string() })
  const eventParams = z.object({ id: z.string(), sid: z.string(), eventId: z.string() })
  const paging = z.object({ limit: z.coerce.number().int().optional(), offset: z.coerce.number().int().min(0).optional() })

  app.get('/researches/:id/sessions/:sid/data', { schema: { params: sessionParams } }, async (request) => {
    const auth = authOf(request)
    const h = request.headers
    const eventsSize = pageSize(h[SessionDataHeaders.eventsPageSize], 50)
    const framesSize = pageSize(h[SessionDataHeaders.framesPageSize], 50)
    const eventsFrom = decodeToken(h[SessionDataHeaders.eventsContinuationToken])
    const framesFrom = decodeToken(h[SessionDataHeaders.framesContinuationToken])
    // One statement, so one snapshot: the live cursor is exactly the point the rows reflect (the socket
    // resumes after it), and the workspace costs one round trip however the pages are asked for.
    const row = (
      await db.query<{ last_seq: string | number | null; events: EventRow[] | null; frames: FrameRow[] | null }>(
        `SELECT h.last_seq,
           (SELECT json_agg(e) FROM (SELECT * FROM events WHERE tenant_id = $1 AND session_id = s.id ORDER BY ingested_at, id LIMIT $4 OFFSET $5) e) AS events,
           (SELECT json_agg(f) FROM (SELECT * FROM action_frames WHERE tenant_id = $1 AND session_id = s.id ORDER BY created_at, event_id, action_index, id LIMIT $6 OFFSET $7) f) AS frames
         FROM sessions s LEFT JOIN live_log_heads h ON h.tenant_id = s.tenant_id AND h.session_id = s.id
         WHERE s.tenant_id = $1 AND s.research_id = $2 AND s.id = $3`,
        [auth.tenantId, request.params.id, request.params.sid, eventsSize + 1, eventsFrom, framesSize + 1, framesFrom],
      )
    )[0]
    if (!row) throw notFound('Session')
    const events = row.events ?? []
    const frames = row.frames ?? []
    return {
      events: events.slice(0, eventsSize).map(toGenesisEvent),
      actionFrames: frames.slice(0, framesSize).map((f) => toActionFrame(f, auth.tenantId)),
      eventsContinuationToken: events.length > eventsSize ? encodeToken(eventsFrom + eventsSize) : null,
      framesContinuationToken: frames.length > framesSize ? encodeToken(framesFrom + framesSize) : null,
      liveCursor: row.last_seq === null ? null : String(row.last_seq),
    }
  })

  app.delete('/researches/:id/sessions/:sid/events/:eventId', { schema: { params: eventParams } }, async (request) => {
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, request.params.id, request.params.sid)
    if (!session) throw notFound('Session')
    await writableSession(db, auth.tenantId, session.id, clock.now())
    if (!(await deleteEvent(db, auth.tenantId, session.id, request.params.eventId))) throw notFound('Event')
    return { message: 'Event deleted successfully' }
  })

  app.post('/researches/:id/sessions/:sid/events/:eventId/reprocess', { schema: { params: eventParams } }, async (request, reply) => {
    const auth = authOf(request)
    const session = await getSession(db, auth.tenantId, request.params.id, request.params.sid)
    if (!session) throw notFound('Session')
    await writableSession(db, auth.tenantId, session.id, clock.now())
    const event = await getEvent(db, auth.tenantId, request.params.eventId)
    if (!event || event.session_id !== session.id) throw notFound('Event')
    const type = event.payload.originalFilename ? 'document' : event.event_type
    if (!supportsReprocess(type)) throw new ApiError(400, 'VALIDATION_ERROR', 'This event type does not support reprocessing')
    await pipeline.reprocess({ tenantId: auth.tenantId, eventId: event.id })
    return reply.status(202).send({ message: 'Reprocessing started', eventId: event.id })
  })

  app.get('/researches/:id/events', { schema: { params: z.object({ id: z.string() }), querystring: paging } }, async (request) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, request.params.id))) throw notFound('Research')
    const limit = pageSize(request.query.limit, 50)
    const rows = await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at, id LIMIT $3 OFFSET $4`, [
      auth.tenantId,
      request.params.id,
      limit,
      request.query.offset ?? 0,
    ])
    return { items: rows.map(toGenesisEvent) }
  })

  app.get(
    '/researches/:id/action-frames',
    { schema: { params: z.object({ id: z.string() }), querystring: paging.extend({ status: z.string().optional() }) } },
    async (request) => {
      const auth = authOf(request)
      if (!(await getResearch(db, auth.tenantId, request.params.id))) throw notFound('Research')
      const limit = pageSize(request.query.limit, 50)
      const rows = await db.query<FrameRow>(
        `SELECT * FROM action_frames WHERE tenant_id = $1 AND research_id = $2 AND ($3::text IS NULL OR status = $3) ORDER BY created_at, event_id, action_index, id LIMIT $4 OFFSET $5`,
        [auth.tenantId, request.params.id, request.query.status ?? null, limit, request.query.offset ?? 0],
      )
      return { items: rows.map((f) => toActionFrame(f, auth.tenantId)) }
    },
  )

  app.get('/researches/:id/documents', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    if (!(await getResearch(db, auth.tenantId, request.params.id))) throw notFound('Research')
    const rows = await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND research_id = $2 ORDER BY ingested_at DESC, id`, [auth.tenantId, request.params.id])
    return {
      items: rows.map((r) => ({
        id: r.id,
        sessionId: r.session_id,
        title: (r.payload.aiTitle as string | undefined) ?? r.title,
        type: r.payload.originalFilename ? 'document' : r.event_type,
        status: r.status,
        originalFilename: r.payload.originalFilename ?? null,
        fileType: r.payload.fileType ?? null,
        fileSize: r.payload.fileSize ?? null,
        actionCount: r.action_count,
        ingestedAt: iso(r.ingested_at),
      })),
    }
  })
}
