/**
 * Intelligence (spec §7 /dashboard, /graph, /prospective, /kpi, /briefing): the pulse, the knowledge graph,
 * forecasts and motifs, KPIs and briefings over a tenant's frames. What other modules may use: the pieces
 * the pipeline computes as documents complete (aliases, novelty, uncertainties, graph keys, frames' actor keys,
 * KPI refresh).
 */
export { backfillBriefingKeys } from './briefing-keys'
export { type EntityDecision, entityKey, keysThroughDecisions, mergeEntities, nameKeys } from './aliases'
export { documentConnectionId, pairsSharingActors } from './graph'
export { refreshKpiBindings } from './kpis'
export { signatureKeys, signatureOf, withNovelty } from './novelty'
export { backfillSignals, keepCompletedDocument } from './signals'
export { frameUncertainties, type FrameFacts } from './uncertainties'
export { findEntity } from './graph'
export { loadCorpus } from './corpus'
export { entityDecisions, tenantEntities } from './tenant-entities'
