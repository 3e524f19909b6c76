import { z } from 'zod'

/**
 * Where a domain event derived from one live message came from: its session and its live-log id.
 * Projections use `messageId` to apply each message once.
 */
export const liveOrigin = {
  sessionId: z.string(),
  messageId: z.string().nullish(),
}
