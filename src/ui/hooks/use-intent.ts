/**
 * One async intent behind a control: `run(...args)` marks it busy, awaits it, keeps the failure's text
 * (the intent's own words) and returns what it resolved to. A failure is either an answer the intent
 * marks as one (by default an outcome `{ ok: false, error }`, read by `failure`) or a throw (read by
 * `describeError`; a throw resolves `run` to `undefined`). Nothing is set once the component is gone, so
 * an answer that arrives after a dialog closed is not an error; the caller still gets it.
 */
import { useCallback, useEffect, useRef, useState } from 'react'

export interface Intent<A extends unknown[], R> {
  /** Runs the intent: clears the last error, busy until it settles; `undefined` if it threw. */
  run(...args: A): Promise<R | undefined>
  busy: boolean
  error: string | null
  /** Forgets the last error (an edit makes it stale). */
  reset(): void
  /** Shows a problem found before the intent runs (a form's own check) where its failures show. */
  fail(message: string): void
}

export interface IntentOptions<A extends unknown[], R> {
  /** The failure an answer stands for, or null when it is a success; by default an outcome's `error`. */
  failure?: (result: R, ...args: A) => string | null
  /** The words for a throw; by default its message. */
  describeError?: (error: unknown, ...args: A) => string
}

export function useIntent<A extends unknown[], R>(fn: (...args: A) => Promise<R>, options: IntentOptions<A, R> = {}): Intent<A, R> {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The latest function and options, so `run` stays one function for the component's life.
  const latest = useRef({ fn, options })
  latest.current = { fn, options }
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const run = useCallback(async (...args: A): Promise<R | undefined> => {
    const { fn, options } = latest.current
    setError(null)
    setBusy(true)
    let failed: string | null
    let result: R | undefined
    try {
      result = await fn(...args)
      failed = (options.failure ?? outcomeError)(result, ...args)
    } catch (e) {
      failed = (options.describeError ?? messageOf)(e, ...args)
    }
    if (mounted.current) {
      setBusy(false)
      if (failed !== null) setError(failed)
    }
    return result
  }, [])
  const reset = useCallback(() => setError(null), [])
  const fail = useCallback((message: string) => setError(message), [])
  return { run, busy, error, reset, fail }
}

/** Runs `intent` unless a form's own check found `problem`, which then shows where the intent's failures do. */
export function runChecked<A extends unknown[], R>(intent: Intent<A, R>, problem: string | null, ...args: A): Promise<R | undefined> {
  if (!problem) return intent.run(...args)
  intent.fail(problem)
  return Promise.resolve(undefined)
}

/** The `error` of an outcome `{ ok: false, error }`; null for anything else. */
function outcomeError(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null
  const { ok, error } = result as { ok?: unknown; error?: unknown }
  return ok === false && typeof error === 'string' ? error : null
}

/** A throw's own message, or 'An unknown error occurred'. */
export function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unknown error occurred'
}
