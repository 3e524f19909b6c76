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
 * (`inLane`: a team's pipeline work, a team's requests, the queue's upkeep, requests before sign-in): when
 * the connection comes free, the lane that has used it least goes next (fair queuing over time held), each
 * lane in its own order. A team whose writes flood the store waits behind itself, as in the queues
 * (server/modules/pipeline/fair-queue.ts), instead of putting every other team's statements behind its own.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { PGlite } from '@electric-sql/pglite'
import { assertChannel, type Database, inLane, laneOf, type Queryable } from './driver'

/** The lane of what a notification's listener does (the live hub reading the messages it announces). */
export const LISTENER_LANE = 'listeners'

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * One holder at a time; each hand-over after a turn of the event loop. The waiting lanes are served by
 * start-time fair queuing over the time each holds the connection: a lane's statement is tagged with the
 * virtual time it may start, the later of the current virtual time (the tag of the statement that last
 * took the connection) and the end of the lane's previous statement (its tag plus how long it held the
 * connection); the waiting statement with the smallest tag goes next, of equal tags the one whose lane
 * last held the connection longest ago (a lane back from idle before those busy all along). A lane
 * that used the connection little (a team's one article, a health probe) therefore goes before one that
 * floods it, waiting only for the statement in progress; lanes that are all busy share the connection's
 * time evenly, however long each one's statements are; a lane that was idle starts level with the others
 * (no credit saved up). Within a lane the order is kept. A statement issued while its caller holds the
 * gate (work a transaction's function started) goes straight on to PGlite, which orders it after the
 * holder's; a notification's listener, though PGlite calls it during the committing statement, works
 * apart from it (`apart`), in a lane of its own.
 */
export function connectionGate(now: () => number = () => performance.now()) {
  const holding = new AsyncLocalStorage<true>()
  let held = false
  /** The tag of the statement holding (or that last held) the connection. */
  let virtual = 0
  /** Each lane's end tag: where its next statement starts unless the virtual time has passed it. */
  const ends = new Map<string, number>()
  const waiting = new Map<string, Array<(tag: number) => void>>()
  const startOf = (lane: string) => Math.max(virtual, ends.get(lane) ?? 0)
  const handOver = () => {
    let next: string | undefined
    let best = Infinity
    let bestEnd = Infinity
    for (const lane of waiting.keys()) {
      const tag = startOf(lane)
      const end = ends.get(lane) ?? -Infinity
      if (tag < best || (tag === best && end < bestEnd)) {
        best = tag
        bestEnd = end
        next = lane
      }
    }
    if (next === undefined) {
      held = false
      // Lanes that ended behind the virtual time start from it anyway: forget them.
      if (ends.size > 256) for (const [lane, end] of ends) if (end <= virtual) ends.delete(lane)
      return
    }
    const queue = waiting.get(next)!
    const go = queue.shift()!
    if (queue.length === 0) waiting.delete(next)
    go(best)
  }
  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (holding.getStore()) return work()
      const lane = laneOf()
      let tag: number
      if (held) {
        tag = await new Promise<number>((go) => {
          const queue = waiting.get(lane)
          if (queue) queue.push(go)
          else waiting.set(lane, [go])
        })
      } else {
        held = true
        tag = startOf(lane)
      }
      virtual = tag
      const began = now()
      try {
        return await holding.run(true, work)
      } finally {
        ends.set(lane, tag + (now() - began))
        // The next holder starts on the event loop's next turn: I/O (and new requests) get theirs first.
        // (Held until then even with nobody waiting: PGlite runs a statement at once, so statements issued
        // meanwhile would otherwise pass one by one in the order they came, and the lanes would never form.)
        setImmediate(handOver)
      }
    },
    /**
     * Runs `fn` as if nothing held the gate: a callback PGlite makes while a statement holds it (a
     * notification delivered at a commit) would otherwise pass that holder's standing on to everything
     * the callback starts, for ever after, and its statements would skip the lanes.
     */
    apart<T>(fn: () => T): T {
      return holding.exit(fn)
    },
  }
}

export async function openPglite(dataDir: string | null): Promise<Database> {
  const pg = dataDir ? new PGlite(dataDir) : new PGlite()
  await pg.waitReady
  // WAL segments a checkpoint no longer needs are deleted rather than renamed for reuse, which would keep
  // page images of deleted rows in the data folder (server/modules/retention/maintenance.ts, the purge). A session
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
      // Delivered while the committing statement holds the gate, in its lane: the listener's work (the live
      // hub's reads) goes in a lane of its own, through the gate like any other.
      const unsubscribe = await pg.listen(channel, (payload) => gate.apart(() => inLane(LISTENER_LANE, () => onPayload(payload))))
      return async () => {
        // A closed connection listens to nothing: there is nothing to stop (and PGlite would throw).
        if (pg.closed) return
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
