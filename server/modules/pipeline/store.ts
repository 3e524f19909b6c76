/**
 * The pipeline's rows about one event: the input waiting to be read (pipeline_inputs, deleted once it is
 * parsed) and the readable content analysis works on (pipeline_contents, kept for reprocess). Every
 * function is scoped by tenant. A large text or file is kept as a blob (blobs.ts): written by
 * `stageInput`/`stageContent` before the transaction that stores the row naming it, read back in parts.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../../platform/db/database'
import { keepInline, readBlob, writeBlob } from './blobs'
import type { IngestInput } from './contract'

export type StoredInput =
  | { kind: 'text'; text: string; title: string | null; contentHash: string }
  | { kind: 'url'; url: string; contentHash: string }
  | { kind: 'document'; fileName: string; contentType: string | null; bytes: Uint8Array; contentHash: string }

export interface StoredContent {
  contentHash: string
  title: string | null
  extractedText: string
  cleanedContent: string
  metadata: Record<string, unknown>
  referenceDate: string | null
}

/** sha-256 of what was submitted (text, URL or file bytes), lowercase hex. */
export function inputHash(input: IngestInput): string {
  const h = createHash('sha256')
  if (input.kind === 'text') h.update(`text\0${input.text}`, 'utf8')
  else if (input.kind === 'url') h.update(`url\0${input.url}`, 'utf8')
  else h.update(input.bytes)
  return h.digest('hex')
}

/** An input's large value written ahead as a blob (`stageInput`), or none. */
export interface StagedInput {
  valueBlob: string | null
}

/** Writes the input's text or file as a blob when large, outside any transaction; pass it to insertInput. */
export async function stageInput(db: Queryable, tenantId: string, eventId: string, input: IngestInput): Promise<StagedInput> {
  const value = input.kind === 'text' ? input.text : input.kind === 'document' ? base64Of(input.bytes) : null
  return { valueBlob: value === null || keepInline(value) ? null : await writeBlob(db, tenantId, eventId, value) }
}

export async function insertInput(tx: Queryable, tenantId: string, eventId: string, input: IngestInput, contentHash: string, now: number, staged: StagedInput = { valueBlob: null }): Promise<void> {
  const inline = staged.valueBlob === null
  await tx.query(
    `INSERT INTO pipeline_inputs (tenant_id, event_id, kind, text, url, file_name, content_type, bytes, content_hash, created_at, value_blob)
     VALUES ($1, $2, $3, $4, $5, $6, $7, decode($8, 'base64'), $9, $10, $11) ON CONFLICT (tenant_id, event_id) DO NOTHING`,
    [
      tenantId,
      eventId,
      input.kind,
      input.kind === 'text' && inline ? input.text : null,
      input.kind === 'url' ? input.url : null,
      input.kind === 'document' ? input.fileName : input.kind === 'text' ? (input.title ?? null) : null,
      input.kind === 'document' ? (input.contentType ?? null) : null,
      // As base64 text, decoded by the database: PGlite turns a bytea parameter into hex on the server's
      // thread, ~20 s for an 18 MB file against under 1.5 s this way (and half a second for its read).
      input.kind === 'document' && inline ? base64Of(input.bytes) : null,
      contentHash,
      new Date(now).toISOString(),
      staged.valueBlob,
    ],
  )
}

