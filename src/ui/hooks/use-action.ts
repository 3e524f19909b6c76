/**
 * One user action at a time, with its busy state and its outcome in words: `run(fn)` clears the last
 * message, marks the action busy, and shows what `fn` resolves to (a note) or why it threw (an error).
 * Busy and error are useIntent's; this adds the note and refuses a second action while one runs.
 */
import { useCallback, useRef, useState } from 'react'
import { messageOf, useIntent } from './use-intent'

interface Action {
  busy: boolean
  error: string | null
  note: string | null
  /** Runs `fn` unless an action is running; its result (a string) becomes the note, a throw the error. */
  run(fn: () => Promise<string | null | void>, describeError?: (error: unknown) => string): Promise<void>
}

type Describe = (error: unknown) => string

export function useAction(): Action {
  const [note, setNote] = useState<string | null>(null)
  const running = useRef(false)
  const intent = useIntent(
    async (fn: () => Promise<string | null | void>, _describe?: Describe) => {
      setNote(null)
      setNote((await fn()) || null)
    },
    { describeError: (error, _fn, describe) => (describe ?? messageOf)(error) },
  )
  const start = intent.run
  const run = useCallback<Action['run']>(
    async (fn, describeError) => {
      if (running.current) return
      running.current = true
      try {
        await start(fn, describeError)
      } finally {
        running.current = false
      }
    },
    [start],
  )
  return { busy: intent.busy, error: intent.error, note, run }
}
