/** Whether the client can reach the server at all (apart from any workspace's live channel). */
import { z } from 'zod'

/** A request got no answer from the server (network error, or a proxy saying the server is down). */
export const serverUnreachable = z.object({ type: z.literal('server.unreachable'), at: z.number(), reason: z.string() })
/** The server answered again after it could not be reached. */
export const serverReachable = z.object({ type: z.literal('server.reachable'), at: z.number() })

export const connectivityEvents = [serverUnreachable, serverReachable] as const
