/**
 * The identity provider, through the Firebase JS SDK (the Auth emulator in the embedded default, real
 * Firebase by configuration). It publishes auth facts on the bus (signed in, tenant resolved with what it
 * lets the user open, e-mail verified, account setup failed, signed out) and is the AuthSource the API
 * client asks for tokens.
 *
 * Sign-up creates the account, sends the verification e-mail when the account is corporate (its tenant
 * opens to a verified address only, issue 16), and creates the backend record with `POST /users`, tried
 * three times when the server cannot answer; if it still fails, the account type is remembered and the
 * failure shown — the sign-up is not reported as a success. After sign-in the record gives the tenant and
 * its access ('verifyEmail' shows the 'verify your email' screen, whose Continue reloads the user and
 * takes a fresh token once the link was followed). A missing record is created then (the remembered type,
 * else personal); when that fails too, `auth.accountSetupFailed` says so and Try again repeats it. When the
 * lookup cannot reach the server, the tenant is derived locally for display (spec §6), and not named in
 * requests: the server knows the user's tenant better than a guess.
 */
import { type FirebaseApp, getApps, initializeApp } from 'firebase/app'
import {
  type Auth,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  onIdTokenChanged,
  reload,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut as firebaseSignOut,
  updateProfile,
  type User,
} from 'firebase/auth'
import { z } from 'zod'
import { type AccountType, fallbackAccountType, TenancyTexts, tenantFor } from '../domain/rules/accounts'
import { AccountTypes } from '../protocol/entities'
import { userCreateContract, userGetContract } from '../protocol/http/users'
import type { AccountRecord } from '../protocol/tenancy'
import { type ApiClient, ApiError, type AuthSource } from './api-client'
import { call } from './call'
import type { ClientCore } from './client-core'
import type { KeyValueStore } from './local-state'

interface FirebaseSettings {
  firebase: { apiKey: string; projectId: string; authDomain: string }
  authEmulatorUrl: string | null
}

interface IdentityOptions {
  /** Where a sign-up whose record could not be created keeps its account type until a sign-in creates it. */
  store?: KeyValueStore | null
  /** The pauses between attempts at `POST /users` (three attempts by default). */
  retryDelaysMs?: readonly number[]
  sleep?: (ms: number) => Promise<void>
}

interface SignUpResult {
  /** A verification e-mail went out (corporate accounts): the form says so. */
  verificationSent: boolean
}

/** The account was created but its backend record could not be: the message says so, in the product's words. */
export class AccountSetupError extends Error {}

export interface IdentitySession extends AuthSource {
  signIn(email: string, password: string): Promise<void>
  /** Resolves once the account and its record exist; throws AccountSetupError when the record could not be made. */
  signUp(form: { email: string; password: string; accountType: AccountType; displayName?: string }): Promise<SignUpResult>
  resetPassword(email: string): Promise<void>
  /** Sends the verification e-mail to the signed-in user again. */
  resendVerification(): Promise<void>
  /** Whether the e-mail is verified now (the user reloaded); if so the token is renewed and the tenant resolved again. */
  confirmVerification(): Promise<boolean>
  /** Tries again to create the signed-in user's missing record. */
  retrySetup(): Promise<void>
  signOut(): Promise<void>
  /** Changes the display name in the identity provider's profile (Settings). */
  updateDisplayName?(name: string | null): Promise<void>
  /** Called once the API client exists (it needs this session's tokens, and this session needs it). */
  attachApi(api: ApiClient): void
}

const DEFAULT_RETRY_DELAYS_MS = [500, 2000] as const
const pendingKey = (uid: string) => `sightline.pendingAccountType.${uid}`
const pendingSchema = z.enum(AccountTypes)

