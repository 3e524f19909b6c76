/**
 * The seen-items registry's statements (source_items, and the tenant's processed_urls); ../dedupe.ts holds
 * its contract: who ingests an item, what counts as a duplicate, how deferred items come back.
 */
import type { Queryable } from '../../../../platform/db/database'

/** What became of an item, as its row's `outcome` says. */
export const ItemOutcome = { Claimed: 'claimed', Ingested: 'ingested', Duplicate: 'duplicate', Empty: 'empty', Deferred: 'deferred' } as const
export type ItemOutcome = (typeof ItemOutcome)[keyof typeof ItemOutcome]

export interface SourceRef {
  tenantId: string
  dataSourceId: string
}

/** An item as a poll found it: its key in the source, its link and the hash of its content. */
interface ItemSighting {
  key: string
  link: string | null
  contentHash: string
}

/** Inserts the item's row as claimed at `at` (ISO); false when the source had it already. */
export async function insertClaim(db: Queryable, ref: SourceRef, item: ItemSighting, at: string): Promise<boolean> {
  const inserted = await db.query(
    `INSERT INTO source_items (tenant_id, data_source_id, item_key, link, content_hash, outcome, claimed_at, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, 'claimed', $6, $6, $6)
     ON CONFLICT (tenant_id, data_source_id, item_key) DO NOTHING RETURNING item_key`,
    [ref.tenantId, ref.dataSourceId, item.key, item.link, item.contentHash, at],
  )
  return inserted.length > 0
}

/** Takes over the item's claim if it was claimed before `stale` (ISO) and never settled; false when it was not. */
export async function takeOverStaleClaim(db: Queryable, ref: SourceRef, item: Omit<ItemSighting, 'link'>, at: string, stale: string): Promise<boolean> {
  const taken = await db.query(
    `UPDATE source_items SET claimed_at = $4, last_seen_at = $4, content_hash = $5
     WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3 AND outcome = 'claimed' AND claimed_at < $6 RETURNING item_key`,
    [ref.tenantId, ref.dataSourceId, item.key, at, item.contentHash, stale],
  )
  return taken.length > 0
}

/** Records that a known item was seen at `at`, and when its content changed. */
export async function recordSighting(db: Queryable, ref: SourceRef, item: Omit<ItemSighting, 'link'>, at: string): Promise<void> {
  await db.query(
    `UPDATE source_items SET last_seen_at = $4,
       content_changed_at = CASE WHEN content_hash <> $5 THEN $4 ELSE content_changed_at END,
       content_hash = $5
     WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3`,
    [ref.tenantId, ref.dataSourceId, item.key, at, item.contentHash],
  )
}

/** Whether another item of the source, claimed, ingested or deferred, has this content. */
export async function sameContentSeen(db: Queryable, ref: SourceRef, item: Omit<ItemSighting, 'link'>): Promise<boolean> {
  const same = await db.query(
    `SELECT 1 FROM source_items WHERE tenant_id = $1 AND data_source_id = $2 AND content_hash = $3 AND item_key <> $4 AND outcome IN ('claimed', 'ingested', 'deferred') LIMIT 1`,
    [ref.tenantId, ref.dataSourceId, item.contentHash, item.key],
  )
  return same.length > 0
}

/** Whether the tenant's processed-URL registry has the link. */
export async function urlProcessed(db: Queryable, tenantId: string, url: string): Promise<boolean> {
  const known = await db.query(`SELECT 1 FROM processed_urls WHERE tenant_id = $1 AND url = $2`, [tenantId, url])
  return known.length > 0
}

/** Records what became of a claimed item (its pending input, if it was deferred, goes). */
export async function settleItem(db: Queryable, ref: SourceRef, item: { key: string }, outcome: Exclude<ItemOutcome, 'claimed' | 'deferred'>, eventId: string | null): Promise<void> {
  await db.query(`UPDATE source_items SET outcome = $4, event_id = $5, pending_input = NULL, pending_order = NULL WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3`, [
    ref.tenantId,
    ref.dataSourceId,
    item.key,
    outcome,
    eventId,
  ])
}

/** Adds a link to the tenant's processed-URL registry (kept if it is there already). */
export async function registerUrl(db: Queryable, tenantId: string, url: string, now: number): Promise<void> {
  await db.query(`INSERT INTO processed_urls (tenant_id, url, created_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, url) DO NOTHING`, [tenantId, url, new Date(now).toISOString()])
}

/** Keeps a claimed item deferred with its input (`pendingInput`, JSON), last in its source's order. */
export async function storeDeferred(db: Queryable, ref: SourceRef, item: { key: string }, pendingInput: string): Promise<void> {
  await db.query(
    `UPDATE source_items SET outcome = 'deferred', pending_input = $4::jsonb, pending_order = nextval('source_items_pending_order') WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3`,
    [ref.tenantId, ref.dataSourceId, item.key, pendingInput],
  )
}

/**
 * Claims at `at` the source's oldest deferred item, or one claimed before `stale` whose run died holding
 * it (times ISO), skipping rows another run holds; its row, or undefined when none waits.
 */
export async function claimOldestDeferred(
  db: Queryable,
  ref: SourceRef,
  at: string,
  stale: string,
): Promise<{ item_key: string; link: string | null; content_hash: string; pending_input: unknown } | undefined> {
  const rows = await db.query<{ item_key: string; link: string | null; content_hash: string; pending_input: unknown }>(
    `UPDATE source_items SET outcome = 'claimed', claimed_at = $3
       WHERE (tenant_id, data_source_id, item_key) = (
         SELECT tenant_id, data_source_id, item_key FROM source_items
         WHERE tenant_id = $1 AND data_source_id = $2 AND pending_input IS NOT NULL AND (outcome = 'deferred' OR (outcome = 'claimed' AND claimed_at < $4))
         ORDER BY pending_order LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND (outcome = 'deferred' OR claimed_at < $4)
       RETURNING item_key, link, content_hash, pending_input`,
    [ref.tenantId, ref.dataSourceId, at, stale],
  )
  return rows[0]
}

/** Gives a claimed deferred item back for a later run (its turn came while the tenant was still over a quota). */
export async function releaseDeferred(db: Queryable, ref: SourceRef, item: { key: string }): Promise<void> {
  await db.query(`UPDATE source_items SET outcome = 'deferred' WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3 AND outcome = 'claimed'`, [ref.tenantId, ref.dataSourceId, item.key])
}

/** How many items of the source wait for a later run. */
export async function deferredCount(db: Queryable, ref: SourceRef): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM source_items WHERE tenant_id = $1 AND data_source_id = $2 AND outcome = 'deferred'`, [ref.tenantId, ref.dataSourceId])
  return Number(rows[0]?.n ?? 0)
}
