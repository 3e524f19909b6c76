/**
 * Alert webhooks (issue 21, item 6): a new alert of a watch with a webhook (or whose owner has one) becomes a
 * row of alert_deliveries in the transaction that raises it; the worker takes due rows and POSTs them.
 *
 * - Body: JSON `{type: "alert", tenantId, alert}` (src/protocol/alerts.ts). Header `x-sightline-signature:
 *   t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the webhook's secret>`; the receiver
 *   recomputes it (`verifyWebhookSignature`) and refuses a stale timestamp.
 * - A 2xx answer delivers it. Anything else (an error status, no answer in WEBHOOK_TIMEOUT_MS, a refused
 *   address) is tried again after 30 s, 1 min, 2 min, … (doubling) up to WEBHOOK_MAX_ATTEMPTS attempts, then
 *   given up with its last error. The schedule is in the row, so a restart loses nothing; rows are taken with
 *   leased with FOR UPDATE SKIP LOCKED and called outside any transaction, so two workers never send
 *   the same attempt and no call holds the store.
 * - The readers' address guard applies (server/sources/address-guard.ts): an address that is not http(s), or
 *   whose host is or resolves to a private, loopback or link-local address, is refused with the readers' text,
 *   when the watch is saved and again when the call is made (the DNS answer checked is the one connected to).
 *   Only a test may lift the guard (`testOnlyWebhookPolicy`), and not in a production process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import type { Clock } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { BLOCKED_LOOKUP_CODE, guardedLookup, hostnameToAddress, isNonPublicAddress, SourceMessage } from '../../sources/index'
import { WEBHOOK_SIGNATURE_HEADER } from '../../../src/protocol/alerts'
import { leaseDueDeliveries, recordAttempt } from './queries/deliveries'

export const WEBHOOK_MAX_ATTEMPTS = 8
export const WEBHOOK_FIRST_RETRY_MS = 30_000
export const WEBHOOK_TIMEOUT_MS = 10_000
const BATCH = 20
/** How long a taken delivery is someone's: longer than one call may take. */
const LEASE_MS = 5 * WEBHOOK_TIMEOUT_MS

/** The readers' words for a refused address ('Invalid URL or request: private and loopback addresses are not allowed'). */
export const BLOCKED_WEBHOOK_TEXT = `${SourceMessage.invalidUrl}: private and loopback addresses are not allowed`
export const INVALID_WEBHOOK_TEXT = `${SourceMessage.invalidUrl}: the address is not an http(s) URL`

/** Whether webhooks may reach private and loopback addresses: never, but in a test. */
export interface WebhookPolicy {
  readonly allowPrivateNetwork: boolean
}

export const productionWebhookPolicy: WebhookPolicy = Object.freeze({ allowPrivateNetwork: false })

/** Lets a test's webhooks reach its own server on 127.0.0.1, given the test process's environment (read by the test, not here). Refused in a production process. */
export function testOnlyWebhookPolicy(environment: Record<string, string | undefined>): WebhookPolicy {
  if (environment.NODE_ENV === 'production' || environment.VITEST === undefined) throw new Error('The webhook address guard can only be lifted in a test')
  return Object.freeze({ allowPrivateNetwork: true })
}

/** Why a webhook address is refused (the readers' text), or null when it may be saved. */
export function webhookAddressProblem(address: string, policy: WebhookPolicy): string | null {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return INVALID_WEBHOOK_TEXT
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return INVALID_WEBHOOK_TEXT
  if (policy.allowPrivateNetwork) return null
  const host = hostnameToAddress(url.hostname).toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost')) return BLOCKED_WEBHOOK_TEXT
  return net.isIP(host) !== 0 && isNonPublicAddress(host) ? BLOCKED_WEBHOOK_TEXT : null
}

export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

/** Checks a signature header against the raw body, refusing one older (or newer) than `toleranceSeconds`. */
export function verifyWebhookSignature(secret: string, body: string, header: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]))
  const t = Number(parts.t)
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || typeof parts.v1 !== 'string') return false
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1] ?? '', 'hex')
  const given = Buffer.from(parts.v1, 'hex')
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** When the next attempt is due after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return WEBHOOK_FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1)
}

/** Makes every due delivery once; how many were delivered, retried later and given up. */
export async function deliverDueWebhooks(deps: { db: Database; clock: Clock; webhookPolicy?: WebhookPolicy }): Promise<{ delivered: number; retried: number; failed: number }> {
  const policy = deps.webhookPolicy ?? productionWebhookPolicy
  const counts = { delivered: 0, retried: 0, failed: 0 }
  for (const d of await leaseDueDeliveries(deps.db, deps.clock.now(), deps.clock.now() + LEASE_MS, BATCH)) {
    const error = await post(d.url, d.secret, d.body, deps.clock.now(), policy)
    const attempts = d.attempts + 1
    const now = deps.clock.now()
    const status = error === null ? 'delivered' : attempts >= WEBHOOK_MAX_ATTEMPTS ? 'failed' : 'pending'
    counts[status === 'pending' ? 'retried' : status]++
    await recordAttempt(deps.db, d.tenant_id, d.id, { status, error, nextAt: status === 'pending' ? now + retryDelayMs(attempts) : now })
  }
  return counts
}

/** Polls for due deliveries every `intervalMs` (the worker's loop); `stop` waits for a round in flight. */
export function startWebhookDeliveries(deps: { db: Database; clock: Clock; intervalMs?: number; log?: (error: unknown) => void }): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = running.then(() => deliverDueWebhooks(deps)).catch((error: unknown) => (deps.log ?? console.error)(error))
  }, deps.intervalMs ?? 5000)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}

/** One POST; null when answered 2xx, else why not. */
function post(address: string, secret: string, body: string, now: number, policy: WebhookPolicy): Promise<string | null> {
  const problem = webhookAddressProblem(address, policy)
  if (problem) return Promise.resolve(problem)
  const url = new URL(address)
  const client = url.protocol === 'https:' ? https : http
  const headers = { 'content-type': 'application/json', 'user-agent': 'Sightline-Webhooks/1', [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, body, Math.floor(now / 1000)) }
  return new Promise((resolve) => {
    const req = client.request(url, { method: 'POST', headers, agent: false, lookup: guardedLookup(policy.allowPrivateNetwork), timeout: WEBHOOK_TIMEOUT_MS }, (res) => {
      res.resume()
      const status = res.statusCode ?? 0
      resolve(status >= 200 && status < 300 ? null : `The webhook answered ${status}`)
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve(
        error.code === BLOCKED_LOOKUP_CODE
          ? BLOCKED_WEBHOOK_TEXT
          : error.message === 'timeout'
            ? 'The webhook did not answer in time'
            : `The webhook could not be reached (${error.code ?? error.message})`,
      )
    })
    req.end(body)
  })
}
