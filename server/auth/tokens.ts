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

export function firebaseTokenVerifier(projectId: string): TokenVerifier {
  const name = `sightline-${projectId}`
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name)
  const auth = getAuth(app)
  return {
    async verify(token) {
      const decoded = await auth.verifyIdToken(token)
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified ?? false,
        name: typeof decoded.name === 'string' ? decoded.name : null,
        expiresAt: decoded.exp * 1000,
      }
    },
  }
}
