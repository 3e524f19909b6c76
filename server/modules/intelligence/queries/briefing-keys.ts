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

/** Replaces a document's keys with these (none: it has none). */
export async function replaceBriefingKeys(tx: Queryable, tenantId: string, eventId: string, keys: { actors: readonly FrameActorKey[]; names: readonly string[] }): Promise<void> {
  await tx.query(`DELETE FROM frame_actor_keys WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
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
}

/**
 * The frames of `eventIds` whose conflicts are witnessed only outside them, each with the document of its
 * witness (frame id order). A frame's witnesses, for each of its actor keys: of the frames of other completed
 * documents with that key and its action type, the first by id with the opposite negation, and the first by
 * sentiment (then id) of those whose sentiment has the opposite sign and lies `gap` or more away. One of
 * `eventIds`' own is preferred (then the frame is not answered: its conflict is found among them), else the
 * first by id. Each is one index probe, however often the key occurs in the tenant.
 */
export async function outsideConflictWitnesses(db: Queryable, tenantId: string, eventIds: readonly string[], gap: number): Promise<Array<{ frameId: string; eventId: string }>> {
  if (eventIds.length === 0) return []
  // Key rows are those of completed documents only (migration 031): no candidate's document is looked up.
  const other = `FROM frame_actor_keys o
                 WHERE o.tenant_id = s.tenant_id AND o.actor_key = s.actor_key AND o.action_type = s.action_type AND o.event_id <> s.event_id`
  const rows = await db.query<{ frame_id: string; event_id: string }>(
    `SELECT frame_id, event_id FROM (
       SELECT DISTINCT ON (s.frame_id) s.frame_id, w.event_id
         FROM frame_actor_keys s
         CROSS JOIN LATERAL (
           (SELECT o.event_id, o.frame_id ${other} AND o.negated = NOT s.negated ORDER BY o.frame_id LIMIT 1)
           UNION ALL
           (SELECT o.event_id, o.frame_id ${other} AND s.sentiment <> 0 AND o.sentiment * s.sentiment < 0
               AND o.sentiment >= CASE WHEN s.sentiment < 0 THEN GREATEST(s.sentiment + $3, 0) ELSE '-Infinity'::double precision END
               AND o.sentiment <= CASE WHEN s.sentiment > 0 THEN LEAST(s.sentiment - $3, 0) ELSE 'Infinity'::double precision END
             ORDER BY o.sentiment, o.frame_id LIMIT 1)) w
        WHERE s.tenant_id = $1 AND s.event_id = ANY($2::text[])
        ORDER BY s.frame_id, w.event_id = ANY($2::text[]) DESC, w.frame_id) witness
      WHERE NOT (event_id = ANY($2::text[]))
      ORDER BY frame_id`,
    [tenantId, eventIds, gap],
  )
  return rows.map((r) => ({ frameId: r.frame_id, eventId: r.event_id }))
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
