/**
 * Stories (issue 20, src/protocol/stories.ts): the stories a workspace's documents belong to, each with its
 * sources and every frame's credibility; and a source's reliability as the analyst sets it.
 */
import { z } from 'zod'
import { sessionStoriesSchema } from '../stories'
import { contract } from './contract'

export const sessionStoriesContract = contract('GET /researches/:id/sessions/:sid/stories', "The stories of a workspace's documents, with their sources and each frame's credibility", {
  params: z.object({ id: z.string(), sid: z.string() }),
  responses: { 200: sessionStoriesSchema },
})
