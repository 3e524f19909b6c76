/**
 * Watch-lists and alerts under /api/v1 (contracts: src/protocol/http/alerts.ts). Every answer is the caller's
 * own, within their tenant (service.ts).
 *
 * - GET /watches, POST /watches, PUT /watches/{id}, DELETE /watches/{id}
 * - GET /alerts?limit=, POST /alerts/{id}/read, POST /alerts/read-all, GET /alerts/digest?day=
 * - GET /alerts/webhook, PUT /alerts/webhook
 */
import type { FastifyInstance } from 'fastify'
import {
  alertDigestContract,
  alertListContract,
  alertReadAllContract,
  alertReadContract,
  userWebhookGetContract,
  userWebhookSetContract,
  watchCreateContract,
  watchDeleteContract,
  watchListContract,
  watchUpdateContract,
} from '../../../src/protocol/http/alerts'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { type AlertsDeps, createWatch, digestOf, listAlerts, listWatches, readAlert, readAllAlerts, removeWatch, replaceWatch, setWebhook, webhookOf } from './service'

const ALERT_PAGE = 50

export async function alertsRoutes(app: FastifyInstance, deps: AlertsDeps): Promise<void> {
  route(app, watchListContract, async ({ request }) => ({ items: await listWatches(deps, authOf(request)) }))
  route(app, watchCreateContract, async ({ body, request, reply }) => reply.status(201).send(await createWatch(deps, authOf(request), body)))
  route(app, watchUpdateContract, async ({ params, body, request }) => replaceWatch(deps, authOf(request), params.id, body))
  route(app, watchDeleteContract, async ({ params, request }) => {
    await removeWatch(deps, authOf(request), params.id)
    return { message: 'Watch deleted successfully' }
  })
  route(app, alertListContract, async ({ query, request }) => listAlerts(deps, authOf(request), query.limit ?? ALERT_PAGE))
  route(app, alertReadAllContract, async ({ request }) => ({ unreadCount: await readAllAlerts(deps, authOf(request)) }))
  route(app, alertReadContract, async ({ params, request }) => readAlert(deps, authOf(request), params.id))
  route(app, alertDigestContract, async ({ query, request }) => digestOf(deps, authOf(request), query.day))
  route(app, userWebhookGetContract, async ({ request }) => webhookOf(deps, authOf(request)))
  route(app, userWebhookSetContract, async ({ body, request }) => setWebhook(deps, authOf(request), body.webhookUrl))
}
