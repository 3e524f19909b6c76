/**
 * Data sources (spec §7 /sources): a workspace's or project's feeds, searches and channels, their previews,
 * sharing between tenants, and the source runner that polls them. Public face: its plugin, the runner and
 * the source lookups.
 */
import type { FeatureModule } from '../../platform/module'
import { discoveryRoutes } from './discovery-routes'
import { type PreviewDeps, sourcePreviewRoutes } from './preview-routes'
import { type DataSourceDeps, dataSourceRoutes } from './routes'

export { SINGLE_DOCUMENT_KINDS, getDataSource, insertDataSource, noteItemIngested, recordDocumentOutcome, type DataSourceRow } from './queries'
export { SOURCE_RUN_QUEUES, createSourceRunner, feedReadersOf, type SourceRunner, type SourceRunnerOptions } from './runner/runner'

export type DataSourcesModuleDeps = DataSourceDeps & PreviewDeps
export const dataSourcesModule: FeatureModule<DataSourcesModuleDeps> = async (app, deps) => {
  await dataSourceRoutes(app, deps)
  await sourcePreviewRoutes(app, deps)
  await discoveryRoutes(app, deps)
}
