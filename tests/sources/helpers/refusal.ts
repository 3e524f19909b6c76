import { expect } from 'vitest'
import { SourceError } from '../../../server/sources/errors'

/** Awaits a reader call that must be refused, and returns its SourceError. */
export async function refusal(promise: Promise<unknown>): Promise<SourceError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(SourceError)
  return err as SourceError
}
