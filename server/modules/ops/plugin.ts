/** The ops module's routes (health, /config, the OpenAPI document and its page) and the backup channel main.ts opens. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { type HealthDeps, healthRoutes } from './health-routes'

export type { ClientSettings, HealthDeps } from './health-routes'
export { startOpsChannel } from './ops-channel'

export const opsModule: FeatureModule<HealthDeps> = healthRoutes
