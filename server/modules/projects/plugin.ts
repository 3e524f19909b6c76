/** The projects module's routes: projects, and commits of a workspace's findings into one. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { commitRoutes } from './commit-routes'
import { projectRoutes } from './routes'

export const projectsModule: FeatureModule = async (app, deps) => {
  await projectRoutes(app, deps)
  await commitRoutes(app, deps)
}
