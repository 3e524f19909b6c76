/**
 * The document aggregate: a genesis event shown as a document card, from its skeleton to completion,
 * failure, reprocessing or deletion.
 */
import { z } from 'zod'
import { analyticsSchema, payloadSchema, timestampSchema } from '../protocol/entities'
import { liveOrigin } from './live'

export const DocumentStatus = {
  Processing: 'processing',
  Summarized: 'summarized',
  DocumentReady: 'document-ready',
  AnalyzingActions: 'analyzing-actions',
  ProcessingActions: 'processing-actions',
  Completed: 'completed',
  Error: 'error',
} as const
export type DocumentStatus = (typeof DocumentStatus)[keyof typeof DocumentStatus]

/** The server created the card for a new source; more messages for it will follow. */
export const documentSkeletonReceived = z.object({
  type: z.literal('document.skeletonReceived'),
  ...liveOrigin,
  eventId: z.string(),
  eventType: z.string().nullish(),
  title: z.string().nullish(),
  payload: payloadSchema.nullish(),
  uploadedAt: timestampSchema.nullish(),
})

/** The AI produced a first title and summary. */
export const documentSummaryReceived = z.object({
  type: z.literal('document.summaryReceived'),
  ...liveOrigin,
  eventId: z.string(),
  title: z.string(),
  summary: z.string(),
})

/** Parsing and enrichment finished: payload and analytics are known. */
export const documentReady = z.object({
  type: z.literal('document.ready'),
  ...liveOrigin,
  eventId: z.string(),
  title: z.string().nullish(),
  summary: z.string().nullish(),
  payload: payloadSchema,
  analytics: analyticsSchema,
  /** The workspace's tokens used after this analysis (a running total). */
  sessionTokensUsed: z.number().nullish(),
})

/** The server began looking for actions in the document. */
export const documentActionAnalysisStarted = z.object({
  type: z.literal('document.actionAnalysisStarted'),
  ...liveOrigin,
  eventId: z.string(),
})

/** Action analysis ended, with or without actions to extract. */
export const documentActionAnalysisCompleted = z.object({
  type: z.literal('document.actionAnalysisCompleted'),
  ...liveOrigin,
  eventId: z.string(),
  outcome: z.string(),
  actionCount: z.number(),
})

/** The server announced how many action frames it is about to create. */
export const documentActionFramesDetected = z.object({
  type: z.literal('document.actionFramesDetected'),
  ...liveOrigin,
  eventId: z.string(),
  count: z.number(),
})

/** Every stage ran; the document has its final set of frames. */
export const documentProcessingCompleted = z.object({
  type: z.literal('document.processingCompleted'),
  ...liveOrigin,
  eventId: z.string(),
  actionCount: z.number(),
})

/** A stage failed; the document stays as it was with the error shown. */
export const documentProcessingFailed = z.object({
  type: z.literal('document.processingFailed'),
  ...liveOrigin,
  eventId: z.string(),
  error: z.string().nullish(),
  filename: z.string().nullish(),
})

/**
 * The server reported a pipeline phase (structuring, decomposition or another), or that a job of the
 * document waits behind an open circuit breaker (`parked`, with why it is open) or was queued again (`resumed`).
 */
export const documentPhaseReported = z.object({
  type: z.literal('document.phaseReported'),
  ...liveOrigin,
  eventId: z.string(),
  phase: z.string(),
  reason: z.string().nullish(),
  handlerKey: z.string().nullish(),
})

/** A reprocess run reported a stage, possibly its completion (with the new data) or its failure. */
export const documentReprocessProgressed = z.object({
  type: z.literal('document.reprocessProgressed'),
  ...liveOrigin,
  eventId: z.string(),
  trigger: z.string(),
  stage: z.string(),
  percentage: z.number(),
  updatedData: z
    .object({
      title: z.string().nullish(),
      summary: z.string().nullish(),
      payload: payloadSchema.nullish(),
      analytics: analyticsSchema.nullish(),
    })
    .nullish(),
  error: z.string().nullish(),
  /** On completion: the workspace's tokens used after this analysis. */
  sessionTokensUsed: z.number().nullish(),
})

/** The analyst asked to reprocess a document (local, before the server answers). */
export const documentReprocessRequested = z.object({
  type: z.literal('document.reprocessRequested'),
  eventId: z.string(),
})

/** The reprocess call was refused; the card returns to where it was. */
export const documentReprocessStartFailed = z.object({
  type: z.literal('document.reprocessStartFailed'),
  eventId: z.string(),
  message: z.string(),
})

/**
 * The document was deleted, with its action frames: by this client's delete call, or by anyone's as its
 * tombstone on the live log (`genesis-event-deleted`, which carries its session and live-log id).
 */
export const documentDeleted = z.object({
  type: z.literal('document.deleted'),
  sessionId: z.string().nullish(),
  messageId: z.string().nullish(),
  eventId: z.string(),
})

export const documentEvents = [
  documentSkeletonReceived,
  documentSummaryReceived,
  documentReady,
  documentActionAnalysisStarted,
  documentActionAnalysisCompleted,
  documentActionFramesDetected,
  documentProcessingCompleted,
  documentProcessingFailed,
  documentPhaseReported,
  documentReprocessProgressed,
  documentReprocessRequested,
  documentReprocessStartFailed,
  documentDeleted,
] as const
