/**
 * The intelligence routes' rules, without HTTP: every view is computed from the caller's tenant's corpus
 * only, and a research, project, frame or entity of another tenant is refused as not found, like a
 * missing one. Refusals are thrown as `Refusal`s.
 */
import { z } from 'zod'
import { type KpiBinding, KpiDefinitionIds, type PulseBody, type SeriesSelector } from '../../../src/protocol/intelligence'
import { missing, Refusal } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import type { ModuleDeps } from '../../platform/module'
import { getResearch } from '../researches'
import { boardStoryFacts, documentStories } from '../stories'
import type { ActorRole } from './briefing'
import { type EntityIndex, type MergedEntity, nameKeys } from './aliases'
import { type Corpus, lastDays, loadCorpus } from './corpus'
import { mentionSeries, signalSeries } from './forecast'
import { frameIdsOfConnection, graphView, type GraphView } from './graph'
import { kpiDefinition, refreshKpiBinding, toKpiBinding } from './kpis'
import { boardCandidates, computePulse } from './pulse'
import { connectionParticipants, countMatching, firstIngestedAt, frameActionTypes, frameBody, newestMatchingEventIds } from './queries/corpus'
import { contextTypeOf, getKpiBinding, insertKpiBinding, setKpiBindingValue } from './queries/kpis'
import { actorNeighbourDocuments, documentsNaming } from './queries/briefing-keys'
import { tenantEntities } from './tenant-entities'
import { keptPulse, keptSignalSeries } from './signals'

/**
 * POST /dashboard/pulse: in Global mode, the pulse as kept (signals.ts); in Query mode, computed from the
 * documents matching the query (the newest `cap` of them), its history the tenant's (pulse-routes.ts).
 */
export async function pulseOf(db: Queryable, tenantId: string, now: number, query: string | null, cap = PULSE_QUERY_DOCUMENTS): Promise<PulseBody> {
  if (!query) return keptPulse(db, tenantId, now)
  // The newest matching documents, one more than the cap: whether more match than are read.
  const newest = await newestMatchingEventIds(db, tenantId, query, cap + 1)
  const corpus = await loadCorpus(db, tenantId, { eventIds: newest.slice(0, cap) })
  // The boards read by story: the stories of their candidates, then each story once (pulse.ts).
  const candidates = boardCandidates(corpus)
  const stories = await boardStoryFacts(db, tenantId, [...candidates.risk, ...candidates.opportunity])
  const storyIndex = await documentStories(
    db,
    tenantId,
    corpus.documents.map((d) => d.id),
  )
  const body = computePulse(corpus, now, query, await firstIngestedAt(db, tenantId), stories, storyIndex)
  return newest.length > cap ? { ...body, matching: await countMatching(db, tenantId, query) } : body
}

/**
 * How many of the newest documents matching a query the Query-mode pulse is computed from: a word in half of
 * 100,000 documents read them all, for longer than a request waits (over 300 s). The answer says how many match.
 */
export const PULSE_QUERY_DOCUMENTS = 5000

/**
 * An entity of the tenant (`find` picks it among the tenant's entities) and the graph view of the documents
 * giving one of its names (by key: its mentions, the frames naming it as actor or resource), over the tenant's
 * entities: what an entity's page, timeline and frames read instead of the tenant's whole corpus. Its
 * `byDocument` and the frames naming it are then whole. Undefined when `find` finds none.
 */
export async function entityWithDocuments(db: Queryable, tenantId: string, find: (index: EntityIndex) => MergedEntity | undefined): Promise<{ view: GraphView; entity: MergedEntity } | undefined> {
  const known = find(await tenantEntities(db, tenantId))
  if (!known) return undefined
  const keys = [...new Set([known.name, ...known.aliases].flatMap(nameKeys))]
  const view = await documentsView(db, tenantId, await documentsNaming(db, tenantId, keys))
  const entity = view.corpus.entities.byId.get(known.id)
  return entity ? { view, entity } : undefined
}

/** The tenant's whole graph view. */
export async function tenantView(db: Queryable, tenantId: string): Promise<GraphView> {
  return graphView(await loadCorpus(db, tenantId))
}

