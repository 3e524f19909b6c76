/**
 * The enrichers that follow Core_FrameEnricher, after processing-complete, one job each in this order:
 * Core_AliasEnricher → Core_ContextUpdater → Core_ContextPairVerifier → Core_UncertaintyResolver →
 * Core_HypothesisAF. They are light for now: each records its result with its run (the journal's memo,
 * written when the run is marked done), and only the pair verifier speaks on the live channel
 * (`connection-updated` for frames of the same event that share an actor). None of them changes the
 * card's status: a failure here leaves a completed document completed.
 */
import type { Analysis } from '../../../analysis/index'
import { mentionCountOf } from '../../../../src/protocol/analysis'
import type { Queryable } from '../../../platform/db/database'
import { mergeEntities } from '../../intelligence'
import { documentConnectionId, pairsSharingActors } from '../../intelligence'
import { refreshKpiBindings } from '../../intelligence'
import { type FrameFacts, frameUncertainties } from '../../intelligence'
import { storeConnections } from '../queries/connections'
import { done, type Stage } from '../stage'
import { analysisOf } from './frame-enricher'
import { frameIdOf } from './shapes'

/** Connections per event are capped: n frames make n² pairs. */
export const MAX_CONNECTIONS_PER_EVENT = 50

/**
 * Core_AliasEnricher: which names in this document are other names of the same entity, merged by the
 * rules the graph and /entity/resolve use (intelligence/aliases.ts), with the entity's id there.
 */
export function aliasEnricher(): Stage {
  return async (job, ctx) => {
    const analysis = await analysisOf(ctx, job)
    const merged = mergeEntities(analysis.entities.map((e) => ({ eventId: ctx.event.id, text: e.text, kind: e.kind, aliases: e.aliases, mentions: mentionCountOf(e) })))
    const aliases = merged.entities.filter((e) => e.aliases.length > 0).map((e) => ({ id: e.id, canonical: e.name, kind: e.kind, aliases: e.aliases }))
    return done([{ key: 'Core_ContextUpdater', contentHash: job.contentHash }], { record: { result: { aliases } } })
  }
}

/** Core_ContextUpdater: the document's place in its workspace (area, domain, most-mentioned entities); its contexts' KPIs recomputed. */
export function contextUpdater(): Stage {
  return async (job, ctx) => {
    const analysis = await analysisOf(ctx, job)
    const result = {
      knowledgeArea: analysis.knowledgeArea,
      detectedDomain: analysis.detectedDomain,
      pestleCategory: analysis.pestleCategory,
      language: analysis.language,
      topEntities: [...analysis.entities]
        .sort((a, b) => mentionCountOf(b) - mentionCountOf(a) || a.text.localeCompare(b.text))
        .slice(0, 5)
        .map((e) => ({ text: e.text, kind: e.kind, mentions: mentionCountOf(e) })),
    }
    // The KPIs of the document's research and project, recomputed with the run's done mark (kpis.ts).
    const { research_id: researchId, project_id: projectId } = ctx.event
    const write = (tx: Queryable) => refreshKpiBindings(tx, ctx.tenantId, { researchId, projectId }, ctx.clock.now())
    return done([{ key: 'Core_ContextPairVerifier', contentHash: job.contentHash }], { record: { result }, write })
  }
}

/** A connection as `connection-updated` carries it and the connections table keeps it. */
export type SharedActorConnection = {
  id: string
  type: 'shared_actor'
  participants: string[]
  status: 'Active'
  confidence: number
  sharedActors: string[]
}

/** Core_ContextPairVerifier: frames of the same event sharing an actor are connected, with a confidence. */
export function contextPairVerifier(): Stage {
  return async (job, ctx) => {
    const { event, tenantId } = ctx
    const analysis = await analysisOf(ctx, job)
    const connections = sharedActorPairs(event.id, analysis)
    if (connections.length > 0) {
      const now = ctx.clock.now()
      await ctx.emit(
        connections.map((connection) => ({ type: 'connection-updated' as const, data: { connection } })),
        async (tx) => {
          await storeConnections(tx, tenantId, { eventId: event.id, sessionId: event.session_id }, connections, now)
        },
      )
    }
    return done([{ key: 'Core_UncertaintyResolver', contentHash: job.contentHash }], { record: { result: { connections: connections.map((c) => c.id) } } })
  }
}

/**
 * Core_UncertaintyResolver: which frames rest on weak ground, and why, by the frame-local rules of
 * intelligence/uncertainties.ts (conflicts between sources are looked for when a frame's are asked for).
 */
export function uncertaintyResolver(): Stage {
  return async (job, ctx) => {
    const analysis = await analysisOf(ctx, job)
    const uncertain = analysis.frames.map((f) => ({ frameId: frameIdOf(ctx.event.id, f.actionIndex), items: frameUncertainties(frameFacts(f)) })).filter((u) => u.items.length > 0)
    return done([{ key: 'Core_HypothesisAF', contentHash: job.contentHash }], { record: { result: { uncertain } } })
  }
}

/** Core_HypothesisAF: planned and predicted actions, kept as hypotheses to check against later sources. */
export function hypothesisAF(): Stage {
  return async (job, ctx) => {
    const analysis = await analysisOf(ctx, job)
    const hypotheses = analysis.frames
      .filter((f) => f.temporality === 'planned' || f.temporality === 'future')
      .map((f) => ({ frameId: frameIdOf(ctx.event.id, f.actionIndex), statement: f.actionDescription }))
    return done([], { record: { result: { hypotheses } } })
  }
}

/**
 * Pairs of frames naming a common actor (the document's own aliases resolved); the confidence is the rule
 * the knowledge graph's connections follow (intelligence/graph.ts connectionConfidence).
 */
export function sharedActorPairs(eventId: string, analysis: Analysis): SharedActorConnection[] {
  const canonical = new Map<string, string>()
  for (const e of analysis.entities) for (const name of [e.text, ...e.aliases]) canonical.set(name.toLowerCase(), e.text)
  const items = analysis.frames.map((f) => ({ frame: f, actors: f.actors.entries.map((a) => canonical.get(a.text.toLowerCase()) ?? a.text) }))
  return pairsSharingActors(items)
    .map(
      ({ a, b, shared, confidence }): SharedActorConnection => ({
        id: documentConnectionId(eventId, a.actionIndex, b.actionIndex),
        type: 'shared_actor',
        participants: [frameIdOf(eventId, a.actionIndex), frameIdOf(eventId, b.actionIndex)],
        status: 'Active',
        confidence,
        sharedActors: shared,
      }),
    )
    .sort((x, y) => y.confidence - x.confidence || x.id.localeCompare(y.id))
    .slice(0, MAX_CONNECTIONS_PER_EVENT)
}

function frameFacts(f: Analysis['frames'][number]): FrameFacts {
  return { confidence: f.confidence, veracity: f.metadata.veracity, temporality: f.temporality, negated: f.negated === true, actorCount: f.actors.entries.length }
}
