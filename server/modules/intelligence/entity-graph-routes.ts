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
import { type EntityGraphBody, type EntityGraphQuery, TENANT_GRAPH_DOCUMENTS } from '../../../src/protocol/entity-graph'
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
import { newestCompletedEventIds } from './queries/corpus'
import { contextTypeOf } from './queries/kpis'
import { keptReads } from './read-cache'

export async function entityGraphRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const kept = keptReads(db)
  const sourceFor = (request: Parameters<typeof authOf>[0], query: EntityGraphQuery) => scopedSource(db, authOf(request).tenantId, query)
  const graphOf = (request: Parameters<typeof authOf>[0], query: EntityGraphQuery) =>
    kept(authOf(request).tenantId, ['entity-graph', filtersOf(query)], async () => {
      const source = await sourceFor(request, query)
      return { ...source.graph(query), ...(source.window ? { window: source.window } : {}) }
    })

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

/**
 * The relations of the scope's documents over the tenant's merged entities; refused when the scope is not the
 * tenant's. A tenant with more than `windowSize` documents is read from its newest that many (those arrived by the
 * `to` day when it is set), and the answer says so in `window`: read in full, 100,000 documents took 107 s and 3 GB.
 */
export async function scopedSource(
  db: Queryable,
  tenantId: string,
  query: Pick<EntityGraphQuery, 'scope' | 'id' | 'to'>,
  windowSize = TENANT_GRAPH_DOCUMENTS,
): Promise<EntityGraphSource & { window: EntityGraphBody['window'] }> {
  const { scope, id } = query
  if (scope !== 'tenant' && !id) throw new Refusal('invalid', `id: a ${scope} id is required for scope ${scope}`)
  if (scope === 'research' && !(await getResearch(db, tenantId, id!))) throw missing('Research')
  if (scope === 'workspace' && !(await findSession(db, tenantId, id!))) throw missing('Workspace')
  if (scope === 'project' && (await contextTypeOf(db, tenantId, id!)) !== 'project') throw missing('Project')
  // The tenant's newest documents, one more than the window: whether any are left out. Only then does an end
  // date choose the window, from those arrived by it (a document's frames may be dated before it arrived).
  let read: Array<{ id: string; at: Date | string }> | null = null
  let window: EntityGraphBody['window']
  if (scope === 'tenant') {
    const all = await newestCompletedEventIds(db, tenantId, windowSize + 1, null)
    const until = all.ids.length > windowSize && query.to ? query.to : null
    read = (until ? (await newestCompletedEventIds(db, tenantId, windowSize + 1, dayAfter(until))).ids : all.ids).slice(0, windowSize)
    const oldest = read[read.length - 1]
    if (all.ids.length > windowSize) window = { read: read.length, total: all.total, since: oldest ? new Date(oldest.at).toISOString().slice(0, 10) : null, until }
  }
  // The scope's documents over the tenant's entities (kept spellings): the rest of the corpus is not read.
  const only = read ? { eventIds: read.map((d) => d.id) } : scope === 'research' ? { researchId: id! } : scope === 'workspace' ? { sessionId: id! } : { projectId: id! }
  const corpus = await loadCorpus(db, tenantId, only, { tenantEntities: true })
  const facts = await boardStoryFacts(db, tenantId, corpus.frames)
  const source = entityGraphSource(corpus, new Set(corpus.documents.map((d) => d.id)), { byFrame: facts.byFrame, byEvent: facts.byEvent })
  return { ...source, window }
}

/** The first instant after a day (`YYYY-MM-DD`, UTC). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString()

/** The query without what only shapes the file (its format): the graph it names. */
function filtersOf(query: EntityGraphQuery & { format?: unknown }): EntityGraphQuery {
  const { format: _format, ...filters } = query
  return filters
}
