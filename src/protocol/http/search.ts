/** Search everything (issue 21, item 5): the wire schemas are in ../search.ts. */
import { searchBodySchema, searchQuerySchema } from '../search'
import { contract } from './contract'

export const searchContract = contract('GET /search', "Full-text search over the tenant's documents, frames, entities and stories, with filters", {
  query: searchQuerySchema,
  responses: { 200: searchBodySchema },
})
