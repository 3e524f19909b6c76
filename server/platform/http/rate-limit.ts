/**
 * A fixed-window rate limiter, in memory, per app instance: each key may be hit `limit` times in a window
 * of `windowMs` that starts at its first hit. Time comes from the injected clock, so tests move it by hand.
 * Several API processes each count on their own (the limit is per process, which is enough to slow a
 * single client down; a shared store would be needed for an exact global limit).
 */
import type { Clock } from '../core/runtime'

export type RateDecision = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number }

export interface RateLimiter {
  /** Counts one hit for `key` and says whether it is within the limit. */
  hit(key: string): RateDecision
}

export interface RateLimitOptions {
  limit: number
  windowMs: number
  clock: Clock
  /** Keys kept at most; expired windows are swept first, then the oldest go (bounded memory under a flood). */
  maxKeys?: number
}

export function fixedWindowLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs, clock } = options
  const maxKeys = options.maxKeys ?? 100_000
  const windows = new Map<string, { start: number; count: number }>()

  const sweep = (now: number) => {
    for (const [key, w] of windows) if (now - w.start >= windowMs) windows.delete(key)
    while (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string)
  }

  return {
    hit(key) {
      const now = clock.now()
      let w = windows.get(key)
      if (!w || now - w.start >= windowMs) {
        if (!w && windows.size >= maxKeys) sweep(now)
        w = { start: now, count: 0 }
        windows.set(key, w)
      }
      w.count += 1
      if (w.count <= limit) return { ok: true, remaining: limit - w.count }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) }
    },
  }
}
