/**
 * The live channel's HTTP side (ARCHITECTURE.md §4a, §5). Negotiate answers `{url}`: `/ws/{sessionId}?ticket=…`,
 * relative (the client resolves it against the API's address and picks ws/wss), never cached since the
 * ticket is a credential. `live.jsonl` is the session's live log as a recording (one JSON message a
 * line), streamed as an attachment. Both answer 404 when the session is not the caller's.
 */
import { z } from 'zod'
import { negotiateBodySchema } from '../api'
import { contract } from './contract'

const sessionId = z.string().min(1).max(200)

export const liveNegotiateContract = contract('POST /ws/negotiate/:sessionId', "The websocket address of a session's live channel, with a short-lived ticket", {
  params: z.object({ sessionId }),
  responses: { 200: negotiateBodySchema },
})

export const liveRecordingContract = contract('GET /researches/:id/sessions/:sid/live.jsonl', "A session's live log as a recording (newline-delimited JSON)", {
  params: z.object({ id: z.string().min(1), sid: sessionId }),
  produces: 'application/x-ndjson',
  responses: { 200: z.string() },
})
