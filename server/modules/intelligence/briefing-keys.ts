/**
 * The keys briefings find their neighbours by (migration 018; briefing-scope.ts reads them): a frame's actor
 * keys (frame_actor_keys) and the keys of every name a document gives an entity (document_name_keys).
 *
 * Contract:
 * - A frame of a completed document has one row per key of each of its actor names (aliases.ts `nameKeys`:
 *   the name's own key, its gazetteer name's, its all-capitals short form), with its action type and what an
 *   opposite reading is judged by (negated, sentiment), read as the corpus reads the frame (corpus.ts).
 * - A completed document has one row per key of each name it gives an entity: its detected entities and
 *   their aliases, its frames' actors and resources.
 * - `indexBriefingKeys` runs in the transaction that completes a document (through signals.ts
 *   `keepCompletedDocument`, next to `placeDocument`: the frame enricher, a reprocess, an import), after its
 *   frames are stored. It deletes the document's rows and
 *   writes them again, so a retry, a reprocess or a second call leaves the same rows; a document that is not
 *   completed is left without any, and one leaving 'completed' (a reprocess starting) loses them in that
 *   statement (migration 031), so every row is a completed document's. A deleted document's rows go with it
 *   (the cascade from events).
 * - Documents completed before the tables existed are listed by the migration; `backfillBriefingKeys` (at
 *   start-up) writes their keys a batch of a tenant's documents per transaction (their corpus read once), and
 *   takes each off the list with its keys, so a start interrupted midway goes on where it stopped.
 */
import type { Database, Queryable } from '../../platform/db/database'
import { nameKeys } from './aliases'
import { type Corpus, type CorpusDocument, type CorpusFrame, loadCorpus } from './corpus'
import { briefingKeysBackfill, clearBriefingKeysBackfill, type FrameActorKey, replaceBriefingKeys } from './queries/briefing-keys'

/** Documents the backfill reads at a time. */
const BACKFILL_BATCH = 200

/** Writes a completed document's keys again (see the contract above), from its corpus when it was read already. */
export async function indexBriefingKeys(tx: Queryable, tenantId: string, eventId: string, corpus?: Pick<Corpus, 'documents' | 'frames'>): Promise<void> {
  const { documents, frames } = corpus ?? (await loadCorpus(tx, tenantId, { eventIds: [eventId] }))
  await replaceBriefingKeys(tx, tenantId, eventId, { actors: frames.flatMap(actorKeysOf), names: documents.flatMap((d) => nameKeysOf(d, frames)) })
}

/**
 * Writes the keys of the documents completed before they were kept; answers how many it wrote. The tables'
 * statistics are taken again each time the rows written double: the probes that mark contradictions (migration
 * 032) are planned by them, and planned for the empty tables a backfill starts from, a document took 26 ms
 * instead of 5.
 */
export async function backfillBriefingKeys(db: Database): Promise<number> {
  let written = 0
  let analysedAt = 0
  for (let batch = await briefingKeysBackfill(db, BACKFILL_BATCH); batch.length > 0; batch = await briefingKeysBackfill(db, BACKFILL_BATCH)) {
    const byTenant = new Map<string, string[]>()
    for (const { tenant_id, event_id } of batch) byTenant.set(tenant_id, [...(byTenant.get(tenant_id) ?? []), event_id])
    for (const [tenantId, eventIds] of byTenant) {
      await db.transaction(async (tx) => {
        const corpus = await loadCorpus(tx, tenantId, { eventIds })
        for (const eventId of eventIds) {
          const document = corpus.documentsById.get(eventId)
          await indexBriefingKeys(tx, tenantId, eventId, { documents: document ? [document] : [], frames: corpus.framesByDocument.get(eventId) ?? [] })
          await clearBriefingKeysBackfill(tx, tenantId, eventId)
        }
      })
    }
    written += batch.length
    if (written >= 2 * analysedAt) {
      await db.exec('ANALYZE frame_actor_keys, frame_conflicts')
      analysedAt = written
    }
  }
  return written
}

/** A frame's actor rows: each key of each actor name once. */
export function actorKeysOf(frame: CorpusFrame): FrameActorKey[] {
  const keys = new Set(frame.actors.flatMap(nameKeys))
  return [...keys].map((actorKey) => ({ frameId: frame.id, actorKey, actionType: frame.actionType, negated: frame.negated, sentiment: frame.sentiment }))
}

/** Each key of each name a document gives an entity, once. */
export function nameKeysOf(document: CorpusDocument, frames: readonly CorpusFrame[]): string[] {
  const names = [...document.entities.flatMap((e) => [e.text, ...e.aliases]), ...frames.flatMap((f) => [...f.actors, ...f.resources])]
  return [...new Set(names.flatMap(nameKeys))]
}
