/**
 * The inspector drawer's rules (spec §2 "Inspector tabs", §9): where it is placed, its texts, what the
 * Analytics and Insights tabs read, the analysis status badge, and when Reprocess is offered. Where in the
 * content a frame or entity came from is ./source-sentences.ts; the drawer's width and the score colours
 * are the UI's (src/ui/inspector/).
 */
import type { Analytics, AnalyticsScoreKey, AnalyticsTextKey, Payload } from '../../protocol/entities'
import { AnalyticsScoreKeys, AnalyticsTextKeys } from '../../protocol/entities'
import { DocumentStatus } from '../document'
import { supportsReprocess } from './processing'

// ---------------------------------------------------------------------------------------------------
// Placement

export const InspectorPlacement = { Workspace: 'workspace', Home: 'home' } as const
export type InspectorPlacement = (typeof InspectorPlacement)[keyof typeof InspectorPlacement]

// ---------------------------------------------------------------------------------------------------
// Texts

/** The inspector's user-visible texts, quoted from the spec where it gives them. */
export const InspectorTexts = {
  selectDocument: 'Select a document',
  selectObject: 'Select an Object to view details',
  eventNotFound: 'Event not found',
  noData: 'No data available',
  noInsights: 'No contextual insights generated for this content',
  processingError: 'Processing Error',
  reprocess: 'Reprocess',
} as const

/** The empty state of the drawer when nothing is selected. */
export function emptySelectionText(placement: InspectorPlacement): string {
  return placement === InspectorPlacement.Workspace ? InspectorTexts.selectDocument : InspectorTexts.selectObject
}

// ---------------------------------------------------------------------------------------------------
// Analytics and insights

/** Spec §9: the content preview shows the first 1000 characters. */
export const CONTENT_PREVIEW_CHARS = 1000
/** Spec §9: a frame shows up to 3 result impacts and 6 metadata tags. */
export const MAX_FRAME_IMPACTS = 3
export const MAX_FRAME_TAGS = 6

/**
 * The analytics the inspector reads: the event's analytics, with the payload's copy of a field filling
 * any the analytics leave out (live documents carry the scores and texts in the payload too).
 */
export function inspectorAnalytics(analytics: Analytics | null | undefined, payload: Payload | null | undefined): Analytics | null {
  if (!analytics && !payload) return null
  const out: Record<string, unknown> = { ...(analytics ?? {}) }
  for (const key of [...AnalyticsScoreKeys, ...AnalyticsTextKeys]) {
    if (out[key] == null && payload?.[key] != null) out[key] = payload[key]
  }
  return out as Analytics
}

/** The one-line reason the analyser gave for a score, when it gave one. */
export function scoreJustification(analytics: Analytics | null | undefined, key: AnalyticsScoreKey): string | null {
  const all = (analytics as { justifications?: unknown } | null | undefined)?.justifications
  if (all === null || typeof all !== 'object') return null
  const text = (all as Record<string, unknown>)[key]
  return typeof text === 'string' && text.trim() !== '' ? text : null
}

/** The Insights tab's six sections in display order (context inference opens by default). */
const InsightLabels: Record<AnalyticsTextKey, string> = {
  detectedDomain: 'Detected Domain',
  contextInference: 'Context Inference',
  historicalContext: 'Historical Context',
  marketOrPolicyImpact: 'Market and Policy Impact',
  biasOrAgenda: 'Bias or Hidden Agenda',
  propagandaIndicators: 'Propaganda Indicators',
}
export const INSIGHT_OPEN_BY_DEFAULT: AnalyticsTextKey = 'contextInference'

interface InsightSection {
  key: AnalyticsTextKey
  label: string
  /** The text, or null when empty (the section reads 'No data available'). */
  text: string | null
}

/** The six sections; `any` is false when every one is empty ('No contextual insights generated for this content'). */
export function insightSections(analytics: Analytics | null | undefined): { sections: InsightSection[]; any: boolean } {
  const sections = AnalyticsTextKeys.map((key) => {
    const raw = analytics?.[key]
    const text = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null
    return { key, label: InsightLabels[key], text }
  })
  return { sections, any: sections.some((s) => s.text !== null) }
}

// ---------------------------------------------------------------------------------------------------
// Status, reprocess, colours

const AnalysisStatus = { Completed: 'completed', Processing: 'processing', Failed: 'failed', Partial: 'partial' } as const
type AnalysisStatus = (typeof AnalysisStatus)[keyof typeof AnalysisStatus]

/**
 * The analysis status badge: processing while a reprocess runs; otherwise what the payload says when it
 * is one of the four (or a common synonym); otherwise it follows the document's status.
 */
export function analysisStatusBadge(payloadStatus: string | null | undefined, documentStatus: string, reprocessing: boolean): AnalysisStatus {
  if (reprocessing) return AnalysisStatus.Processing
  switch ((payloadStatus ?? '').trim().toLowerCase()) {
    case 'completed':
    case 'complete':
    case 'success':
    case 'succeeded':
      return documentStatus === DocumentStatus.Error ? AnalysisStatus.Failed : AnalysisStatus.Completed
    case 'failed':
    case 'error':
      return AnalysisStatus.Failed
    case 'partial':
    case 'partially_completed':
      return AnalysisStatus.Partial
    case 'processing':
    case 'pending':
    case 'in_progress':
    case 'running':
      return documentStatus === DocumentStatus.Error ? AnalysisStatus.Failed : AnalysisStatus.Processing
    default:
      if (documentStatus === DocumentStatus.Error) return AnalysisStatus.Failed
      if (documentStatus === DocumentStatus.Completed) return AnalysisStatus.Completed
      return AnalysisStatus.Processing
  }
}

/**
 * Whether Reprocess shows and can be pressed: shown for document, document_*, text and plain_text;
 * disabled while the document is being processed (a reprocess running, or the pipeline not finished).
 */
export function reprocessAvailability(type: string | null | undefined, status: string, reprocessing: boolean): 'hidden' | 'enabled' | 'disabled' {
  if (!supportsReprocess(type)) return 'hidden'
  if (reprocessing) return 'disabled'
  return status === DocumentStatus.Completed || status === DocumentStatus.Error ? 'enabled' : 'disabled'
}
