/**
 * The knowledge graph and the briefing (spec §7), every answer computed from the caller's tenant only; an
 * id of another tenant is a 404 like a missing one.
 *
 * - GET  /researches/{id}/graph                        the research's graph (graph.ts)
 * - GET  /researches/{id}/graph/export?format=json|graphml   the same, as a file to download
 * - POST /explore {query, limit?}                      documents, frames and entities matching, with their local graph
 * - GET  /graph/expand/{id}                            a document, frame or entity and its one-hop neighbours
 * - GET  /entity/resolve?name=&kind=                   the entity a name (or entity id) stands for
 * - GET  /action-frames?participant=                   the frames naming the participant as an actor (any alias)
 * - GET  /connections?participant=                     pairs of those frames, with what they share
 * - GET  /action-frames/{id}/uncertainties             what rests on weak ground in a frame (uncertainties.ts)
 * - GET  /briefing/{type}/{id}                         a briefing (briefing.ts, a story's story-briefing.ts),
 *                                                      its key events citing their sources; a causalcontext id
 *                                                      is a stored connection's or one /connections returned;
 *                                                      what each reads is bounded (briefing-scope.ts)
 * A participant that is no entity of the tenant has no frames and no connections (entity null).
 */
import type { FastifyInstance } from 'fastify'
import {
  GRAPHML_CONTENT_TYPE,
  briefingContract,
  connectionsContract,
  entityResolveContract,
  exploreContract,
  frameUncertaintiesContract,
  graphExpandContract,
  participantFramesContract,
  researchGraphContract,
  researchGraphExportContract,
} from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, notFound } from '../../platform/http/errors'
import { toActionFrame } from '../session-data'
import { briefingFor } from './briefing-scope'
import { expandNode, explore, findEntity, participantConnections, resolvedEntity } from './graph'
import { toGraphML } from './graphml'
import { actorNeighbourDocuments, actorNeighboursOfDocuments } from './queries/briefing-keys'
import { documentsOfFramesMatching, framesByIds, rankDocuments } from './queries/corpus'
import { keptReads } from './read-cache'
import { documentsView, entityWithDocuments, nodeView, researchView } from './service'
import { uncertaintiesOf } from './uncertainties'

const EXPLORE_LIMIT = 20

export async function graphRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const kept = keptReads(db)
  const researchGraph = (tenantId: string, id: string) => kept(tenantId, ['research-graph', id], async () => (await researchView(db, tenantId, id)).whole())

  route(app, researchGraphContract, async ({ params, request }) => researchGraph(authOf(request).tenantId, params.id))

  route(app, researchGraphExportContract, async ({ params: { id }, query, request, reply }) => {
    const graph = await researchGraph(authOf(request).tenantId, id)
    const file = `research-${id.replace(/[^A-Za-z0-9_-]/g, '_')}-graph`
    if (query.format === 'json') {
      return reply.header('content-disposition', `attachment; filename="${file}.json"`).type('application/json; charset=utf-8').send(JSON.stringify(graph))
    }
    return reply
      .header('content-disposition', `attachment; filename="${file}.graphml"`)
      .type(`${GRAPHML_CONTENT_TYPE}; charset=utf-8`)
      .send(toGraphML(graph, `research-${id}`))
  })

  route(app, exploreContract, async ({ body: { query, limit = EXPLORE_LIMIT }, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['explore', query, limit], async () => {
      // The documents matching, those of the frames matching and those their frames connect to (the hits' one
      // hop) are read: not the tenant's whole corpus.
      const ranked = await rankDocuments(db, tenantId, query, limit)
      const hits = [...new Set([...ranked.map((r) => r.id), ...(await documentsOfFramesMatching(db, tenantId, query, limit))])]
      const view = await documentsView(db, tenantId, await actorNeighboursOfDocuments(db, tenantId, hits))
      return explore(view, query, ranked, limit)
    })
  })

  route(app, graphExpandContract, async ({ params, request }) => {
    const { tenantId } = authOf(request)
    const expanded = await kept(tenantId, ['expand', params.id], async () => {
      const view = await nodeView(db, tenantId, params.id)
      return (view && expandNode(view, params.id)) ?? null
    })
    if (!expanded) throw notFound('Graph node')
    return expanded
  })

  route(app, entityResolveContract, async ({ query: { name, kind }, request }) => {
    const { tenantId } = authOf(request)
    const entity = await kept(tenantId, ['resolve', name, kind], async () => {
      const found = await entityWithDocuments(db, tenantId, (index) => findEntity(index, name, kind))
      return found ? resolvedEntity(found.entity) : null
    })
    if (!entity) throw new ApiError(404, 'NOT_FOUND', `No entity named “${name}”${kind ? ` of kind ${kind}` : ''} in your documents`)
    return { query: name, entity }
  })

  route(app, participantFramesContract, async ({ query: { participant }, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['participant-frames', participant], async () => {
      // The frames naming it are in the documents giving one of its names: those alone are read.
      const found = await entityWithDocuments(db, tenantId, (index) => findEntity(index, participant))
      const entity = found?.entity
      const ids = found ? found.view.framesActing(found.entity.id).map((f) => f.id) : []
      const rows = await framesByIds(db, tenantId, ids)
      return { participant, entity: entity ? resolvedEntity(entity) : null, items: rows.map((r) => toActionFrame(r, tenantId)) }
    })
  })

  route(app, connectionsContract, async ({ query: { participant }, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['connections', participant], async () => {
      // The frames naming it are in the documents giving one of its names: those alone are read.
      const found = await entityWithDocuments(db, tenantId, (index) => findEntity(index, participant))
      return { participant, entity: found ? resolvedEntity(found.entity) : null, items: found ? participantConnections(found.view, found.entity) : [] }
    })
  })

  route(app, frameUncertaintiesContract, async ({ params, request }) => {
    const { tenantId } = authOf(request)
    const found = await kept(tenantId, ['uncertainties', params.id], async () => {
      // Its conflicts are with frames sharing an actor key with it: their documents are read, as its briefing reads them.
      const view = await documentsView(db, tenantId, await actorNeighbourDocuments(db, tenantId, [params.id]))
      const frame = view.frames.find((f) => f.id === params.id)
      return frame ? { frameId: frame.id, items: uncertaintiesOf(view, frame) } : null
    })
    if (!found) throw notFound('Action frame')
    return found
  })

  route(app, briefingContract, async ({ params: { type, id }, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['briefing', type, id], () => briefingFor(db, tenantId, type, id))
  })
}
