/**
 * Users' records and what they may open: tenancy that needs proof (issue 16). The statements are in
 * queries.ts; this file holds the rules.
 *
 * A record fixes a user's tenant once and for all: personal → the e-mail address, corporate → the
 * address's domain, never a public mail domain (src/domain/rules/accounts.ts). Joining a tenant that
 * someone else is in takes proof of the address, the identity token's `email_verified` claim: a corporate
 * tenant always (colleagues share it), a personal one when another account's record holds it already (an
 * address deleted and signed up again). Until then every route but the account's own answers 403
 * EMAIL_NOT_VERIFIED. The first member of a corporate tenant seen with a verified address may remove the
 * others; a removed member (and any later account with that address in that tenant) is refused with 403
 * MEMBER_REMOVED.
 *
 * A user without a record is never placed by a rule: the first request that needs a tenant creates a
 * personal record (the tenant is the token's own address, shared with nobody) — see server/platform/auth/plugin.ts.
 */
import { type Access, TenancyTexts } from '../../../src/domain/rules/accounts'
import { TenancyErrorCodes } from '../../../src/protocol/tenancy'
import { ApiError } from '../http/errors'
import type { AccountRecord } from './queries'

export { type AccountRecord, createAccount, findAccount, listMembers, noteVerified, removeMember, tenantManager, type UserRow } from './queries'

/** What a record lets a token open. */
export function accessOf(record: AccountRecord, emailVerified: boolean): Access {
  if (record.removedAt !== null) return 'removed'
  const needsProof = record.accountType === 'corporate' || record.sharesTenant
  return needsProof && !emailVerified ? 'verifyEmail' : 'granted'
}

/** The 403 of a tenant the caller may not open, in the product's words. */
export function refusal(access: Exclude<Access, 'granted'>, tenantId: string): ApiError {
  return access === 'removed'
    ? new ApiError(403, TenancyErrorCodes.MemberRemoved, TenancyTexts.removedRefused(tenantId))
    : new ApiError(403, TenancyErrorCodes.EmailNotVerified, TenancyTexts.verifyRefused(tenantId))
}

/**
 * Records remembered per app instance, so a request does not wait on the database for its tenant. An
 * entry lives `ttlMs` at most: another API process that removes a member cannot tell this one, so a
 * removal takes effect here within that time (at once in the process that made it: `forget`).
 */
export interface AccountCache {
  get(uid: string): AccountRecord | undefined
  remember(uid: string, record: AccountRecord): void
  forget(uid: string): void
}

export function accountCache(options: { ttlMs?: number; max?: number; now?: () => number } = {}): AccountCache {
  const ttl = options.ttlMs ?? 5_000
  const max = options.max ?? 50_000
  const now = options.now ?? Date.now
  const entries = new Map<string, { record: AccountRecord; until: number }>()
  return {
    get(uid) {
      const hit = entries.get(uid)
      if (!hit) return undefined
      if (hit.until > now()) return hit.record
      entries.delete(uid)
      return undefined
    },
    remember(uid, record) {
      entries.delete(uid)
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(uid, { record, until: now() + ttl })
    },
    forget: (uid) => void entries.delete(uid),
  }
}
