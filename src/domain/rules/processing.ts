/** How a document's status reads in the processing view and the status pill (spec §2, §4). */
import { DocumentStatus } from '../document'
import { Texts } from './texts'

const ProcessingView = { Skeleton: 'skeleton', Enriched: 'enriched', Completed: 'completed' } as const
type ProcessingView = (typeof ProcessingView)[keyof typeof ProcessingView]

/** processing or error → skeleton; the four middle states → enriched; completed → completed. */
export function processingView(status: string): ProcessingView {
  switch (status) {
    case DocumentStatus.Summarized:
    case DocumentStatus.DocumentReady:
    case DocumentStatus.AnalyzingActions:
    case DocumentStatus.ProcessingActions:
      return ProcessingView.Enriched
    case DocumentStatus.Completed:
      return ProcessingView.Completed
    default:
      return ProcessingView.Skeleton
  }
}

/** The line under a card in the processing view, and whether a spinner goes with it. */
export function processingMessage(status: string, error?: string | null): { text: string; spinner: boolean } {
  switch (processingView(status)) {
    case ProcessingView.Skeleton:
      return status === DocumentStatus.Error ? { text: error || Texts.processingErrorFallback, spinner: false } : { text: Texts.skeletonMessage, spinner: true }
    case ProcessingView.Enriched:
      if (status === DocumentStatus.DocumentReady) return { text: Texts.enrichedDocumentReady, spinner: false }
      if (status === DocumentStatus.AnalyzingActions) return { text: Texts.enrichedAnalyzing, spinner: true }
      if (status === DocumentStatus.ProcessingActions) return { text: Texts.enrichedCreatingFrames, spinner: true }
      return { text: Texts.enrichedDefault, spinner: true }
    default:
      return { text: '', spinner: false }
  }
}

/** The transition shown when a card changes processing view, in ms. */
export const STATE_TRANSITION_MS = 300

/** Status abbreviations of the graph view: C, P, A, D, F; anything else (pending) P. */
export function statusAbbreviation(status: string): string {
  switch (status) {
    case 'completed':
      return 'C'
    case 'processing':
      return 'P'
    case 'processing-actions':
      return 'A'
    case 'draft':
      return 'D'
    case 'failed':
    case 'error':
    case 'final':
      return 'F'
    default:
      return 'P'
  }
}

/** The status a live `action-frame-created` gives a frame: draft stays draft, anything else is final. */
export function createdFrameStatus(status: string | null | undefined): 'draft' | 'final' {
  return status === 'draft' ? 'draft' : 'final'
}

/** The `status-update` phases that say a job of the document waits behind an open breaker, and that it goes on. */
export const ParkingPhases = { Parked: 'parked', Resumed: 'resumed' } as const

/** The reasons a breaker is open, as the server names them. */
const BreakerOpenReasons = { ManualDisable: 'manual_disable', FailureThreshold: 'failure_threshold' } as const

/** Why a document waits, in the analyst's words, from why its breaker is open. */
export function pausedText(reason: string | null | undefined): string {
  const r = reason?.trim() ?? ''
  if (r === '' || r === BreakerOpenReasons.FailureThreshold) return Texts.pausedTripped
  if (r === BreakerOpenReasons.ManualDisable) return Texts.pausedDisabled
  return Texts.pausedOther(r)
}

/** Status line of a `status-update` phase, and whether that phase completes the document. */
export function phaseMessage(phase: string, reason?: string | null): { text: string; completes: boolean } {
  switch (phase) {
    case ParkingPhases.Parked:
      return { text: pausedText(reason), completes: false }
    case ParkingPhases.Resumed:
      return { text: Texts.resumed, completes: false }
    case 'structuring-started':
      return { text: Texts.structuringStarted, completes: false }
    case 'structuring-completed':
      return { text: Texts.structuringCompleted, completes: false }
    case 'decomposition-started':
      return { text: Texts.decompositionStarted, completes: false }
    case 'decomposition-completed':
      return { text: Texts.decompositionCompleted, completes: true }
    default:
      return { text: Texts.otherPhase(phase), completes: false }
  }
}

/** Status line of a reprocess stage. */
export function reprocessStageMessage(stage: string, percentage: number): string {
  const pct = Math.round(percentage)
  switch (stage) {
    case 'starting':
      return Texts.reprocessStarting
    case 'ai_enrichment':
      return Texts.reprocessAiEnrichment(pct)
    case 'updating_payload':
      return Texts.reprocessUpdatingPayload(pct)
    case 'completed':
      return Texts.reprocessCompleted
    case 'failed':
      return Texts.reprocessFailed
    default:
      return Texts.reprocessOther(pct)
  }
}

/** Reprocess is offered for documents, document_* types, text and plain_text. */
export function supportsReprocess(type: string | null | undefined): boolean {
  if (!type) return false
  return type === 'document' || type.startsWith('document_') || type === 'text' || type === 'plain_text'
}
