/**
 * The tenant's members (issue 16, Settings → Members): load who is in the caller's tenant and who manages
 * it (`GET /tenant/members`), and remove a member (`DELETE /tenant/members/{uid}`, the first verified
 * member only). Each resolves to an outcome the Settings view shows inline; the list is the view's own
 * (nothing else reads it), so nothing is published on the bus.
 */
import { memberListContract, memberRemoveContract } from '../protocol/http/users'
import type { TenantMembers } from '../protocol/tenancy'
import { ApiError } from './api-client'
import { call } from './call'
import type { IntentContext } from './intents'

type MemberOutcome<T> = { ok: true; value: T } | { ok: false; error: string }

const MemberMessages = {
  loadFailed: 'Failed to load members',
  removeFailed: 'Failed to remove member',
} as const

export async function loadMembers(ctx: IntentContext): Promise<MemberOutcome<TenantMembers>> {
  try {
    return { ok: true, value: await call(ctx.api, memberListContract, {}) }
  } catch (error) {
    return failure(MemberMessages.loadFailed, error)
  }
}

export async function removeMember(ctx: IntentContext, uid: string): Promise<MemberOutcome<null>> {
  try {
    await call(ctx.api, memberRemoveContract, { params: { uid } })
    return { ok: true, value: null }
  } catch (error) {
    return failure(MemberMessages.removeFailed, error)
  }
}

/** The product's text, with the server's reason after it when it gave one ('Only the first verified member…'). */
function failure(text: string, cause: unknown): { ok: false; error: string } {
  const reason = cause instanceof ApiError && !/^Request failed \(\d+\)$/.test(cause.message) ? cause.message : ''
  return { ok: false, error: reason ? `${text}: ${reason}` : text }
}
