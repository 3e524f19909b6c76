/**
 * Stories (issue 20, src/protocol/stories.ts): the stories a workspace's documents belong to, each with its
 * sources and every frame's credibility; and a source's reliability as the analyst sets it. A source is
 * named by its key (a story source's `sourceKey`: a publisher's domain, `rss:<source id>`, …), URI-encoded
 * in the path. Setting or clearing a grade assesses every story with a document from that source again, and
 * each workspace holding one gets `story-updated`; a source the caller's tenant has no document from (or
 * another tenant's) answers 404.
 */
import { z } from 'zod'
import { dataSourcesReliabilitySchema, sessionStoriesSchema, sourceGradeRequestSchema, sourceReliabilitySchema } from '../stories'
import { contract } from './contract'

export const sessionStoriesContract = contract('GET /researches/:id/sessions/:sid/stories', "The stories of a workspace's documents, with their sources and each frame's credibility", {
  params: z.object({ id: z.string(), sid: z.string() }),
  responses: { 200: sessionStoriesSchema },
})

/** The longest source key the API takes (a domain, a feed's `rss:<id>`, a document's `document:<id>`). */
export const SOURCE_KEY_MAX = 300

const source = z.object({ key: z.string().trim().min(1, 'key must not be blank').max(SOURCE_KEY_MAX, `key must be at most ${SOURCE_KEY_MAX} characters`) })

export const sourceGradeGetContract = contract('GET /sources/:key/grade', "A source's reliability: its grade and why, its record, and the analyst's grade if one is set", {
  params: source,
  responses: { 200: sourceReliabilitySchema },
})

export const sourceGradeSetContract = contract('PUT /sources/:key/grade', "Set a source's reliability (A–E, with a reason) over its record; its stories are assessed again", {
  params: source,
  body: sourceGradeRequestSchema,
  responses: { 200: sourceReliabilitySchema },
})

export const sourceGradeClearContract = contract('DELETE /sources/:key/grade', "Drop the analyst's grade of a source: it goes back to the grade its record gives", {
  params: source,
  responses: { 200: sourceReliabilitySchema },
})

export const dataSourcesReliabilityContract = contract('GET /sources/reliability', "Each data source's reliability: the grades of the sources its analysed documents came from", {
  responses: { 200: dataSourcesReliabilitySchema },
})
