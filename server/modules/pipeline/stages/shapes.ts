/**
 * How an analysis becomes the card's payload and stored frames. One place, so the live messages and the
 * rows a session load reads are built from the same values (a frame on the wire is `toActionFrame` of
 * the row as stored).
 */
import type { Payload } from '../../../../src/protocol/entities'
import { analyticsScoreKeys, analyticsTextKeys, type Analysis } from '../../../../src/protocol/analysis'
import { sliceText } from '../../../../src/protocol/input-text'
import { type EventRow, type FrameRow, toActionFrame } from '../../session-data'
import type { AnalyseOptions } from '../../../analysis/analyser'
import type { StageMessage } from '../stage'
import type { StoredContent } from '../store'

/** Texts in the payload are capped: the whole content stays in pipeline_contents. */
export const MAX_PAYLOAD_TEXT = 100_000

/**
 * What the analyser resolves "on Tuesday" against: the source's own date (a page's publication date), else
 * the document's date line (the analyser finds it), else the day the document was taken in. And the
 * source's own headline, which titles the card before anything the analyser makes of the text.
 */
export function analyseOptionsOf(content: Pick<StoredContent, 'referenceDate'> & Partial<Pick<StoredContent, 'title'>>, event: Pick<EventRow, 'uploaded_at' | 'ingested_at'>): AnalyseOptions {
  const taken = new Date(event.uploaded_at ?? event.ingested_at)
  return {
    ...(content.referenceDate ? { referenceDate: content.referenceDate } : {}),
    ...(Number.isNaN(taken.getTime()) ? {} : { ingestedOn: taken.toISOString() }),
    // The source's own title (a page's, a feed item's, a file's): the card's title when it reads as a headline.
    ...(content.title ? { headline: content.title } : {}),
  }
}

export const frameIdOf = (eventId: string, actionIndex: number) => `${eventId}-f${actionIndex}`

/** The source facts ingest recorded on the event (kept through every later payload update): file, address, a text's first line, provenance. */
export function sourceFacts(event: EventRow): Pick<Payload, 'originalFilename' | 'fileType' | 'fileSize' | 'title' | 'provenance'> & { sourceUrl?: string } {
  const p = event.payload
  return {
    ...(typeof p.title === 'string' ? { title: p.title } : {}),
    ...(typeof p.originalFilename === 'string' ? { originalFilename: p.originalFilename } : {}),
    ...(typeof p.fileType === 'string' ? { fileType: p.fileType } : {}),
    ...(typeof p.fileSize === 'number' ? { fileSize: p.fileSize } : {}),
    ...(typeof p.sourceUrl === 'string' ? { sourceUrl: p.sourceUrl } : {}),
    ...(typeof p.provenance === 'object' && p.provenance !== null ? { provenance: p.provenance as Payload['provenance'] } : {}),
  }
}

/** The payload of `document-ready` (spec §3 "Payload"), also merged into the stored event. */
export function documentPayload(event: EventRow, content: StoredContent, analysis: Analysis): Payload {
  const scores = Object.fromEntries(analyticsScoreKeys.map((k) => [k, analysis.analytics[k]]))
  const texts = Object.fromEntries(analyticsTextKeys.map((k) => [k, analysis.analytics[k]]))
  const truncated = content.cleanedContent.length > MAX_PAYLOAD_TEXT || content.extractedText.length > MAX_PAYLOAD_TEXT
  return {
    ...sourceFacts(event),
    ...scores,
    ...texts,
    aiTitle: analysis.title,
    aiSummary: analysis.summary,
    ...(content.title ? { extractedTitle: content.title } : {}),
    // Cut between characters: half an emoji at the cut would make the payload unstorable (jsonb).
    cleanedContent: sliceText(content.cleanedContent, MAX_PAYLOAD_TEXT),
    extractedText: sliceText(content.extractedText, MAX_PAYLOAD_TEXT),
    ...(truncated ? { contentTruncated: true } : {}),
    knowledgeArea: analysis.knowledgeArea,
    detectedEntities: analysis.entities.map((e) => ({
      text: e.text,
      kind: e.kind,
      aliases: e.aliases,
      mentions: e.mentions,
      ...(e.mentionCount === undefined ? {} : { mentionCount: e.mentionCount }),
    })),
    detectedDomain: analysis.detectedDomain,
    pestleCategory: analysis.pestleCategory,
    language: analysis.language,
    analysisStatus: 'completed',
    parsingStatus: 'completed',
    analysisStamp: analysis.stamp,
    // What this document's analysis consumed; its workspace keeps the running total (sessions.tokens_used).
    tokensUsed: analysis.usage?.totalTokens ?? 0,
  }
}

/** `sessionTokensUsed` added to a message that reports an analysis: the workspace's total after it. */
export function withSessionTokens(total: number | null) {
  return (m: StageMessage): StageMessage =>
    total === null || (m.type !== 'document-ready' && m.type !== 'genesis_event_updated') ? m : ({ ...m, data: { ...m.data, sessionTokensUsed: total } } as StageMessage)
}

/** The frames to store for an analysis: ids `${eventId}-f${actionIndex}`, status final. */
export function frameRows(eventId: string, analysis: Analysis) {
  return analysis.frames.map((f) => ({
    id: frameIdOf(eventId, f.actionIndex),
    status: 'final',
    actionIndex: f.actionIndex,
    totalActions: f.totalActions,
    actionType: f.actionType,
    body: { ...f } as Record<string, unknown>,
  }))
}

/** A stored frame as `action-frame-created` carries it: exactly what the session-data route answers. */
export function wireFrame(tenantId: string, event: EventRow, row: ReturnType<typeof frameRows>[number], at: number) {
  const stored: FrameRow = {
    id: row.id,
    event_id: event.id,
    research_id: event.research_id,
    session_id: event.session_id,
    status: row.status,
    action_index: row.actionIndex,
    total_actions: row.totalActions,
    action_type: row.actionType,
    body: row.body,
    created_at: new Date(at).toISOString(),
    updated_at: new Date(at).toISOString(),
  }
  return toActionFrame(stored, tenantId)
}
