/** The connection aggregate: links between action frames that share participants. */
import { z } from 'zod'
import { connectionSchema } from '../protocol/entities'
import { liveOrigin } from './live'

/** A connection appeared or its strength or status changed. */
export const connectionUpdated = z.object({
  type: z.literal('connection.updated'),
  ...liveOrigin,
  connection: connectionSchema,
})

export const connectionEvents = [connectionUpdated] as const
