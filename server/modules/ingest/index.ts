/**
 * Ingest (spec §7 /ingest/*): pasted text, uploads and web pages into a workspace, under the tenant's
 * quotas. What other modules may use: the quotas the source runner admits items by (the routes: plugin.ts).
 */
export { createIngestQuotas, type IngestLimits, type IngestQuotas, type QuotaRefusal } from './quotas'
