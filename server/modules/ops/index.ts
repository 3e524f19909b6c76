/**
 * Ops: health, the browser's configuration, the OpenAPI document and its reference page; the backup
 * channel and CLI (ops-channel.ts, cli.ts) run beside the server. Public face: its plugin.
 */
import type { FeatureModule } from '../../platform/module'
import { type HealthDeps, healthRoutes } from './health-routes'

export { startOpsChannel } from './ops-channel'
export type { ClientSettings, HealthDeps } from './health-routes'

export const opsModule: FeatureModule<HealthDeps> = healthRoutes
