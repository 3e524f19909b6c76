/**
 * The actor keys of a tenant's frames (migration 018, table frame_actor_keys): how a briefing finds, beyond
 * its subject's documents, the frames its conflicts are with (briefing-scope.ts), by index.
 *
 * Contract:
 * - A frame of a completed document has one row per key of each of its actor names (aliases.ts `nameKeys`:
 *   the name's own key, its gazetteer name's, its all-capitals short form), with its action type and what an
 *   opposite reading is judged by (negated, sentiment), read as the corpus reads the frame (corpus.ts).
 * - `indexFrameActors` runs in the transaction that completes a document (next to `placeDocument`: the
 *   frame enricher, a reprocess, an import), after its frames are stored. It deletes the document's rows and
 *   writes them again, so a retry, a reprocess or a second call leaves the same rows; a document that is not
 *   completed is left without any. A deleted document's rows go with it (the cascade from events).
 * - Documents completed before the table existed are listed by the migration; `backfillFrameActors` (at
 *   start-up) writes their keys, one document per transaction, and takes each off the list with its keys, so
 *   a start interrupted midway goes on where it stopped.
 */
import type { Database, Queryable } from '../../platform/db/database'
import { nameKeys } from './aliases'
import { type CorpusFrame, loadCorpus } from './corpus'
import { actorKeysBackfill, clearActorKeysBackfill, type FrameActorKey, replaceFrameActorKeys } from './queries'

/** Documents the backfill reads at a time. */
const BACKFILL_BATCH = 200

/** Writes a completed document's actor keys again (see the contract above). */
export async function indexFrameActors(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  const { frames } = await loadCorpus(tx, tenantId, { eventIds: [eventId] })
  await replaceFrameActorKeys(tx, tenantId, eventId, frames.flatMap(actorKeysOf))
}

/** Writes the keys of the documents completed before they were kept; answers how many it wrote. */
export async function backfillFrameActors(db: Database): Promise<number> {
  let written = 0
  for (let batch = await actorKeysBackfill(db, BACKFILL_BATCH); batch.length > 0; batch = await actorKeysBackfill(db, BACKFILL_BATCH)) {
    for (const { tenant_id, event_id } of batch) {
      await db.transaction(async (tx) => {
        await indexFrameActors(tx, tenant_id, event_id)
        await clearActorKeysBackfill(tx, tenant_id, event_id)
      })
    }
    written += batch.length
  }
  return written
}

/** A frame's rows: each key of each actor name once. */
export function actorKeysOf(frame: CorpusFrame): FrameActorKey[] {
  const keys = new Set(frame.actors.flatMap(nameKeys))
  return [...keys].map((actorKey) => ({ frameId: frame.id, actorKey, actionType: frame.actionType, negated: frame.negated, sentiment: frame.sentiment }))
}
