/**
 * Intelligence (spec §7 /dashboard, /graph, /prospective, /kpi, /briefing): the pulse, the knowledge graph,
 * forecasts and motifs, KPIs and briefings over a tenant's frames. Public face: its plugin and the pieces the
 * pipeline computes as documents complete (aliases, novelty, uncertainties, graph keys, KPI refresh).
 */
import type { FeatureModule } from '../../platform/module'
import { graphRoutes } from './graph-routes'
import { kpiRoutes } from './kpi-routes'
import { prospectiveRoutes } from './prospective-routes'
import { pulseRoutes } from './pulse-routes'

export { mergeEntities } from './aliases'
export { documentConnectionId, pairsSharingActors } from './graph'
export { refreshKpiBindings } from './kpis'
export { signatureKeys, signatureOf, withNovelty } from './novelty'
export { frameUncertainties, type FrameFacts } from './uncertainties'

export const intelligenceModule: FeatureModule = async (app, deps) => {
  await pulseRoutes(app, deps)
  await graphRoutes(app, deps)
  await prospectiveRoutes(app, deps)
  await kpiRoutes(app, deps)
}
