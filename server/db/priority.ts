/**
 * Which database work goes first. The embedded store (PGlite) runs one query at a time; when a burst of
 * ingests sets the pipeline's workers going, an analyst's request would otherwise queue behind every query
 * the jobs have asked for, and a live message behind every request of the burst. Three lines, through
 * async context:
 * - 'delivery': what a notification sets off (the live hub reading the messages it must deliver): tiny
 *   reads whose latency the analyst watches;
 * - 'request': anything not marked (HTTP requests, sockets);
 * - 'background': the pipeline's jobs and the source runner's polls, started inside `inBackground`.
 * PostgreSQL, with a pool of connections, needs no such order and ignores the mark.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export type Priority = 'delivery' | 'request' | 'background'

const marked = new AsyncLocalStorage<Priority>()

export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return marked.run('background', fn)
}

/** Runs `fn` as delivery work, whatever called it (a notification raised by a job's query is the listener's business, not the job's). */
export function asDelivery<T>(fn: () => T): T {
  return marked.run('delivery', fn)
}

export function currentPriority(): Priority {
  return marked.getStore() ?? 'request'
}
