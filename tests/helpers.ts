/** Test helpers: build live messages, translate them like the app does, fold them like the app does. */
import type { DomainEvent } from '../src/domain/events'
import type { Envelope, EventSource, Projection } from '../src/projections/define-projection'
import { translateLiveValue } from '../src/streams/translators/live-message'

export const SESSION = 'sess-test-01'

/** A live message with the next id of a per-test counter. */
export function messages(sessionId = SESSION) {
  let id = 0
  return (type: string, data: Record<string, unknown>, overrides: { id?: string; sessionId?: string } = {}) => ({
    type,
    sessionId: overrides.sessionId ?? sessionId,
    id: overrides.id ?? String(++id),
    data,
  })
}

/** The domain event of a wire message (through the production translator); throws if rejected. */
export function eventOf(message: unknown): DomainEvent {
  const t = translateLiveValue(message)
  if (t.kind === 'rejected') throw new Error(`rejected: ${t.event.detail}`)
  if (t.event === null) throw new Error('control message without event')
  return t.event
}

export function envelopes(events: readonly DomainEvent[], source: EventSource = 'ws', receivedAt = 1_000): Envelope[] {
  return events.map((event, i) => ({ seq: i + 1, receivedAt, source, event }))
}

/** Folds events one at a time (the live path). */
export function foldLive<S>(projection: Projection<S>, events: readonly DomainEvent[], from = projection.initial, source: EventSource = 'ws'): S {
  let state = from
  for (const e of envelopes(events, source)) state = projection.apply(state, e)
  return state
}
