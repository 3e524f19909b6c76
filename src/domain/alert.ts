/** Watch-lists and alerts (issue 21, item 6): the analyst's watches, their alerts and the day's digest. */
import { z } from 'zod'
import { alertDigestSchema, alertSchema, watchSchema } from '../protocol/alerts'
import { liveOrigin } from './live'

/** The analyst's alerts were read (`GET /alerts`): they replace what was known, with the unread count. */
export const alertsLoaded = z.object({ type: z.literal('alert.listLoaded'), items: z.array(alertSchema), unreadCount: z.number().int(), inboxSessionId: z.string() })

/** An alert arrived on the analyst's inbox channel: new, or one whose story another source joined. */
export const alertRaised = z.object({ type: z.literal('alert.raised'), ...liveOrigin, alert: alertSchema })

/** The server marked an alert read (`POST /alerts/{id}/read`). */
export const alertRead = z.object({ type: z.literal('alert.read'), alert: alertSchema })

/** The server marked every alert of the analyst's read (`POST /alerts/read-all`). */
export const alertsAllRead = z.object({ type: z.literal('alert.allRead'), at: z.string(), unreadCount: z.number().int() })

/** A day's digest was read (`GET /alerts/digest`). */
export const alertDigestLoaded = z.object({ type: z.literal('alert.digestLoaded'), digest: alertDigestSchema })

/** The analyst's watches were read (`GET /watches`). */
export const watchesLoaded = z.object({ type: z.literal('watch.listLoaded'), items: z.array(watchSchema) })

/** A watch was created or changed on the server. */
export const watchSaved = z.object({ type: z.literal('watch.saved'), watch: watchSchema })

/** A watch was deleted on the server (its alerts went with it). */
export const watchDeleted = z.object({ type: z.literal('watch.deleted'), watchId: z.string() })

export const alertEvents = [alertsLoaded, alertRaised, alertRead, alertsAllRead, alertDigestLoaded, watchesLoaded, watchSaved, watchDeleted] as const
