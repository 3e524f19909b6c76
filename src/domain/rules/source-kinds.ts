/** How a data source's kind reads on screen (the wire names stay on the wire), and which kinds are one document. */
import type { DataSource } from '../../protocol/entities'

const labels: Record<DataSource['kind'], string> = {
  rss: 'RSS feed',
  topic_based_interest: 'Search',
  telegram_channel: 'Telegram',
  twitter_search: 'Twitter',
  document: 'Document',
  text_input: 'Text',
  web: 'Web page',
}

export function sourceKindLabel(kind: DataSource['kind']): string {
  return labels[kind]
}

/** Kinds whose source is one document (a pasted text, a web page, a file): the document's outcome is the source's. */
export const SINGLE_DOCUMENT_KINDS = ['text_input', 'web', 'document'] as const satisfies ReadonlyArray<DataSource['kind']>
