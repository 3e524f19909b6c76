/**
 * What a reader returned for a source that is not running yet (spec §2 "RSS, search, Telegram and
 * Twitter previews"): a list of items, the spec's empty text ('No RSS Items Found', 'No results', 'No
 * posts'), or its failure text with the server's reason underneath.
 */
import { type ReactNode, useCallback, useState } from 'react'
import type { RssPreviewItem, SearchPreviewItem, TelegramPreviewItem, TwitterPreviewItem } from '../../protocol/sources'
import type { SourceOutcome } from '../../streams/source-intents'
import { formatDateTime } from '../shared/format'
import { ReadFailure } from '../shared/ReadFailure'

export type PreviewState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'failed'; error: string; detail?: string }

/**
 * What a dialog's preview shows, and `load` to ask a reader for one: loading while it runs, then its items
 * or its failure; `clear` hides it again (what was previewed no longer matches the form).
 */
export function usePreview<T>() {
  const [shown, setShown] = useState<PreviewState<T>>({ status: 'idle' })
  const load = useCallback(async (read: () => Promise<SourceOutcome<T[]>>) => {
    setShown({ status: 'loading' })
    const outcome = await read()
    setShown(outcome.ok ? { status: 'ready', items: outcome.value } : { status: 'failed', error: outcome.error, detail: outcome.detail })
  }, [])
  const clear = useCallback(() => setShown({ status: 'idle' }), [])
  return { shown, load, clear }
}

export function PreviewPanel<T>({ state, empty, label, renderItem }: { state: PreviewState<T>; empty: string; label: string; renderItem: (item: T, index: number) => ReactNode }) {
  if (state.status === 'idle') return null
  return (
    <section className="source-preview" aria-label={label} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' ? (
        <p className="muted small" role="status">
          Loading preview…
        </p>
      ) : state.status === 'failed' ? (
        <ReadFailure error={state.error} detail={state.detail} detailClass="source-preview-detail" />
      ) : state.items.length === 0 ? (
        <p className="source-preview-empty">{empty}</p>
      ) : (
        <ul className="source-preview-list" aria-label={`${label} items`}>
          {state.items.map((item, i) => (
            <li key={i}>{renderItem(item, i)}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

export function RssPreviewRow({ item }: { item: RssPreviewItem }) {
  return (
    <>
      <ItemTitle title={item.title} link={item.link} />
      {item.snippet && <p className="source-preview-text">{item.snippet}</p>}
      {item.publishDate != null && <p className="muted small">{formatDateTime(item.publishDate)}</p>}
    </>
  )
}

export function SearchPreviewRow({ item }: { item: SearchPreviewItem }) {
  return (
    <>
      <ItemTitle title={item.title} link={item.link} />
      {item.snippet && <p className="source-preview-text">{item.snippet}</p>}
    </>
  )
}

export function TelegramPreviewRow({ item }: { item: TelegramPreviewItem }) {
  const facts = [
    item.date != null ? formatDateTime(item.date) : '',
    item.views != null ? `${item.views.toLocaleString('en-US')} views` : '',
    item.forwards != null ? `${item.forwards.toLocaleString('en-US')} forwards` : '',
  ].filter(Boolean)
  return (
    <>
      <p className="source-preview-text">{item.text}</p>
      {facts.length > 0 && <p className="muted small">{facts.join(' · ')}</p>}
    </>
  )
}

export function TwitterPreviewRow({ item }: { item: TwitterPreviewItem }) {
  const author = [item.authorName, item.authorUsername ? `@${item.authorUsername.replace(/^@/, '')}` : ''].filter(Boolean).join(' ')
  const facts = [author, item.createdAt != null ? formatDateTime(item.createdAt) : ''].filter(Boolean)
  return (
    <>
      <p className="source-preview-text">{item.text}</p>
      <p className="muted small">
        {facts.join(' · ')}
        {item.link && (
          <>
            {facts.length > 0 ? ' · ' : ''}
            <a href={item.link} target="_blank" rel="noreferrer noopener">
              Open
            </a>
          </>
        )}
      </p>
    </>
  )
}

function ItemTitle({ title, link }: { title: string; link?: string | null }) {
  return (
    <p className="source-preview-title">
      {link ? (
        <a href={link} target="_blank" rel="noreferrer noopener">
          {title}
        </a>
      ) : (
        title
      )}
    </p>
  )
}
