/**
 * Server settings, from the environment: the one place the server reads `process.env` for them. The
 * entry point (main.ts) loads them once at start-up and passes them down. `.env.example` lists each
 * with its default, and a test holds the two together (tests/server/config.test.ts). The analysis
 * provider's and the source readers' own settings are parsed by their modules from the same environment
 * (server/analysis/config.ts, server/sources/config.ts), called from here and from the entry points.
 */
import { z } from 'zod'
import type { ClientSettings } from '../../src/protocol/http/platform'

/** Retry and expiry of every pipeline job (pg-boss's own defaults are slower to recover from a crash). */
export const DEFAULT_JOB_POLICY = { expireInSeconds: 300, retryLimit: 3, retryDelaySeconds: 2, retryBackoff: true } as const

/**
 * Far above an analyst's pace (a paste or an upload every few seconds, a project whose feeds bring a few
 * hundred items at once) and far below a flood's (1,800 ingests a minute, issue 17): the flood is refused
 * after its first 300 and then held to 2 a second, and never has more than 500 documents waiting.
 */
export const DEFAULT_INGEST_LIMITS = { queuedDocuments: 500, perMinute: 120, burst: 300 } as const

/** The ingest quotas' limits (server/modules/ingest/quotas.ts). */
export interface IngestLimits {
  /** Documents a tenant may have accepted and not yet finished; 0: no limit. */
  queuedDocuments: number
  /** New documents a tenant may add per minute, sustained; 0: no limit. */
  perMinute: number
  /** New documents a tenant may add at once before the rate applies (at least 1). */
  burst: number
}

const schema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections of this process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  /** Log every HTTP request (500s are logged on stderr either way). */
  LOG_REQUESTS: z.stringbool().default(false),
  /** Other sites' pages allowed to call the API, comma-separated origins; none when unset. */
  CORS_ORIGINS: z.string().default(''),
  /**
   * The load balancers or proxies in front of the API whose X-Forwarded-For / -Proto / -Host are believed
   * (trustProxyOf): `true`, a number of hops, or comma-separated addresses and CIDR ranges; unset, none.
   */
  TRUST_PROXY: z.string().default(''),
  FIREBASE_PROJECT_ID: z.string().default('demo-sightline'),
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  /** The identity provider's auth domain; `<project>.firebaseapp.com` when unset. */
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  /** Where `npm start` runs its own emulator; unset (0), a free port. */
  FIREBASE_AUTH_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** The analyser (server/analysis/config.ts reads its own settings); the browser is told which. */
  ANALYSIS_PROVIDER: z.string().default('local'),
  SESSION_TTL_DAYS: z.coerce.number().positive().default(7),
  WS_TICKET_SECRET: z.string().optional(),
  WS_TICKET_TTL_SECONDS: z.coerce.number().int().positive().default(60),
  LIVE_LOG_RETENTION: z.coerce.number().int().positive().default(100_000),
  /** How long a job may run without finishing before it counts as stalled (its worker died) and is retried. */
  PIPELINE_STALL_SECONDS: z.coerce.number().int().positive().default(DEFAULT_JOB_POLICY.expireInSeconds),
  /** Retries of a failed or stalled job before its document ends in error. */
  PIPELINE_RETRY_LIMIT: z.coerce.number().int().min(0).default(DEFAULT_JOB_POLICY.retryLimit),
  /** How often the queue looks for stalled jobs. */
  PIPELINE_MAINTENANCE_SECONDS: z.coerce.number().int().positive().default(30),
  // Analysis and file reading run on a pool of worker threads (server/platform/compute/pool.ts).
  /** Worker threads for analysis and parsing; default: one per core. */
  ANALYSIS_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** Time one document's analysis may take (all its chunks), and one file's reading; kept under PIPELINE_STALL_SECONDS. */
  ANALYSIS_TIME_BUDGET_SECONDS: z.coerce.number().positive().default(240),
  /** Heap of each worker thread: an analysis or a file that needs more ends in error. */
  ANALYSIS_WORKER_MEMORY_MB: z.coerce.number().int().min(64).default(1024),
  /** Longer texts are analysed in pieces of at most this many characters, in parallel, and merged. */
  ANALYSIS_CHUNK_CHARS: z.coerce.number().int().min(2000).default(40_000),
  // Retention and the embedded database's upkeep (server/modules/retention/maintenance.ts).
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
  // Ingest quotas per team (server/modules/ingest/quotas.ts); 0 turns the queue limit or the rate off.
  /** Documents a team may have accepted and not yet finished (completed or in error). */
  INGEST_QUEUE_LIMIT: z.coerce.number().int().min(0).default(DEFAULT_INGEST_LIMITS.queuedDocuments),
  /** New documents a team may add per minute, sustained (the token bucket's refill). */
  INGEST_RATE_PER_MINUTE: z.coerce.number().min(0).default(DEFAULT_INGEST_LIMITS.perMinute),
  /** New documents a team may add at once before the per-minute rate applies (the token bucket's size). */
  INGEST_BURST: z.coerce.number().int().min(1).default(DEFAULT_INGEST_LIMITS.burst),
})

export type ServerConfig = z.infer<typeof schema>

/** The names of the server's settings (what .env.example must list). */
export const SERVER_SETTINGS = Object.keys(schema.shape) as ReadonlyArray<keyof ServerConfig>

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

/** What GET /config tells the browser: the identity provider's public settings and the analysis provider. */
export function clientSettingsOf(
  config: Pick<ServerConfig, 'FIREBASE_PROJECT_ID' | 'FIREBASE_API_KEY' | 'FIREBASE_AUTH_DOMAIN' | 'FIREBASE_AUTH_EMULATOR_HOST' | 'ANALYSIS_PROVIDER'>,
): ClientSettings {
  const projectId = config.FIREBASE_PROJECT_ID
  return {
    firebase: { apiKey: config.FIREBASE_API_KEY, projectId, authDomain: config.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com` },
    authEmulatorUrl: config.FIREBASE_AUTH_EMULATOR_HOST ? `http://${config.FIREBASE_AUTH_EMULATOR_HOST}` : null,
    analysisProvider: config.ANALYSIS_PROVIDER,
  }
}

/** The browser's settings when a composition root gives none (tests): the environment's as it is now. */
export function defaultClientSettings(): ClientSettings {
  return clientSettingsOf(loadServerConfig())
}

/** Other sites' origins the API answers with CORS headers; a malformed entry stops the start. */
/**
 * Fastify's `trustProxy` from TRUST_PROXY. Behind a load balancer every request comes from its address:
 * without this, the per-IP rate limits count all users as one client, and HTTPS ends at the balancer, so
 * the app would see plain HTTP. Only proxies named here may say otherwise (anyone can send the headers).
 */
export function trustProxyOf(config: Partial<Pick<ServerConfig, 'TRUST_PROXY'>>): boolean | string[] | ((address: string, hop: number) => boolean) {
  const value = (config.TRUST_PROXY ?? '').trim()
  if (value === '' || value === 'false') return false
  if (value === 'true') return true
  // A hop count: the nearest `hops` addresses are proxies, whoever they are.
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '')
}

export function corsOriginsOf(config: Pick<ServerConfig, 'CORS_ORIGINS'>): string[] {
  return config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => new URL(o).origin) // throws on a malformed entry: better at start than a silently closed API
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
