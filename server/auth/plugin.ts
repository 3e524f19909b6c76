/**
 * Authentication and tenancy for every /api/v1 route (ARCHITECTURE.md §6).
 *
 * The bearer token is verified; the user's record fixes the tenant (personal: the e-mail; corporate:
 * the e-mail's domain). Without a record yet, the tenant is derived by the spec's fallback rule until
 * `POST /users` creates one. `x-tenant-id` or `x-user-id` headers that disagree are refused (403).
 * Routes marked `config: { public: true }` skip all of this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type AccountType, fallbackAccountType, tenantFor } from '../../src/domain/rules/accounts'
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
    const auth = await resolveAuth(opts.db, verified, known)
    const tenantHeader = request.headers['x-tenant-id']
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader.toLowerCase() !== auth.tenantId) {
      throw forbidden('x-tenant-id does not match your tenant')
    }
    const userHeader = request.headers['x-user-id']
    if (typeof userHeader === 'string' && userHeader !== '' && userHeader !== auth.uid) throw forbidden('x-user-id does not match your identity token')
    request.auth = auth
  })
})
