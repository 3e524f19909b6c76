/**
 * The live channel, protocol version 1 (ARCHITECTURE.md §4).
 *
 * Server → client: every frame is JSON `{type, sessionId, id, data}`. `id` increases strictly within a
 * session (its position in that session's live log), so a client keeps the last id it applied and
 * ignores anything at or before it: applying a message twice ends in the same state. Ids may skip: when a
 * document is deleted its messages leave the log and one `genesis-event-deleted` (its tombstone) is
 * appended, so replaying the log never shows a deleted document. Control frames
 * (`pong`, `resume-complete`, `resync-required`) carry no `data`.
 *
 * Client → server: `{"type":"ping"}` every 25 s, and `{"type":"resume","after":<last id>}` after every
 * (re)connect. The server answers the resume by replaying each message after that id in order and then
 * `resume-complete`; when its log no longer reaches back that far it sends `resync-required` and the
 * client reloads the session through the API.
 *
 * Field names are camelCase here; `parseLiveMessage` camelizes first so PascalCase spellings pass.
 */
import { z } from 'zod'
import { camelizeKeys } from './case'
import { compileGuard } from './fast-guard'
import { alertSchema } from './alerts'
import { frameCorrectionSchema } from './corrections'
import { storySchema } from './stories'
import { actionFrameSchema, actionFrameUpdateSchema, analyticsSchema, connectionSchema, idSchema, payloadSchema, timestampSchema } from './entities'

const opt = <T extends z.ZodType>(schema: T) => schema.nullish()

export const LiveMessageTypes = [
  'genesis-event-skeleton',
  'genesis-event-summary',
  'document-ready',
  'action-analysis-started',
  'action-analysis-complete',
  'action-frames-detected',
  'action-frame-created',
  'action-frame-updated',
  'processing-complete',
  'connection-updated',
  'processing-error',
  'status-update',
  'genesis_event_updated',
  'genesis-event-deleted',
  'story-updated',
  'alert-raised',
  'frame-correction-updated',
] as const
export type LiveMessageType = (typeof LiveMessageTypes)[number]

export const ControlMessageTypes = ['pong', 'resume-complete', 'resync-required'] as const

const eventRef = { eventId: idSchema }

export const liveMessageDataSchemas = {
  'genesis-event-skeleton': z.object({
    ...eventRef,
    eventType: opt(z.string()),
    title: opt(z.string()),
    payload: opt(payloadSchema),
    uploadedAt: opt(timestampSchema),
  }),
  'genesis-event-summary': z.object({ ...eventRef, title: z.string(), summary: z.string() }),
  'document-ready': z.object({
    ...eventRef,
    title: opt(z.string()),
    summary: opt(z.string()),
    payload: payloadSchema,
    analytics: analyticsSchema,
    /** The workspace's tokens used after this analysis (a running total: a later one is never smaller). */
    sessionTokensUsed: opt(z.number().int().nonnegative()),
  }),
  'action-analysis-started': z.object(eventRef),
  'action-analysis-complete': z.object({
    ...eventRef,
    status: z.string(),
    actionCount: z.number().int().nonnegative().default(0),
  }),
  'action-frames-detected': z.object({ ...eventRef, count: z.number().int().nonnegative() }),
  'action-frame-created': z.object({ frameId: idSchema, parentId: idSchema, frame: actionFrameSchema }),
  'action-frame-updated': z.object({ frameId: idSchema, updates: actionFrameUpdateSchema }),
  'processing-complete': z.object({ ...eventRef, actionCount: z.number().int().nonnegative() }),
  'connection-updated': z.object({ connection: connectionSchema }),
  'processing-error': z.object({ ...eventRef, error: opt(z.string()), filename: opt(z.string()) }),
  // `parked` (a job of the document waits behind an open circuit breaker: `reason` says why it is open,
  // `handlerKey` which) and `resumed` (its parked job was queued again) join the spec's phases.
  'status-update': z.object({ ...eventRef, phase: z.string(), reason: opt(z.string()), handlerKey: opt(z.string()) }),
  genesis_event_updated: z.object({
    ...eventRef,
    trigger: z.string(),
    stage: z.string(),
    percentage: z.number().default(0),
    updatedData: opt(
      z.object({
        title: opt(z.string()),
        summary: opt(z.string()),
        payload: opt(payloadSchema),
        analytics: opt(analyticsSchema),
      }),
    ),
    error: opt(z.string()),
    /** As on document-ready: the workspace's tokens used after a completed reprocess. */
    sessionTokensUsed: opt(z.number().int().nonnegative()),
  }),
  // The tombstone of a deleted document: its earlier messages are gone from the log (issue 16, delete
  // means delete), so a client resuming from before it never sees the document, and one that has the
  // card drops it with its frames. Nothing about the document follows it.
  'genesis-event-deleted': z.object(eventRef),
  // A story with a document of this workspace changed (src/protocol/stories.ts): the whole story as it now
  // is, and the stories it absorbed (a document that links two stories merges them), which are gone.
  'story-updated': z.object({ story: storySchema, mergedStoryIds: opt(z.array(z.string())) }),
  // An alert of the user's (src/protocol/alerts.ts), on that user's own inbox channel only. Sent again with the
  // same id when another source of its story matches (its document count grown, its read state kept): one
  // event told by several sources is one alert.
  'alert-raised': z.object({ alert: alertSchema }),
  // The analyst set, changed or dropped the correction of a frame of this workspace (src/protocol/corrections.ts):
  // the correction as the server now keeps it, or null once dropped. Every open client of the workspace gets it,
  // the one that made the change too (applying it twice changes nothing).
  'frame-correction-updated': z.object({ frameId: idSchema, eventId: idSchema, correction: frameCorrectionSchema.nullable() }),
} as const satisfies Record<LiveMessageType, z.ZodType>

