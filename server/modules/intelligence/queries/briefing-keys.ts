/**
 * The SQL of the keys briefings find their neighbours by (migration 018; briefing-keys.ts writes them,
 * briefing-scope.ts reads them), scoped by tenant in every statement but the start-up backfill's.
 */
import type { Queryable } from '../../../platform/db/database'

/** One key of one actor of a frame, with what an opposite reading is judged by. */
export interface FrameActorKey {
  frameId: string
  actorKey: string
  actionType: string
  negated: boolean
  sentiment: number
}

/**
 * Replaces a document's keys with these (none: it has none), and what they contradict with them (migration
 * 032: the frames its old keys witnessed take another witness, its new keys mark theirs and those they witness),
 * holding the tenant's lock until the transaction ends (the one a completing document holds for its story).
 */
export async function replaceBriefingKeys(tx: Queryable, tenantId: string, eventId: string, keys: { actors: readonly FrameActorKey[]; names: readonly string[] }): Promise<void> {
  await tx.query(`SELECT frame_conflicts_lock($1)`, [tenantId])
  await tx.query(`DELETE FROM frame_actor_keys WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  await tx.query(`SELECT frame_conflicts_leave($1, $2)`, [tenantId, eventId])
  await tx.query(`DELETE FROM document_name_keys WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  if (keys.names.length > 0) {
    await tx.query(`INSERT INTO document_name_keys (tenant_id, event_id, name_key) SELECT $1::text, $2::text, k FROM unnest($3::text[]) k ON CONFLICT DO NOTHING`, [tenantId, eventId, keys.names])
  }
  const actors = keys.actors
  if (actors.length === 0) return
  await tx.query(
    `INSERT INTO frame_actor_keys (tenant_id, event_id, frame_id, actor_key, action_type, negated, sentiment)
     SELECT $1::text, $2::text, * FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[], $7::double precision[])
     ON CONFLICT DO NOTHING`,
    [tenantId, eventId, actors.map((k) => k.frameId), actors.map((k) => k.actorKey), actors.map((k) => k.actionType), actors.map((k) => k.negated), actors.map((k) => k.sentiment)],
  )
  await tx.query(`SELECT frame_conflicts_arrive($1, $2)`, [tenantId, eventId])
}

/**
 * The frames of `eventIds` that a frame of another completed document contradicts by their actor keys (frame id
 * order): those migration 032 keeps a row for as documents come and go, read by the documents' index.
 */
export async function contradictedFrames(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return []
  const rows = await db.query<{ frame_id: string }>(`SELECT frame_id FROM frame_conflicts WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY frame_id`, [tenantId, eventIds])
  return rows.map((r) => r.frame_id)
}

/**
 * The documents of these frames and those of every frame sharing an actor key with one of them, whatever its
 * action type (documents not completed included: the corpus leaves them out).
 */
export async function actorNeighbourDocuments(db: Queryable, tenantId: string, frameIds: readonly string[]): Promise<string[]> {
  if (frameIds.length === 0) return []
  const rows = await db.query<{ event_id: string }>(
    `SELECT event_id FROM action_frames WHERE tenant_id = $1 AND id = ANY($2::text[])
     UNION
     SELECT o.event_id FROM action_frames f
       JOIN frame_actor_keys s ON s.tenant_id = f.tenant_id AND s.event_id = f.event_id AND s.frame_id = f.id
       JOIN frame_actor_keys o ON o.tenant_id = s.tenant_id AND o.actor_key = s.actor_key
      WHERE f.tenant_id = $1 AND f.id = ANY($2::text[])
     ORDER BY event_id`,
    [tenantId, frameIds],
  )
  return rows.map((r) => r.event_id)
}

/** These documents and those of every frame sharing an actor key with one of their frames (as above). */
export async function actorNeighboursOfDocuments(db: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return []
  const rows = await db.query<{ event_id: string }>(
    `SELECT unnest($2::text[]) AS event_id
     UNION
     SELECT o.event_id FROM frame_actor_keys s JOIN frame_actor_keys o ON o.tenant_id = s.tenant_id AND o.actor_key = s.actor_key
      WHERE s.tenant_id = $1 AND s.event_id = ANY($2::text[])
     ORDER BY event_id`,
    [tenantId, eventIds],
  )
  return rows.map((r) => r.event_id)
}

/** The documents giving an entity a name with one of these keys (documents not completed included: the corpus leaves them out). */
export async function documentsNaming(db: Queryable, tenantId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return []
  const rows = await db.query<{ event_id: string }>(`SELECT DISTINCT event_id FROM document_name_keys WHERE tenant_id = $1 AND name_key = ANY($2::text[]) ORDER BY event_id`, [tenantId, keys])
  return rows.map((r) => r.event_id)
}

/** Up to `limit` documents completed before the briefing keys were kept, whose keys are still to write. */
export async function briefingKeysBackfill(db: Queryable, limit: number): Promise<Array<{ tenant_id: string; event_id: string }>> {
  return db.query<{ tenant_id: string; event_id: string }>(`SELECT tenant_id, event_id FROM briefing_keys_backfill ORDER BY tenant_id, event_id LIMIT $1`, [limit])
}

/** The document's keys are written: it leaves the backfill. */
export async function clearBriefingKeysBackfill(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  await tx.query(`DELETE FROM briefing_keys_backfill WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
}
