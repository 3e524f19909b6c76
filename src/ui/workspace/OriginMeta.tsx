/**
 * A card's line of provenance: publisher, publication date, whose exact copy it is (analysed once) and a
 * link that opens the original in a new tab.
 */
import { documentOrigin } from '../../domain/rules/document-origin'
import type { Payload } from '../../protocol/entities'

export function OriginMeta({ payload }: { payload: Payload | null | undefined }) {
  const origin = documentOrigin(payload)
  const published = origin.publishedAt === null ? null : new Date(origin.publishedAt)
  return (
    <>
      {origin.publisher && <span className="meta origin-publisher">{origin.publisher}</span>}
      {published && (
        <span className="meta">
          Published{' '}
          <time dateTime={published.toISOString()} title={published.toLocaleString('en-US')}>
            {published.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}
          </time>
        </span>
      )}
      {origin.copyOf && <span className="meta origin-copy">{origin.copyOf}</span>}
      {origin.url && (
        <span className="meta">
          {/* noopener noreferrer: the original's page gets no handle on this one, nor the workspace's address. */}
          <a className="origin-link" href={origin.url} target="_blank" rel="noopener noreferrer" title={origin.url}>
            Open original ↗<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      )}
    </>
  )
}
