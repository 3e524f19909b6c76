/**
 * Who is signed in and with which tenant (spec §3 "Client auth state"), for the guard, the top bar and
 * the user menu. Tokens never enter read models: the API client asks the identity library for them.
 */
import type { Access } from '../domain/rules/accounts'
import { defineDraftProjection } from './define-draft-projection'

export interface SessionState {
  status: 'loading' | 'signedIn' | 'signedOut'
  user: { uid: string; email: string | null; emailVerified: boolean; displayName: string | null } | null
  email: string | null
  tenantId: string | null
  authType: 'personal' | 'corporate' | null
  /** True when the tenant came from the local fallback rule because the backend lookup failed. */
  derivedLocally: boolean
  /** Whether the tenant opens: 'verifyEmail' and 'removed' show their screens instead of the app; null until resolved. */
  access: Access | null
  /** Why the account's record could not be created (the app offers to try again), or null. */
  setupProblem: string | null
}

export const initialSessionState: SessionState = {
  status: 'loading',
  user: null,
  email: null,
  tenantId: null,
  authType: null,
  derivedLocally: false,
  access: null,
  setupProblem: null,
}

export const sessionState = defineDraftProjection<SessionState>({
  name: 'sessionState',
  initial: initialSessionState,
  on: {
    'auth.signedIn': (s, e) => {
      s.status = 'signedIn'
      s.user = e.user
      s.email = e.user.email
    },
    'auth.contextResolved': (s, e) => {
      s.email = e.email
      s.tenantId = e.tenantId
      s.authType = e.authType
      s.derivedLocally = e.derivedLocally
      s.access = e.access ?? 'granted'
      s.setupProblem = null
    },
    'auth.emailVerified': (s) => {
      if (s.user) s.user.emailVerified = true
    },
    'auth.accountSetupFailed': (s, e) => {
      s.setupProblem = e.message
    },
    'auth.profileUpdated': (s, e) => {
      if (s.user) s.user.displayName = e.displayName
    },
    'auth.signedOut': (s) => {
      Object.assign(s, initialSessionState, { status: 'signedOut' })
    },
  },
})
