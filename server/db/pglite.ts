/** The embedded store: PGlite in a data folder (or in memory for tests). One connection per process. */
import { PGlite } from '@electric-sql/pglite'
import { assertChannel, type Database, type Queryable } from './database'

export async function openPglite(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  const db: Database = {
    dialect: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await pg.query<T>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql) {
      await pg.exec(sql)
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return pg.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(sql, params as unknown[])).rows
          },
        }),
      )
    },
    async listen(channel, onPayload) {
      assertChannel(channel)
      const unsubscribe = await pg.listen(channel, onPayload)
      return async () => {
        await unsubscribe()
      }
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await pg.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      await pg.close()
    },
  }
  return db
}
