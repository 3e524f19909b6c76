/**
 * What every feature module (server/modules/*) is handed by the composition root (server/app.ts): the
 * database, the clock and the id source. A module's plugin names whatever else it needs beside them.
 */
import type { FastifyInstance } from 'fastify'
import type { Clock, Ids } from './core/runtime'
import type { Database } from './db/database'

export interface ModuleDeps {
  db: Database
  clock: Clock
  ids: Ids
}

/** A feature's routes: a Fastify plugin registered under /api/v1 with the deps it declares. */
export type FeatureModule<D extends ModuleDeps = ModuleDeps> = (app: FastifyInstance, deps: D) => Promise<void>
