/** The tenant's entity spellings as migration 028 keeps them, scoped by tenant. */
import type { Queryable } from '../../../platform/db/database'
import type { EntitySpelling } from '../aliases'

/** Every spelling the tenant's completed documents give an entity, with how often and how many mentions in all. */
export async function tenantSpellings(db: Queryable, tenantId: string): Promise<EntitySpelling[]> {
  const rows = await db.query<{ text: string; kind: string; aliases: unknown; mentions: number | string; occurrences: number | string }>(
    `SELECT text, kind, aliases, mentions, occurrences FROM entity_spellings WHERE tenant_id = $1`,
    [tenantId],
  )
  return rows.map((r) => ({
    text: r.text,
    kind: r.kind,
    aliases: Array.isArray(r.aliases) ? r.aliases.filter((a): a is string => typeof a === 'string') : [],
    mentions: Number(r.mentions),
    occurrences: Number(r.occurrences),
  }))
}