export function createIdentitySession(settings: FirebaseSettings, core: ClientCore, options: IdentityOptions = {}): IdentitySession {
  const app: FirebaseApp = getApps()[0] ?? initializeApp(settings.firebase)
  const auth: Auth = getAuth(app)
  if (settings.authEmulatorUrl) {
    if (!/^https?:\/\//.test(settings.authEmulatorUrl)) throw new Error('The Auth emulator address must start with http:// or https://')
    connectAuthEmulator(auth, settings.authEmulatorUrl, { disableWarnings: true })
  }
  let api: ApiClient | null = null
  // `derived`: spec §6's local guess, shown but never named to the server as x-tenant-id.
  let tenant: { tenantId: string; authType: AccountType; derived: boolean } | null = null
  let resolvedFor: string | null = null
  // During sign-up the new user is signed in by the SDK for a moment; the app should not open for it.
  let signingUp = false

  const store = options.store === undefined ? browserStorage() : options.store
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))

  /** `POST /users`, tried again after a pause while the failure is one a retry can mend. */
  const createRecord = async (body: { firebaseUid: string; email: string; accountType: AccountType; displayName: string | null }): Promise<AccountRecord> => {
    if (!api) throw new Error('the server is not connected')
    for (let attempt = 0; ; attempt++) {
      try {
        return (await call(api, userCreateContract, { body })).user
      } catch (error) {
        const pause = delays[attempt]
        if (pause === undefined || !worthRetrying(error)) throw error
        await sleep(pause)
      }
    }
  }

  const resolveContext = async (user: User) => {
    const email = (user.email ?? '').toLowerCase()
    let record: AccountRecord | null = null
    try {
      record = api ? await call(api, userGetContract, { params: { id: user.uid } }) : null
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) record = null
      else {
        // No record: the sign-up's POST /users never got through. Create it now, of the type the sign-up chose.
        try {
          record = await createRecord({ firebaseUid: user.uid, email, accountType: readPending(store, user.uid) ?? 'personal', displayName: user.displayName })
          writePending(store, user.uid, null)
        } catch (failure) {
          core.bus.publish({ type: 'auth.accountSetupFailed', message: TenancyTexts.setupRetryFailed(reasonOf(failure)) }, 'auth')
          return
        }
      }
    }
    if (record) {
      const tenantId = record.tenantId ?? tenantFor(email, record.accountType)
      tenant = { tenantId, authType: record.accountType, derived: false }
      core.bus.publish({ type: 'auth.contextResolved', email, tenantId, authType: record.accountType, derivedLocally: false, access: record.access }, 'auth')
      return
    }
    const authType = fallbackAccountType(email)
    tenant = { tenantId: tenantFor(email, authType), authType, derived: true }
    core.bus.publish({ type: 'auth.contextResolved', email, tenantId: tenant.tenantId, authType, derivedLocally: true, access: 'granted' }, 'auth')
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
    core.bus.publish({ type: 'auth.signedIn', user: { uid: user.uid, email: user.email, emailVerified: user.emailVerified, displayName: user.displayName } }, 'auth')
    void resolveContext(user)
  })

  return {
    async token(force) {
      const user = auth.currentUser
      return user ? user.getIdToken(force) : null
    },
    userId: () => auth.currentUser?.uid ?? null,
    tenantId: () => (tenant && !tenant.derived ? tenant.tenantId : null),
    clear() {
      void firebaseSignOut(auth)
    },
    async signIn(email, password) {
      await signInWithEmailAndPassword(auth, email.trim(), password)
    },
    /**
     * Creates the account and its backend record, then signs out again: the screen says
     * 'Account created successfully! You can now sign in.' and returns to sign-in (spec §8). A corporate
     * account is sent its verification e-mail first. A record that cannot be created is not swallowed:
     * the account type is remembered for the next sign-in and AccountSetupError says what failed.
     */
    async signUp(form) {
      signingUp = true
      const email = form.email.trim()
      try {
        const { user } = await createUserWithEmailAndPassword(auth, email, form.password)
        // The tenant is known from the form now (spec §7: x-tenant-id when known): the API client names it,
        // and the server takes it as the tenant this sign-up implies until the record says so itself.
        tenant = { tenantId: tenantFor(email.toLowerCase(), form.accountType), authType: form.accountType, derived: false }
        const displayName = form.displayName?.trim() || null
        if (displayName) await updateProfile(user, { displayName })
        // A corporate tenant opens to a verified address only; a failed send is not fatal (the screen resends).
        const verificationSent =
          form.accountType === 'corporate' &&
          (await sendEmailVerification(user).then(
            () => true,
            () => false,
          ))
        let failure: unknown = null
        try {
          await createRecord({ firebaseUid: user.uid, email, accountType: form.accountType, displayName })
        } catch (error) {
          failure = error
          writePending(store, user.uid, form.accountType)
        }
        await firebaseSignOut(auth)
        if (failure !== null) throw new AccountSetupError(TenancyTexts.setupFailed(reasonOf(failure)))
        return { verificationSent }
      } finally {
        tenant = null
        signingUp = false
      }
    },
    async resendVerification() {
      if (!auth.currentUser) throw new Error('Not signed in')
      await sendEmailVerification(auth.currentUser)
    },
    async confirmVerification() {
      const user = auth.currentUser
      if (!user) return false
      await reload(user)
      if (!user.emailVerified) return false
      // A new token carries email_verified: true; the old one still says false until it expires.
      await user.getIdToken(true)
      core.bus.publish({ type: 'auth.emailVerified' }, 'auth')
      await resolveContext(user)
      return true
    },
    async retrySetup() {
      if (auth.currentUser) await resolveContext(auth.currentUser)
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

/** Failures a later attempt may not meet: the server unreachable, overloaded or failing (not a refusal). */
function worthRetrying(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500 || error.status === 429 || error.status === 408
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'an unknown error occurred'
}

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

function readPending(store: KeyValueStore | null, uid: string): AccountType | null {
  try {
    const parsed = pendingSchema.safeParse(store?.getItem(pendingKey(uid)))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function writePending(store: KeyValueStore | null, uid: string, type: AccountType | null): void {
  try {
    if (type === null) store?.removeItem(pendingKey(uid))
    else store?.setItem(pendingKey(uid), type)
  } catch {
    /* storage full or disabled: the next sign-in creates a personal record */
  }
}
