/**
 * Authentication and tenancy for every /api/v1 route (ARCHITECTURE.md §6).
 *
 * The bearer token is verified; the user's record fixes the tenant (personal: the e-mail; corporate:
 * the e-mail's domain). Without a record yet (between sign-up and `POST /users`, or when creating it
 * failed), the account could still become either kind, so an `x-tenant-id` naming one of the two tenants
 * its e-mail implies is taken as the client's choice: the e-mail itself (personal) or its domain
 * (corporate, unless the domain is one corporate sign-up refuses). Without the header the spec's fallback
 * rule picks. Any other `x-tenant-id`, and an `x-user-id` that is not the token's, is refused (403).
 * Routes marked `config: { public: true }` skip all of this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type AccountType, fallbackAccountType, isBlockedCorporateEmail, tenantFor } from '../../src/domain/rules/accounts'
import type { Database } from '../db/database'
import { forbidden, unauthorized } from '../http/errors'
import type { TokenVerifier, VerifiedToken } from './tokens'

export interface AuthContext {
  uid: string
  email: string
  emailVerified: boolean
  tenantId: string
  accountType: AccountType
  /** Whether a user record exists (false until POST /users). */
  registered: boolean
  token: VerifiedToken
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyContextConfig {
    public?: boolean
  }
}

/** The authenticated context of a request on a protected route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}

/** Resolves a verified token to its tenant, from the user record or the fallback rule. */
export async function resolveAuth(db: Database, token: VerifiedToken, known?: TenantCache): Promise<AuthContext> {
  const email = (token.email ?? '').toLowerCase()
  // A user's record never changes tenant once written, so it can be remembered; a missing one cannot.
  let record = known?.get(token.uid)
  if (!record) {
    const rows = await db.query<{ tenant_id: string; account_type: AccountType }>('SELECT tenant_id, account_type FROM users WHERE id = $1', [token.uid])
    record = rows[0]
    if (record) known?.remember(token.uid, record)
  }
  if (record) {
    return { uid: token.uid, email, emailVerified: token.emailVerified, tenantId: record.tenant_id, accountType: record.account_type, registered: true, token }
  }
  if (!email) throw unauthorized('The identity token carries no e-mail address')
  const accountType = fallbackAccountType(email)
  return { uid: token.uid, email, emailVerified: token.emailVerified, tenantId: tenantFor(email, accountType), accountType, registered: false, token }
}

/**
 * The context a request's `x-tenant-id` names, or null when that tenant is not the user's. A registered
 * user has one tenant; an unregistered one may name either tenant its sign-up would give it.
 */
export function withNamedTenant(auth: AuthContext, header: string): AuthContext | null {
  const named = header.trim().toLowerCase()
  if (named === auth.tenantId) return auth
  if (auth.registered) return null
  const accountType = impliedAccountTypes(auth.email).find((type) => tenantFor(auth.email, type) === named)
  return accountType ? { ...auth, tenantId: named, accountType } : null
}

type TenantRecord = { tenant_id: string; account_type: AccountType }

/** Registered users' tenants, per app instance (bounded). */
export interface TenantCache {
  get(uid: string): TenantRecord | undefined
  remember(uid: string, record: TenantRecord): void
}

export function tenantCache(max = 50_000): TenantCache {
  const entries = new Map<string, TenantRecord>()
  return {
    get: (uid) => entries.get(uid),
    remember(uid, record) {
      if (entries.size >= max) entries.delete(entries.keys().next().value as string)
      entries.set(uid, record)
    },
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database; verifier: TokenVerifier }) => {
  const known = tenantCache()
  app.decorateRequest('auth', null)
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.public) return
    const header = request.headers.authorization
    const token = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : ''
    if (!token) throw unauthorized()
    let verified: VerifiedToken
    try {
      verified = await opts.verifier.verify(token)
    } catch {
      throw unauthorized('Invalid or expired identity token')
    }
    const resolved = await resolveAuth(opts.db, verified, known)
    const tenantHeader = request.headers['x-tenant-id']
    const auth = typeof tenantHeader === 'string' && tenantHeader !== '' ? withNamedTenant(resolved, tenantHeader) : resolved
    if (!auth) throw forbidden('x-tenant-id does not match your tenant')
    const userHeader = request.headers['x-user-id']
    if (typeof userHeader === 'string' && userHeader !== '' && userHeader !== auth.uid) throw forbidden('x-user-id does not match your identity token')
    request.auth = auth
  })
})

/** The account types a sign-up with this e-mail may choose (corporate sign-up refuses public domains). */
function impliedAccountTypes(email: string): AccountType[] {
  return isBlockedCorporateEmail(email) ? ['personal'] : ['personal', 'corporate']
}
