/**
 * The pipeline's two commands. `ingest` resolves once the event row, its stored input, the skeleton
 * message and the first job have committed together (a large input goes in parts first, blobs.ts, so the
 * transaction stays short). `reprocess` queues a new run of a finished document's orchestrator over its
 * stored content; it refuses a document that is not the tenant's, is still being processed, or has no
 * stored content, as a Refusal (server/platform/core/refusal.ts) the HTTP edge turns into an answer.
 */
import { notAHeadline } from '../../analysis/local/summary'
import { missing, Refusal } from '../../platform/core/refusal'
import type { Clock, Ids } from '../../platform/core/runtime'
import type { Database, Queryable } from '../../platform/db/database'
import { appendLiveMessage, notifyLive, notifyLiveOnCommit } from '../live'
import { getEvent, insertEvent } from '../session-data'
import { DOCUMENT_MIME_TYPES, documentTypeOf } from '../../sources/index'
import type { HandlerKey, IngestInput, IngestRequest, Pipeline } from './contract'
import { ingestProvenance } from './provenance'
import { INGEST_RUN, type QueuedJob, type StageJob } from './queue'
import { reprocessProgress } from './stages/reprocess'
import { nextReprocessNumber } from './queries/store'
import { getContent, inputHash, insertInput, stageInput } from './store'

export interface CommandDeps {
  db: Database
  clock: Clock
  ids: Ids
  enqueue(tx: Queryable, jobs: QueuedJob[]): Promise<void>
  wake(keys: HandlerKey[], tenantId?: string): Promise<void>
}

export function ingestCommand({ db, clock, ids, enqueue, wake }: CommandDeps): Pipeline['ingest'] {
  return async (request: IngestRequest) => {
    const now = clock.now()
    const eventId = ids.next('evt')
    const contentHash = inputHash(request.input)
    const card = cardFor(request.input)
    card.payload.provenance = ingestProvenance(request)
    const job: StageJob = { tenantId: request.tenantId, eventId, run: INGEST_RUN, contentHash }
    const staged = await stageInput(db, request.tenantId, eventId, request.input)
    await db.transaction(async (tx) => {
      await insertEvent(tx, request.tenantId, {
        id: eventId,
        researchId: request.researchId,
        sessionId: request.sessionId,
        projectId: request.projectId,
        dataSourceId: request.dataSourceId,
        type: card.type,
        eventType: card.type,
        title: card.title,
        status: 'processing',
        payload: card.payload,
        contentHash: null,
        uploadedAt: now,
        now,
      })
      await insertInput(tx, request.tenantId, eventId, request.input, contentHash, now, staged)
      await enqueue(tx, [{ key: 'Core_ContentIngestor', job }])
      if (!request.sessionId) return
      const skeleton = await appendLiveMessage(tx, {
        tenantId: request.tenantId,
        sessionId: request.sessionId,
        type: 'genesis-event-skeleton',
        data: { eventId, eventType: card.type, ...(card.title ? { title: card.title } : {}), payload: card.payload, uploadedAt: new Date(now).toISOString() },
        at: now,
      })
      await notifyLiveOnCommit(tx, { tenantId: request.tenantId, sessionId: request.sessionId, id: String(skeleton.id) })
    })
    await wake(['Core_ContentIngestor'], request.tenantId)
    return { eventId }
  }
}

export function reprocessCommand({ db, clock, enqueue, wake }: CommandDeps): Pipeline['reprocess'] {
  return async ({ tenantId, eventId }) => {
    const event = await getEvent(db, tenantId, eventId)
    if (!event) throw missing('Event')
    if (event.status !== 'completed' && event.status !== 'error') throw new Refusal('conflict', 'This document is still being processed')
    const content = await getContent(db, tenantId, eventId)
    if (!content) throw new Refusal('conflict', 'This document has no stored content to reprocess')
    const now = clock.now()
    const started = await db.transaction(async (tx) => {
      const n = await nextReprocessNumber(tx, tenantId, eventId)
      // Deleted since it was read: nothing to reprocess, and nothing may be said about it on the log.
      if (n === null) throw missing('Event')
      const job: StageJob = { tenantId, eventId, run: `reprocess-${n}`, contentHash: content.contentHash }
      await enqueue(tx, [{ key: 'Core_EventOrchestrator', job }])
      if (!event.session_id) return null
      const m = reprocessProgress(eventId, 'starting', 0)
      return appendLiveMessage(tx, { tenantId, sessionId: event.session_id, type: m.type, data: m.data, at: now })
    })
    if (started && event.session_id) await notifyLive(db, { tenantId, sessionId: event.session_id, id: String(started.id) })
    await wake(['Core_EventOrchestrator'], tenantId)
  }
}

/** The card a new input starts as (spec §3: type and payload facts known before any reading). */
function cardFor(input: IngestInput): { type: string; title: string | null; payload: Record<string, unknown> } {
  switch (input.kind) {
    case 'text':
      // Its first line names it until the analysis does (and for good if the analysis fails).
      return { type: 'text', title: input.title?.trim() || null, payload: { fileType: 'text/plain', fileSize: Buffer.byteLength(input.text, 'utf8'), ...headlineOf(input.text) } }
    case 'url':
      return { type: 'news_article', title: null, payload: { sourceUrl: input.url } }
    case 'document':
      return {
        type: 'document',
        title: null,
        payload: { originalFilename: input.fileName, fileType: input.contentType || mimeOf(input.fileName), fileSize: input.bytes.byteLength },
      }
  }
}

const HEADLINE_CHARS = 120

/**
 * A pasted text's first line as `title`, cut between characters at 120 (none for a text of blanks); a
 * stamp or byline above the headline ("Updated 09:12 GMT", "By Ana Whitfield") is passed over.
 */
function headlineOf(text: string): { title?: string } {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const line = lines.find((l) => !notAHeadline(l)) ?? lines[0]
  if (!line) return {}
  const chars = Array.from(line)
  return { title: chars.length > HEADLINE_CHARS ? `${chars.slice(0, HEADLINE_CHARS - 1).join('')}…` : line }
}

function mimeOf(fileName: string): string {
  try {
    return DOCUMENT_MIME_TYPES[documentTypeOf(fileName)]
  } catch {
    return 'application/octet-stream'
  }
}
