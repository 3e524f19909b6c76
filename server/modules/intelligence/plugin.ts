/** The intelligence module's routes: pulse, graph, prospective, KPIs. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { graphRoutes } from './graph-routes'
import { kpiRoutes } from './kpi-routes'
import { prospectiveRoutes } from './prospective-routes'
import { pulseRoutes } from './pulse-routes'
import { timePlaceRoutes } from './time-place-routes'

export const intelligenceModule: FeatureModule = async (app, deps) => {
  await pulseRoutes(app, deps)
  await graphRoutes(app, deps)
  await prospectiveRoutes(app, deps)
  await kpiRoutes(app, deps)
  await timePlaceRoutes(app, deps)
}
