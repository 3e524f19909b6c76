/** Display helpers of the inspector: numbers, frame names, raw JSON. */
import type { DocumentCard } from '../../projections/workspace-graph'
import { humaniseActionType } from '../shared/format'

/** A 0–1 number to two decimals, or a signed one for sentiment (−1…1). */
export function formatNumber(value: unknown, signed = false): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return typeof value === 'string' && value !== '' ? value : null
  const fixed = value.toFixed(2)
  return signed && value > 0 ? `+${fixed}` : fixed
}

/** The genesis event as the Raw tab shows it: the spec §3 fields, without the read model's bookkeeping. */
export function rawEvent(doc: DocumentCard) {
  return {
    id: doc.id,
    type: doc.type,
    eventType: doc.eventType,
    title: doc.title,
    summary: doc.summary,
    status: doc.status,
    payload: doc.payload,
    analytics: doc.analytics,
    uploadedAt: doc.uploadedAt,
    ingestedAt: doc.ingestedAt,
    error: doc.error,
    actionCount: doc.actionCount,
    reprocessing: doc.reprocessing,
    reprocessProgress: doc.reprocessProgress,
    sessionId: doc.sessionId,
  }
}

export function toJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2)
}

/** A frame's name: its action type, or 'Action n' (spec §2, as the frame card reads it). */
export function frameLabel(frame: { actionType?: string | null; actionIndex?: number | null }, position: number): string {
  return frame.actionType ? humaniseActionType(frame.actionType) : `Action ${frame.actionIndex ?? position}`
}
