/** The users table: each user's record, tenant and membership; the rules over them are in accounts.ts. */
import type { AccountType } from '../../../src/domain/rules/accounts'
import type { Queryable } from '../db/database'

export interface AccountRecord {
  tenantId: string
  accountType: AccountType
  /** When a verified token of this user was first seen (epoch ms), or null. */
  verifiedAt: number | null
  /** When the tenant's first verified member removed this user (epoch ms), or null. */
  removedAt: number | null
  /** Another account's record is in the same tenant: a personal tenant then takes proof too. */
  sharesTenant: boolean
}

export interface UserRow {
  id: string
  tenant_id: string
  email: string
  account_type: AccountType
  display_name: string | null
  created_at: Date | string
  updated_at: Date | string
  verified_at: Date | string | null
  removed_at: Date | string | null
}

/** The user's record, or null when there is none yet. */
export async function findAccount(db: Queryable, uid: string): Promise<AccountRecord | null> {
  const rows = await db.query<{ tenant_id: string; account_type: AccountType; verified_at: Date | string | null; removed_at: Date | string | null; shares_tenant: boolean }>(
    `SELECT u.tenant_id, u.account_type, u.verified_at, u.removed_at,
            EXISTS (SELECT 1 FROM users o WHERE o.tenant_id = u.tenant_id AND o.id <> u.id) AS shares_tenant
       FROM users u WHERE u.id = $1`,
    [uid],
  )
  const r = rows[0]
  return r ? { tenantId: r.tenant_id, accountType: r.account_type, verifiedAt: ms(r.verified_at), removedAt: ms(r.removed_at), sharesTenant: r.shares_tenant } : null
}

/**
 * Creates the user's record unless one exists (the first stands: a tenant never moves). A member removed
 * from this tenant before, under another uid with the same address, comes back removed.
 */
export async function createAccount(
  db: Queryable,
  input: { uid: string; email: string; accountType: AccountType; tenantId: string; displayName: string | null; now: number },
): Promise<{ created: boolean; row: UserRow }> {
  const at = new Date(input.now).toISOString()
  const inserted = await db.query<UserRow>(
    `INSERT INTO users (id, tenant_id, email, account_type, display_name, created_at, updated_at, removed_at, removed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $6,
             (SELECT max(removed_at) FROM users WHERE tenant_id = $2 AND email = $3),
             (SELECT max(removed_by) FROM users WHERE tenant_id = $2 AND email = $3 AND removed_at IS NOT NULL))
     ON CONFLICT (id) DO NOTHING RETURNING *`,
    [input.uid, input.tenantId, input.email, input.accountType, input.displayName, at],
  )
  if (inserted[0]) return { created: true, row: inserted[0] }
  const existing = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [input.uid])
  return { created: false, row: existing[0] as UserRow }
}

/** Notes the first time a user came with a verified address (the earliest such member manages). */
export async function noteVerified(db: Queryable, uid: string, now: number): Promise<number> {
  const rows = await db.query<{ verified_at: Date | string }>('UPDATE users SET verified_at = COALESCE(verified_at, $2) WHERE id = $1 RETURNING verified_at', [uid, new Date(now).toISOString()])
  return ms(rows[0]?.verified_at ?? null) ?? now
}

/** The tenant's first verified member still in it (who may remove the others), or null. */
export async function tenantManager(db: Queryable, tenantId: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>(
    `SELECT id FROM users WHERE tenant_id = $1 AND account_type = 'corporate' AND verified_at IS NOT NULL AND removed_at IS NULL
      ORDER BY verified_at, id LIMIT 1`,
    [tenantId],
  )
  return rows[0]?.id ?? null
}

/** Everyone with a record in the tenant, oldest first. */
export async function listMembers(db: Queryable, tenantId: string): Promise<UserRow[]> {
  return db.query<UserRow>('SELECT * FROM users WHERE tenant_id = $1 ORDER BY created_at, id', [tenantId])
}

/** Marks a member removed (once: a second removal keeps the first's time and author); false when not a member. */
export async function removeMember(db: Queryable, input: { tenantId: string; uid: string; by: string; now: number }): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `UPDATE users SET removed_at = COALESCE(removed_at, $3), removed_by = COALESCE(removed_by, $4), updated_at = $3
      WHERE tenant_id = $1 AND id = $2 RETURNING id`,
    [input.tenantId, input.uid, new Date(input.now).toISOString(), input.by],
  )
  return rows.length > 0
}

function ms(value: Date | string | null): number | null {
  if (value === null) return null
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime()
  return Number.isNaN(t) ? null : t
}
