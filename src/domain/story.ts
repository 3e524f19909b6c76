/** The story aggregate (issue 20): the stories a workspace's documents belong to, with their credibility. */
import { z } from 'zod'
import { storySchema } from '../protocol/stories'
import { liveOrigin } from './live'

/** The workspace's stories were read (`GET …/sessions/{sid}/stories`): they replace what was known. */
export const storiesLoaded = z.object({ type: z.literal('story.listLoaded'), sessionId: z.string(), stories: z.array(storySchema) })

/** A story changed on the server (a document joined, stories merged, a grade moved); merged ones are gone. */
export const storyUpdated = z.object({
  type: z.literal('story.updated'),
  ...liveOrigin,
  story: storySchema,
  mergedStoryIds: z.array(z.string()).nullish(),
})

export const storyEvents = [storiesLoaded, storyUpdated] as const
