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
export async function resolveAuth(db: Database, token: VerifiedToken): Promise<AuthContext> {
  const email = (token.email ?? '').toLowerCase()
  const rows = await db.query<{ tenant_id: string; account_type: AccountType }>('SELECT tenant_id, account_type FROM users WHERE id = $1', [token.uid])
  const record = rows[0]
  if (record) {
    return { uid: token.uid, email, emailVerified: token.emailVerified, tenantId: record.tenant_id, accountType: record.account_type, registered: true, token }
  }
  if (!email) throw unauthorized('The identity token carries no e-mail address')
  const accountType = fallbackAccountType(email)
  return { uid: token.uid, email, emailVerified: token.emailVerified, tenantId: tenantFor(email, accountType), accountType, registered: false, token }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database; verifier: TokenVerifier }) => {
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
    const auth = await resolveAuth(opts.db, verified)
    const tenantHeader = request.headers['x-tenant-id']
    if (typeof tenantHeader === 'string' && tenantHeader !== '' && tenantHeader.toLowerCase() !== auth.tenantId) {
      throw forbidden('x-tenant-id does not match your tenant')
    }
    const userHeader = request.headers['x-user-id']
    if (typeof userHeader === 'string' && userHeader !== '' && userHeader !== auth.uid) throw forbidden('x-user-id does not match your identity token')
    request.auth = auth
  })
})
