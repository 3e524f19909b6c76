/**
 * What a reader returned for a source that is not running yet (spec §2 "RSS, search, Telegram and
 * Twitter previews"): a list of items, the spec's empty text ('No RSS Items Found', 'No results', 'No
 * posts'), or its failure text with the server's reason underneath.
 */
import type { ReactNode } from 'react'
import type { RssPreviewItem, SearchPreviewItem, TelegramPreviewItem, TwitterPreviewItem } from '../../protocol/entities'
import { formatDateTime } from '../shared/format'

export type PreviewState<T> = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; items: T[] } | { status: 'failed'; error: string; detail?: string }

export function PreviewPanel<T>({ state, empty, label, renderItem }: { state: PreviewState<T>; empty: string; label: string; renderItem: (item: T, index: number) => ReactNode }) {
  if (state.status === 'idle') return null
  return (
    <section className="source-preview" aria-label={label} aria-busy={state.status === 'loading'}>
      {state.status === 'loading' ? (
        <p className="muted small" role="status">
          Loading preview…
        </p>
      ) : state.status === 'failed' ? (
        <div>
          <p className="form-error" role="alert">
            {state.error}
          </p>
          {state.detail && <p className="muted small source-preview-detail">{state.detail}</p>}
        </div>
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
