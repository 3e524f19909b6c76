/** The users module's routes: the account and settings, a tenant's members. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { memberRoutes } from './member-routes'
import { userRoutes } from './routes'

export const usersModule: FeatureModule = async (app, deps) => {
  await userRoutes(app, deps)
  await memberRoutes(app, deps)
}
