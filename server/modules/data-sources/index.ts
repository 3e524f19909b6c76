/**
 * Data sources (spec §7 /sources): a workspace's or project's feeds, searches and channels, their previews,
 * sharing between tenants, and the source runner that polls them. What other modules may use: the runner
 * and the source lookups (the routes: plugin.ts).
 */
export { getDataSource, insertDataSource, noteItemIngested, recordDocumentOutcome, type DataSourceRow } from './queries'
export { SOURCE_RUN_QUEUES, createSourceRunner, feedReadersOf, type SourceRunner, type SourceRunnerOptions } from './runner/runner'
