/** The exchange module's routes: export and import of archives. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { exchangeRoutes } from './routes'

export const exchangeModule: FeatureModule = exchangeRoutes
