/**
 * Read models: a projection kept current over the bus.
 *
 * `connectProjection` folds every envelope batch the bus emits into a `BehaviorSubject`, so `get()` is
 * always the current state synchronously and `subscribe` hears each change once. Listeners are told at
 * most once per batch; `useReadModel` may coalesce further to one per animation frame.
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import type { Envelope, Projection } from './define-projection'

export interface ReadModel<S> {
  readonly name: string
  get(): S
  subscribe(listener: () => void): () => void
  readonly state$: Observable<S>
  dispose(): void
}

export function connectProjection<S>(projection: Projection<S>, batches$: Observable<readonly Envelope[]>, from?: S): ReadModel<S> {
  const subject = new BehaviorSubject<S>(from ?? projection.initial)
  const subscription: Subscription = batches$.subscribe((batch) => {
    const current = subject.getValue()
    const next = projection.applyAll(current, batch)
    if (next !== current) subject.next(next)
  })
  return {
    name: projection.name,
    get: () => subject.getValue(),
    subscribe(listener) {
      let first = true
      const sub = subject.subscribe(() => {
        // BehaviorSubject replays the current value on subscribe; only changes are news.
        if (first) {
          first = false
          return
        }
        listener()
      })
      return () => sub.unsubscribe()
    },
    state$: subject.asObservable(),
    dispose() {
      subscription.unsubscribe()
      subject.complete()
    },
  }
}
