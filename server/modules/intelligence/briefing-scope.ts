/**
 * What a briefing reads (GET /briefing/{type}/{id}, issue 20 item 8): `briefingFor` is the route's one call
 * (and bench/intelligence/requests.ts's), refusing an id the tenant does not have as not found.
 *
 * Rules (what reading a bounded set of rows changes; briefing.ts and story-briefing.ts say the rest):
 * - A research, a project or a story is briefed from its own completed documents and the witnesses of their
 *   frames' conflicts, never the tenant's corpus. A frame's witness is a frame of another completed document
 *   with an actor key in common (actor-keys.ts), the same action type and the opposite reading
 *   (uncertainties.ts): for each key the first such frame by id; none is read when one of the subject's
 *   own documents holds one, else the first by id, with its document. So what such a briefing reads grows
 *   with its subject and the conflicts of its frames, not with the tenant.
 * - An action frame or a causal context is briefed from its frames' documents and those of every frame
 *   sharing an actor key with one of them (any action type): its neighbourhood, which its connections,
 *   conflicts and graph are drawn from.
 * - Entities are merged among the documents read (aliases.ts), so an entity's name, kind and id are chosen
 *   among them, and an entity's weight in the graph is its mentions among them: they are the whole tenant's
 *   unless the tenant's other documents mention it too, spell it otherwise more often, or chain its aliases
 *   to another entity's.
 * - Two frames of documents read for different reasons are found to share an actor (a connection, a
 *   conflict) through an actor name key, not through an alias chain a document not read makes.
 * - An entity is still briefed from the tenant's whole graph (what it shows, every document naming it, is
 *   most of that graph for a much-named entity).
 * - Key events cite their sources and credibility from their documents' stories (story-briefing.ts).
 */
import type { BriefingBody, BriefingType } from '../../../src/protocol/intelligence'
import { missing } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import { getProject } from '../projects'
import { getResearch } from '../researches'
import { storiesOfDocuments, storyById } from '../stories'
import { connectionBriefing, entityBriefing, frameBriefing, scopeBriefing } from './briefing'
import { loadCorpus } from './corpus'
import { findEntity, type GraphView, graphView } from './graph'
import { actorNeighbourDocuments, completedEventIds, conflictWitnessDocuments } from './queries'
import { actorRoles, connectionFrameIds, tenantView } from './service'
import { citeSources, storyBriefing } from './story-briefing'
import { OPPOSED_SENTIMENT_GAP } from './uncertainties'

/** The briefing of one of the tenant's objects, its key events citing their sources. */
export async function briefingFor(db: Queryable, tenantId: string, type: BriefingType, id: string): Promise<BriefingBody> {
  const briefing = await briefingOf(db, tenantId, type, id)
  // Every key event cites its source and its claim's credibility (issue 20).
  const documents = [...new Set(briefing.briefing.keyEvents.flatMap((e) => (e.documentId ? [e.documentId] : [])))]
  return citeSources(briefing, await storiesOfDocuments(db, tenantId, documents))
}

/**
 * The views a subject is briefed from: `scope`, its documents (those of `eventIds` that are completed);
 * `tenant`, those and the witnesses of their conflicts (see the rules above), with their entities merged.
 */
export async function subjectViews(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<{ tenant: GraphView; scope: GraphView }> {
  const witnesses = await conflictWitnessDocuments(db, tenantId, eventIds, OPPOSED_SENTIMENT_GAP)
  const tenant = await viewOf(db, tenantId, [...eventIds, ...witnesses])
  return { tenant, scope: graphView(tenant.corpus, new Set(eventIds)) }
}

// ---------------------------------------------------------------------------------------------------

/** The graph of these documents (those completed), their entities merged among them. */
async function viewOf(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<GraphView> {
  return graphView(await loadCorpus(db, tenantId, { eventIds: [...eventIds] }))
}

async function briefingOf(db: Queryable, tenantId: string, type: BriefingType, id: string): Promise<BriefingBody> {
  switch (type) {
    case 'research': {
      const research = await getResearch(db, tenantId, id)
      if (!research) throw missing('Research')
      const { tenant, scope } = await subjectViews(db, tenantId, await completedEventIds(db, tenantId, { researchId: id }))
      return scopeBriefing(tenant, scope, { type, id, title: research.title })
    }
    case 'project': {
      const project = await getProject(db, tenantId, id)
      if (!project) throw missing('Project')
      const { tenant, scope } = await subjectViews(db, tenantId, await completedEventIds(db, tenantId, { projectId: id }))
      return scopeBriefing(tenant, scope, { type, id, title: project.display_name })
    }
    case 'story': {
      const story = await storyById(db, tenantId, id)
      if (!story) throw missing('Story')
      return storyBriefing((await subjectViews(db, tenantId, story.documentIds)).tenant, story)
    }
    case 'actionframe': {
      const view = await viewOf(db, tenantId, await actorNeighbourDocuments(db, tenantId, [id]))
      const frame = view.frames.find((f) => f.id === id)
      if (!frame) throw missing('Action frame')
      return frameBriefing(view, frame, await actorRoles(db, tenantId, id))
    }
    case 'causalcontext': {
      const ids = (await connectionFrameIds(db, tenantId, id)) ?? []
      const view = await viewOf(db, tenantId, await actorNeighbourDocuments(db, tenantId, ids))
      const [a, b] = ids.map((frameId) => view.frames.find((f) => f.id === frameId))
      if (!a || !b || a === b) throw missing('Causal context')
      return connectionBriefing(view, id, a, b)
    }
    case 'entity': {
      const view = await tenantView(db, tenantId)
      const entity = findEntity(view.corpus.entities, id)
      if (!entity) throw missing('Entity')
      return entityBriefing(view, entity)
    }
  }
}
