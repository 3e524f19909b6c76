import { DocumentStatus } from '../../domain/document'
import { processingMessage } from '../../domain/rules/processing'

const LABELS: Record<string, string> = {
  [DocumentStatus.Processing]: 'Processing',
  [DocumentStatus.Summarized]: 'Summarized',
  [DocumentStatus.DocumentReady]: 'Document ready',
  [DocumentStatus.AnalyzingActions]: 'Analyzing actions',
  [DocumentStatus.ProcessingActions]: 'Processing actions',
  [DocumentStatus.Completed]: 'Completed',
  [DocumentStatus.Error]: 'Failed',
  draft: 'Draft',
  final: 'Final',
}

/** A status as a coloured pill; the tone follows the status family. */
export function StatusPill({ status }: { status: string }) {
  const tone = status === DocumentStatus.Completed || status === 'final' ? 'ok' : status === DocumentStatus.Error ? 'bad' : status === 'draft' ? 'muted' : 'busy'
  return (
    <span className={`pill pill-${tone}`} data-status={status}>
      {tone === 'busy' && processingMessage(status).spinner && <span className="spinner" aria-hidden="true" />}
      {LABELS[status] ?? status}
    </span>
  )
}
