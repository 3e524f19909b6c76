/**
 * The entity graph's endpoints (issue 21): the graph of a scope with its filters, one entity's
 * neighbourhood, the frames behind one edge, and the graph as a file. Every answer is computed from the
 * caller's tenant only; a research, workspace, project or entity of another tenant is a 404 like a missing one.
 */
import { z } from 'zod'
import { entityGraphBodySchema, entityGraphEdgeFramesBodySchema, entityGraphQuerySchema } from '../entity-graph'
import { contract } from './contract'
import { GRAPHML_CONTENT_TYPE, GraphExportFormats } from './intelligence'

const idParams = z.object({ id: z.string().min(1).max(600) })

export const entityGraphContract = contract('GET /entity-graph', 'The entity graph of the tenant, a research, a workspace or a project, filtered by category, dates, credibility and kind', {
  query: entityGraphQuerySchema,
  responses: { 200: entityGraphBodySchema },
})

export const entityGraphNeighbourhoodContract = contract('GET /entity-graph/nodes/:id', "An entity, its neighbours and the edges touching it, within the scope's filters", {
  params: idParams,
  query: entityGraphQuerySchema,
  responses: { 200: entityGraphBodySchema },
})

export const entityGraphEdgeFramesContract = contract('GET /entity-graph/edges/:id/frames', 'The frames behind an edge of the entity graph, with their documents and stories', {
  params: idParams,
  query: entityGraphQuerySchema,
  responses: { 200: entityGraphEdgeFramesBodySchema },
})

export const entityGraphExportContract = contract('GET /entity-graph/export', 'The entity graph, as filtered, as a file to download, JSON or GraphML', {
  query: entityGraphQuerySchema.extend({ format: z.enum(GraphExportFormats).default('json') }),
  produces: ['application/json', GRAPHML_CONTENT_TYPE],
  responses: { 200: entityGraphBodySchema },
})
