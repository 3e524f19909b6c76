/** The intelligence module's routes: pulse, graph, prospective, KPIs. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { correctionRoutes } from './correction-routes'
import { entityRoutes } from './entity-routes'
import { entityGraphRoutes } from './entity-graph-routes'
import { graphRoutes } from './graph-routes'
import { kpiRoutes } from './kpi-routes'
import { prospectiveRoutes } from './prospective-routes'
import { pulseRoutes } from './pulse-routes'
import { timePlaceRoutes } from './time-place-routes'

export const intelligenceModule: FeatureModule = async (app, deps) => {
  await pulseRoutes(app, deps)
  await graphRoutes(app, deps)
  await entityRoutes(app, deps)
  await correctionRoutes(app, deps)
  await entityGraphRoutes(app, deps)
  await prospectiveRoutes(app, deps)
  await kpiRoutes(app, deps)
  await timePlaceRoutes(app, deps)
}
