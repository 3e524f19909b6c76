/**
 * The caller's own account and the tenant's members (issue 16). `POST /users` creates the backend record
 * after sign-up and answers {success, user, message} (201 when it created it, 200 when it was there);
 * `GET`/`PUT /users/{id}` read and update one's own. POST and GET answer before the tenant is open to the
 * caller (`accountSetup`), with `access` saying why it is not ('verifyEmail', 'removed'); the PUT answers
 * the record alone, without `access`. `GET /tenant/members` lists the tenant's members and who manages
 * them; `DELETE /tenant/members/{uid}` (that manager only, never themselves) removes one and answers 204.
 */
import { z } from 'zod'
import { AccountTypes, userRecordSchema } from '../entities'
import { TextBounds } from '../input-text'
import { accountRecordSchema, createUserAnswerSchema, tenantMembersSchema } from '../tenancy'
import { contract } from './contract'

const own = z.object({ id: z.string() })
const displayName = z.string().max(TextBounds.displayName).nullish()

export const userCreateContract = contract('POST /users', "Create the caller's account record after sign-up (its tenant follows from the e-mail and account type)", {
  accountSetup: true,
  body: z.object({ firebaseUid: z.string().min(1), email: z.string().min(3), accountType: z.enum(AccountTypes), displayName }),
  responses: { 200: createUserAnswerSchema, 201: createUserAnswerSchema },
})

export const userGetContract = contract('GET /users/:id', "The caller's own account record, with what its identity token lets it open", {
  accountSetup: true,
  params: own,
  responses: { 200: accountRecordSchema },
})

export const userUpdateContract = contract('PUT /users/:id', "Change the caller's display name", { params: own, body: z.object({ displayName }), responses: { 200: userRecordSchema } })

export const memberListContract = contract('GET /tenant/members', "Everyone with a record in the caller's tenant, oldest first, and who manages it", { responses: { 200: tenantMembersSchema } })

export const memberRemoveContract = contract('DELETE /tenant/members/:uid', 'Remove a member from the tenant (its manager only, never themselves)', {
  params: z.object({ uid: z.string().min(1).max(128) }),
  responses: { 204: z.null() },
})
