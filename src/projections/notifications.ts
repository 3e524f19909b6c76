/**
 * Toasts. A toast expires `duration` after it was shown (3 s, 5 s for errors; loading toasts stay until
 * dismissed); `clock.ticked` removes the expired ones. A server-pushed processing error raises
 * 'Document processing failed: {message}' once per document.
 */
import { toastDuration } from '../domain/rules/notifications'
import { Texts } from '../domain/rules/texts'
import { defineProjection, edit, type Tx } from './define-projection'

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

export const toasts = defineProjection<Toasts>({
  name: 'toasts',
  initial: emptyToasts,
  on: {
    'notification.shown': (tx, e) => {
      const duration = toastDuration(e.kind, e.duration)
      show(tx, { id: e.id, kind: e.kind, message: e.message, at: e.at, expiresAt: duration === null ? null : e.at + duration })
    },
    'notification.dismissed': (tx, e) => remove(tx, e.id),
    'document.processingFailed': (tx, e, meta) => {
      if (meta.source !== 'ws' && meta.source !== 'replay') return
      // A redelivered failure must not restart the toast's clock.
      if (tx.state.byId[`processing-error:${e.eventId}`]) return
      const message = e.error && e.error.trim() !== '' ? e.error : Texts.processingErrorFallback
      const duration = toastDuration('error') as number
      show(tx, {
        id: `processing-error:${e.eventId}`,
        kind: 'error',
        message: Texts.documentProcessingFailed(message),
        at: meta.receivedAt,
        expiresAt: meta.receivedAt + duration,
      })
    },
    'clock.ticked': (tx, e) => {
      const s = tx.state
      const expired = s.order.filter((id) => {
        const t = s.byId[id]
        return t !== undefined && t.expiresAt !== null && t.expiresAt <= e.at
      })
      for (const id of expired) remove(tx, id)
    },
  },
})

/** The next moment a toast expires, for the effect that schedules `clock.ticked`. */
export function selectNextToastExpiry(state: Toasts): number | null {
  let next: number | null = null
  for (const id of state.order) {
    const at = state.byId[id]?.expiresAt
    if (at != null && (next === null || at < next)) next = at
  }
  return next
}

function show(tx: Tx<Toasts>, toast: Toast): void {
  const s = tx.draft()
  if (!s.byId[toast.id]) edit(tx, s, 'order').push(toast.id)
  edit(tx, s, 'byId')[toast.id] = toast
}

function remove(tx: Tx<Toasts>, id: string): void {
  if (!tx.state.byId[id]) return
  const s = tx.draft()
  delete edit(tx, s, 'byId')[id]
  s.order = s.order.filter((x) => x !== id)
}
