/** The enrichers' statement: the connections a document's frames make, kept with the document. */
import type { Queryable } from '../../../platform/db/database'

/** A connection row as the enrichers write it. */
export interface ConnectionRow {
  id: string
  type: string
  participants: readonly string[]
  status: string
  confidence: number
}

/** Stored with their document (event_id), so deleting the document deletes them; one statement for all. */
export async function storeConnections(tx: Queryable, tenantId: string, owner: { eventId: string; sessionId: string | null }, list: readonly ConnectionRow[], now: number): Promise<void> {
  await tx.query(
    `INSERT INTO connections (tenant_id, id, session_id, type, participants, status, confidence, updated_at, event_id)
     SELECT $1, c.id, $2, c.type, c.participants::jsonb, c.status, c.confidence, $3, $4
     FROM unnest($5::text[], $6::text[], $7::text[], $8::text[], $9::float8[]) AS c(id, type, participants, status, confidence)
     ON CONFLICT (tenant_id, id) DO UPDATE SET participants = EXCLUDED.participants, status = EXCLUDED.status, confidence = EXCLUDED.confidence, updated_at = EXCLUDED.updated_at`,
    [
      tenantId,
      owner.sessionId,
      new Date(now).toISOString(),
      owner.eventId,
      list.map((c) => c.id),
      list.map((c) => c.type),
      list.map((c) => JSON.stringify(c.participants)),
      list.map((c) => c.status),
      list.map((c) => c.confidence),
    ],
  )
}
