/**
 * Watch-lists and alerts (issue 21, item 6; src/protocol/alerts.ts). Every watch and alert is the caller's
 * own: another user's (or tenant's) id answers 404 like a missing one. A webhook address is refused with the
 * readers' text when it is not http(s) or names a private or loopback address.
 */
import { z } from 'zod'
import { alertDigestSchema, alertListSchema, alertSchema, userWebhookSchema, watchRequestSchema, watchSchema } from '../alerts'
import { contract } from './contract'

const id = z.object({ id: z.string().min(1) })
const message = z.object({ message: z.string() })

export const watchListContract = contract('GET /watches', "The caller's watches, newest first", { responses: { 200: z.object({ items: z.array(watchSchema) }) } })

export const watchCreateContract = contract('POST /watches', 'Watch an entity, a saved search or an action category above an urgency', {
  body: watchRequestSchema,
  responses: { 201: watchSchema },
})

export const watchUpdateContract = contract('PUT /watches/:id', 'Change what a watch watches, its scope or its webhook', {
  params: id,
  body: watchRequestSchema,
  responses: { 200: watchSchema },
})

export const watchDeleteContract = contract('DELETE /watches/:id', 'Stop watching (its alerts go with it)', { params: id, responses: { 200: message } })

export const alertListContract = contract('GET /alerts', "The caller's alerts, newest first, with the unread count", {
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).optional() }),
  responses: { 200: alertListSchema },
})

export const alertReadContract = contract('POST /alerts/:id/read', 'Mark an alert read', { params: id, responses: { 200: alertSchema } })

export const alertReadAllContract = contract('POST /alerts/read-all', "Mark every one of the caller's alerts read", { responses: { 200: z.object({ unreadCount: z.number().int() }) } })

export const alertDigestContract = contract('GET /alerts/digest', "A day's alerts grouped by watch (today, UTC, by default)", {
  query: z.object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'day must be yyyy-mm-dd')
      .optional(),
  }),
  responses: { 200: alertDigestSchema },
})

export const userWebhookGetContract = contract('GET /alerts/webhook', "The caller's webhook for alerts of watches that name none", { responses: { 200: userWebhookSchema } })

export const userWebhookSetContract = contract('PUT /alerts/webhook', "Set or clear (null) the caller's webhook for alerts", {
  body: z.object({ webhookUrl: z.string().trim().max(2000).nullable() }),
  responses: { 200: userWebhookSchema },
})
