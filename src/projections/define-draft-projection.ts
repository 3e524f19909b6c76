/**
 * Projections off the replay's hot path, written with immer: a handler receives a draft of the state and
 * changes it in place, one line per change; immer copies what a batch changes and shares the rest.
 *
 * Each handler is a curried producer: each event of a batch is one `produce` over the state the previous
 * one left, so an event that changes nothing returns the very same state (subscribers see no change) and
 * parts no event touched keep their identity, as with the copy-on-write engine (./define-projection.ts).
 * One `produce` per event rather than per batch: immer drafts only what was in the base, so within one
 * `produce` an object a handler put into the state (an event's own object) is the raw object, and a later
 * handler of the batch changing it would change the event. Per event, it is in the base and is copied.
 * Within a handler the same holds: change what the handler itself put in only if it built it.
 * Handlers read time only from the event or `meta.receivedAt`, and do no I/O.
 *
 * Freezing follows `setFreezeReadModels`: outside production immer freezes each new state (a component
 * that mutates a read model fails loudly, as the copy-on-write engine's states do); in production it
 * does not, since freezing a state after every batch costs time and finds nothing a development run
 * would not. This file keeps its own `Immer` instance, so no other use of immer is affected.
 *
 * Not for the workspace graph nor the progress cards: both fold every document message of a replay,
 * where immer's proxies cost several times the copy-on-write (the README's Dependency notes have the figures).
 */
import { type Draft, freeze, Immer } from 'immer'
import type { DomainEventType, EventOf } from '../domain/events'
import { type Envelope, type EventMeta, freezesReadModels, handlesAnyOf, type Projection } from './define-projection'

export type DraftHandler<S, T extends DomainEventType> = (draft: Draft<S>, event: EventOf<T>, meta: EventMeta) => void

export type DraftHandlerMap<S> = { [T in DomainEventType]?: DraftHandler<S, T> }

export function defineDraftProjection<S extends object>(spec: { name: string; initial: S; on: DraftHandlerMap<S> }): Projection<S> {
  const handlers = spec.on as Record<string, DraftHandler<S, DomainEventType> | undefined>
  const handles = (type: string) => handlers[type] !== undefined
  const applyAll = (state: S, envelopes: readonly Envelope[]): S => {
    if (!handlesAnyOf(envelopes, handles)) return state
    let next = state
    // A replay hands every batch to every projection, and these skip nearly all of it: the loop body
    // captures nothing, or V8 would allocate a closure context per envelope (a fifth of a replay's garbage).
    for (let i = 0; i < envelopes.length; i++) {
      const envelope = envelopes[i] as Envelope
      const handler = handlers[envelope.event.type]
      if (handler === undefined) continue
      if (next === state) immer.setAutoFreeze(freezesReadModels())
      next = produceWith(next, handler, envelope)
    }
    return next
  }
  return {
    name: spec.name,
    initial: freezesReadModels() ? freeze(spec.initial, true) : spec.initial,
    handles,
    apply: (state, envelope) => applyAll(state, [envelope]),
    applyAll,
  }
}

const immer = new Immer()

function produceWith<S>(state: S, handler: DraftHandler<S, DomainEventType>, envelope: Envelope): S {
  return immer.produce(state, (draft) => {
    // A handler's return value means nothing (immer would take it for a replacement state).
    handler(draft, envelope.event as never, envelope)
  })
}

/** A list kept by id and shown in `order` (an immer draft of one: the project and research lists). */
interface ListedById<V> {
  byId: Record<string, V>
  order: string[]
}

/** The whole list, as loaded: entries by id, in the order given. */
export function listAll<V extends { id: string }>(list: ListedById<V>, entries: readonly V[]): void {
  list.byId = Object.fromEntries(entries.map((entry) => [entry.id, entry]))
  list.order = entries.map((entry) => entry.id)
}

/** A new entry goes first; one already listed is replaced where it stands. */
export function listFirst<V extends { id: string }>(list: ListedById<V>, entry: V): void {
  if (!list.byId[entry.id]) list.order.unshift(entry.id)
  list.byId[entry.id] = entry
}

/** Takes `id` off the list; false when it was not on it. */
export function unlist<V>(list: ListedById<V>, id: string): boolean {
  if (!list.byId[id]) return false
  delete list.byId[id]
  list.order = list.order.filter((listed) => listed !== id)
  return true
}
