/**
 * Permanent projects (spec §7 /projects) and commits of a workspace's findings into one. Public face: its
 * plugin and the project lookup.
 */
import type { FeatureModule } from '../../platform/module'
import { commitRoutes } from './commit-routes'
export { getProject, type ProjectRow } from './queries'
import { projectRoutes } from './routes'

export const projectsModule: FeatureModule = async (app, deps) => {
  await projectRoutes(app, deps)
  await commitRoutes(app, deps)
}
