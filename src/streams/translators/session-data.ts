/**
 * `GET /researches/{id}/sessions/{sid}/data` bodies → `workspace.loaded`, or a rejection naming the
 * field. A frame without an id or parent cannot be placed; it is dropped from the event and reported,
 * so the rest of the page still loads.
 */
import { parseSessionData, parseSessionFrames } from '../../protocol/api'
import { sessionStoriesSchema } from '../../protocol/stories'
import { RejectionReason } from '../../domain/diagnostic'
import type { DomainEvent } from '../../domain/events'
import { Texts } from '../../domain/rules/texts'

export function translateSessionData(body: unknown, ctx: { sessionId: string; append: boolean; line?: number | null; framesDeferred?: boolean }): DomainEvent[] {
  const parsed = parseSessionData(body)
  if (!parsed.success) return [mismatch('session-data', parsed.error.issues, ctx.line)]
  const { events, actionFrames, liveCursor } = parsed.data
  const placeable = actionFrames.filter((f) => f.id != null && (f.parentId ?? f.parentEventId) != null)
  const out: DomainEvent[] = [
    {
      type: 'workspace.loaded',
      sessionId: ctx.sessionId,
      events,
      actionFrames: placeable,
      append: ctx.append,
      liveCursor: liveCursor ?? null,
      ...(ctx.framesDeferred ? { framesDeferred: true } : {}),
    },
  ]
  const dropped = actionFrames.length - placeable.length
  if (dropped > 0) {
    out.push({
      type: 'diagnostic.inputRejected',
      reason: RejectionReason.MissingFrameOrParentId,
      detail: `session data: ${dropped} action frame(s) without id or parentId were not shown`,
      line: ctx.line ?? null,
      messageType: 'session-data',
    })
  }
  return out
}

export const FRAMES_LOAD_FAILED = Texts.framesLoadFailed

/**
 * `GET /researches/{id}/sessions/{sid}/frames?events=…` bodies → `workspace.framesLoaded` for the
 * documents asked about; a body that fails validation is reported and those documents' frames count as
 * failed to load (the cards offer to try again).
 */
export function translateSessionFrames(body: unknown, ctx: { sessionId: string; documentIds: string[]; line?: number | null }): DomainEvent[] {
  const parsed = parseSessionFrames(body)
  if (!parsed.success) {
    return [mismatch('session-frames', parsed.error.issues, ctx.line), { type: 'workspace.framesLoadFailed', sessionId: ctx.sessionId, documentIds: ctx.documentIds, message: FRAMES_LOAD_FAILED }]
  }
  return [{ type: 'workspace.framesLoaded', sessionId: ctx.sessionId, documentIds: ctx.documentIds, actionFrames: parsed.data.actionFrames, liveCursor: parsed.data.liveCursor ?? null }]
}

/** A workspace's stories as `GET …/sessions/{sid}/stories` answered them (issue 20): `story.listLoaded`, or a rejection. */
export function translateSessionStories(body: unknown, ctx: { sessionId: string; line?: number | null }): DomainEvent[] {
  const parsed = sessionStoriesSchema.safeParse(body)
  if (!parsed.success) return [mismatch('session-stories', parsed.error.issues, ctx.line)]
  return [{ type: 'story.listLoaded', sessionId: ctx.sessionId, stories: parsed.data.stories }]
}

function issuesText(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): string {
  return issues
    .slice(0, 3)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ')
}

/** A body that does not match its schema, rejected naming the kind of body ('session-data' → "session data: …") and the fields. */
function mismatch(messageType: 'session-data' | 'session-frames' | 'session-stories', issues: Parameters<typeof issuesText>[0], line: number | null | undefined): DomainEvent {
  return { type: 'diagnostic.inputRejected', reason: RejectionReason.SchemaMismatch, detail: `${messageType.replace('-', ' ')}: ${issuesText(issues)}`, line: line ?? null, messageType }
}
