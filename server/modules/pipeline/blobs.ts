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
 *
 * The statements, and the sweep, are in queries/blobs.ts.
 */
import { randomUUID } from 'node:crypto'
import type { Queryable } from '../../platform/db/database'
import { insertBlobPart, readBlobParts } from './queries/blobs'

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
    await insertBlobPart(db, { tenantId, blobId, eventId, part, data: value.slice(part * PART_CHARS, (part + 1) * PART_CHARS), createdAt: at })
  }
  return blobId
}

/** The value of a blob, or null when it has no parts. */
export async function readBlob(db: Queryable, tenantId: string, blobId: string): Promise<string | null> {
  const pieces: string[] = []
  for (let from = 0; ; from += PARTS_PER_READ) {
    const parts = await readBlobParts(db, tenantId, blobId, from, from + PARTS_PER_READ)
    pieces.push(...parts)
    if (parts.length < PARTS_PER_READ) break
  }
  return pieces.length === 0 ? null : pieces.join('')
}
