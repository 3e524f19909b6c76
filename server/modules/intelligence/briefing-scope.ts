/**
 * What a briefing reads (GET /briefing/{type}/{id}, issue 20 item 8): `briefingFor` is the route's one call
 * (and bench/intelligence/requests.ts's), refusing an id the tenant does not have as not found.
 *
 * Rules (what reading a bounded set of rows changes; briefing.ts and story-briefing.ts say the rest):
 * - A research, a project or a story is briefed from its own completed documents, never the tenant's corpus.
 *   A conflict of one of its frames with a frame of another completed document outside them is found by the
 *   frames' actor keys (briefing-keys.ts): the same action type, a key in common and the opposite reading
 *   (uncertainties.ts). Which frames are so contradicted is kept as documents come and go (migration 032)
 *   and read by the subject's documents (queries/briefing-keys.ts `contradictedFrames`), not the witness's
 *   document, so what such a briefing reads grows with its subject, not with the tenant. (Reading each
 *   witness's document with its entities, a research of 2,000 documents read 9,000 more at 22,000 documents,
 *   and its first read after an arrival took 3.8 s, 6.9 s at 102,000; probing its 47,000 key rows for
 *   witnesses instead took 0.5 s at 4,000 documents, 0.9 s at 22,000.)
 * - An action frame or a causal context is briefed from its frames' documents and those of every frame
 *   sharing an actor key with one of them (any action type): its neighbourhood, which its connections,
 *   conflicts and graph are drawn from.
 * - Entities are merged among the documents read (aliases.ts), so an entity's name, kind and id are chosen
 *   among them, and an entity's weight in the graph is its mentions among them: they are the whole tenant's
 *   unless the tenant's other documents mention it too, spell it otherwise more often, or chain its aliases
 *   to another entity's.
 * - Two frames of documents read for different reasons are found to share an actor (a connection, a
 *   conflict) through an actor name key, not through an alias chain a document not read makes.
 * - An entity is briefed from the documents giving it one of its names (its detected entities and their
 *   aliases, its frames' actors and resources; by key, briefing-keys.ts), their frames' conflicts beyond them
 *   found as above: every document it is mentioned in or acts in, however many. An entity id whose slug
 *   spells none of its names is looked for in the tenant's whole graph instead.
 * - Key events cite their sources and credibility from their documents' stories (story-briefing.ts).
 */
import type { BriefingBody, BriefingType } from '../../../src/protocol/intelligence'
import { missing } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import { getProject } from '../projects'
import { getResearch } from '../researches'
import { storiesOfDocuments, storyById } from '../stories'
import { type MergedEntity, nameKeys } from './aliases'
import { connectionBriefing, entityBriefing, frameBriefing, scopeBriefing } from './briefing'
import { loadCorpus } from './corpus'
import { findEntity, type GraphView, graphView } from './graph'
import { actorNeighbourDocuments, contradictedFrames, documentsNaming } from './queries/briefing-keys'
import { completedEventIds } from './queries/corpus'
import { actorRoles, connectionFrameIds, tenantView } from './service'
import { citeSources, storyBriefing } from './story-briefing'

/** An entity's id: `ent_<kind>_<slug of its name>` (aliases.ts). */
const ENTITY_ID = /^ent_[^_]+_(.+)$/

/** The briefing of one of the tenant's objects, its key events citing their sources. */
export async function briefingFor(db: Queryable, tenantId: string, type: BriefingType, id: string): Promise<BriefingBody> {
  const briefing = await briefingOf(db, tenantId, type, id)
  // Every key event cites its source and its claim's credibility (issue 20).
  const documents = [...new Set(briefing.briefing.keyEvents.flatMap((e) => (e.documentId ? [e.documentId] : [])))]
  return citeSources(briefing, await storiesOfDocuments(db, tenantId, documents))
}

/**
 * What a subject is briefed from: the view of its completed documents (their entities merged among them), and
 * which of its frames another document contradicts. A research or project is briefed over this one view, as
 * both the tenant's and its own: it reads nothing beyond its documents.
 */
export interface SubjectView {
  view: GraphView
  contradicted: ReadonlySet<string>
}

/** The view a subject is briefed from, `eventIds` its documents (those completed are read; see the rules above). */
export async function subjectView(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<SubjectView> {
  const [view, contradicted] = await Promise.all([viewOf(db, tenantId, eventIds), contradictedFrames(db, tenantId, eventIds)])
  return { view, contradicted: new Set(contradicted) }
}

// ---------------------------------------------------------------------------------------------------

/**
 * An entity and the view it is briefed from (see the rules above), or null when the tenant has none by that
 * id or name. The documents giving a name with a key of the query (a name, or the name an id's slug spells)
 * tell its names; those giving one of its names are read. An id whose slug spells none of its names (it has
 * punctuation or accents) is looked for in the tenant's whole view.
 */
async function entityView(db: Queryable, tenantId: string, nameOrId: string): Promise<{ view: GraphView; entity: MergedEntity; contradicted: ReadonlySet<string> } | null> {
  const slug = ENTITY_ID.exec(nameOrId)?.[1]
  const first = await viewOf(db, tenantId, await documentsNaming(db, tenantId, keysOf([nameOrId, ...(slug ? [slug.replace(/-/g, ' ')] : [])])))
  const found = findEntity(first.corpus.entities, nameOrId)
  if (found) {
    const { view, contradicted } = await subjectView(db, tenantId, await documentsNaming(db, tenantId, keysOf([found.name, ...found.aliases])))
    // More documents may choose another canonical name, and so another id.
    const entity = view.corpus.entities.byId.get(found.id) ?? view.corpus.entities.resolve(found.name)
    if (entity) return { view, entity, contradicted }
  }
  if (!slug) return null
  const whole = await tenantView(db, tenantId)
  const entity = findEntity(whole.corpus.entities, nameOrId)
  return entity ? { view: whole, entity, contradicted: new Set() } : null
}

/** Every key of these names, once. */
function keysOf(names: readonly string[]): string[] {
  return [...new Set(names.flatMap(nameKeys))]
}

/**
 * The graph of these documents (those completed), their entities merged among them. (Over the tenant's
 * entities instead, a research's briefing read after a document arrives took 0.72 s instead of 0.56 s at
 * 22,000 documents: the tenant's entities are merged again for each new version, and each view then goes
 * through all of them.)
 */
async function viewOf(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<GraphView> {
  return graphView(await loadCorpus(db, tenantId, { eventIds: [...eventIds] }))
}

async function briefingOf(db: Queryable, tenantId: string, type: BriefingType, id: string): Promise<BriefingBody> {
  switch (type) {
    case 'research': {
      const research = await getResearch(db, tenantId, id)
      if (!research) throw missing('Research')
      const { view, contradicted } = await subjectView(db, tenantId, await completedEventIds(db, tenantId, { researchId: id }))
      return scopeBriefing(view, view, { type, id, title: research.title }, contradicted)
    }
    case 'project': {
      const project = await getProject(db, tenantId, id)
      if (!project) throw missing('Project')
      const { view, contradicted } = await subjectView(db, tenantId, await completedEventIds(db, tenantId, { projectId: id }))
      return scopeBriefing(view, view, { type, id, title: project.display_name }, contradicted)
    }
    case 'story': {
      const story = await storyById(db, tenantId, id)
      if (!story) throw missing('Story')
      const { view, contradicted } = await subjectView(db, tenantId, story.documentIds)
      return storyBriefing(view, story, contradicted)
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
      const found = await entityView(db, tenantId, id)
      if (!found) throw missing('Entity')
      return entityBriefing(found.view, found.entity, found.contradicted)
    }
  }
}
