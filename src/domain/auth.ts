/** The auth aggregate: who is signed in, with which tenant. */
import { z } from 'zod'
import { AccountTypes } from '../protocol/entities'

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
})
/** The user signed out, or auth state was cleared after a failed refresh. */
export const authSignedOut = z.object({ type: z.literal('auth.signedOut') })

/** The user changed their display name in Settings. */
export const authProfileUpdated = z.object({ type: z.literal('auth.profileUpdated'), displayName: z.string().nullable() })

export const authEvents = [authSignedIn, authTokenRefreshed, authContextResolved, authSignedOut, authProfileUpdated] as const
