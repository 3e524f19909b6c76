/**
 * A document card's sources (issue 20): when its story has more than one document, an "N sources" button
 * that opens the list of the story's documents — publisher (or title), publication date, the source's
 * reliability ("B · Usually reliable", its explanation as tooltip and behind "Why this grade"), "exact
 * copy" for a duplicate, a link to the original in a new tab, and "Set reliability" (SourceGrade.tsx).
 * Documents of other workspaces are listed too: corroboration is the team's. A story of one document, or
 * none, shows nothing.
 *
 * Also the "One more source" lines a grouped card shows for its exact duplicates (StoryGroups.tsx).
 */
import { useId, useState } from 'react'
import { EXACT_COPY, ONE_MORE_SOURCE, reliabilityLabel, reliabilityText, sourcesText } from '../../domain/rules/credibility'
import { safeLink } from '../../domain/rules/document-origin'
import { storySourceOf } from '../../projections/stories'
import type { StorySource } from '../../protocol/stories'
import { SourceGradeControls } from './SourceGrade'
import { useSharedStory, useStory } from './use-stories'
import '../styles/stories.css'

export function StorySources({ documentId }: { documentId: string }) {
  const story = useSharedStory(documentId)
  const [open, setOpen] = useState(false)
  const listId = useId()
  if (story === null) return null
  const count = Math.max(story.documentIds.length, story.sources.length)
  return (
    <div className="story-sources">
      <button type="button" className="btn small-btn story-sources-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((o) => !o)}>
        {sourcesText(count)}
        <span aria-hidden="true">{open ? ' ▴' : ' ▾'}</span>
      </button>
      {open && (
        <ul id={listId} className="story-source-list" aria-label={`Sources of “${story.title}”`}>
          {story.sources.map((source) => (
            <li key={source.documentId} className="story-source" data-source-document={source.documentId}>
              <SourceLine source={source} current={source.documentId === documentId} />
              <SourceGradeControls source={source} name={sourceName(source)} />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Under a grouped card: its exact duplicates, each as "One more source" and where it came from. */
export function DuplicateSources({ storyId, documentIds }: { storyId: string; documentIds: readonly string[] }) {
  const story = useStory(storyId)
  if (story === null || documentIds.length === 0) return null
  return (
    <ul className="story-duplicates" aria-label="Exact copies">
      {documentIds.map((id) => {
        const source = storySourceOf(story, id) ?? { documentId: id }
        return (
          <li key={id} className="story-source story-duplicate" data-duplicate-document={id}>
            <span className="story-duplicate-label">{ONE_MORE_SOURCE}</span>
            <SourceLine source={source} />
            <SourceGradeControls source={source} name={sourceName(source)} />
          </li>
        )
      })}
    </ul>
  )
}

/** One source: who, when, how reliable, whether a copy, and the original. */
function SourceLine({ source, current = false }: { source: StorySource; current?: boolean }) {
  const name = sourceName(source)
  const title = nonBlank(source.publisher) ? nonBlank(source.title) : null
  const url = safeLink(source.url)
  const published = source.publishedAt ? new Date(source.publishedAt) : null
  const reliability = source.reliability
  return (
    <span className="story-source-line">
      <strong className="story-source-name">{name}</strong>
      {current && <span className="muted"> (this document)</span>}
      {title && <span className="story-source-title">{title}</span>}
      {published && !Number.isNaN(published.getTime()) && (
        <time className="meta" dateTime={published.toISOString()} title={published.toLocaleString('en-US')}>
          {published.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })}
        </time>
      )}
      {reliability && (
        <span className={`reliability reliability-${reliability.grade}`} title={[reliabilityLabel(reliability.grade), nonBlank(reliability.explanation)].filter(Boolean).join(': ')}>
          {reliabilityText(reliability.grade)}
        </span>
      )}
      {source.duplicateOf && <span className="story-copy">{EXACT_COPY}</span>}
      {url && (
        // noopener noreferrer: the original's page gets no handle on this one, nor the workspace's address.
        <a className="origin-link" href={url} target="_blank" rel="noopener noreferrer" title={url}>
          Open original ↗<span className="sr-only"> (opens in a new tab)</span>
        </a>
      )}
    </span>
  )
}

/** Who a source is: its publisher, else its title. */
function sourceName(source: StorySource): string {
  return nonBlank(source.publisher) ?? nonBlank(source.title) ?? 'Unnamed source'
}

function nonBlank(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}
