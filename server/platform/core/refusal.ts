/**
 * A refusal from a feature's rules, in the product's words and without HTTP: a thing that is not there
 * (or is another tenant's), a state that forbids the request now, a request that cannot be, a workspace
 * past its expiry (read-only). Services
 * throw it; the HTTP edge (server/platform/http/errors.ts) alone decides the status it answers with.
 */
export const RefusalKinds = ['not_found', 'conflict', 'invalid', 'unavailable', 'expired'] as const
export type RefusalKind = (typeof RefusalKinds)[number]

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message)
    this.name = 'Refusal'
  }
}

/** 'Event not found': a thing the caller cannot see, whether missing or another tenant's. */
export const missing = (what: string) => new Refusal('not_found', `${what} not found`)
