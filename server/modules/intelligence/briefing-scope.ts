/**
 * What a briefing reads (GET /briefing/{type}/{id}, issue 20 item 8): `briefingFor` is the route's one call
 * (and bench/intelligence/requests.ts's), refusing an id the tenant does not have as not found.
 *
 * Rules (what reading a bounded set of rows changes; briefing.ts and story-briefing.ts say the rest):
 * - A research, a project or a story is briefed from the documents it is told by and the witnesses of their
 *   conflicts, never the tenant's corpus: its own completed documents; then, for each actor key of each of
 *   their frames (actor-keys.ts), the first frame by id of another completed document with that key, the
 *   same action type and the opposite reading (uncertainties.ts), read with its document. So what a briefing
 *   reads grows with its subject and the conflicts of its frames, not with the tenant.
 * - Entities are merged among the documents read (aliases.ts), so an entity's name, kind and id are chosen
 *   among them: they are the whole tenant's unless the tenant's other documents spell it otherwise more
 *   often or chain its aliases to another entity's.
 * - conflicting_sources (counted in a briefing's uncertainties) finds a frame of a document not otherwise read
 *   through an actor name key the two frames share, not through an alias chain a third document makes.
 * - An action frame, an entity or a causal context is still briefed from the tenant's whole graph: what it
 *   shows (every frame sharing an actor, every document naming the entity) is that neighbourhood.
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
import { completedEventIds, conflictWitnessDocuments } from './queries'
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
  const corpus = await loadCorpus(db, tenantId, { eventIds: [...eventIds, ...witnesses] })
  return { tenant: graphView(corpus), scope: graphView(corpus, new Set(eventIds)) }
}

// ---------------------------------------------------------------------------------------------------

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
      const view = await tenantView(db, tenantId)
      const frame = view.frames.find((f) => f.id === id)
      if (!frame) throw missing('Action frame')
      return frameBriefing(view, frame, await actorRoles(db, tenantId, id))
    }
    case 'entity': {
      const view = await tenantView(db, tenantId)
      const entity = findEntity(view.corpus.entities, id)
      if (!entity) throw missing('Entity')
      return entityBriefing(view, entity)
    }
    case 'causalcontext': {
      const view = await tenantView(db, tenantId)
      const ids = await connectionFrameIds(db, tenantId, id)
      const [a, b] = (ids ?? []).map((frameId) => view.frames.find((f) => f.id === frameId))
      if (!a || !b || a === b) throw missing('Causal context')
      return connectionBriefing(view, id, a, b)
    }
  }
}
