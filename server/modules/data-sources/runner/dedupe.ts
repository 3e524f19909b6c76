/**
 * The seen-items registry: what makes "every new item is ingested once" hold across polls, restarts and
 * two polls of one source running at once.
 *
 * - An item is claimed by inserting its (tenant, source, key) row; only the poll whose insert succeeded
 *   ingests it. The row then records the card (`ingested`) or why there is none (`duplicate`, `empty`).
 * - A claim whose run died before recording anything (a crash between claim and ingest) is taken over by
 *   a later poll once it is `STALE_CLAIM_MS` old. A crash after the card was created but before it was
 *   recorded can thus give one duplicate card; nothing else can.
 * - Same content, new key (a story syndicated under another URL, a feed that changed its link format):
 *   a duplicate when another item of the source has the same content hash.
 * - Same key, new content (an edited post, an updated article): decided not to ingest again. The item
 *   keeps its one card; the row takes the new hash and `content_changed_at`, so the change is on record
 *   without the project view filling with near-copies every time a feed rewrites a snippet.
 * - An item found while the tenant is over an ingest quota (server/modules/ingest/quotas.ts) is claimed all the same and
 *   recorded `deferred` with the input it will be ingested as (`pending_input`): the feed may have dropped
 *   it by the next poll, and it must not be lost. Later runs of its source take deferred items first,
 *   in the order they were kept, by the same claim (`claimDeferred`), so two runs never ingest one twice; one whose run
 *   died after claiming it is taken over once the claim is stale, as above. It counts as seen: the feed
 *   listing it again does not claim it a second time, and its content keeps a twin from being ingested.
 * - Project sources also honour the tenant's processed-URL registry (`processed_urls`, the one
 *   `/processed-urls` serves): a link any project source (or the client) recorded is not ingested again,
 *   and every link a project source ingests is recorded. Sandbox sources neither read nor write it: a
 *   workspace is a scratch copy, and what it saw must not keep the project from seeing it.
 */
import type { Queryable } from '../../../platform/db/database'
import { z } from 'zod'
import type { IngestInput } from '../../pipeline'
import type { PolledItem } from './items'

export const STALE_CLAIM_MS = 10 * 60_000

export const ItemOutcome = { Claimed: 'claimed', Ingested: 'ingested', Duplicate: 'duplicate', Empty: 'empty', Deferred: 'deferred' } as const
export type ItemOutcome = (typeof ItemOutcome)[keyof typeof ItemOutcome]

export interface SourceRef {
  tenantId: string
  dataSourceId: string
}

/**
 * Claims the item for this poll: true when this poll is to ingest it (new, or a stale claim taken over).
 * A known item only has its sighting (and any content change) recorded.
 */
export async function claimItem(db: Queryable, ref: SourceRef, item: PolledItem, now: number): Promise<boolean> {
  const at = new Date(now).toISOString()
  const inserted = await db.query(
    `INSERT INTO source_items (tenant_id, data_source_id, item_key, link, content_hash, outcome, claimed_at, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, 'claimed', $6, $6, $6)
     ON CONFLICT (tenant_id, data_source_id, item_key) DO NOTHING RETURNING item_key`,
    [ref.tenantId, ref.dataSourceId, item.key, item.link, item.contentHash, at],
  )
  if (inserted.length > 0) return true
  const stale = new Date(now - STALE_CLAIM_MS).toISOString()
  const taken = await db.query(
    `UPDATE source_items SET claimed_at = $4, last_seen_at = $4, content_hash = $5
     WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3 AND outcome = 'claimed' AND claimed_at < $6 RETURNING item_key`,
    [ref.tenantId, ref.dataSourceId, item.key, at, item.contentHash, stale],
  )
  if (taken.length > 0) return true
  await db.query(
    `UPDATE source_items SET last_seen_at = $4,
       content_changed_at = CASE WHEN content_hash <> $5 THEN $4 ELSE content_changed_at END,
       content_hash = $5
     WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3`,
    [ref.tenantId, ref.dataSourceId, item.key, at, item.contentHash],
  )
  return false
}

/** Why a claimed item should not become a card, or null when it should. */
export async function duplicateOf(db: Queryable, ref: SourceRef, item: PolledItem, options: { useUrlRegistry: boolean }): Promise<'content' | 'url' | null> {
  if (item.contentHash !== '') {
    const same = await db.query(
      `SELECT 1 FROM source_items WHERE tenant_id = $1 AND data_source_id = $2 AND content_hash = $3 AND item_key <> $4 AND outcome IN ('claimed', 'ingested', 'deferred') LIMIT 1`,
      [ref.tenantId, ref.dataSourceId, item.contentHash, item.key],
    )
    if (same.length > 0) return 'content'
  }
  if (options.useUrlRegistry && item.link) {
    const known = await db.query(`SELECT 1 FROM processed_urls WHERE tenant_id = $1 AND url = $2`, [ref.tenantId, item.link])
    if (known.length > 0) return 'url'
  }
  return null
}

