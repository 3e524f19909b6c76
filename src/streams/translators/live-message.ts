/**
 * Live frames → domain events. With `session-data.ts`, the only place untrusted wire JSON is parsed.
 *
 * Each data-carrying message becomes exactly one domain event, carrying its session and live-log id.
 * Control frames become channel events (`resume-complete`, `resync-required`) or nothing (`pong`).
 * Anything else becomes one `diagnostic.inputRejected` event with the reason: invalid JSON, not an
 * object, an unknown type (logged, never thrown), an `action-frame-created` without frameId or
 * parentId, or any other schema mismatch (the detail names the field). Nothing here throws.
 */
import type { z } from 'zod'
import { type LiveMessage, controlMessageSchema, isControlMessageType, isLiveMessageType, parseLiveMessage } from '../../protocol/live-messages'
import { camelizeKeys } from '../../protocol/case'
import { RejectionReason } from '../../domain/diagnostic'
import type { DomainEvent, EventOf } from '../../domain/events'

export type Translation =
  | { kind: 'message'; event: DomainEvent; message: LiveMessage }
  | { kind: 'control'; event: DomainEvent | null }
  | { kind: 'rejected'; event: EventOf<'diagnostic.inputRejected'> }

export interface TranslateContext {
  /** 1-based line number when the frame came from a recording. */
  line?: number | null
}

/** Translates one raw text frame. */
export function translateLiveText(text: string, ctx: TranslateContext = {}): Translation {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    return rejected(RejectionReason.InvalidJson, errorText(error), ctx, null)
  }
  return translateLiveValue(value, ctx)
}

/** Translates one decoded frame (from a recording line that was already JSON). */
export function translateLiveValue(value: unknown, ctx: TranslateContext = {}): Translation {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return rejected(RejectionReason.NotAnObject, `expected a JSON object, got ${describe(value)}`, ctx, null)
  }
  const rawType = (value as Record<string, unknown>).type ?? (value as Record<string, unknown>).Type
  if (isControlMessageType(rawType)) return translateControl(value, ctx)
  if (!isLiveMessageType(rawType)) {
    return rejected(RejectionReason.UnknownType, `unknown message type ${JSON.stringify(rawType ?? null)}`, ctx, typeof rawType === 'string' ? rawType : null)
  }
  const parsed = parseLiveMessage(value)
  if (!parsed.success) return rejectSchema(rawType, parsed.error, ctx)
  return { kind: 'message', message: parsed.data, event: toDomainEvent(parsed.data) }
}

/** The domain event of one valid live message. Object literals with fixed fields keep the hot path monomorphic. */
export function toDomainEvent(m: LiveMessage): DomainEvent {
  const sessionId = m.sessionId
  const messageId = m.id ?? null
  switch (m.type) {
    case 'genesis-event-skeleton': {
      const d = m.data
      return { type: 'document.skeletonReceived', sessionId, messageId, eventId: d.eventId, eventType: d.eventType, title: d.title, payload: d.payload, uploadedAt: d.uploadedAt }
    }
    case 'genesis-event-summary':
      return { type: 'document.summaryReceived', sessionId, messageId, eventId: m.data.eventId, title: m.data.title, summary: m.data.summary }
    case 'document-ready': {
      const d = m.data
      return {
        type: 'document.ready',
        sessionId,
        messageId,
        eventId: d.eventId,
        title: d.title,
        summary: d.summary,
        payload: d.payload,
        analytics: d.analytics,
        sessionTokensUsed: d.sessionTokensUsed,
      }
    }
    case 'action-analysis-started':
      return { type: 'document.actionAnalysisStarted', sessionId, messageId, eventId: m.data.eventId }
    case 'action-analysis-complete':
      return { type: 'document.actionAnalysisCompleted', sessionId, messageId, eventId: m.data.eventId, outcome: m.data.status, actionCount: m.data.actionCount }
    case 'action-frames-detected':
      return { type: 'document.actionFramesDetected', sessionId, messageId, eventId: m.data.eventId, count: m.data.count }
    case 'action-frame-created':
      return { type: 'actionFrame.created', sessionId, messageId, frameId: m.data.frameId, parentId: m.data.parentId, frame: m.data.frame }
    case 'action-frame-updated':
      return { type: 'actionFrame.updated', sessionId, messageId, frameId: m.data.frameId, updates: m.data.updates }
    case 'processing-complete':
      return { type: 'document.processingCompleted', sessionId, messageId, eventId: m.data.eventId, actionCount: m.data.actionCount }
    case 'connection-updated':
      return { type: 'connection.updated', sessionId, messageId, connection: m.data.connection }
    case 'processing-error':
      return { type: 'document.processingFailed', sessionId, messageId, eventId: m.data.eventId, error: m.data.error, filename: m.data.filename }
    case 'status-update':
      return { type: 'document.phaseReported', sessionId, messageId, eventId: m.data.eventId, phase: m.data.phase, reason: m.data.reason, handlerKey: m.data.handlerKey }
    case 'genesis_event_updated': {
      const d = m.data
      return {
        type: 'document.reprocessProgressed',
        sessionId,
        messageId,
        eventId: d.eventId,
        trigger: d.trigger,
        stage: d.stage,
        percentage: d.percentage,
        updatedData: d.updatedData,
        error: d.error,
        sessionTokensUsed: d.sessionTokensUsed,
      }
    }
    case 'genesis-event-deleted':
      return { type: 'document.deleted', sessionId, messageId, eventId: m.data.eventId }
    case 'story-updated':
      return { type: 'story.updated', sessionId, messageId, story: m.data.story, mergedStoryIds: m.data.mergedStoryIds }
    case 'alert-raised':
      return { type: 'alert.raised', sessionId, messageId, alert: m.data.alert }
    case 'frame-correction-updated':
      return m.data.correction ? { type: 'correction.saved', sessionId, messageId, correction: m.data.correction } : { type: 'correction.removed', sessionId, messageId, frameId: m.data.frameId }
  }
}

function translateControl(value: object, ctx: TranslateContext): Translation {
  const parsed = controlMessageSchema.safeParse(camelizeKeys(value))
  if (!parsed.success) return rejectSchema(String((value as { type?: unknown }).type), parsed.error, ctx)
  const m = parsed.data
  switch (m.type) {
    case 'pong':
      return { kind: 'control', event: null }
    case 'resume-complete':
      return { kind: 'control', event: { type: 'liveChannel.resumed', sessionId: m.sessionId, lastMessageId: m.id ?? null } }
    case 'resync-required':
      return { kind: 'control', event: { type: 'liveChannel.resyncRequired', sessionId: m.sessionId } }
  }
}

function rejectSchema(type: string, error: z.ZodError, ctx: TranslateContext): Translation {
  const issues = error.issues
  const missingFrameIds = type === 'action-frame-created' && issues.some((i) => i.path.length === 2 && i.path[0] === 'data' && (i.path[1] === 'frameId' || i.path[1] === 'parentId'))
  if (missingFrameIds) {
    return rejected(RejectionReason.MissingFrameOrParentId, 'action-frame-created needs data.frameId and data.parentId', ctx, type)
  }
  const detail = issues
    .slice(0, 3)
    .map((i) => `${i.path.length > 0 ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ')
  return rejected(RejectionReason.SchemaMismatch, `${type}: ${detail}`, ctx, type)
}

function rejected(reason: RejectionReason, detail: string, ctx: TranslateContext, messageType: string | null): Translation {
  return {
    kind: 'rejected',
    event: { type: 'diagnostic.inputRejected', reason, detail, line: ctx.line ?? null, messageType },
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  return typeof value
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
