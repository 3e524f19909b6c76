/** The alerts module's routes. Imported by server/app.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { alertsRoutes } from './routes'
import type { AlertsDeps } from './service'

export type { AlertsDeps } from './service'
export { startWebhookDeliveries, testOnlyWebhookPolicy } from './webhooks'
export const alertsModule: FeatureModule<AlertsDeps> = alertsRoutes