const messageEnvelope = <T extends LiveMessageType>(type: T) =>
  z.object({
    type: z.literal(type),
    sessionId: idSchema,
    // Some older servers omit it; such messages are applied but cannot be de-duplicated by id.
    id: opt(idSchema),
    data: liveMessageDataSchemas[type],
  })

/** Every data-carrying server → client message. */
export const liveMessageSchema = z.discriminatedUnion(
  'type',
  LiveMessageTypes.map(messageEnvelope) as unknown as [ReturnType<typeof messageEnvelope<LiveMessageType>>, ...ReturnType<typeof messageEnvelope<LiveMessageType>>[]],
)
export type LiveMessageOf<T extends LiveMessageType> = {
  type: T
  sessionId: string
  id?: string | null
  data: z.infer<(typeof liveMessageDataSchemas)[T]>
}
export type LiveMessage = { [T in LiveMessageType]: LiveMessageOf<T> }[LiveMessageType]

/** Server → client frames about the channel itself. */
export const controlMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('resume-complete'), sessionId: idSchema, id: opt(idSchema) }),
  z.object({ type: z.literal('resync-required'), sessionId: idSchema }),
])
export type ControlMessage = z.infer<typeof controlMessageSchema>

/** Client → server frames. */
export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('resume'), after: z.string().nullable() }),
  z.object({ type: z.literal('auth'), token: z.string().min(1) }),
])
export type ClientMessage = z.infer<typeof clientMessageSchema>

export function isLiveMessageType(type: unknown): type is LiveMessageType {
  return typeof type === 'string' && (LiveMessageTypes as readonly string[]).includes(type)
}

export function isControlMessageType(type: unknown): type is ControlMessage['type'] {
  return typeof type === 'string' && (ControlMessageTypes as readonly string[]).includes(type)
}

/**
 * Validates one decoded frame (any spelling) as a data-carrying live message. A frame that is exactly right
 * as it came (camelCase, nothing to fill in or drop: the usual case) is its own parse result, checked in one
 * walk and not copied; any other goes through the camelCase normalisation and zod.
 */
export function parseLiveMessage(raw: unknown): z.ZodSafeParseResult<LiveMessage> {
  if (liveMessageWireGuard(raw)) return { success: true, data: raw as LiveMessage }
  return liveMessageSchema.safeParse(camelizeKeys(raw)) as z.ZodSafeParseResult<LiveMessage>
}

const liveMessageWireGuard = compileGuard(liveMessageSchema, { wire: true })

/**
 * Orders two live-log ids. Ids are decimal positions in practice; numeric strings compare by value
 * (so "10" follows "9", leading zeros ignored), anything else by plain string order. Allocation-free:
 * it runs once per applied message.
 */
export function compareMessageIds(a: string, b: string): number {
  if (a === b) return 0
  const sa = significantDigits(a)
  const sb = significantDigits(b)
  if (sa < 0 || sb < 0) return a < b ? -1 : 1
  const la = a.length - sa
  const lb = b.length - sb
  if (la !== lb) return la - lb
  for (let i = 0; i < la; i++) {
    const d = a.charCodeAt(sa + i) - b.charCodeAt(sb + i)
    if (d !== 0) return d
  }
  return 0
}

/** Index of the first significant digit of an all-digit string (its last char for "000"), or -1. */
function significantDigits(s: string): number {
  if (s.length === 0) return -1
  let first = -1
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return -1
    if (first < 0 && c !== 48) first = i
  }
  return first < 0 ? s.length - 1 : first
}
