/**
 * Tenancy on the wire (issue 16): a user's record as `POST /users` and `GET /users/{id}` answer it, with
 * whether the caller may open its tenant; and the tenant's members (`GET /tenant/members`,
 * `DELETE /tenant/members/{uid}` → 204).
 *
 * `access` is 'granted', 'verifyEmail' (the tenant needs a verified e-mail and the caller's token has
 * none: a corporate tenant, or a personal one an earlier account with the same address holds) or
 * 'removed' (the tenant's first verified member removed the caller). Every other route answers 403
 * `EMAIL_NOT_VERIFIED` or `MEMBER_REMOVED` meanwhile. The fields are optional so an older server parses.
 */
import { z } from 'zod'
import { AccountTypes, userRecordSchema } from './entities'

export const Accesses = ['granted', 'verifyEmail', 'removed'] as const
export type Access = (typeof Accesses)[number]

/** The 403 codes of a tenant the caller may not open (yet, or any more). */
export const TenancyErrorCodes = { EmailNotVerified: 'EMAIL_NOT_VERIFIED', MemberRemoved: 'MEMBER_REMOVED' } as const

/** A user's own record, with what the caller's identity token lets it open. */
export const accountRecordSchema = userRecordSchema.extend({
  access: z.enum(Accesses).default('granted'),
  /** The identity token's email_verified claim, as the server saw it. */
  emailVerified: z.boolean().optional(),
})
export type AccountRecord = z.infer<typeof accountRecordSchema>

/** `POST /users` answers {success, user, message}. */
export const createUserAnswerSchema = z.object({ success: z.boolean(), user: accountRecordSchema, message: z.string().optional() })

export const tenantMemberSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  accountType: z.enum(AccountTypes),
  /** When the member was first seen with a verified e-mail (ISO), or null: not verified yet. */
  verifiedAt: z.string().nullable(),
  joinedAt: z.string(),
  /** When the first verified member removed them (ISO), or null. */
  removedAt: z.string().nullable(),
})
export type TenantMember = z.infer<typeof tenantMemberSchema>

/** `GET /tenant/members`: everyone with a record in the caller's tenant, oldest first. */
export const tenantMembersSchema = z.object({
  tenantId: z.string(),
  /** The first verified member, who may remove the others; null while nobody is verified (or personal). */
  managerUid: z.string().nullable(),
  /** Whether the caller is that member. */
  canManage: z.boolean(),
  members: z.array(tenantMemberSchema),
})
export type TenantMembers = z.infer<typeof tenantMembersSchema>
