/**
 * Users (spec §7 /users, /tenants/{id}/members): the caller's account and settings, a tenant's members.
 * Public face of the module: its plugin.
 */
import type { FeatureModule } from '../../platform/module'
import { memberRoutes } from './member-routes'
import { userRoutes } from './routes'

export const usersModule: FeatureModule = async (app, deps) => {
  await userRoutes(app, deps)
  await memberRoutes(app, deps)
}
