/**
 * Large values in parts (issue 17; migration 011-pipeline-blobs.sql). PGlite runs each statement on the
 * server's own thread and holds its one connection for the statement's length: a 30 MB text in one INSERT
 * held everything (health checks, sign-ins, other teams' reads) for over two seconds. A value over
 * `INLINE_LIMIT` characters is therefore written as parts of `PART_CHARS` characters, each by a statement of
 * its own, *before* the transaction that names it (a transaction holds the connection for its whole
 * length), and read back a few parts per statement. PostgreSQL takes the same path: one code, both stores.
 *
 * Contract:
 * - `writeBlob` writes a value's parts under a fresh id, tied to its document, and returns the id; the
 *   caller then names the id in its row, in its own transaction. Values up to INLINE_LIMIT stay in the row
 *   (`keepInline`).
 * - `readBlob` reassembles the value; a blob with no parts (deleted meanwhile) reads as null.
 * - A blob goes with the row that names it (triggers), with its document, or, if the row naming it never
 *   committed (a failed ingest, a retried step), with `sweepOrphanBlobs` once older than an hour.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../platform/db/database'

/** Values up to this many characters stay in their row. */
export const INLINE_LIMIT = 64 * 1024
/** Characters per part: a statement of a few milliseconds. */
export const PART_CHARS = 64 * 1024
/** Parts read per statement. */
const PARTS_PER_READ = 4

export const keepInline = (value: string): boolean => value.length <= INLINE_LIMIT

/** Writes `value` in parts, tied to the document `eventId`; its id. */
export async function writeBlob(db: Queryable, tenantId: string, eventId: string, value: string): Promise<string> {
  const blobId = randomUUID()
  const at = new Date().toISOString()
  const parts = Math.max(1, Math.ceil(value.length / PART_CHARS))
  for (let part = 0; part < parts; part++) {
    await db.query(`INSERT INTO pipeline_blobs (tenant_id, blob_id, event_id, part, data, created_at) VALUES ($1, $2, $3, $4, $5, $6)`, [
      tenantId,
      blobId,
      eventId,
      part,
      value.slice(part * PART_CHARS, (part + 1) * PART_CHARS),
      at,
    ])
  }
  return blobId
}

/** The value of a blob, or null when it has no parts. */
export async function readBlob(db: Queryable, tenantId: string, blobId: string): Promise<string | null> {
  const pieces: string[] = []
  for (let from = 0; ; from += PARTS_PER_READ) {
    const rows = await db.query<{ data: string }>(`SELECT data FROM pipeline_blobs WHERE tenant_id = $1 AND blob_id = $2 AND part >= $3 AND part < $4 ORDER BY part`, [
      tenantId,
      blobId,
      from,
      from + PARTS_PER_READ,
    ])
    for (const r of rows) pieces.push(r.data)
    if (rows.length < PARTS_PER_READ) break
  }
  return pieces.length === 0 ? null : pieces.join('')
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
