/** The session-data module's routes. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { type SessionDataDeps, sessionDataRoutes } from './routes'

export type { SessionDataDeps } from './routes'
export const sessionDataModule: FeatureModule<SessionDataDeps> = sessionDataRoutes
