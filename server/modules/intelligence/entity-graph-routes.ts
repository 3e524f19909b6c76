/**
 * The entity graph's routes (issue 21; rules in entity-graph.ts), every answer from the caller's tenant only:
 *
 * - GET /entity-graph?scope=&id=&category=&kind=&from=&to=&maxGrade=   the graph of the scope, filtered
 * - GET /entity-graph/nodes/{id}?…                                       an entity's neighbourhood in it
 * - GET /entity-graph/edges/{id}/frames?…                                the frames behind an edge
 * - GET /entity-graph/export?format=json|graphml&…                       the filtered graph as a file
 *
 * A research, workspace or project of another tenant, or none, is a 404 like a missing one; so is an
 * entity or edge the filtered graph does not hold.
 */
import type { FastifyInstance } from 'fastify'
import type { EntityGraphQuery } from '../../../src/protocol/entity-graph'
import { entityGraphContract, entityGraphEdgeFramesContract, entityGraphExportContract, entityGraphNeighbourhoodContract } from '../../../src/protocol/http/entity-graph'
import { GRAPHML_CONTENT_TYPE } from '../../../src/protocol/http/intelligence'
import { missing, Refusal } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { findSession, getResearch } from '../researches'
import { boardStoryFacts } from '../stories'
import { loadCorpus } from './corpus'
import { type EntityGraphSource, entityGraphSource, toEdgeFrame } from './entity-graph'
import { entityGraphML } from './graphml'
import { contextTypeOf } from './queries/kpis'
import { keptReads } from './read-cache'

export async function entityGraphRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const kept = keptReads(db)
  const sourceFor = (request: Parameters<typeof authOf>[0], query: EntityGraphQuery) => scopedSource(db, authOf(request).tenantId, query)
  const graphOf = (request: Parameters<typeof authOf>[0], query: EntityGraphQuery) =>
    kept(authOf(request).tenantId, ['entity-graph', filtersOf(query)], async () => (await sourceFor(request, query)).graph(query))

  route(app, entityGraphContract, async ({ query, request }) => graphOf(request, query))

  route(app, entityGraphNeighbourhoodContract, async ({ params, query, request }) => {
    const body = await kept(authOf(request).tenantId, ['entity-neighbourhood', params.id, filtersOf(query)], async () => (await sourceFor(request, query)).neighbourhood(query, params.id) ?? null)
    if (!body) throw missing('Entity')
    return body
  })

  route(app, entityGraphEdgeFramesContract, async ({ params, query, request }) => {
    const found = await kept(authOf(request).tenantId, ['entity-edge', params.id, filtersOf(query)], async () => {
      const edge = (await sourceFor(request, query)).edge(query, params.id)
      return edge ? { edge: edge.edge, items: edge.relations.map(toEdgeFrame) } : null
    })
    if (!found) throw missing('Edge')
    return found
  })

  route(app, entityGraphExportContract, async ({ query, request, reply }) => {
    const graph = await graphOf(request, query)
    const file = `${query.scope}${query.id ? `-${query.id.replace(/[^A-Za-z0-9_-]/g, '_')}` : ''}-entity-graph`
    if (query.format === 'json') {
      return reply.header('content-disposition', `attachment; filename="${file}.json"`).type('application/json; charset=utf-8').send(JSON.stringify(graph))
    }
    return reply.header('content-disposition', `attachment; filename="${file}.graphml"`).type(`${GRAPHML_CONTENT_TYPE}; charset=utf-8`).send(entityGraphML(graph, file))
  })
}

/** The relations of the scope's documents over the tenant's merged entities; refused when the scope is not the tenant's. */
export async function scopedSource(db: Queryable, tenantId: string, query: Pick<EntityGraphQuery, 'scope' | 'id'>): Promise<EntityGraphSource> {
  const { scope, id } = query
  if (scope !== 'tenant' && !id) throw new Refusal('invalid', `id: a ${scope} id is required for scope ${scope}`)
  if (scope === 'research' && !(await getResearch(db, tenantId, id!))) throw missing('Research')
  if (scope === 'workspace' && !(await findSession(db, tenantId, id!))) throw missing('Workspace')
  if (scope === 'project' && (await contextTypeOf(db, tenantId, id!)) !== 'project') throw missing('Project')
  // The scope's documents over the tenant's entities (kept spellings): the rest of the corpus is not read.
  const only = scope === 'research' ? { researchId: id! } : scope === 'workspace' ? { sessionId: id! } : scope === 'project' ? { projectId: id! } : {}
  const corpus = await loadCorpus(db, tenantId, only, { tenantEntities: scope !== 'tenant' })
  const facts = await boardStoryFacts(db, tenantId, corpus.frames)
  return entityGraphSource(corpus, scope === 'tenant' ? null : new Set(corpus.documents.map((d) => d.id)), { byFrame: facts.byFrame, byEvent: facts.byEvent })
}

/** The query without what only shapes the file (its format): the graph it names. */
function filtersOf(query: EntityGraphQuery & { format?: unknown }): EntityGraphQuery {
  const { format: _format, ...filters } = query
  return filters
}
