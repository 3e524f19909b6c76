/**
 * The pipeline's rows about one event: the input waiting to be read (pipeline_inputs, deleted once it is
 * parsed) and the readable content analysis works on (pipeline_contents, kept for reprocess). Every
 * function is scoped by tenant. A large text or file is kept as a blob (blobs.ts): written by
 * `stageInput`/`stageContent` before the transaction that stores the row naming it, read back in parts.
 *
 * The statements are in queries/store.ts, with the counters kept on an event's rows (reprocess number,
 * workspace tokens) and the deletion of a consumed input.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../../platform/db/database'
import { keepInline, readBlob, writeBlob } from './blobs'
import type { IngestInput } from './contract'
import { insertInputRow, selectContentRow, selectInputRow, setEventContentHash, upsertContentRow } from './queries/store'

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
  await insertInputRow(tx, tenantId, eventId, {
    kind: input.kind,
    text: input.kind === 'text' && inline ? input.text : null,
    url: input.kind === 'url' ? input.url : null,
    file_name: input.kind === 'document' ? input.fileName : input.kind === 'text' ? (input.title ?? null) : null,
    content_type: input.kind === 'document' ? (input.contentType ?? null) : null,
    // As base64 text, decoded by the database: PGlite turns a bytea parameter into hex on the server's
    // thread, ~20 s for an 18 MB file against under 1.5 s this way (and half a second for its read).
    bytes: input.kind === 'document' && inline ? base64Of(input.bytes) : null,
    content_hash: contentHash,
    created_at: new Date(now).toISOString(),
    value_blob: staged.valueBlob,
  })
}

export async function getInput(db: Queryable, tenantId: string, eventId: string): Promise<StoredInput | null> {
  const row = await selectInputRow(db, tenantId, eventId)
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
  await upsertContentRow(
    tx,
    tenantId,
    eventId,
    {
      content_hash: content.contentHash,
      title: content.title,
      extracted_text: staged.extractedBlob === null ? content.extractedText : null,
      cleaned_content: staged.cleanedBlob === null ? content.cleanedContent : null,
      metadata: JSON.stringify(content.metadata),
      reference_date: content.referenceDate,
      extracted_blob: staged.extractedBlob,
      cleaned_blob: staged.cleanedBlob,
    },
    new Date(now).toISOString(),
  )
  await setEventContentHash(tx, tenantId, eventId, content.contentHash)
}

export async function getContent(db: Queryable, tenantId: string, eventId: string): Promise<StoredContent | null> {
  const row = await selectContentRow(db, tenantId, eventId)
  if (!row) return null
  const extractedText = row.extracted_text ?? (row.extracted_blob === null ? null : await readBlob(db, tenantId, row.extracted_blob))
  const cleanedContent = row.cleaned_content ?? (row.cleaned_blob === null ? null : row.cleaned_blob === row.extracted_blob ? extractedText : await readBlob(db, tenantId, row.cleaned_blob))
  // A blob deleted under a read (the document went meanwhile): as if the content were gone.
  if (extractedText === null || cleanedContent === null) return null
  const metadata = row.metadata !== null && typeof row.metadata === 'object' && !Array.isArray(row.metadata) ? (row.metadata as Record<string, unknown>) : {}
  return { contentHash: row.content_hash, title: row.title, extractedText, cleanedContent, metadata, referenceDate: row.reference_date }
}

function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}
