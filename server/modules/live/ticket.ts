/**
 * Websocket tickets: what `POST /api/v1/ws/negotiate/{sessionId}` hands out so a browser can open the
 * socket without putting its identity token in a URL.
 *
 * A ticket is `v1.<claims>.<mac>`: `claims` is base64url JSON `{uid, tenantId, sessionId, expiresAt,
 * tokenExpiresAt, nonce}` (epoch ms), `mac` is base64url HMAC-SHA256 over `v1.<claims>` with the
 * server's secret (WS_TICKET_SECRET, or 32 random bytes per process when unset — then only the process
 * that issued a ticket accepts it, so several API instances need the shared setting).
 *
 * A ticket is good for one socket (the nonce is remembered until the ticket expires, per process), for
 * one session of one tenant, until the earlier of its own expiry (WS_TICKET_TTL_SECONDS) and the
 * identity token's. The socket it opens closes when the identity token expires: `tokenExpiresAt` rides
 * along for that.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'

export interface TicketClaims {
  uid: string
  tenantId: string
  sessionId: string
  /** Epoch ms after which the ticket opens nothing. */
  expiresAt: number
  /** Epoch ms when the identity token it was issued against expires. */
  tokenExpiresAt: number
  nonce: string
}

export type TicketCheck = { ok: true; claims: TicketClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'reused' }

export interface TicketSigner {
  issue(claims: Omit<TicketClaims, 'nonce'>): string
  /** Checks form, signature and expiry; `consume` also spends the nonce (a ticket opens one socket). */
  check(ticket: string, now: number, options?: { consume?: boolean }): TicketCheck
  /** Forgets spent nonces whose tickets have expired anyway. */
  sweep(now: number): void
}

/** Secrets shorter than this are refused: an HMAC key is only as good as its entropy. */
export const MIN_SECRET_LENGTH = 16

export function createTicketSigner(secret?: string | null): TicketSigner {
  if (secret != null && secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`WS_TICKET_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
  }
  const key = secret != null ? Buffer.from(secret, 'utf8') : randomBytes(32)
  const spent = new Map<string, number>()
  const mac = (body: string) => createHmac('sha256', key).update(body).digest()

  return {
    issue(claims) {
      const full: TicketClaims = { ...claims, nonce: randomBytes(12).toString('base64url') }
      const body = `${VERSION}.${Buffer.from(JSON.stringify(full)).toString('base64url')}`
      return `${body}.${mac(body).toString('base64url')}`
    },
    check(ticket, now, options = {}) {
      const parts = ticket.split('.')
      if (parts.length !== 3 || parts[0] !== VERSION || !BASE64URL.test(parts[1] as string) || !BASE64URL.test(parts[2] as string)) {
        return { ok: false, reason: 'malformed' }
      }
      const body = `${parts[0]}.${parts[1]}`
      const given = Buffer.from(parts[2] as string, 'base64url')
      const expected = mac(body)
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' }
      const claims = claimsSchema.safeParse(decodeJson(Buffer.from(parts[1] as string, 'base64url').toString('utf8')))
      if (!claims.success) return { ok: false, reason: 'malformed' }
      const c = claims.data
      if (now >= c.expiresAt || now >= c.tokenExpiresAt) return { ok: false, reason: 'expired' }
      if (spent.has(c.nonce)) return { ok: false, reason: 'reused' }
      if (options.consume) spent.set(c.nonce, c.expiresAt)
      return { ok: true, claims: c }
    },
    sweep(now) {
      for (const [nonce, expiresAt] of spent) if (expiresAt <= now) spent.delete(nonce)
    },
  }
}

const VERSION = 'v1'
const BASE64URL = /^[A-Za-z0-9_-]+$/

const claimsSchema = z.object({
  uid: z.string().min(1),
  tenantId: z.string().min(1),
  sessionId: z.string().min(1),
  expiresAt: z.number().int(),
  tokenExpiresAt: z.number().int(),
  nonce: z.string().min(1),
})

function decodeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
