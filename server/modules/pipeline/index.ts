/**
 * The pipeline: documents through their stages on pg-boss (worker pool, commands, stage table), with
 * per-tenant circuit breakers and their admin routes (plugin.ts: `createPipeline`, the breaker routes). What
 * other modules may use: its contract and what retention needs of the queue and blob store.
 */
export { sweepOrphanBlobs } from './queries/blobs'
export type { IngestInput, Pipeline } from './contract'
export { BOSS_SCHEMA, bossDb } from './queue'
