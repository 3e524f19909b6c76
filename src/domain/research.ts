/** The research aggregate: research projects in the sandbox and the workspaces inside them. */
import { z } from 'zod'
import { researchSchema, sessionSchema } from '../protocol/entities'

/** The list of researches arrived from the API, or from the last visit's copy (`cached`) until the API answers. */
export const researchListLoaded = z.object({ type: z.literal('research.listLoaded'), researches: z.array(researchSchema), cached: z.boolean().optional() })
/** A research was created (on the server, or locally when the server failed). */
export const researchCreated = z.object({ type: z.literal('research.created'), research: researchSchema })
/** A research was deleted, with its workspaces. */
export const researchDeleted = z.object({ type: z.literal('research.deleted'), researchId: z.string() })
/** A research's workspaces arrived from the API. */
export const researchSessionsLoaded = z.object({
  type: z.literal('research.sessionsLoaded'),
  researchId: z.string(),
  sessions: z.array(sessionSchema),
})
/** A workspace was created inside a research. */
export const researchSessionCreated = z.object({
  type: z.literal('research.sessionCreated'),
  researchId: z.string(),
  session: sessionSchema,
})
/** A workspace was deleted. */
export const researchSessionDeleted = z.object({
  type: z.literal('research.sessionDeleted'),
  researchId: z.string(),
  sessionId: z.string(),
})

export const researchEvents = [researchListLoaded, researchCreated, researchDeleted, researchSessionsLoaded, researchSessionCreated, researchSessionDeleted] as const
