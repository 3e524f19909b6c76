/**
 * The identity provider, through the Firebase JS SDK (the Auth emulator in the embedded default, real
 * Firebase by configuration). It publishes auth facts on the bus (signed in, tenant resolved, signed
 * out) and is the AuthSource the API client asks for tokens. After sign-in the backend user record
 * gives the tenant; when that lookup fails, the tenant is derived locally (spec §6).
 */
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onIdTokenChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
  type User,
} from 'firebase/auth'
import { z } from 'zod'
import { type AccountType, fallbackAccountType, tenantFor } from '../domain/rules/accounts'
import type { ApiClient, AuthSource } from './api-client'
import type { ClientCore } from './client-core'

export interface FirebaseSettings {
  firebase: { apiKey: string; projectId: string; authDomain: string }
  authEmulatorUrl: string | null
}

export interface IdentitySession extends AuthSource {
  signIn(email: string, password: string): Promise<void>
  signUp(form: { email: string; password: string; accountType: AccountType; displayName?: string }): Promise<void>
  resetPassword(email: string): Promise<void>
  signOut(): Promise<void>
  /** Changes the display name in the identity provider's profile (Settings). */
  updateDisplayName?(name: string | null): Promise<void>
  /** Called once the API client exists (it needs this session's tokens, and this session needs it). */
  attachApi(api: ApiClient): void
}

const userRecord = z.object({ tenantId: z.string(), accountType: z.enum(['personal', 'corporate']), email: z.string() })

export function createIdentitySession(settings: FirebaseSettings, core: ClientCore): IdentitySession {
  const app: FirebaseApp = getApps()[0] ?? initializeApp(settings.firebase)
  const auth: Auth = getAuth(app)
  if (settings.authEmulatorUrl) {
    if (!/^https?:\/\//.test(settings.authEmulatorUrl)) throw new Error('The Auth emulator address must start with http:// or https://')
    connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true })
  }
  let api: ApiClient | null = null
  let tenant: { tenantId: string; authType: AccountType } | null = null
  let resolvedFor: string | null = null
  // During sign-up the new user is signed in by the SDK for a moment; the app should not open for it.
  let signingUp = false

  const resolveContext = async (user: User) => {
    const email = (user.email ?? '').toLowerCase()
    let derivedLocally = false
    let record: z.infer<typeof userRecord> | null = null
    try {
      record = api ? await api.get(`/users/${encodeURIComponent(user.uid)}`, userRecord) : null
    } catch {
      record = null
    }
    if (!record) {
      derivedLocally = true
      const authType = fallbackAccountType(email)
      record = { tenantId: tenantFor(email, authType), accountType: authType, email }
    }
    tenant = { tenantId: record.tenantId, authType: record.accountType }
    core.bus.publish({ type: 'auth.contextResolved', email, tenantId: record.tenantId, authType: record.accountType, derivedLocally }, 'auth')
  }

  onIdTokenChanged(auth, (user) => {
    if (!user) {
      tenant = null
      resolvedFor = null
      core.bus.publish({ type: 'auth.signedOut' }, 'auth')
      return
    }
    if (signingUp || resolvedFor === user.uid) return
    resolvedFor = user.uid
    core.bus.publish(
      { type: 'auth.signedIn', user: { uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName } },
      'auth',
    )
    void resolveContext(user)
  })

  return {
    async token(force) {
      const user = auth.currentUser
      return user ? user.getIdToken(force) : null
    },
    userId: () => auth.currentUser?.uid ?? null,
    tenantId: () => tenant?.tenantId ?? null,
    clear() {
      void firebaseSignOut(auth)
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email.trim(), password)
    },
    /**
     * Creates the account and its backend record, then signs out again: the screen says
     * 'Account created successfully! You can now sign in.' and returns to sign-in (spec §8).
     */
    async signUp(form) {
      signingUp = true
      try {
        const credential = await createUserWithEmailAndPassword(auth, form.email.trim(), form.password)
        // The tenant is known from the form now (spec §7: x-tenant-id when known): the API client names it,
        // and the server takes it as the tenant this sign-up implies until the record says so itself.
        tenant = { tenantId: tenantFor(form.email.trim().toLowerCase(), form.accountType), authType: form.accountType }
        if (form.displayName?.trim()) await updateProfile(credential.user, { displayName: form.displayName.trim() })
        // The backend record fixes the tenant; if creating it fails, the local fallback applies later (spec §7).
        try {
          await api?.request('POST', '/users', {
            body: { firebaseUid: credential.user.uid, email: form.email.trim(), accountType: form.accountType, displayName: form.displayName?.trim() || null },
          })
        } catch {
          /* the tenant context falls back to the local rule at sign-in */
        }
        await firebaseSignOut(auth)
      } finally {
        tenant = null
        signingUp = false
      }
    },
    async resetPassword(email) {
      await sendPasswordResetEmail(auth, email.trim())
    },
    async signOut() {
      await firebaseSignOut(auth)
    },
    async updateDisplayName(name) {
      if (auth.currentUser) await updateProfile(auth.currentUser, { displayName: name })
    },
    attachApi(client) {
      api = client
    },
  }
}
