/**
 * Who is signed in and with which tenant (spec §3 "Client auth state"), for the guard, the top bar and
 * the user menu. Tokens never enter read models: the API client asks the identity library for them.
 */
import type { Access } from '../domain/rules/accounts'
import { defineProjection } from './define-projection'

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

export const sessionState = defineProjection<SessionState>({
  name: 'sessionState',
  initial: initialSessionState,
  on: {
    'auth.signedIn': (tx, e) => {
      const s = tx.draft()
      s.status = 'signedIn'
      s.user = e.user
      s.email = e.user.email
    },
    'auth.contextResolved': (tx, e) => {
      const s = tx.draft()
      s.email = e.email
      s.tenantId = e.tenantId
      s.authType = e.authType
      s.derivedLocally = e.derivedLocally
      s.access = e.access ?? 'granted'
      s.setupProblem = null
    },
    'auth.emailVerified': (tx) => {
      if (!tx.state.user) return
      const s = tx.draft()
      s.user = { ...tx.state.user, emailVerified: true }
    },
    'auth.accountSetupFailed': (tx, e) => {
      tx.draft().setupProblem = e.message
    },
    'auth.profileUpdated': (tx, e) => {
      if (!tx.state.user) return
      const s = tx.draft()
      s.user = { ...tx.state.user, displayName: e.displayName }
    },
    'auth.signedOut': (tx) => {
      Object.assign(tx.draft(), initialSessionState, { status: 'signedOut' })
    },
  },
})
