/**
 * The embedded store: PGlite in a data folder (or in memory for tests). One connection per process.
 *
 * PGlite runs each query synchronously on this thread, and a queue of waiting queries runs as one chain of
 * resolved promises that never gives the event loop a turn: under a burst (a hundred ingests, workers busy)
 * sockets, timers and HTTP answers stalled for seconds. So each top-level query and transaction first waits
 * for the event loop's next turn (`setImmediate`): I/O goes on between them. Queries inside a transaction
 * run straight on (nothing else can use the connection meanwhile).
 *
 * Top-level queries and transactions wait in two lines, and one runs at a time: a request's (foreground)
 * before any marked background (the pipeline's jobs, server/db/priority.ts), so an analyst's request does
 * not wait behind a burst of ingests' processing; within a line, first come first served.
 */
import { PGlite } from '@electric-sql/pglite'
import { assertChannel, type Database, type Queryable } from './database'
import { isBackground } from './priority'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Runs queued work one at a time, the foreground line first, each after the event loop's next turn. */
function createScheduler() {
  const foreground: Array<() => Promise<void>> = []
  const background: Array<() => Promise<void>> = []
  let pumping = false
  const pump = async () => {
    pumping = true
    try {
      for (;;) {
        await nextTurn()
        const next = foreground.shift() ?? background.shift()
        if (!next) return
        await next()
      }
    } finally {
      pumping = false
    }
  }
  return function schedule<T>(run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      ;(isBackground() ? background : foreground).push(() => run().then(resolve, reject))
      if (!pumping) void pump()
    })
  }
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  const schedule = createScheduler()
  const db: Database = {
    dialect: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return schedule(async () => (await pg.query<T>(sql, params as unknown[])).rows)
    },
    async exec(sql) {
      await schedule(() => pg.exec(sql))
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return schedule(() => pg.transaction(async (tx) =>
        fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await tx.query<R>(sql, params as unknown[])).rows
          },
        }),
      ))
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
