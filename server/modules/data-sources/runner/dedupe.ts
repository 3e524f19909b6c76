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
 *
 * The statements are in queries/seen-items.ts, with the ones that are nothing more (settling, releasing
 * and counting items, registering a link).
 */
import type { Queryable } from '../../../platform/db/database'
import { z } from 'zod'
import { provenanceSchema } from '../../../../src/protocol/entities'
import type { IngestInput } from '../../pipeline'
import type { PolledItem } from './items'
import { claimOldestDeferred, insertClaim, ItemOutcome, recordSighting, sameContentSeen, type SourceRef, settleItem, storeDeferred, takeOverStaleClaim, urlProcessed } from './queries/seen-items'

export const STALE_CLAIM_MS = 10 * 60_000

/**
 * Claims the item for this poll: true when this poll is to ingest it (new, or a stale claim taken over).
 * A known item only has its sighting (and any content change) recorded.
 */
export async function claimItem(db: Queryable, ref: SourceRef, item: PolledItem, now: number): Promise<boolean> {
  const at = new Date(now).toISOString()
  if (await insertClaim(db, ref, item, at)) return true
  if (await takeOverStaleClaim(db, ref, item, at, new Date(now - STALE_CLAIM_MS).toISOString())) return true
  await recordSighting(db, ref, item, at)
  return false
}

/** Why a claimed item should not become a card, or null when it should. */
export async function duplicateOf(db: Queryable, ref: SourceRef, item: PolledItem, options: { useUrlRegistry: boolean }): Promise<'content' | 'url' | null> {
  if (item.contentHash !== '' && (await sameContentSeen(db, ref, item))) return 'content'
  if (options.useUrlRegistry && item.link && (await urlProcessed(db, ref.tenantId, item.link))) return 'url'
  return null
}

/** Keeps a claimed item for a later run: the tenant is over a quota now. */
export async function deferItem(db: Queryable, ref: SourceRef, item: PolledItem & { input: IngestInput }): Promise<void> {
  await storeDeferred(db, ref, item, JSON.stringify(storedInput(item.input)))
}

/**
 * Claims the source's oldest deferred item for this run (or one whose run died holding it): the item, or
 * null when none waits. An item whose stored input no longer reads is settled empty rather than retried forever.
 */
export async function claimDeferred(db: Queryable, ref: SourceRef, now: number): Promise<(PolledItem & { input: IngestInput }) | null> {
  for (;;) {
    const row = await claimOldestDeferred(db, ref, new Date(now).toISOString(), new Date(now - STALE_CLAIM_MS).toISOString())
    if (!row) return null
    const input = pendingInputSchema.safeParse(typeof row.pending_input === 'string' ? JSON.parse(row.pending_input) : row.pending_input)
    const item = { key: row.item_key, link: row.link, contentHash: row.content_hash }
    if (input.success) return { ...item, input: restoredInput(input.data) }
    await settleItem(db, ref, item, ItemOutcome.Empty, null)
  }
}

/** An input as `pending_input` holds it: JSON, a document's bytes in base64. */
const pendingInputSchema = z.intersection(
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('text'), text: z.string(), title: z.string().nullish() }),
    z.object({ kind: z.literal('url'), url: z.string() }),
    z.object({ kind: z.literal('document'), fileName: z.string(), contentType: z.string().nullish(), bytesBase64: z.string() }),
  ]),
  // What the item said of its origin; an input deferred before provenance existed has none.
  z.object({ provenance: provenanceSchema.optional() }),
)

function storedInput(input: IngestInput): z.infer<typeof pendingInputSchema> {
  if (input.kind !== 'document') return input
  return {
    kind: 'document',
    fileName: input.fileName,
    contentType: input.contentType ?? null,
    bytesBase64: input.bytes.toString('base64'),
    ...(input.provenance ? { provenance: input.provenance } : {}),
  }
}

function restoredInput(stored: z.infer<typeof pendingInputSchema>): IngestInput {
  if (stored.kind !== 'document') return stored
  const { bytesBase64, ...rest } = stored
  return { ...rest, bytes: Buffer.from(bytesBase64, 'base64') }
}
