/**
 * Identity tokens. In every mode the server verifies the bearer token with firebase-admin: against
 * Google's keys for real Firebase, or — with FIREBASE_AUTH_EMULATOR_HOST set — the emulator's unsigned
 * tokens, whose claims (audience, issuer, expiry, subject) are still checked.
 */
import { getApps, initializeApp, type App } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'

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

export function firebaseTokenVerifier(projectId: string, options: { cacheMs?: number; now?: () => number } = {}): TokenVerifier {
  // firebase-admin fixes an app's emulator address on its first call: one app per address, so a process
  // whose emulator restarted on another port (a server restarted in place) asks the one that is there.
  const authFor = () => {
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
    const name = emulator ? `sightline-${projectId}@${emulator}` : `sightline-${projectId}`
    const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name)
    return getAuth(app)
  }
  const verify = async (token: string): Promise<VerifiedToken> => {
    const decoded = await authFor().verifyIdToken(token)
    return {
      uid: decoded.uid,
      email: decoded.email ?? null,
      emailVerified: decoded.email_verified ?? false,
      name: typeof decoded.name === 'string' ? decoded.name : null,
      expiresAt: decoded.exp * 1000,
    }
  }
  return cachedVerifier({ verify }, options.cacheMs ?? 30_000, options.now ?? Date.now)
}

/**
 * Remembers verified tokens for a short while (never past their expiry). With the emulator, firebase-admin
 * asks the emulator about every token; without a cache every API request would wait on that call.
 */
export function cachedVerifier(inner: TokenVerifier, ttlMs: number, now: () => number, maxEntries = 10_000): TokenVerifier {
  const cache = new Map<string, { result: VerifiedToken; until: number }>()
  return {
    async verify(token) {
      const t = now()
      const hit = cache.get(token)
      if (hit && hit.until > t) return hit.result
      if (hit) cache.delete(token)
      const result = await inner.verify(token)
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string)
      cache.set(token, { result, until: Math.min(t + ttlMs, result.expiresAt) })
      return result
    },
  }
}
