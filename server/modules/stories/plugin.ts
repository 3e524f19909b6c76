/** The stories module's routes. Imported by server/app.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { storiesRoutes } from './routes'

export const storiesModule: FeatureModule = storiesRoutes
