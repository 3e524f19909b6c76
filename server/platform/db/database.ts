/**
 * The store: `openDatabase` picks the driver (PostgreSQL when a URL is given, else PGlite), and the
 * `Database` it answers is all the rest of the server sees (driver.ts says what it promises).
 */
export { assertChannel, type Database, inLane, laneOf, type Queryable } from './driver'
import type { Database } from './driver'

/** Opens the store the configuration names: PostgreSQL when a URL is given, else PGlite in `dataDir`. */
export async function openDatabase(options: { databaseUrl?: string | null; dataDir?: string | null; poolSize?: number }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres')
    return openPostgres(options.databaseUrl, options.poolSize)
  }
  const { openPglite } = await import('./pglite')
  return openPglite(options.dataDir ?? null)
}
