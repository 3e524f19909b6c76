/**
 * Users: `POST /users` creates the backend record after sign-up ({firebaseUid, email, accountType,
 * displayName}) and answers {success, user, message}; `GET`/`PUT /users/{id}` read and update one's own.
 * Personal accounts are their own tenant; corporate accounts share their e-mail domain and may not use a
 * public domain. A sign-up that names its tenant in `x-tenant-id` must name the one its accountType gives.
 */
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { CorporatePublicDomainMessage, isBlockedCorporateEmail, tenantFor } from '../../src/domain/rules/accounts'
import { TextBounds } from '../../src/protocol/input-text'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { ApiError, forbidden, notFound, validation } from '../http/errors'
import { iso } from '../repos/rows'

interface UserRow {
  id: string
  tenant_id: string
  email: string
  account_type: 'personal' | 'corporate'
  display_name: string | null
  created_at: Date | string
  updated_at: Date | string
}

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

export async function userRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock } = deps

  app.post(
    '/users',
    {
      schema: {
        body: z.object({
          firebaseUid: z.string().min(1),
          email: z.string().min(3),
          accountType: z.enum(['personal', 'corporate']),
          displayName: z.string().max(TextBounds.displayName).nullish(),
        }),
      },
    },
    async (request, reply) => {
      const auth = authOf(request)
      const body = request.body
      if (body.firebaseUid !== auth.uid) throw forbidden('firebaseUid does not match your identity token')
      if (body.email.trim().toLowerCase() !== auth.email) throw validation('email', 'does not match your identity token')
      if (body.accountType === 'corporate' && isBlockedCorporateEmail(body.email)) throw validation('accountType', CorporatePublicDomainMessage)
      const tenantId = tenantFor(auth.email, body.accountType)
      const now = new Date(clock.now()).toISOString()
      const existing = (await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [auth.uid]))[0]
      // The auth plugin let the header through as one of the two tenants this e-mail could have; the body
      // says which one the account is, and the two must agree (a record, once written, is its own answer).
      if (!existing && namesTenant(request.headers['x-tenant-id']) && auth.tenantId !== tenantId) throw forbidden('x-tenant-id does not match your tenant')
      if (existing) {
        // Creating twice is harmless: the first record stands (a tenant never moves).
        return reply.status(200).send({ success: true, user: toUser(existing), message: 'User already exists' })
      }
      const rows = await db.query<UserRow>(
        `INSERT INTO users (id, tenant_id, email, account_type, display_name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (id) DO UPDATE SET updated_at = users.updated_at RETURNING *`,
        [auth.uid, tenantId, auth.email, body.accountType, body.displayName?.trim() || null, now],
      )
      return reply.status(201).send({ success: true, user: toUser(rows[0] as UserRow), message: 'User created successfully' })
    },
  )

  app.get('/users/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    const auth = authOf(request)
    if (request.params.id !== auth.uid) throw notFound('User')
    const row = (await db.query<UserRow>('SELECT * FROM users WHERE id = $1 AND tenant_id = $2', [auth.uid, auth.tenantId]))[0]
    if (!row) throw notFound('User')
    return toUser(row)
  })

  app.put(
    '/users/:id',
    { schema: { params: z.object({ id: z.string() }), body: z.object({ displayName: z.string().max(TextBounds.displayName).nullish() }) } },
    async (request) => {
      const auth = authOf(request)
      if (request.params.id !== auth.uid) throw notFound('User')
      const rows = await db.query<UserRow>(
        'UPDATE users SET display_name = $3, updated_at = $4 WHERE id = $1 AND tenant_id = $2 RETURNING *',
        [auth.uid, auth.tenantId, request.body.displayName?.trim() || null, new Date(clock.now()).toISOString()],
      )
      if (!rows[0]) throw notFound('User')
      return toUser(rows[0])
    },
  )
}

function namesTenant(header: unknown): boolean {
  return typeof header === 'string' && header.trim() !== ''
}
