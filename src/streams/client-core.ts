/**
 * The client core: one bus and every read model over it. The app, the replay CLI, the replay panel and
 * the tests all build the same core, so a recording replays through exactly the production code.
 */
import { setFreezeReadModels } from '../projections/define-projection'
import { createEventBus, type EventBus } from './event-bus'
import { connectReadModels, disposeReadModels, type ReadModels } from '../projections/registry'

export interface ClientCore {
  bus: EventBus
  models: ReadModels
  dispose(): void
}

export interface ClientCoreOptions {
  now?: () => number
  freeze?: boolean
  /** Where rejected input is logged (the app passes console.warn; replays and tests stay quiet). */
  log?: (message: string) => void
}

export function createClientCore(options: ClientCoreOptions = {}): ClientCore {
  // Read models are deep-frozen outside production, so a component that mutates one fails loudly.
  setFreezeReadModels(options.freeze ?? isDevelopment())
  const bus = createEventBus(options)
  const models = connectReadModels(bus.batches$)
  const log = options.log
  const logging = log
    ? bus.envelopes$.subscribe(({ event, source }) => {
        if (event.type === 'diagnostic.inputRejected') log(`[sightline] ${source} input rejected (${event.reason}): ${event.detail}`)
      })
    : null
  return {
    bus,
    models,
    dispose: () => {
      logging?.unsubscribe()
      disposeReadModels(models)
    },
  }
}

function isDevelopment(): boolean {
  // rsbuild replaces process.env.NODE_ENV at build time; Node reads it at run time.
  return process.env.NODE_ENV !== 'production'
}
