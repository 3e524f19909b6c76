/**
 * Toasts. A toast expires `duration` after it was shown (3 s, 5 s for errors; loading toasts stay until
 * dismissed); `clock.ticked` removes the expired ones. A server-pushed processing error raises
 * 'Document processing failed: {message}' once per document.
 */
import { toastDuration } from '../domain/rules/notifications'
import { Texts } from '../domain/rules/texts'
import { earliestTime } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export interface Toast {
  id: string
  kind: 'success' | 'error' | 'warning' | 'loading' | 'info'
  message: string
  at: number
  /** Epoch ms when it goes, or null while it should stay. */
  expiresAt: number | null
}

export interface Toasts {
  byId: Record<string, Toast>
  order: string[]
}

export const emptyToasts: Toasts = { byId: {}, order: [] }

export const toasts = defineDraftProjection<Toasts>({
  name: 'toasts',
  initial: emptyToasts,
  on: {
    'notification.shown': (s, e) => {
      const duration = toastDuration(e.kind, e.duration)
      show(s, { id: e.id, kind: e.kind, message: e.message, at: e.at, expiresAt: duration === null ? null : e.at + duration })
    },
    'notification.dismissed': (s, e) => remove(s, e.id),
    'document.processingFailed': (s, e, meta) => {
      if (meta.source !== 'ws' && meta.source !== 'replay') return
      // A redelivered failure must not restart the toast's clock.
      if (s.byId[`processing-error:${e.eventId}`]) return
      const message = e.error && e.error.trim() !== '' ? e.error : Texts.processingErrorFallback
      const duration = toastDuration('error') as number
      show(s, {
        id: `processing-error:${e.eventId}`,
        kind: 'error',
        message: Texts.documentProcessingFailed(message),
        at: meta.receivedAt,
        expiresAt: meta.receivedAt + duration,
      })
    },
    'clock.ticked': (s, e) => {
      const expired = s.order.filter((id) => {
        const t = s.byId[id]
        return t !== undefined && t.expiresAt !== null && t.expiresAt <= e.at
      })
      for (const id of expired) remove(s, id)
    },
  },
})

/** The next moment a toast expires, for the effect that schedules `clock.ticked`. */
export function selectNextToastExpiry(state: Toasts): number | null {
  return earliestTime(state, (t) => t.expiresAt)
}

function show(s: Toasts, toast: Toast): void {
  if (!s.byId[toast.id]) s.order.push(toast.id)
  s.byId[toast.id] = toast
}

function remove(s: Toasts, id: string): void {
  if (!s.byId[id]) return
  delete s.byId[id]
  s.order = s.order.filter((x) => x !== id)
}
