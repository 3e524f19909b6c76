/** What was rejected and why: counts per reason and the most recent rejections, for the debug panel. */
import { defineProjection, edit } from './define-projection'

export interface Rejection {
  seq: number
  reason: string
  detail: string
  line: number | null
  messageType: string | null
  source: string
}

export interface Diagnostics {
  rejectedTotal: number
  byReason: Record<string, number>
  /** The last 50 rejections, oldest first. */
  recent: Rejection[]
}

export const RECENT_REJECTIONS = 50

export const emptyDiagnostics: Diagnostics = { rejectedTotal: 0, byReason: {}, recent: [] }

export const diagnostics = defineProjection<Diagnostics>({
  name: 'diagnostics',
  initial: emptyDiagnostics,
  on: {
    'diagnostic.inputRejected': (tx, e, meta) => {
      const s = tx.draft()
      s.rejectedTotal += 1
      const byReason = edit(tx, s, 'byReason')
      byReason[e.reason] = (byReason[e.reason] ?? 0) + 1
      const recent = edit(tx, s, 'recent')
      recent.push({
        seq: meta.seq,
        reason: e.reason,
        detail: e.detail,
        line: e.line ?? null,
        messageType: e.messageType ?? null,
        source: meta.source,
      })
      if (recent.length > RECENT_REJECTIONS) recent.splice(0, recent.length - RECENT_REJECTIONS)
    },
  },
})
