/** How a data source's kind reads on screen (the wire names stay on the wire). */
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