/** Records what became of a claimed item (its pending input, if it was deferred, goes). */
export async function settleItem(db: Queryable, ref: SourceRef, item: Pick<PolledItem, 'key'>, outcome: Exclude<ItemOutcome, 'claimed' | 'deferred'>, eventId: string | null): Promise<void> {
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

/** Keeps a claimed item for a later run: the tenant is over a quota now. */
export async function deferItem(db: Queryable, ref: SourceRef, item: PolledItem & { input: IngestInput }): Promise<void> {
  await db.query(
    `UPDATE source_items SET outcome = 'deferred', pending_input = $4::jsonb, pending_order = nextval('source_items_pending_order') WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3`,
    [ref.tenantId, ref.dataSourceId, item.key, JSON.stringify(storedInput(item.input))],
  )
}

/**
 * Claims the source's oldest deferred item for this run (or one whose run died holding it): the item, or
 * null when none waits. An item whose stored input no longer reads is settled empty rather than retried forever.
 */
export async function claimDeferred(db: Queryable, ref: SourceRef, now: number): Promise<(PolledItem & { input: IngestInput }) | null> {
  for (;;) {
    const rows = await db.query<{ item_key: string; link: string | null; content_hash: string; pending_input: unknown }>(
      `UPDATE source_items SET outcome = 'claimed', claimed_at = $3
       WHERE (tenant_id, data_source_id, item_key) = (
         SELECT tenant_id, data_source_id, item_key FROM source_items
         WHERE tenant_id = $1 AND data_source_id = $2 AND pending_input IS NOT NULL AND (outcome = 'deferred' OR (outcome = 'claimed' AND claimed_at < $4))
         ORDER BY pending_order LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND (outcome = 'deferred' OR claimed_at < $4)
       RETURNING item_key, link, content_hash, pending_input`,
      [ref.tenantId, ref.dataSourceId, new Date(now).toISOString(), new Date(now - STALE_CLAIM_MS).toISOString()],
    )
    const row = rows[0]
    if (!row) return null
    const input = pendingInputSchema.safeParse(typeof row.pending_input === 'string' ? JSON.parse(row.pending_input) : row.pending_input)
    const item = { key: row.item_key, link: row.link, contentHash: row.content_hash }
    if (input.success) return { ...item, input: restoredInput(input.data) }
    await settleItem(db, ref, item, ItemOutcome.Empty, null)
  }
}

/** Gives a claimed deferred item back for a later run (its turn came while the tenant was still over a quota). */
export async function releaseDeferred(db: Queryable, ref: SourceRef, item: Pick<PolledItem, 'key'>): Promise<void> {
  await db.query(`UPDATE source_items SET outcome = 'deferred' WHERE tenant_id = $1 AND data_source_id = $2 AND item_key = $3 AND outcome = 'claimed'`, [ref.tenantId, ref.dataSourceId, item.key])
}

/** How many items of the source wait for a later run. */
export async function deferredCount(db: Queryable, ref: SourceRef): Promise<number> {
  const rows = await db.query<{ n: number | string }>(`SELECT count(*) AS n FROM source_items WHERE tenant_id = $1 AND data_source_id = $2 AND outcome = 'deferred'`, [ref.tenantId, ref.dataSourceId])
  return Number(rows[0]?.n ?? 0)
}

/** An input as `pending_input` holds it: JSON, a document's bytes in base64. */
const pendingInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string(), title: z.string().nullish() }),
  z.object({ kind: z.literal('url'), url: z.string() }),
  z.object({ kind: z.literal('document'), fileName: z.string(), contentType: z.string().nullish(), bytesBase64: z.string() }),
])

function storedInput(input: IngestInput): z.infer<typeof pendingInputSchema> {
  return input.kind === 'document' ? { kind: 'document', fileName: input.fileName, contentType: input.contentType ?? null, bytesBase64: input.bytes.toString('base64') } : input
}

function restoredInput(stored: z.infer<typeof pendingInputSchema>): IngestInput {
  return stored.kind === 'document' ? { kind: 'document', fileName: stored.fileName, contentType: stored.contentType ?? null, bytes: Buffer.from(stored.bytesBase64, 'base64') } : stored
}
