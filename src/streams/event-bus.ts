/**
 * The event bus: the one road domain events travel to the projections.
 *
 * Contract: `publish` stamps each event with a strictly increasing `seq`, the injected clock's
 * `receivedAt` and its `source`, and emits the whole call as one batch, synchronously, in order.
 * Subscribers see every batch published after they subscribed; nothing is buffered or dropped.
 * A subscriber that publishes while handling a batch has its batch delivered after the current one
 * reaches every subscriber (no interleaving), so every read model sees one total order.
 */
import { Observable, Subject } from 'rxjs'
import type { DomainEvent } from '../domain/events'
import type { Envelope, EventSource } from '../projections/define-projection'

export interface EventBus {
  publish(events: DomainEvent | readonly DomainEvent[], source: EventSource, receivedAt?: number): readonly Envelope[]
  /** Publishes events that each carry their own receipt time (a recording's `at`) as one batch. */
  publishTimed(items: ReadonlyArray<{ event: DomainEvent; receivedAt: number }>, source: EventSource): readonly Envelope[]
  /**
   * Publishes envelopes the caller built (a replay's hot path: one object per event, not three).
   * Their `seq` is overwritten with the bus's own numbering.
   */
  publishEnvelopes(envelopes: Envelope[]): readonly Envelope[]
  readonly batches$: Observable<readonly Envelope[]>
  readonly envelopes$: Observable<Envelope>
  /** The seq the next event will get. */
  readonly nextSeq: number
}

export function createEventBus(options: { now?: () => number } = {}): EventBus {
  const now = options.now ?? (() => Date.now())
  const batches = new Subject<readonly Envelope[]>()
  const queue: Array<readonly Envelope[]> = []
  let delivering = false
  let seq = 1

  const deliver = () => {
    delivering = true
    try {
      while (queue.length > 0) batches.next(queue.shift() as readonly Envelope[])
    } finally {
      delivering = false
    }
  }

  const enqueue = (batch: readonly Envelope[]) => {
    queue.push(batch)
    if (!delivering) deliver()
    return batch
  }

  return {
    publish(events, source, receivedAt) {
      const list = Array.isArray(events) ? (events as readonly DomainEvent[]) : [events as DomainEvent]
      if (list.length === 0) return []
      const at = receivedAt ?? now()
      return enqueue(list.map((event) => ({ seq: seq++, receivedAt: at, source, event })))
    },
    publishTimed(items, source) {
      if (items.length === 0) return []
      return enqueue(items.map(({ event, receivedAt }) => ({ seq: seq++, receivedAt, source, event })))
    },
    publishEnvelopes(envelopes) {
      if (envelopes.length === 0) return []
      for (const e of envelopes) e.seq = seq++
      return enqueue(envelopes)
    },
    batches$: batches.asObservable(),
    envelopes$: new Observable<Envelope>((subscriber) =>
      batches.subscribe((batch) => {
        for (const envelope of batch) subscriber.next(envelope)
      }),
    ),
    get nextSeq() {
      return seq
    },
  }
}
