/**
 * One user action at a time, with its busy state and its outcome in words: `run(fn)` clears the last
 * message, marks the action busy, and shows what `fn` resolves to (a note) or why it threw (an error).
 */
import { useCallback, useRef, useState } from 'react'

export interface Action {
  busy: boolean
  error: string | null
  note: string | null
  /** Runs `fn` unless an action is running; its result (a string) becomes the note, a throw the error. */
  run(fn: () => Promise<string | null | void>, describeError?: (error: unknown) => string): Promise<void>
}

export function useAction(): Action {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [note, setNote] = useState<string | null>(null)
  const running = useRef(false)
  const run = useCallback<Action['run']>(async (fn, describeError = messageOf) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    setError(null)
    setNote(null)
    try {
      setNote((await fn()) || null)
    } catch (e) {
      setError(describeError(e))
    } finally {
      running.current = false
      setBusy(false)
    }
  }, [])
  return { busy, error, note, run }
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unknown error occurred'
}
