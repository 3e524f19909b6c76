/** Every read model of the client, connected to one bus. */
import type { Observable } from 'rxjs'
import { alerts } from './alerts'
import type { Envelope, Projection } from './define-projection'
import { breakers } from './breakers'
import { briefings } from './briefings'
import { connectProjection, type ReadModel } from './connect-projection'
import { connectivity } from './connectivity'
import { corrections } from './corrections'
import { dashboard } from './dashboard'
import { diagnostics } from './diagnostics'
import { dossiers } from './dossiers'
import { entityGraph } from './entity-graph'
import { liveChannelStatus } from './live-channel-status'
import { toasts } from './notifications'
import { progressCards } from './progress'
import { projectDocuments } from './project-documents'
import { projectList } from './project-list'
import { researchList } from './research-list'
import { search } from './search'
import { sessionState } from './session-state'
import { stories } from './stories'
import { timePlace } from './time-place'
import { workspaceGraph } from './workspace-graph'

/** Every projection by the name its read model goes by. */
const byName = {
  workspaceGraph,
  toasts,
  progressCards,
  liveChannelStatus,
  diagnostics,
  sessionState,
  researchList,
  projectList,
  breakers,
  dashboard,
  briefings,
  projectDocuments,
  connectivity,
  stories,
  dossiers,
  corrections,
  alerts,
  entityGraph,
  timePlace,
  search,
} as const

type ByName = typeof byName

export const projections: readonly ByName[keyof ByName][] = Object.values(byName)

/** One read model per projection, under the same name. */
export type ReadModels = { -readonly [K in keyof ByName]: ReadModel<ByName[K] extends Projection<infer S> ? S : never> }

export function connectReadModels(batches$: Observable<readonly Envelope[]>): ReadModels {
  const models: Partial<Record<keyof ByName, ReadModel<unknown>>> = {}
  for (const [name, projection] of Object.entries(byName)) models[name as keyof ByName] = connectProjection<unknown>(projection as Projection<unknown>, batches$)
  return models as ReadModels
}

export function disposeReadModels(models: ReadModels): void {
  for (const model of Object.values(models)) model.dispose()
}
