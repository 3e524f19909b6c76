/**
 * The statements of the pipeline's rows about one event (pipeline_inputs, pipeline_contents) and the
 * counters the stages keep on it; ../store.ts decides what goes in which column and reads values kept as
 * blobs. Every statement is scoped by tenant.
 */
import type { Queryable } from '../../../platform/db/database'

/** An input row as stored: a large value is in a blob (`value_blob`) and its column is null. */
export interface InputRow {
  kind: string
  text: string | null
  url: string | null
  /** A file's name, or a text's title. */
  file_name: string | null
  content_type: string | null
  /** The file's bytes, base64. */
  bytes: string | null
  content_hash: string
  value_blob: string | null
}

/** Stores an event's input unless it has one already; `created_at` is an ISO time. */
export async function insertInputRow(tx: Queryable, tenantId: string, eventId: string, row: InputRow & { created_at: string }): Promise<void> {
  await tx.query(
    `INSERT INTO pipeline_inputs (tenant_id, event_id, kind, text, url, file_name, content_type, bytes, content_hash, created_at, value_blob)
     VALUES ($1, $2, $3, $4, $5, $6, $7, decode($8, 'base64'), $9, $10, $11) ON CONFLICT (tenant_id, event_id) DO NOTHING`,
    [tenantId, eventId, row.kind, row.text, row.url, row.file_name, row.content_type, row.bytes, row.content_hash, row.created_at, row.value_blob],
  )
}

export async function selectInputRow(db: Queryable, tenantId: string, eventId: string): Promise<InputRow | undefined> {
  const rows = await db.query<InputRow>(
    `SELECT kind, text, url, file_name, content_type, encode(bytes, 'base64') AS bytes, content_hash, value_blob FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = $2`,
    [tenantId, eventId],
  )
  return rows[0]
}

export async function deleteInput(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  await tx.query(`DELETE FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = $2`, [tenantId, eventId])
}

/** A content row as stored: a large text is in a blob and its column is null. */
export interface ContentRow {
  content_hash: string
  title: string | null
  extracted_text: string | null
  cleaned_content: string | null
  metadata: unknown
  reference_date: string | null
  extracted_blob: string | null
  cleaned_blob: string | null
}

/** Stores or replaces an event's content; `at` (ISO) is its creation time when new, its update time always. */
export async function upsertContentRow(tx: Queryable, tenantId: string, eventId: string, row: Omit<ContentRow, 'metadata'> & { metadata: string }, at: string): Promise<void> {
  await tx.query(
    `INSERT INTO pipeline_contents (tenant_id, event_id, content_hash, title, extracted_text, cleaned_content, metadata, reference_date, created_at, updated_at, extracted_blob, cleaned_blob)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11)
     ON CONFLICT (tenant_id, event_id) DO UPDATE SET content_hash = EXCLUDED.content_hash, title = EXCLUDED.title, extracted_text = EXCLUDED.extracted_text,
       cleaned_content = EXCLUDED.cleaned_content, metadata = EXCLUDED.metadata, reference_date = EXCLUDED.reference_date, updated_at = EXCLUDED.updated_at,
       extracted_blob = EXCLUDED.extracted_blob, cleaned_blob = EXCLUDED.cleaned_blob`,
    [tenantId, eventId, row.content_hash, row.title, row.extracted_text, row.cleaned_content, row.metadata, row.reference_date, at, row.extracted_blob, row.cleaned_blob],
  )
}

/** Records on the event the hash of the content it now has. */
export async function setEventContentHash(tx: Queryable, tenantId: string, eventId: string, contentHash: string): Promise<void> {
  await tx.query(`UPDATE events SET content_hash = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, eventId, contentHash])
}

export async function selectContentRow(db: Queryable, tenantId: string, eventId: string): Promise<ContentRow | undefined> {
  const rows = await db.query<ContentRow>(
    `SELECT content_hash, title, extracted_text, cleaned_content, metadata, reference_date, extracted_blob, cleaned_blob FROM pipeline_contents WHERE tenant_id = $1 AND event_id = $2`,
    [tenantId, eventId],
  )
  return rows[0]
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

/**
 * The earliest other document of the tenant, not failed, whose analysis of the very same cleaned text
 * (content hash) is still in the stage journal (kept PIPELINE_RETENTION_DAYS): its id, title and analysis.
 */
export async function selectAnalysedCopy(db: Queryable, tenantId: string, eventId: string, contentHash: string): Promise<{ event_id: string; title: string | null; analysis: unknown } | undefined> {
  const rows = await db.query<{ event_id: string; title: string | null; analysis: unknown }>(
    `SELECT r.event_id, e.title, r.memo -> 'analysis' AS analysis
       FROM pipeline_stage_runs r JOIN events e ON e.tenant_id = r.tenant_id AND e.id = r.event_id
      WHERE r.tenant_id = $1 AND r.stage = 'Core_EventOrchestrator' AND r.content_hash = $2 AND r.event_id <> $3
        AND r.memo -> 'analysis' IS NOT NULL AND e.status <> 'error'
      ORDER BY e.ingested_at, e.id LIMIT 1`,
    [tenantId, contentHash, eventId],
  )
  return rows[0]
}
