/**
 * The embedded store: PGlite in a data folder (or in memory for tests). One connection per process.
 *
 * PGlite runs each query synchronously on this thread, and a queue of waiting queries runs as one chain of
 * resolved promises that never gives the event loop a turn: under a burst (a hundred ingests, workers busy)
 * sockets, timers and HTTP answers stalled for seconds. So each top-level query and transaction first waits
 * for the event loop's next turn (`setImmediate`): I/O goes on between them. Queries inside a transaction
 * run straight on (nothing else can use the connection meanwhile).
 */
import { PGlite } from '@electric-sql/pglite'
import { assertChannel, type Database, type Queryable } from './database'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function openPglite(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  // WAL segments a checkpoint no longer needs are deleted rather than renamed for reuse, which would keep
  // page images of deleted rows in the data folder (server/retention/maintenance.ts, the purge). A session
  // setting: PGlite's one session, which also runs its checkpoints, is this store's.
  await pg.exec('SET wal_recycle = off')
  const db: Database = {
    dialect: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      await nextTurn()
      const result = await pg.query<T>(sql, params as unknown[])
      return result.rows
    },
    async exec(sql) {
      await nextTurn()
      await pg.exec(sql)
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      await nextTurn()
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
    async snapshot() {
      await nextTurn()
      // Inside a transaction nothing else runs meanwhile; the copy itself is synchronous and quick (compressing it is the caller's).
      return pg.transaction(async () => pg.dumpDataDir('none'))
    },
  }
  return db
}
