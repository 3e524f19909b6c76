/** The statements of large values in parts (pipeline_blobs); ../blobs.ts holds how a value is cut and reassembled. */
import type { Queryable } from '../../../platform/db/database'

export interface BlobPart {
  tenantId: string
  blobId: string
  eventId: string
  part: number
  data: string
  /** ISO time. */
  createdAt: string
}

export async function insertBlobPart(db: Queryable, p: BlobPart): Promise<void> {
  await db.query(`INSERT INTO pipeline_blobs (tenant_id, blob_id, event_id, part, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [p.tenantId, p.blobId, p.eventId, p.part, p.data, p.createdAt])
}

/** The data of parts `from` (inclusive) to `to` (exclusive) of a blob, in order; fewer when it has fewer. */
export async function readBlobParts(db: Queryable, tenantId: string, blobId: string, from: number, to: number): Promise<string[]> {
  const rows = await db.query<{ data: string }>(`SELECT data FROM pipeline_blobs WHERE tenant_id = $1 AND blob_id = $2 AND part >= $3 AND part < $4 ORDER BY part`, [tenantId, blobId, from, to])
  return rows.map((r) => r.data)
}

/**
 * Deletes blobs no input or content names, written more than `olderThanMs` ago (a row that never
 * committed); how many parts went.
 */
export async function sweepOrphanBlobs(db: Queryable, now: number, olderThanMs = 3_600_000): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    `WITH orphans AS (
       SELECT DISTINCT b.tenant_id, b.blob_id FROM pipeline_blobs b
        WHERE b.created_at < $1
          AND NOT EXISTS (SELECT 1 FROM pipeline_inputs i WHERE i.tenant_id = b.tenant_id AND i.event_id = b.event_id AND i.value_blob = b.blob_id)
          AND NOT EXISTS (SELECT 1 FROM pipeline_contents c WHERE c.tenant_id = b.tenant_id AND c.event_id = b.event_id AND b.blob_id IN (c.extracted_blob, c.cleaned_blob))
        LIMIT 1000),
     gone AS (
       DELETE FROM pipeline_blobs p USING orphans o WHERE p.tenant_id = o.tenant_id AND p.blob_id = o.blob_id RETURNING 1)
     SELECT count(*) AS n FROM gone`,
    [new Date(now - olderThanMs).toISOString()],
  )
  return Number(rows[0]?.n ?? 0)
}
