/**
 * Identity tokens.
 *
 * - Real Firebase: firebase-admin verifies the signature against Google's keys, the audience, issuer,
 *   expiry and subject.
 * - The Auth emulator (FIREBASE_AUTH_EMULATOR_HOST): firebase-admin takes any unsigned token there, so a
 *   token with an edited e-mail, or one written for someone else's uid, would pass. Ours are checked here:
 *   the signature (HS256 with the emulator's token key: server/platform/auth/emulator-host.ts signs what the CLI's
 *   emulator leaves unsigned), the same claims as above, and the emulator's record of the user — it
 *   exists, is not disabled, its e-mail and verification are the token's, and the token was issued after
 *   the last revocation. An emulator run by someone else (no key known) issues unsigned tokens: they are
 *   held to the claims and the record only, which an invented token can match, so such a server must not
 *   be reachable from other machines (main.ts keeps an emulator-backed server on loopback).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { z } from 'zod'

export interface VerifiedToken {
  uid: string
  email: string | null
  emailVerified: boolean
  name: string | null
  /** Epoch ms when the token stops being valid (a live socket is closed then). */
  expiresAt: number
}

export interface TokenVerifier {
  verify(token: string): Promise<VerifiedToken>
}

export interface VerifierOptions {
  cacheMs?: number
  now?: () => number
  /** The emulator's token key; by default SIGHTLINE_EMULATOR_TOKEN_SECRET, read at each check. */
  emulatorTokenSecret?: () => string | null
}

export function firebaseTokenVerifier(projectId: string, options: VerifierOptions = {}): TokenVerifier {
  const now = options.now ?? Date.now
  const secret = options.emulatorTokenSecret ?? (() => process.env.SIGHTLINE_EMULATOR_TOKEN_SECRET || null)
  // firebase-admin fixes an app's emulator address on its first call: one app per address, so a process
  // whose emulator restarted on another port (a server restarted in place) asks the one that is there.
  const authFor = () => {
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
    const name = emulator ? `sightline-${projectId}@${emulator}` : `sightline-${projectId}`
    const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name)
    return getAuth(app)
  }
  const verify = async (token: string): Promise<VerifiedToken> => {
    if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return verifyEmulatorToken(token, { projectId, secret: secret(), now: now(), auth: authFor() })
    const decoded = await askIdentity(() => authFor().verifyIdToken(token))
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified ?? false,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      expiresAt: decoded.exp * 1000,
    }
  }
  return cachedVerifier({ verify }, options.cacheMs ?? 30_000, now)
}

const emulatorClaimsSchema = z.object({
  aud: z.string(),
  iss: z.string(),
  sub: z.string().min(1).max(128),
  iat: z.number(),
  exp: z.number(),
  auth_time: z.number(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
  name: z.string().nullish(),
})

/** The identity service (Firebase, or the emulator) did not answer: the request failed, not the token. */
export class IdentityUnavailable extends Error {
  override name = 'IdentityUnavailable'
}

/** A failure of the service rather than of the token: firebase-admin's network and internal errors, or a socket's. */
export function isServiceFailure(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined
  if (typeof code === 'string' && (code.startsWith('app/') || code === 'auth/internal-error')) return true
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : ''
  return /ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|socket hang up|fetch failed/i.test(text)
}

/**
 * Asks the identity service, once more after a short pause when it did not answer (a busy emulator, a
 * dropped connection); still no answer is `IdentityUnavailable`, which the API answers with 503, so a
 * signed-in analyst is not taken for signed out. What the service says of the token passes through.
 */
export async function askIdentity<T>(ask: () => Promise<T>, pauseMs = 250): Promise<T> {
  try {
    return await ask()
  } catch (error) {
    if (!isServiceFailure(error)) throw error
  }
  await new Promise((resolve) => setTimeout(resolve, pauseMs))
  try {
    return await ask()
  } catch (error) {
    if (isServiceFailure(error)) throw new IdentityUnavailable(error instanceof Error ? error.message : String(error))
    throw error
  }
}

/** Clocks differ a little between the emulator and the server; more is a token from the future. */
const SKEW_SECONDS = 60

/** An emulator token: signature (when the key is known), claims, then the emulator's record of the user. */
async function verifyEmulatorToken(token: string, ctx: { projectId: string; secret: string | null; now: number; auth: ReturnType<typeof getAuth> }): Promise<VerifiedToken> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new Error('not a JWT')
  const [head, body, signature] = parts as [string, string, string]
  const header = z.object({ alg: z.string() }).parse(decodeSegment(head))
  if (ctx.secret !== null) {
    if (header.alg !== 'HS256') throw new Error('an unsigned token')
    const expected = createHmac('sha256', ctx.secret).update(`${head}.${body}`).digest()
    const given = Buffer.from(signature, 'base64url')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('a bad signature')
  } else if (header.alg !== 'none' || signature !== '') {
    throw new Error('a token the emulator did not issue')
  }
  const claims = emulatorClaimsSchema.parse(decodeSegment(body))
  const nowS = ctx.now / 1000
  if (claims.aud !== ctx.projectId || claims.iss !== `https://securetoken.google.com/${ctx.projectId}`) throw new Error('a token of another project')
  if (claims.exp <= nowS) throw new Error('an expired token')
  if (claims.iat > nowS + SKEW_SECONDS || claims.auth_time > nowS + SKEW_SECONDS) throw new Error('a token from the future')
  const user = await askIdentity(() => ctx.auth.getUser(claims.sub))
  if (user.disabled) throw new Error('a disabled account')
  if ((user.email ?? '').toLowerCase() !== (claims.email ?? '').toLowerCase()) throw new Error('an e-mail the account does not have')
  if (user.emailVerified !== (claims.email_verified ?? false)) throw new Error('a verification the account does not have')
  const revokedBefore = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0
  if (claims.auth_time * 1000 < revokedBefore) throw new Error('a revoked token')
  return { uid: claims.sub, email: claims.email ?? null, emailVerified: claims.email_verified ?? false, name: claims.name ?? null, expiresAt: claims.exp * 1000 }
}

function decodeSegment(segment: string): unknown {
  return JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
}

/**
 * Remembers verified tokens for a short while (never past their expiry). With the emulator, firebase-admin
 * asks the emulator about every token; without a cache every API request would wait on that call. Requests
 * that bring the same token while it is being verified wait on that one verification (a client opening a
 * workspace sends several at once), and share its answer, a refusal too.
 */
export function cachedVerifier(inner: TokenVerifier, ttlMs: number, now: () => number, maxEntries = 10_000): TokenVerifier {
  const cache = new Map<string, { result: VerifiedToken; until: number }>()
  const verifying = new Map<string, Promise<VerifiedToken>>()
  return {
    async verify(token) {
      const t = now()
      const hit = cache.get(token)
      if (hit && hit.until > t) return hit.result
      if (hit) cache.delete(token)
      const pending = verifying.get(token)
      if (pending) return pending
      const verification = inner
        .verify(token)
        .then((result) => {
          if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
          cache.set(token, { result, until: Math.min(t + ttlMs, result.expiresAt) })
          return result
        })
        .finally(() => verifying.delete(token))
      verifying.set(token, verification)
      return verification
    },
  }
}
