/** The users module's own reads and writes of `users` (sign-up and membership live in platform/auth/accounts.ts). */
import type { UserRow } from '../../platform/auth/accounts'
import type { Queryable } from '../../platform/db/database'

/** The account's record in its tenant, if there is one. */
export async function getUser(db: Queryable, tenantId: string, uid: string): Promise<UserRow | undefined> {
  return (await db.query<UserRow>('SELECT * FROM users WHERE id = $1 AND tenant_id = $2', [uid, tenantId]))[0]
}

/** Sets the account's display name (null clears it); answers the record, none when there is no such account. */
export async function renameUser(db: Queryable, tenantId: string, uid: string, displayName: string | null, now: number): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>('UPDATE users SET display_name = $3, updated_at = $4 WHERE id = $1 AND tenant_id = $2 RETURNING *', [uid, tenantId, displayName, new Date(now).toISOString()])
  return rows[0]
}
