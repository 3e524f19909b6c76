/** Time and ids, injected everywhere so a run can be recorded and replayed deterministically. */
import { randomUUID } from 'node:crypto'

export interface Clock {
  now(): number
}

export interface Ids {
  /** A new id with a readable prefix: `res_…`, `ses_…`, `evt_…`. */
  next(prefix: string): string
}

export const systemClock: Clock = { now: () => Date.now() }

export const randomIds: Ids = { next: (prefix) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}` }

/** Deterministic ids for tests and recorded runs: `res_0001`, `res_0002` … per prefix. */
export function sequentialIds(): Ids {
  const counters = new Map<string, number>()
  return {
    next(prefix) {
      const n = (counters.get(prefix) ?? 0) + 1
      counters.set(prefix, n)
      return `${prefix}_${String(n).padStart(4, '0')}`
    },
  }
}

/** A clock that only moves when told to. */
export function manualClock(start = Date.parse('2026-11-20T09:00:00Z')): Clock & { advance(ms: number): void; set(ms: number): void } {
  let t = start
  return {
    now: () => t,
    advance(ms) {
      t += ms
    },
    set(ms) {
      t = ms
    },
  }
}