export async function getInput(db: Queryable, tenantId: string, eventId: string): Promise<StoredInput | null> {
  const row = (
    await db.query<{
      kind: string
      text: string | null
      url: string | null
      file_name: string | null
      content_type: string | null
      bytes: string | null
      content_hash: string
      value_blob: string | null
    }>(`SELECT kind, text, url, file_name, content_type, encode(bytes, 'base64') AS bytes, content_hash, value_blob FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
  )[0]
  if (!row) return null
  const value = row.value_blob === null ? null : await readBlob(db, tenantId, row.value_blob)
  const text = row.text ?? (row.kind === 'text' ? value : null)
  const bytes = row.bytes ?? (row.kind === 'document' ? value : null)
  if (row.kind === 'text' && text !== null) return { kind: 'text', text, title: row.file_name, contentHash: row.content_hash }
  if (row.kind === 'url' && row.url !== null) return { kind: 'url', url: row.url, contentHash: row.content_hash }
  if (row.kind === 'document' && bytes !== null && row.file_name !== null) {
    return { kind: 'document', fileName: row.file_name, contentType: row.content_type, bytes: new Uint8Array(Buffer.from(bytes, 'base64')), contentHash: row.content_hash }
  }
  return null
}

export async function deleteInput(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  await tx.query(`DELETE FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
}

/** A content's large texts written ahead as blobs (`stageContent`), or none. */
export interface StagedContent {
  extractedBlob: string | null
  cleanedBlob: string | null
}

/** Writes the content's large texts as blobs, outside any transaction (one blob when they are the same); pass them to putContent. */
export async function stageContent(db: Queryable, tenantId: string, eventId: string, content: StoredContent): Promise<StagedContent> {
  const extractedBlob = keepInline(content.extractedText) ? null : await writeBlob(db, tenantId, eventId, content.extractedText)
  const cleanedBlob = keepInline(content.cleanedContent) ? null : content.cleanedContent === content.extractedText ? extractedBlob : await writeBlob(db, tenantId, eventId, content.cleanedContent)
  return { extractedBlob, cleanedBlob }
}

/** Stores (or replaces) the event's content and records its hash on the event. */
export async function putContent(
  tx: Queryable,
  tenantId: string,
  eventId: string,
  content: StoredContent,
  now: number,
  staged: StagedContent = { extractedBlob: null, cleanedBlob: null },
): Promise<void> {
  const at = new Date(now).toISOString()
  await tx.query(
    `INSERT INTO pipeline_contents (tenant_id, event_id, content_hash, title, extracted_text, cleaned_content, metadata, reference_date, created_at, updated_at, extracted_blob, cleaned_blob)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11)
     ON CONFLICT (tenant_id, event_id) DO UPDATE SET content_hash = EXCLUDED.content_hash, title = EXCLUDED.title, extracted_text = EXCLUDED.extracted_text,
       cleaned_content = EXCLUDED.cleaned_content, metadata = EXCLUDED.metadata, reference_date = EXCLUDED.reference_date, updated_at = EXCLUDED.updated_at,
       extracted_blob = EXCLUDED.extracted_blob, cleaned_blob = EXCLUDED.cleaned_blob`,
    [
      tenantId,
      eventId,
      content.contentHash,
      content.title,
      staged.extractedBlob === null ? content.extractedText : null,
      staged.cleanedBlob === null ? content.cleanedContent : null,
      JSON.stringify(content.metadata),
      content.referenceDate,
      at,
      staged.extractedBlob,
      staged.cleanedBlob,
    ],
  )
  await tx.query(`UPDATE events SET content_hash = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, eventId, content.contentHash])
}

export async function getContent(db: Queryable, tenantId: string, eventId: string): Promise<StoredContent | null> {
  const row = (
    await db.query<{
      content_hash: string
      title: string | null
      extracted_text: string | null
      cleaned_content: string | null
      metadata: unknown
      reference_date: string | null
      extracted_blob: string | null
      cleaned_blob: string | null
    }>(`SELECT content_hash, title, extracted_text, cleaned_content, metadata, reference_date, extracted_blob, cleaned_blob FROM pipeline_contents WHERE tenant_id = $1 AND event_id = $2`, [
      tenantId,
      eventId,
    ])
  )[0]
  if (!row) return null
  const extractedText = row.extracted_text ?? (row.extracted_blob === null ? null : await readBlob(db, tenantId, row.extracted_blob))
  const cleanedContent = row.cleaned_content ?? (row.cleaned_blob === null ? null : row.cleaned_blob === row.extracted_blob ? extractedText : await readBlob(db, tenantId, row.cleaned_blob))
  // A blob deleted under a read (the document went meanwhile): as if the content were gone.
  if (extractedText === null || cleanedContent === null) return null
  const metadata = row.metadata !== null && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {}
  return { contentHash: row.content_hash, title: row.title, extractedText, cleanedContent, metadata, referenceDate: row.reference_date }
}

/** The number of the next reprocess of an event (1, 2, …): names its run so no two share a journal key. */
export async function nextReprocessNumber(tx: Queryable, tenantId: string, eventId: string): Promise<number | null> {
  const rows = await tx.query<{ n: number }>(`UPDATE pipeline_contents SET reprocess_count = reprocess_count + 1 WHERE tenant_id = $1 AND event_id = $2 RETURNING reprocess_count AS n`, [
    tenantId,
    eventId,
  ])
  return rows[0] ? Number(rows[0].n) : null
}

/**
 * Adds the tokens an analysis consumed to its workspace's count (spec §3 session `tokensUsed`) and answers
 * the new total; null when the event has no workspace (a project's polled item).
 */
export async function addSessionTokens(tx: Queryable, tenantId: string, sessionId: string | null, tokens: number): Promise<number | null> {
  if (!sessionId) return null
  const rows = await tx.query<{ tokens_used: number | string }>(`UPDATE sessions SET tokens_used = tokens_used + $3 WHERE tenant_id = $1 AND id = $2 RETURNING tokens_used`, [
    tenantId,
    sessionId,
    Math.max(0, Math.round(tokens)),
  ])
  return rows[0] ? Number(rows[0].tokens_used) : null
}

function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}
