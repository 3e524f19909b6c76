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
 *                                                      is a stored connection's or one /connections returned
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
import { getProject } from '../projects'
import { getResearch } from '../researches'
import type { BriefingBody, BriefingType } from '../../../src/protocol/intelligence'
import type { Database } from '../../platform/db/database'
import { storiesOfDocuments, storyById } from '../stories'
import { connectionBriefing, entityBriefing, frameBriefing, scopeBriefing } from './briefing'
import { documentsIn, expandNode, explore, findEntity, type GraphView, graphView, participantConnections, resolvedEntity } from './graph'
import { citeSources, storyBriefing } from './story-briefing'
import { toGraphML } from './graphml'
import { framesByIds, rankDocuments } from './queries'
import { actorRoles, connectionFrameIds, researchView, tenantView } from './service'
import { uncertaintiesOf } from './uncertainties'

const EXPLORE_LIMIT = 20

export async function graphRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  route(app, researchGraphContract, async ({ params, request }) => (await researchView(db, authOf(request).tenantId, params.id)).whole())

  route(app, researchGraphExportContract, async ({ params: { id }, query, request, reply }) => {
    const graph = (await researchView(db, authOf(request).tenantId, id)).whole()
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
    const ranked = await rankDocuments(db, tenantId, query, limit)
    return explore(await tenantView(db, tenantId), query, ranked, limit)
  })

  route(app, graphExpandContract, async ({ params, request }) => {
    const expanded = expandNode(await tenantView(db, authOf(request).tenantId), params.id)
    if (!expanded) throw notFound('Graph node')
    return expanded
  })

  route(app, entityResolveContract, async ({ query: { name, kind }, request }) => {
    const entity = findEntity((await tenantView(db, authOf(request).tenantId)).corpus.entities, name, kind)
    if (!entity) throw new ApiError(404, 'NOT_FOUND', `No entity named “${name}”${kind ? ` of kind ${kind}` : ''} in your documents`)
    return { query: name, entity: resolvedEntity(entity) }
  })

  route(app, participantFramesContract, async ({ query: { participant }, request }) => {
    const { tenantId } = authOf(request)
    const view = await tenantView(db, tenantId)
    const entity = findEntity(view.corpus.entities, participant)
    const ids = entity ? view.framesActing(entity.id).map((f) => f.id) : []
    const rows = await framesByIds(db, tenantId, ids)
    return { participant, entity: entity ? resolvedEntity(entity) : null, items: rows.map((r) => toActionFrame(r, tenantId)) }
  })

  route(app, connectionsContract, async ({ query: { participant }, request }) => {
    const view = await tenantView(db, authOf(request).tenantId)
    const entity = findEntity(view.corpus.entities, participant)
    return { participant, entity: entity ? resolvedEntity(entity) : null, items: entity ? participantConnections(view, entity) : [] }
  })

  route(app, frameUncertaintiesContract, async ({ params, request }) => {
    const view = await tenantView(db, authOf(request).tenantId)
    const frame = view.frames.find((f) => f.id === params.id)
    if (!frame) throw notFound('Action frame')
    return { frameId: frame.id, items: uncertaintiesOf(view, frame) }
  })

  route(app, briefingContract, async ({ params: { type, id }, request }) => {
    const { tenantId } = authOf(request)
    const view = await tenantView(db, tenantId)
    const briefing = await briefingOf(db, tenantId, view, type, id)
    // Every key event cites its source and its claim's credibility (issue 20).
    const documents = [...new Set(briefing.briefing.keyEvents.flatMap((e) => (e.documentId ? [e.documentId] : [])))]
    return citeSources(briefing, await storiesOfDocuments(db, tenantId, documents))
  })
}

async function briefingOf(db: Database, tenantId: string, view: GraphView, type: BriefingType, id: string): Promise<BriefingBody> {
  switch (type) {
    case 'research': {
      const research = await getResearch(db, tenantId, id)
      if (!research) throw notFound('Research')
      return scopeBriefing(view, graphView(view.corpus, documentsIn(view.corpus, { researchId: id })), { type, id, title: research.title })
    }
    case 'project': {
      const project = await getProject(db, tenantId, id)
      if (!project) throw notFound('Project')
      return scopeBriefing(view, graphView(view.corpus, documentsIn(view.corpus, { projectId: id })), { type, id, title: project.display_name })
    }
    case 'actionframe': {
      const frame = view.frames.find((f) => f.id === id)
      if (!frame) throw notFound('Action frame')
      return frameBriefing(view, frame, await actorRoles(db, tenantId, id))
    }
    case 'entity': {
      const entity = findEntity(view.corpus.entities, id)
      if (!entity) throw notFound('Entity')
      return entityBriefing(view, entity)
    }
    case 'causalcontext': {
      const ids = await connectionFrameIds(db, tenantId, id)
      const [a, b] = (ids ?? []).map((frameId) => view.frames.find((f) => f.id === frameId))
      if (!a || !b || a === b) throw notFound('Causal context')
      return connectionBriefing(view, id, a, b)
    }
    case 'story': {
      const story = await storyById(db, tenantId, id)
      if (!story) throw notFound('Story')
      return storyBriefing(view, story)
    }
  }
}
