/** The live channel: the workspace's websocket, as the Live/Offline indicator sees it. */
import { z } from 'zod'

/** A connection attempt began (the first, or a reconnect). */
export const liveChannelConnecting = z.object({
  type: z.literal('liveChannel.connecting'),
  sessionId: z.string(),
  attempt: z.number(),
})
/** The socket opened; the client asked to resume after its last id. */
export const liveChannelOpened = z.object({ type: z.literal('liveChannel.opened'), sessionId: z.string(), url: z.string() })
/** The socket closed; a reconnect follows `retryInMs` later unless the sign-in has ended. */
export const liveChannelClosed = z.object({
  type: z.literal('liveChannel.closed'),
  sessionId: z.string(),
  code: z.number().nullish(),
  reason: z.string().nullish(),
  willRetry: z.boolean(),
  retryInMs: z.number().nullish(),
})
/** The server refused the identity token and no fresh one could be had: the user must sign in again. */
export const liveChannelSessionEnded = z.object({ type: z.literal('liveChannel.sessionEnded'), sessionId: z.string(), reason: z.string() })
/** The server replayed what was missed; the view is current. */
export const liveChannelResumed = z.object({
  type: z.literal('liveChannel.resumed'),
  sessionId: z.string(),
  lastMessageId: z.string().nullish(),
})
/** The server's log no longer reaches back to our last id: reload the session through the API. */
export const liveChannelResyncRequired = z.object({ type: z.literal('liveChannel.resyncRequired'), sessionId: z.string() })

export const liveChannelEvents = [liveChannelConnecting, liveChannelOpened, liveChannelClosed, liveChannelSessionEnded, liveChannelResumed, liveChannelResyncRequired] as const
