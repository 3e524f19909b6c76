/**
 * Which database work may wait. The embedded store (PGlite) runs one query at a time; when a burst of
 * ingests sets the pipeline's workers going, an analyst's request would otherwise queue behind every
 * query the jobs have asked for. Work started inside `inBackground` (the pipeline's jobs, the source
 * runner's polls) is marked, through async context, as background: a waiting foreground query runs first.
 * PostgreSQL, with a pool of connections, needs no such order and ignores the mark.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

const background = new AsyncLocalStorage<true>()

export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn)
}

export function isBackground(): boolean {
  return background.getStore() === true
}
