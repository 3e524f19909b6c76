/**
 * The table of stages: which stage runs a job of each handler queue (the chain of pipeline.ts), and what
 * giving up on a job after its last retry does to its document. A reprocess run's orchestrator job is
 * the reprocessor's; every other job is its queue's stage.
 */
import type { Analyser } from '../../../analysis/index'
import type { HandlerKey } from '../contract'
import type { AbandonEffect } from '../journal'
import { INGEST_RUN, type StageJob } from '../queue'
import type { Stage } from '../stage'
import { contentIngestor, type DocumentReaders } from './content-ingestor'
import { aliasEnricher, contextPairVerifier, contextUpdater, hypothesisAF, uncertaintyResolver } from './enrichers'
import { eventOrchestrator } from './event-orchestrator'
import { frameEnricher } from './frame-enricher'
import { reprocessor } from './reprocess'

export type StageTable = (key: HandlerKey, job: StageJob) => Stage

export function stageTable({ sources, analyser }: { sources: DocumentReaders; analyser: Analyser }): StageTable {
  const stages: Record<HandlerKey, Stage> = {
    Core_ContentIngestor: contentIngestor({ sources }),
    Core_EventOrchestrator: eventOrchestrator({ analyser }),
    Core_FrameEnricher: frameEnricher(),
    Core_AliasEnricher: aliasEnricher(),
    Core_ContextUpdater: contextUpdater(),
    Core_ContextPairVerifier: contextPairVerifier(),
    Core_UncertaintyResolver: uncertaintyResolver(),
    Core_HypothesisAF: hypothesisAF(),
  }
  const reprocessStage = reprocessor({ analyser })
  return (key, job) => (isReprocessRun(key, job) ? reprocessStage : stages[key])
}

/** What giving up on a job does: a reprocess fails alone, the main chain fails its document, enrichers nothing. */
export function abandonEffect(key: HandlerKey, job: StageJob): AbandonEffect {
  if (isReprocessRun(key, job)) return 'fail-reprocess'
  return key === 'Core_ContentIngestor' || key === 'Core_EventOrchestrator' || key === 'Core_FrameEnricher' ? 'fail-document' : 'none'
}

const isReprocessRun = (key: HandlerKey, job: StageJob) => key === 'Core_EventOrchestrator' && job.run !== INGEST_RUN
