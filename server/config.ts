/**
 * Server settings, from the environment. `.env.example` lists each with its default.
 */
import { z } from 'zod'
import { DEFAULT_JOB_POLICY } from './pipeline/queue'
import { DEFAULT_INGEST_LIMITS, type IngestLimits } from './quotas/ingest-quotas'

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  FIREBASE_PROJECT_ID: z.string().default('demo-sightline'),
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(7),
  WS_TICKET_SECRET: z.string().optional(),
  WS_TICKET_TTL_SECONDS: z.coerce.number().int().positive().default(60),
  LIVE_LOG_RETENTION: z.coerce.number().int().positive().default(100_000),
  PUBLIC_URL: z.string().optional(),
  /** How long a job may run without finishing before it counts as stalled (its worker died) and is retried. */
  PIPELINE_STALL_SECONDS: z.coerce.number().int().positive().default(DEFAULT_JOB_POLICY.expireInSeconds),
  /** Retries of a failed or stalled job before its document ends in error. */
  PIPELINE_RETRY_LIMIT: z.coerce.number().int().min(0).default(DEFAULT_JOB_POLICY.retryLimit),
  /** How often the queue looks for stalled jobs. */
  PIPELINE_MAINTENANCE_SECONDS: z.coerce.number().int().positive().default(30),
  // Analysis and file reading run on a pool of worker threads (server/compute/pool.ts).
  /** Worker threads for analysis and parsing; default: one per core. */
  ANALYSIS_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Time one document's analysis may take (all its chunks), and one file's reading; kept under PIPELINE_STALL_SECONDS. */
  ANALYSIS_TIME_BUDGET_SECONDS: z.coerce.number().positive().default(240),
  /** Heap of each worker thread: an analysis or a file that needs more ends in error. */
  ANALYSIS_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** Longer texts are analysed in pieces of at most this many characters, in parallel, and merged. */
  ANALYSIS_CHUNK_CHARS: z.coerce.number().int().min(2000).default(40_000),
  // Retention and the embedded database's upkeep (server/retention/maintenance.ts).
  /** Live messages older than this are pruned (a client away longer reloads its workspace through the API). */
  LIVE_LOG_RETENTION_DAYS: z.coerce.number().positive().default(30),
  /** Finished pipeline bookkeeping (stage runs and the analyses they keep, pg-boss's archived jobs, breaker failures) is kept this long. */
  PIPELINE_RETENTION_DAYS: z.coerce.number().positive().default(7),
  /** A document's stored full text (what reprocess reads) is kept this long after its last analysis; 0: as long as the document. */
  CONTENT_RETENTION_DAYS: z.coerce.number().min(0).default(0),
  /** How often retention is enforced (and the two below looked at). */
  MAINTENANCE_MINUTES: z.coerce.number().positive().default(15),
  /** PGlite, which has no autovacuum: VACUUM ANALYZE this often. */
  DB_VACUUM_MINUTES: z.coerce.number().positive().default(60),
  /** PGlite: after a deletion, the database's files are rewritten without it (VACUUM FULL) at most this often. */
  DB_PURGE_MINUTES: z.coerce.number().positive().default(60),
  // Ingest quotas per team (server/quotas/ingest-quotas.ts); 0 turns the queue limit or the rate off.
  /** Documents a team may have accepted and not yet finished (completed or in error). */
  INGEST_QUEUE_LIMIT: z.coerce.number().int().min(0).default(DEFAULT_INGEST_LIMITS.queuedDocuments),
  /** New documents a team may add per minute, sustained (the token bucket's refill). */
  INGEST_RATE_PER_MINUTE: z.coerce.number().min(0).default(DEFAULT_INGEST_LIMITS.perMinute),
  /** New documents a team may add at once before the per-minute rate applies (the token bucket's size). */
  INGEST_BURST: z.coerce.number().int().min(1).default(DEFAULT_INGEST_LIMITS.burst),
})

export type ServerConfig = z.infer<typeof schema>

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = schema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid setting ${issue?.path.join('.')}: ${issue?.message}`)
  }
  const config = parsed.data
  // Emulator tokens are unsigned: accepting them in production would accept anyone.
  if (config.NODE_ENV === 'production' && config.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new Error('Refusing to start: FIREBASE_AUTH_EMULATOR_HOST is set with NODE_ENV=production (emulator tokens are unsigned)')
  }
  return config
}

/** The settings the ingest quotas read. */
export type IngestQuotaSettings = Pick<ServerConfig, 'INGEST_QUEUE_LIMIT' | 'INGEST_RATE_PER_MINUTE' | 'INGEST_BURST'>

/** The quota limits of a configuration; a setting left out takes its default. */
export function ingestLimitsOf(config: Partial<IngestQuotaSettings>): IngestLimits {
  return {
    queuedDocuments: config.INGEST_QUEUE_LIMIT ?? DEFAULT_INGEST_LIMITS.queuedDocuments,
    perMinute: config.INGEST_RATE_PER_MINUTE ?? DEFAULT_INGEST_LIMITS.perMinute,
    burst: config.INGEST_BURST ?? DEFAULT_INGEST_LIMITS.burst,
  }
}

/** The quota limits the environment sets (a process that was not handed its configuration: the source runner's default). */
export function ingestLimitsFromEnv(env: NodeJS.ProcessEnv = process.env): IngestLimits {
  const parsed = schema.pick({ INGEST_QUEUE_LIMIT: true, INGEST_RATE_PER_MINUTE: true, INGEST_BURST: true }).safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`Invalid setting ${issue?.path.join('.')}: ${issue?.message}`)
  }
  return ingestLimitsOf(parsed.data)
}
