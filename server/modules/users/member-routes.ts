/**
 * The tenant's members (issue 16): `GET /tenant/members` lists everyone with a record in the caller's
 * tenant (oldest first: e-mail, name, when verified, when removed) and who manages it — the first member
 * seen with a verified e-mail; `DELETE /tenant/members/{uid}` (that member only, never themselves) removes
 * one: from then on the removed member's tokens are refused for the tenant with 403 MEMBER_REMOVED, and so
 * are those of any later account with the same address there. Answers 204; 404 for nobody in the tenant.
 * Their contracts: src/protocol/http/users.ts.
 */
import type { FastifyInstance } from 'fastify'
import { TenancyTexts } from '../../../src/domain/rules/accounts'
import { memberListContract, memberRemoveContract } from '../../../src/protocol/http/users'
import type { ModuleDeps } from '../../platform/module'
import { listMembers, removeMember, tenantManager } from '../../platform/auth/accounts'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, forbidden, notFound } from '../../platform/http/errors'
import { iso } from '../../platform/db/rows'

export async function memberRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, memberListContract, async ({ request }) => {
    const auth = authOf(request)
    const [rows, managerUid] = await Promise.all([listMembers(db, auth.tenantId), tenantManager(db, auth.tenantId)])
    return {
      tenantId: auth.tenantId,
      managerUid,
      canManage: managerUid === auth.uid,
      members: rows.map((r) => ({
        uid: r.id,
        email: r.email,
        displayName: r.display_name,
        accountType: r.account_type,
        verifiedAt: iso(r.verified_at),
        joinedAt: iso(r.created_at) ?? '',
        removedAt: iso(r.removed_at),
      })),
    }
  })

  route(app, memberRemoveContract, async ({ params: { uid: target }, request, reply }) => {
    const auth = authOf(request)
    if ((await tenantManager(db, auth.tenantId)) !== auth.uid) throw forbidden(TenancyTexts.onlyFirstMember(auth.tenantId))
    if (target === auth.uid) throw new ApiError(409, 'CONFLICT', TenancyTexts.notYourself)
    if (!(await removeMember(db, { tenantId: auth.tenantId, uid: target, by: auth.uid, now: clock.now() }))) throw notFound('Member')
    // This instance forgets the member at once; other API processes within their cache's few seconds.
    app.accounts.forget(target)
    return reply.status(204).send()
  })
}
