/**
 * The analyst's alerts and watches (issue 21, item 6): the newest alerts by id with the unread count, the
 * watches, and the day's digest as last read.
 *
 * `alert.listLoaded` replaces the alerts and the count the server gave. `alert.raised` (the inbox channel)
 * puts the alert in whole: a new one goes first and, unread, counts once; one already known (another source
 * of its story, or a redelivery after a resume) is replaced where it stands and counts nothing. A message
 * whose live-log id is not after the last applied changes nothing. `alert.read` and `alert.allRead` take the
 * server's word for the read time. Signing out empties the model.
 */
import type { Alert, AlertDigest, Watch } from '../protocol/alerts'
import { compareMessageIds } from '../protocol/live-messages'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export interface Alerts {
  /** Whether the list was read from the server yet. */
  loaded: boolean
  /** The analyst's inbox channel (null before the list is read). */
  inboxSessionId: string | null
  byId: Record<string, Alert>
  /** Newest first. */
  order: string[]
  unreadCount: number
  /** The last inbox message applied. */
  cursor: string | null
  watches: { loaded: boolean; byId: Record<string, Watch>; order: string[] }
  digest: AlertDigest | null
}

export const emptyAlerts: Alerts = fresh()

export const alerts = defineDraftProjection<Alerts>({
  name: 'alerts',
  initial: emptyAlerts,
  on: {
    'auth.signedOut': (s) => {
      if (s.loaded || s.order.length > 0 || s.watches.order.length > 0) assign(s, fresh())
    },
    'alert.listLoaded': (s, e) => {
      assign(s, { loaded: true, inboxSessionId: e.inboxSessionId, byId: {}, order: [], unreadCount: e.unreadCount })
      for (const alert of e.items) {
        s.byId[alert.id] = alert
        s.order.push(alert.id)
      }
    },
    'alert.raised': (s, e) => {
      if (e.messageId != null) {
        if (s.cursor !== null && compareMessageIds(e.messageId, s.cursor) <= 0) return
        s.cursor = e.messageId
      }
      const known = s.byId[e.alert.id]
      if (!known) {
        s.order.unshift(e.alert.id)
        if (!e.alert.readAt) s.unreadCount++
      }
      s.byId[e.alert.id] = known?.readAt && !e.alert.readAt ? { ...e.alert, readAt: known.readAt } : e.alert
    },
    'alert.read': (s, e) => {
      const known = s.byId[e.alert.id]
      if (known && !known.readAt && e.alert.readAt) s.unreadCount = Math.max(0, s.unreadCount - 1)
      if (known) s.byId[e.alert.id] = e.alert
    },
    'alert.allRead': (s, e) => {
      for (const id of s.order) {
        const a = s.byId[id]
        if (a && !a.readAt) a.readAt = e.at
      }
      s.unreadCount = e.unreadCount
    },
    'alert.digestLoaded': (s, e) => {
      s.digest = e.digest
    },
    'watch.listLoaded': (s, e) => {
      s.watches = { loaded: true, byId: Object.fromEntries(e.items.map((w) => [w.id, w])), order: e.items.map((w) => w.id) }
    },
    'watch.saved': (s, e) => {
      if (!s.watches.byId[e.watch.id]) s.watches.order.unshift(e.watch.id)
      s.watches.byId[e.watch.id] = e.watch
    },
    'watch.deleted': (s, e) => {
      if (!s.watches.byId[e.watchId]) return
      delete s.watches.byId[e.watchId]
      s.watches.order = s.watches.order.filter((id) => id !== e.watchId)
      for (const id of s.order.filter((a) => s.byId[a]?.watchId === e.watchId)) {
        if (!s.byId[id]?.readAt) s.unreadCount = Math.max(0, s.unreadCount - 1)
        delete s.byId[id]
      }
      s.order = s.order.filter((id) => s.byId[id])
    },
  },
})

/** The alerts, newest first. */
export function selectAlertList(s: Alerts): Alert[] {
  return s.order.flatMap((id) => (s.byId[id] ? [s.byId[id]] : []))
}

/** The watch of an entity (by its id or name), if the analyst has one. */
export function selectEntityWatch(s: Alerts, entityId: string): Watch | undefined {
  for (const id of s.watches.order) {
    const w = s.watches.byId[id]
    if (w?.kind === 'entity' && (w.entityId === entityId || w.label === entityId)) return w
  }
  return undefined
}

function fresh(): Alerts {
  return { loaded: false, inboxSessionId: null, byId: {}, order: [], unreadCount: 0, cursor: null, watches: { loaded: false, byId: {}, order: [] }, digest: null }
}
