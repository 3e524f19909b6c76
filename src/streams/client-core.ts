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

export function createClientCore(options: { now?: () => number; freeze?: boolean } = {}): ClientCore {
  // Read models are deep-frozen outside production, so a component that mutates one fails loudly.
  setFreezeReadModels(options.freeze ?? isDevelopment())
  const bus = createEventBus(options)
  const models = connectReadModels(bus.batches$)
  return { bus, models, dispose: () => disposeReadModels(models) }
}

function isDevelopment(): boolean {
  // rsbuild replaces process.env.NODE_ENV at build time; Node reads it at run time.
  return process.env.NODE_ENV !== 'production'
}
