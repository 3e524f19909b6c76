/**
 * One Postgres dialect for both stores: PGlite (embedded, a data folder) and a PostgreSQL server
 * (DATABASE_URL). Everything above the db folder talks to `Database` and never knows which one it has.
 * This file is what both drivers (pglite.ts, postgres.ts) implement and share; database.ts opens one.
 *
 * - `query` runs one statement with parameters and returns its rows; `exec` runs a script of several.
 * - `transaction` runs a function on one connection inside BEGIN/COMMIT (ROLLBACK on throw); inside it,
 *   use the `Queryable` it is given, not the database.
 * - `listen`/`notify` carry live-log fan-out between processes (PGlite: within the process).
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres'
  exec(sql: string): Promise<void>
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  notify(channel: string, payload: string): Promise<void>
  close(): Promise<void>
  /**
   * PGlite only: the whole data folder as one tar (uncompressed), taken while no statement or transaction
   * runs, so it is a consistent snapshot (server/modules/ops/snapshot.ts backs it up).
   */
  snapshot?(): Promise<Blob>
}

const lanes = new AsyncLocalStorage<string>()

/**
 * Runs `fn`, and everything it starts, in a lane of the embedded store's one connection: each team's
 * pipeline work is a lane of its own (`team:<tenant>`), each team's signed-in requests another
 * (`requests:<tenant>`), the queue's upkeep another, requests before sign-in the default. When the
 * connection comes free the waiting lane that has used it least goes next (server/platform/db/pglite.ts), so one
 * team's flood of writes does not hold up another team's document, nor sign-ins and reads. PostgreSQL has
 * a pool of connections: no effect there.
 */
export function inLane<T>(lane: string, fn: () => T): T {
  return lanes.run(lane, fn)
}

/** The caller's lane (`inLane`); 'requests' outside any. */
export const laneOf = (): string => lanes.getStore() ?? 'requests'

/** Postgres channel names are identifiers; ours are fixed strings, checked so nothing else slips in. */
export function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name ${channel}`)
}