/** The graph view of these documents (those completed) over the tenant's entities. */
export async function documentsView(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<GraphView> {
  return graphView(await loadCorpus(db, tenantId, { eventIds: [...eventIds] }, { tenantEntities: true }))
}

/**
 * The view a node's one-hop neighbours are read from, instead of the tenant's whole graph (at 100,000 documents,
 * 148 s): a frame's, the documents of every frame sharing an actor key with it (its document, its actors and the
 * frames it connects to are among them); a document's, itself (its frames and the entities it mentions); an
 * entity's, the documents giving one of its names. Undefined for an id that is none of the tenant's.
 */
export async function nodeView(db: Queryable, tenantId: string, id: string): Promise<GraphView | undefined> {
  const [frame] = await db.query<{ event_id: string }>(`SELECT event_id FROM action_frames WHERE tenant_id = $1 AND id = $2`, [tenantId, id])
  if (frame) return documentsView(db, tenantId, await actorNeighbourDocuments(db, tenantId, [id]))
  const [document] = await db.query<{ id: string }>(`SELECT id FROM events WHERE tenant_id = $1 AND id = $2`, [tenantId, id])
  if (document) return documentsView(db, tenantId, [id])
  return (await entityWithDocuments(db, tenantId, (index) => index.byId.get(id)))?.view
}

/** The research's graph view over the tenant's entities; refused when the tenant has no such research. */
export async function researchView(db: Queryable, tenantId: string, researchId: string): Promise<GraphView> {
  if (!(await getResearch(db, tenantId, researchId))) throw missing('Research')
  // The research's documents over the tenant's entities (kept spellings): the rest of the corpus is not read.
  return graphView(await loadCorpus(db, tenantId, { researchId }, { tenantEntities: true }))
}

/** The two frames a connection id names: a stored connection's participants, else the id's own form. */
export async function connectionFrameIds(db: Queryable, tenantId: string, id: string): Promise<string[] | null> {
  const stored = z
    .array(z.string())
    .min(2)
    .safeParse(await connectionParticipants(db, tenantId, id))
  return stored.success ? stored.data.slice(0, 2) : frameIdsOfConnection(id)
}

const storedActors = z.object({ actors: z.object({ entries: z.array(z.object({ text: z.string(), role: z.string() })) }) })

/** The actors of a stored frame with their roles (none when the body has no readable actors). */
export async function actorRoles(db: Queryable, tenantId: string, frameId: string): Promise<ActorRole[]> {
  const parsed = storedActors.safeParse(await frameBody(db, tenantId, frameId))
  return parsed.success ? parsed.data.actors.entries : []
}

/**
 * The daily series a selector names, over its history days ending `now`. All the tenant's signals are
 * read from the kept day counts (signals.ts); a context's signals and an entity's mentions from the
 * documents ingested in those days only, the entity resolved among them (or, named only in older
 * documents, among all of the context's: its mentions in the window are then none).
 */
export async function seriesOf(db: Queryable, tenantId: string, selector: SeriesSelector, now: number) {
  if (selector.metric === 'mentions' && !selector.entity) throw new Refusal('invalid', 'entity: an entity name is required for metric mentions')
  const { contextId, historyDays } = selector
  if (contextId && (await contextTypeOf(db, tenantId, contextId)) === null) throw missing('Research or project')
  if (selector.metric === 'signals' && !contextId) return { metric: selector.metric, entity: null, history: await keptSignalSeries(db, tenantId, now, historyDays) }
  const window = await loadCorpus(db, tenantId, { contextId, since: Date.parse(lastDays(now, historyDays)[0]!) })
  if (selector.metric === 'signals') return { metric: selector.metric, entity: null, history: signalSeries(window, now, historyDays) }
  const inWindow = window.entities.resolve(selector.entity!)
  const corpus = inWindow ? window : await loadCorpus(db, tenantId, { contextId })
  const entity = inWindow ?? corpus.entities.resolve(selector.entity!)
  if (!entity) throw missing(`Entity "${selector.entity}"`)
  return { metric: selector.metric, entity: entity.name, history: mentionSeries(corpus, entity, now, historyDays) }
}

/** The tenant's corpus, within a research or project when a context is given (refused when it is not the tenant's). */
export async function contextCorpus(db: Queryable, tenantId: string, contextId: string | null | undefined): Promise<Corpus> {
  if (contextId && (await contextTypeOf(db, tenantId, contextId)) === null) throw missing('Research or project')
  return loadCorpus(db, tenantId, { contextId })
}

/** The action type of one of the tenant's frames; refused when the tenant has no frame by that id. */
export async function actionTypeOf(db: Queryable, tenantId: string, frameId: string): Promise<string> {
  const row = await frameActionTypes(db, tenantId, frameId)
  if (!row) throw missing('Action frame')
  return row.action_type ?? row.body_type ?? 'unknown'
}

/** The binding as stored now; refused when it is not the tenant's (or was deleted meanwhile). */
export async function kpiBinding(db: Queryable, tenantId: string, id: string): Promise<KpiBinding> {
  const row = await getKpiBinding(db, tenantId, id)
  if (!row) throw missing('KPI binding')
  return toKpiBinding(row)
}

/**
 * Binds a built-in KPI to one of the tenant's researches or projects and computes its value; answers the
 * binding. Refused for an unknown definition, a context not the tenant's, a KPI the context has already.
 */
export async function bindKpi(deps: ModuleDeps, tenantId: string, contextId: string, kpiDefinitionId: string): Promise<KpiBinding> {
  const { db, clock, ids } = deps
  const def = kpiDefinition(kpiDefinitionId)
  if (!def) throw new Refusal('invalid', `kpiDefinitionId: unknown KPI definition '${kpiDefinitionId}' (known: ${KpiDefinitionIds.join(', ')})`)
  const contextType = await contextTypeOf(db, tenantId, contextId)
  if (!contextType) throw missing('Research or project')
  const id = ids.next('kpi')
  const inserted = await insertKpiBinding(db, tenantId, { id, contextId, contextType, kpiDefinitionId: def.id, now: clock.now() })
  if (!inserted) throw new Refusal('conflict', `The KPI '${def.id}' is already bound to this ${contextType}`)
  // Computed after the insert has committed, so a document completing meanwhile is counted either way.
  await refreshKpiBinding(db, tenantId, id, clock.now())
  return kpiBinding(db, tenantId, id)
}

/** A number sets a manual value; null hands the binding back and computes it again at once. Answers the binding. */
export async function setKpiValue(deps: ModuleDeps, tenantId: string, id: string, currentValue: number | null): Promise<KpiBinding> {
  const { db, clock } = deps
  if (!(await setKpiBindingValue(db, tenantId, id, currentValue, clock.now()))) throw missing('KPI binding')
  if (currentValue === null) await refreshKpiBinding(db, tenantId, id, clock.now())
  return kpiBinding(db, tenantId, id)
}
