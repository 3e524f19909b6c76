/**
 * Authentication and tenancy for every /api/v1 route (ARCHITECTURE.md §6, issue 16).
 *
 * The bearer token is verified; the user's record fixes the tenant (personal: the e-mail; corporate: the
 * e-mail's domain) and whether the token may open it (server/platform/auth/accounts.ts): a tenant someone else is
 * in takes a verified e-mail (403 EMAIL_NOT_VERIFIED), and a member the tenant removed stays out (403
 * MEMBER_REMOVED). A user without a record is never placed by a fallback rule: the first request that
 * needs a tenant creates a personal record from the token (the tenant is its own address), so nobody
 * shares anything by accident.
 *
 * The account's own routes (`config: { accountSetup: true }`: POST /users and GET /users/{id}) run without
 * a record and whatever the access: they are how a sign-up creates its record, and how the client learns
 * that the e-mail still needs verifying. There, before the record exists, an `x-tenant-id` may name either
 * tenant the e-mail implies (the e-mail itself, or its domain unless that is public mail) as the sign-up's
 * choice. Elsewhere `x-tenant-id` must name the user's tenant, and `x-user-id` must be the token's (403).
 * Routes marked `config: { public: true }` skip all of this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Access, type AccountType, isBlockedCorporateEmail, tenantFor } from '../../../src/domain/rules/accounts'
import type { Clock } from '../core/runtime'
import { type Database, inLane } from '../db/database'
import { ApiError, forbidden, unauthorized } from '../http/errors'
import { type AccountCache, accessOf, accountCache, createAccount, findAccount, noteVerified, refusal } from './accounts'
import { IdentityUnavailable, type TokenVerifier, type VerifiedToken } from './tokens'

/** A 503 while the identity service does not answer: the analyst is still signed in and may try again. */
const IdentityUnavailableMessage = 'The identity service did not answer; try again in a moment'

export interface AuthContext {
  uid: string
  email: string
  emailVerified: boolean
  tenantId: string
  accountType: AccountType
  /** Whether a user record exists (false only on the account's own routes, before POST /users). */
  registered: boolean
  /** Whether this token may open the tenant; anything but 'granted' is refused outside the account's routes. */
  access: Access
  token: VerifiedToken
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
  interface FastifyContextConfig {
    public?: boolean
    /** The account's own routes: they run before the record exists and while the tenant is not open to the caller. */
    accountSetup?: boolean
  }
  interface FastifyInstance {
    /** The records this instance remembers; a route that changes one forgets it here. */
    accounts: AccountCache
  }
}

/** The authenticated context of a request on a protected route. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}

export interface ResolveOptions {
  cache?: AccountCache
  now?: () => number
  /** Create the personal record of a user who has none (default true). */
  create?: boolean
}

/** A verified token's context: its record (created, personal, when missing) and what it may open. */
export async function resolveAuth(db: Database, token: VerifiedToken, options: ResolveOptions = {}): Promise<AuthContext> {
  const email = (token.email ?? '').trim().toLowerCase()
  if (!email) throw unauthorized('The identity token carries no e-mail address')
  const now = options.now ?? Date.now
  const base = { uid: token.uid, email, emailVerified: token.emailVerified, token }
  let record = options.cache?.get(token.uid) ?? (await findAccount(db, token.uid))
  if (!record && options.create !== false) {
    await createAccount(db, { uid: token.uid, email, accountType: 'personal', tenantId: tenantFor(email, 'personal'), displayName: token.name?.trim() || null, now: now() })
    record = await findAccount(db, token.uid)
  }
  if (!record) return { ...base, tenantId: tenantFor(email, 'personal'), accountType: 'personal', registered: false, access: 'granted' }
  if (token.emailVerified && record.verifiedAt === null && record.removedAt === null) record = { ...record, verifiedAt: await noteVerified(db, token.uid, now()) }
  options.cache?.remember(token.uid, record)
  return { ...base, tenantId: record.tenantId, accountType: record.accountType, registered: true, access: accessOf(record, token.emailVerified) }
}

/** What the live channel admits: the token's context when it may open its tenant, else a 403 ApiError. */
export async function admitToken(db: Database, token: VerifiedToken, options: ResolveOptions = {}): Promise<AuthContext> {
  const auth = await resolveAuth(db, token, options)
  if (auth.access !== 'granted') throw refusal(auth.access, auth.tenantId)
  return auth
}

/**
 * The context a request's `x-tenant-id` names, or null when that tenant is not the user's. A registered
 * user has one tenant; an unregistered one may name either tenant its sign-up could give it on the
 * account's own routes (`eitherImplied`), and only its personal one elsewhere.
 */
export function withNamedTenant(auth: AuthContext, header: string, eitherImplied = false): AuthContext | null {
  const named = header.trim().toLowerCase()
  if (named === auth.tenantId) return auth
  if (auth.registered || !eitherImplied) return null
  const accountType = impliedAccountTypes(auth.email).find((type) => tenantFor(auth.email, type) === named)
  return accountType ? { ...auth, tenantId: named, accountType } : null
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Database; verifier: TokenVerifier; clock?: Clock }) => {
  const cache = accountCache()
  const now = opts.clock ? () => (opts.clock as Clock).now() : Date.now
  app.decorate('accounts', cache)
  app.decorateRequest('auth', null)
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    if (config?.public) return
    const header = request.headers.authorization
    const token = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : ''
    if (!token) throw unauthorized()
    let verified: VerifiedToken
    try {
      verified = await opts.verifier.verify(token)
    } catch (error) {
      if (error instanceof IdentityUnavailable) throw new ApiError(503, 'SERVICE_UNAVAILABLE', IdentityUnavailableMessage)
      throw unauthorized('Invalid or expired identity token')
    }
    const setup = config?.accountSetup === true
    // No record is created before the header is checked: a refused request leaves nothing behind.
    let auth: AuthContext | null = await resolveAuth(opts.db, verified, { cache, now, create: false })
    const tenantHeader = request.headers['x-tenant-id']
    if (typeof tenantHeader === 'string' && tenantHeader !== '') auth = withNamedTenant(auth, tenantHeader, setup)
    if (!auth) throw forbidden('x-tenant-id does not match your tenant')
    const userHeader = request.headers['x-user-id']
    if (typeof userHeader === 'string' && userHeader !== '' && userHeader !== auth.uid) throw forbidden('x-user-id does not match your identity token')
    if (!setup) {
      if (!auth.registered) auth = await resolveAuth(opts.db, verified, { cache, now })
      if (auth.access !== 'granted') throw refusal(auth.access, auth.tenantId)
    }
    request.auth = auth
  })
  // The rest of a signed-in request (its handler's statements) stands in its team's lane of the embedded
  // store's connection (server/platform/db/pglite.ts): a team sending much waits behind itself, not others' reads.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.auth) inLane(`requests:${request.auth.tenantId}`, done)
    else done()
  })
})

/** The account types a sign-up with this e-mail may choose (corporate sign-up refuses public mail domains). */
function impliedAccountTypes(email: string): AccountType[] {
  return isBlockedCorporateEmail(email) ? ['personal'] : ['personal', 'corporate']
}
