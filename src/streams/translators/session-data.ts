/**
 * `GET /researches/{id}/sessions/{sid}/data` bodies → `workspace.loaded`, or a rejection naming the
 * field. A frame without an id or parent cannot be placed; it is dropped from the event and reported,
 * so the rest of the page still loads.
 */
import { parseSessionData } from '../../protocol/api'
import { RejectionReason } from '../../domain/diagnostic'
import type { DomainEvent } from '../../domain/events'

export function translateSessionData(body: unknown, ctx: { sessionId: string; append: boolean; line?: number | null }): DomainEvent[] {
  const parsed = parseSessionData(body)
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ')
    return [
      {
        type: 'diagnostic.inputRejected',
        reason: RejectionReason.SchemaMismatch,
        detail: `session data: ${detail}`,
        line: ctx.line ?? null,
        messageType: 'session-data',
      },
    ]
  }
  const { events, actionFrames, liveCursor } = parsed.data
  const placeable = actionFrames.filter((f) => f.id != null && (f.parentId ?? f.parentEventId) != null)
  const out: DomainEvent[] = [
    { type: 'workspace.loaded', sessionId: ctx.sessionId, events, actionFrames: placeable, append: ctx.append, liveCursor: liveCursor ?? null },
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
