/** The auth aggregate: who is signed in, with which tenant. */
import { z } from 'zod'
import { AccountTypes } from '../protocol/entities'
import { Accesses } from '../protocol/tenancy'

export const authUserSchema = z.object({
  uid: z.string(),
  email: z.string().nullable(),
  emailVerified: z.boolean(),
  displayName: z.string().nullable(),
})

/** The identity provider reported a signed-in user. */
export const authSignedIn = z.object({ type: z.literal('auth.signedIn'), user: authUserSchema })
/** A fresh identity token was obtained. */
export const authTokenRefreshed = z.object({ type: z.literal('auth.tokenRefreshed'), token: z.string() })
/** The user's tenant was resolved, from the backend user record or derived locally. */
export const authContextResolved = z.object({
  type: z.literal('auth.contextResolved'),
  email: z.string(),
  tenantId: z.string(),
  authType: z.enum(AccountTypes),
  derivedLocally: z.boolean(),
  /** Whether the tenant opens to this sign-in: not before the e-mail is verified, or no longer (absent: it does). */
  access: z.enum(Accesses).optional(),
})
/** The identity provider now reports the user's e-mail as verified (after its link was followed). */
export const authEmailVerified = z.object({ type: z.literal('auth.emailVerified') })
/** The user's backend record could not be created, after retries; `message` says why in the product's words. */
export const authAccountSetupFailed = z.object({ type: z.literal('auth.accountSetupFailed'), message: z.string() })
/** The user signed out, or auth state was cleared after a failed refresh. */
export const authSignedOut = z.object({ type: z.literal('auth.signedOut') })

/** The user changed their display name in Settings. */
export const authProfileUpdated = z.object({ type: z.literal('auth.profileUpdated'), displayName: z.string().nullable() })

export const authEvents = [authSignedIn, authTokenRefreshed, authContextResolved, authSignedOut, authProfileUpdated, authEmailVerified, authAccountSetupFailed] as const
