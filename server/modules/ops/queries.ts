/** Ops' SQL: the health check's round trip to the store. */
import type { Queryable } from '../../platform/db/database'

/** One trivial statement, answered by the store: it is up and takes queries. */
export async function pingDatabase(db: Queryable): Promise<void> {
  await db.query('SELECT 1')
}
