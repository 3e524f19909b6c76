/**
 * What the API asks of the pipeline, and nothing more: routes enqueue work and answer 202 at once; the
 * pipeline creates the card (skeleton first) and reports everything else on the live channel.
 */

export const HandlerKeys = [
  'Core_ContentIngestor',
  'Core_EventOrchestrator',
  'Core_FrameEnricher',
  'Core_ContextUpdater',
  'Core_ContextPairVerifier',
  'Core_UncertaintyResolver',
  'Core_HypothesisAF',
  'Core_AliasEnricher',
] as const
export type HandlerKey = (typeof HandlerKeys)[number]

export type IngestInput =
  | { kind: 'text'; text: string; title?: string | null }
  | { kind: 'url'; url: string }
  | { kind: 'document'; fileName: string; contentType?: string | null; bytes: Buffer }

export interface IngestRequest {
  tenantId: string
  userId: string
  researchId: string | null
  sessionId: string | null
  projectId: string | null
  dataSourceId: string
  input: IngestInput
}

export interface Pipeline {
  /** Records the event and queues its processing; resolves once the skeleton is on the live log. */
  ingest(request: IngestRequest): Promise<{ eventId: string }>
  /** Runs the analysis of an existing event again; progress arrives as genesis_event_updated. */
  reprocess(request: { tenantId: string; eventId: string }): Promise<void>
}
