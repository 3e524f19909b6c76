/** A session's version (migration 025): what the session-data and frames reads' ETags and cache are keyed by (cache.ts). */
import type { Queryable } from '../../platform/db/database'

/** The columns of a session's version, for a query over `sessions s` joined with its head `h`. */
export const VERSION_COLUMNS = `s.xmin::text AS row_version, h.last_seq,
  (SELECT coalesce(sum(c.weight), 0) FROM session_data_changes c WHERE c.tenant_id = s.tenant_id AND c.session_id = s.id)::text AS changes`

export interface VersionRow {
  row_version: string
  last_seq: string | number | null
  changes: string
}

/**
 * What a session's data is at, as one string that changes with every change to what the session-data and
 * frames reads return (server/modules/session-data/cache.ts): the session row's version (a workspace deleted and
 * made again under the same id is another), its live cursor, and the sum of its changes (migration 025).
 */
export function versionOf(row: VersionRow): string {
  return `${row.row_version}.${row.last_seq ?? ''}.${row.changes}`
}

/** The session's version alone (one indexed row and its few change rows), or null when the session is not the tenant's research's. */
export async function readSessionVersion(db: Queryable, tenantId: string, scope: { researchId: string; sessionId: string }): Promise<string | null> {
  const row = (
    await db.query<VersionRow>(
      `SELECT ${VERSION_COLUMNS}
       FROM sessions s LEFT JOIN live_log_heads h ON h.tenant_id = s.tenant_id AND h.session_id = s.id
       WHERE s.tenant_id = $1 AND s.research_id = $2 AND s.id = $3`,
      [tenantId, scope.researchId, scope.sessionId],
    )
  )[0]
  return row ? versionOf(row) : null
}
