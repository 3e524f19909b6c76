/**
 * The pipeline: documents through their stages on pg-boss (worker pool, commands, stage table), with
 * per-tenant circuit breakers and their admin routes. Public face: `createPipeline`, its contract, the
 * breaker routes and what retention needs of the queue and blob store.
 */
export { sweepOrphanBlobs } from './queries/blobs'
export type { IngestInput, Pipeline } from './contract'
export { BOSS_SCHEMA, bossDb } from './queue'
export { createPipeline } from './pipeline'
export { breakerRoutes } from './routes'
