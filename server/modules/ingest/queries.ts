/**
 * Ingest's SQL: the processed-URL registry and the quotas' two readings (server/modules/ingest/quotas.ts
 * says what they mean): the tenant's unfinished documents, and its token bucket, one row per tenant in
 * `ingest_allowances`, taken by one conditional upsert so two processes never spend one token twice.
 */
import type { Queryable } from '../../platform/db/database'

/** An address the tenant recorded as processed, and when. */
export interface ProcessedUrlRow {
  url: string
  created_at: Date | string
}

export async function findProcessedUrl(db: Queryable, tenantId: string, url: string): Promise<ProcessedUrlRow | undefined> {
  return (await db.query<ProcessedUrlRow>(`SELECT url, created_at FROM processed_urls WHERE tenant_id = $1 AND url = $2`, [tenantId, url]))[0]
}

/** Records the address (once: a second time keeps the first); answers when it was first recorded. */
export async function recordProcessedUrl(db: Queryable, tenantId: string, url: string, now: number): Promise<Date | string | undefined> {
  const rows = await db.query<{ created_at: Date | string }>(
    `INSERT INTO processed_urls (tenant_id, url, created_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, url) DO UPDATE SET url = EXCLUDED.url RETURNING created_at`,
    [tenantId, url, new Date(now).toISOString()],
  )
  return rows[0]?.created_at
}

/** The tenant's unfinished documents, counted up to `cap` (enough to compare with the limit). */
export async function unfinishedDocuments(db: Queryable, tenantId: string, cap: number): Promise<number> {
  // The predicate is the partial index's (migration 009), word for word, so the count reads only it.
  const rows = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE tenant_id = $1 AND status NOT IN ('completed', 'error') LIMIT $2) AS waiting`, [
    tenantId,
    cap,
  ])
  return Number(rows[0]?.n ?? 0)
}

// The bucket's level now: what was left, plus what the time since has refilled, up to its size. A clock
// behind the row's (another process's) refills nothing rather than draining.
const LEVEL = `LEAST($2::float8, a.tokens + GREATEST(0, EXTRACT(EPOCH FROM ($3::timestamptz - a.refilled_at))::float8) * $4::float8)`

/** Takes one token if the bucket has one: true when taken. A full bucket's row is created by its first take. */
export async function takeToken(db: Queryable, tenantId: string, now: number, burst: number, perSecond: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO ingest_allowances AS a (tenant_id, tokens, refilled_at) VALUES ($1, $2::float8 - 1, $3::timestamptz)
     ON CONFLICT (tenant_id) DO UPDATE SET tokens = ${LEVEL} - 1, refilled_at = GREATEST(a.refilled_at, $3::timestamptz)
     WHERE ${LEVEL} >= 1
     RETURNING tokens`,
    [tenantId, burst, new Date(now).toISOString(), perSecond],
  )
  return rows.length > 0
}

/** The bucket's level now (a tenant without a row has a full bucket). */
export async function bucketLevel(db: Queryable, tenantId: string, now: number, burst: number, perSecond: number): Promise<number> {
  const rows = await db.query<{ level: number | string }>(`SELECT ${LEVEL} AS level FROM ingest_allowances a WHERE a.tenant_id = $1`, [tenantId, burst, new Date(now).toISOString(), perSecond])
  return Number(rows[0]?.level ?? burst)
}

/** Puts one token back, up to the bucket's size. */
export async function giveTokenBack(db: Queryable, tenantId: string, burst: number): Promise<void> {
  await db.query(`UPDATE ingest_allowances SET tokens = LEAST($2::float8, tokens + 1) WHERE tenant_id = $1`, [tenantId, burst])
}
