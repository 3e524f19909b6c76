/**
 * The embedded store: PGlite in a data folder (or in memory for tests). One connection per process.
 *
 * PGlite runs each query synchronously on this thread, and a queue of waiting queries runs as one chain of
 * resolved promises that never gives the event loop a turn: under a burst (a hundred ingests, workers busy)
 * sockets, timers and HTTP answers stalled for seconds. So the connection passes from one top-level query
 * or transaction to the next on the event loop's next turn (`setImmediate`, below): I/O goes on between
 * them. Queries inside a transaction run straight on (nothing else can use the connection meanwhile).
 *
 * Statements take the connection one at a time through a gate whose waiting statements stand in lanes
 * (`inLane`: a team's pipeline work, the queue's upkeep, requests): when the connection comes free, the lanes
 * take turns, each in its own order. A team whose writes flood the store waits behind itself, as in the
 * queues (server/pipeline/fair-queue.ts), instead of putting every other team's statements behind its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { PGlite } from '@electric-sql/pglite'
import { assertChannel, type Database, laneOf, type Queryable } from './database'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * One holder at a time; waiting lanes served in turn; each hand-over after a turn of the event loop. A
 * statement issued while its caller holds the gate (a listener called back during a statement, work a
 * transaction's function started) goes straight on to PGlite, which orders it after the holder's.
 */
function connectionGate() {
  const holding = new AsyncLocalStorage<true>()
  let held = false
  const waiting = new Map<string, Array<() => void>>()
  const turns: string[] = []
  const handOver = () => {
    const lane = turns.shift()
    if (lane === undefined) {
      held = false
      return
    }
    const queue = waiting.get(lane)!
    const go = queue.shift()!
    if (queue.length > 0) turns.push(lane)
    else waiting.delete(lane)
    go()
  }
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (holding.getStore()) return work()
      if (held) {
        const lane = laneOf()
        await new Promise<void>((go) => {
          const queue = waiting.get(lane)
          if (queue) queue.push(go)
          else (waiting.set(lane, [go]), turns.push(lane))
        })
      } else held = true
      try {
        return await holding.run(true, work)
      } finally {
        // The next holder starts on the event loop's next turn: I/O (and new requests) get theirs first.
        // (Held until then even with nobody waiting: PGlite runs a statement at once, so statements issued
        // meanwhile would otherwise pass one by one in the order they came, and the lanes would never form.)
        setImmediate(handOver)
      }
    },
  }
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  // WAL segments a checkpoint no longer needs are deleted rather than renamed for reuse, which would keep
  // page images of deleted rows in the data folder (server/retention/maintenance.ts, the purge). A session
  // setting: PGlite's one session, which also runs its checkpoints, is this store's.
  await pg.exec('SET wal_recycle = off')
  const gate = connectionGate()
  const db: Database = {
    dialect: 'pglite',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return gate.run(async () => (await pg.query<T>(sql, params as unknown[])).rows)
    },
    async exec(sql) {
      await gate.run(() => pg.exec(sql))
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      return gate.run(() =>
        pg.transaction(async (tx) =>
          fn({
            async query<R>(sql: string, params: readonly unknown[] = []) {
              return (await tx.query<R>(sql, params as unknown[])).rows
            },
          }),
        ),
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
      await gate.run(() => pg.query('SELECT pg_notify($1, $2)', [channel, payload]))
    },
    async close() {
      await pg.close()
    },
    async snapshot() {
      await nextTurn()
      // Inside a transaction nothing else runs meanwhile; the copy itself is synchronous and quick (compressing it is the caller's).
      return gate.run(() => pg.transaction(async () => pg.dumpDataDir('none')))
    },
  }
  return db
}
