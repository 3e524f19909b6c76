/**
 * Users: `POST /users` creates the backend record after sign-up ({firebaseUid, email, accountType,
 * displayName}) and answers {success, user, message}; `GET`/`PUT /users/{id}` read and update one's own.
 * Personal accounts are their own tenant; corporate accounts share their e-mail domain and may not use a
 * public mail domain (nor a subdomain or alias of one). A sign-up that names its tenant in `x-tenant-id`
 * must name the one its accountType gives. POST and GET are the account's own routes: they answer while
 * the tenant is not open to the caller yet, with `access` saying why ('verifyEmail', 'removed'), so the
 * client can show the 'verify your email' screen instead of a wall of 403s. What each takes and answers is
 * its contract (src/protocol/http/users.ts).
 */
import type { FastifyInstance } from 'fastify'
import { CorporatePublicDomainMessage, isBlockedCorporateEmail, tenantFor } from '../../../src/domain/rules/accounts'
import { userCreateContract, userGetContract, userUpdateContract } from '../../../src/protocol/http/users'
import type { ModuleDeps } from '../../platform/module'
import { createAccount, type UserRow } from '../../platform/auth/accounts'
import { authOf, resolveAuth } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { forbidden, notFound, validation } from '../../platform/http/errors'
import { iso } from '../../platform/db/rows'
import { getUser, renameUser } from './queries'

const toUser = (r: UserRow) => ({
  id: r.id,
  firebaseUid: r.id,
  email: r.email,
  accountType: r.account_type,
  displayName: r.display_name,
  tenantId: r.tenant_id,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
})

export async function userRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, userCreateContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    if (body.firebaseUid !== auth.uid) throw forbidden('firebaseUid does not match your identity token')
    if (body.email.trim().toLowerCase() !== auth.email) throw validation('email', 'does not match your identity token')
    if (body.accountType === 'corporate' && isBlockedCorporateEmail(body.email)) throw validation('accountType', CorporatePublicDomainMessage)
    const tenantId = tenantFor(auth.email, body.accountType)
    // The auth plugin let the header through as one of the two tenants this e-mail could have; the body
    // says which one the account is, and the two must agree (a record, once written, is its own answer).
    if (!auth.registered && namesTenant(request.headers['x-tenant-id']) && auth.tenantId !== tenantId) throw forbidden('x-tenant-id does not match your tenant')
    const { created, row } = await createAccount(db, {
      uid: auth.uid,
      email: auth.email,
      accountType: body.accountType,
      tenantId,
      displayName: body.displayName?.trim() || null,
      now: clock.now(),
    })
    // Creating twice is harmless: the first record stands (a tenant never moves). What the caller may
    // open follows from the record now there (and a verified caller is noted as such).
    const resolved = await resolveAuth(db, auth.token, { cache: app.accounts, now: () => clock.now() })
    const user = { ...toUser(row), access: resolved.access, emailVerified: auth.emailVerified }
    return created ? reply.status(201).send({ success: true, user, message: 'User created successfully' }) : reply.status(200).send({ success: true, user, message: 'User already exists' })
  })

  route(app, userGetContract, async ({ params, request }) => {
    const auth = authOf(request)
    if (params.id !== auth.uid || !auth.registered) throw notFound('User')
    const row = await getUser(db, auth.tenantId, auth.uid)
    if (!row) throw notFound('User')
    return { ...toUser(row), access: auth.access, emailVerified: auth.emailVerified }
  })

  route(app, userUpdateContract, async ({ params, body, request }) => {
    const auth = authOf(request)
    if (params.id !== auth.uid) throw notFound('User')
    const row = await renameUser(db, auth.tenantId, auth.uid, body.displayName?.trim() || null, clock.now())
    if (!row) throw notFound('User')
    return toUser(row)
  })
}

function namesTenant(header: unknown): boolean {
  return typeof header === 'string' && header.trim() !== ''
}
