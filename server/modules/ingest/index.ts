/**
 * Ingest (spec §7 /ingest/*): pasted text, uploads and web pages into a workspace, under the tenant's
 * quotas. Public face: its plugin and the quotas the source runner admits items by.
 */
import type { FeatureModule } from '../../platform/module'
export { createIngestQuotas, type IngestLimits, type IngestQuotas, type QuotaRefusal } from './quotas'
import { type IngestDeps, ingestRoutes } from './routes'

export type { IngestDeps } from './routes'
export const ingestModule: FeatureModule<IngestDeps> = ingestRoutes
