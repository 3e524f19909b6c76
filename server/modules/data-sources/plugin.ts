/** The data-sources module's routes: sources, their previews, sharing. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { discoveryRoutes } from './discovery-routes'
import { type PreviewDeps, sourcePreviewRoutes } from './preview-routes'
import { type DataSourceDeps, dataSourceRoutes } from './routes'

export type DataSourcesModuleDeps = DataSourceDeps & PreviewDeps
export const dataSourcesModule: FeatureModule<DataSourcesModuleDeps> = async (app, deps) => {
  await dataSourceRoutes(app, deps)
  await sourcePreviewRoutes(app, deps)
  await discoveryRoutes(app, deps)
}
