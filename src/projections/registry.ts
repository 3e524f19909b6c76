/** Every read model of the client, connected to one bus. */
import type { Observable } from 'rxjs'
import type { Envelope } from './define-projection'
import { breakers, type Breakers } from './breakers'
import { briefings, type Briefings } from './briefings'
import { connectProjection, type ReadModel } from './connect-projection'
import { connectivity, type Connectivity } from './connectivity'
import { dashboard, type Dashboard } from './dashboard'
import { diagnostics, type Diagnostics } from './diagnostics'
import { liveChannelStatus, type LiveChannelStatus } from './live-channel-status'
import { toasts, type Toasts } from './notifications'
import { progressCards, type ProgressCards } from './progress'
import { projectDocuments, type ProjectDocuments } from './project-documents'
import { projectList, type ProjectList } from './project-list'
import { researchList, type ResearchList } from './research-list'
import { sessionState, type SessionState } from './session-state'
import { workspaceGraph, type WorkspaceGraph } from './workspace-graph'

export const projections = [
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
] as const

export interface ReadModels {
  workspaceGraph: ReadModel<WorkspaceGraph>
  toasts: ReadModel<Toasts>
  progressCards: ReadModel<ProgressCards>
  liveChannelStatus: ReadModel<LiveChannelStatus>
  diagnostics: ReadModel<Diagnostics>
  sessionState: ReadModel<SessionState>
  researchList: ReadModel<ResearchList>
  projectList: ReadModel<ProjectList>
  projectDocuments: ReadModel<ProjectDocuments>
  breakers: ReadModel<Breakers>
  dashboard: ReadModel<Dashboard>
  briefings: ReadModel<Briefings>
  connectivity: ReadModel<Connectivity>
}

export function connectReadModels(batches$: Observable<readonly Envelope[]>): ReadModels {
  return {
    workspaceGraph: connectProjection(workspaceGraph, batches$),
    toasts: connectProjection(toasts, batches$),
    progressCards: connectProjection(progressCards, batches$),
    liveChannelStatus: connectProjection(liveChannelStatus, batches$),
    diagnostics: connectProjection(diagnostics, batches$),
    sessionState: connectProjection(sessionState, batches$),
    researchList: connectProjection(researchList, batches$),
    projectList: connectProjection(projectList, batches$),
    projectDocuments: connectProjection(projectDocuments, batches$),
    breakers: connectProjection(breakers, batches$),
    dashboard: connectProjection(dashboard, batches$),
    briefings: connectProjection(briefings, batches$),
    connectivity: connectProjection(connectivity, batches$),
  }
}

export function disposeReadModels(models: ReadModels): void {
  for (const model of Object.values(models)) model.dispose()
}
