/**
 * One search result: its kind, its title and the sentence that matched, the matched words marked (the server
 * sends text segments, drawn here as text: never markup), a line of facts, and a link to what it opens —
 * the workspace with the inspector on the document or frame, the project, the story's briefing, or the
 * entity's dossier (`/entity/<id>`).
 */
import { Link } from '@tanstack/react-router'
import { SearchKindLabels } from '../../domain/search'
import type { SearchResult, SearchSegment } from '../../protocol/search'

export function SearchResultItem({ item, index, active, onHover, onOpen }: { item: SearchResult; index: number; active: boolean; onHover: (i: number) => void; onOpen: () => void }) {
  const body = (
    <>
      <span className={`search-kind search-kind-${item.kind}`}>{SearchKindLabels[item.kind]}</span>
      <span className="search-title">
        <Marked segments={item.title} />
      </span>
      {item.snippet.length > 0 && (
        <span className="search-snippet">
          <Marked segments={item.snippet} />
        </span>
      )}
      <span className="search-facts">{[...item.facts, item.at ? dayOf(item.at) : null].filter(Boolean).join(' · ')}</span>
    </>
  )
  return (
    // The field keeps focus while arrows move through the options (aria-activedescendant); a click opens too.
    <div id={`search-result-${index}`} role="option" tabIndex={-1} aria-selected={active} className={`search-result ${active ? 'active' : ''}`} onMouseMove={() => !active && onHover(index)}>
      <ResultLink item={item} onOpen={onOpen}>
        {body}
      </ResultLink>
    </div>
  )
}

function ResultLink({ item, onOpen, children }: { item: SearchResult; onOpen: () => void; children: React.ReactNode }) {
  const o = item.open
  const common = { className: 'search-link', tabIndex: -1, onClick: onOpen }
  if (item.kind === 'entity' && o.entityId) {
    return (
      <Link to="/entity/$entityId" params={{ entityId: o.entityId }} {...common}>
        {children}
      </Link>
    )
  }
  if (item.kind === 'story' && o.storyId) {
    return (
      <Link to="/briefing" search={{ type: 'story', id: o.storyId }} {...common}>
        {children}
      </Link>
    )
  }
  if (o.researchId && o.sessionId && o.documentId) {
    return (
      <Link
        to="/research/$researchId/workspace/$sessionId"
        params={{ researchId: o.researchId, sessionId: o.sessionId }}
        search={{ document: o.documentId, ...(o.frameId ? { frame: o.frameId } : {}) }}
        {...common}
      >
        {children}
      </Link>
    )
  }
  if (o.projectId) {
    return (
      <Link to="/project/$projectId" params={{ projectId: o.projectId }} {...common}>
        {children}
      </Link>
    )
  }
  return <span className="search-link">{children}</span>
}

/** Segments as text, the matched ones in <mark>. */
export function Marked({ segments }: { segments: readonly SearchSegment[] }) {
  return <>{segments.map((s, i) => (s.match ? <mark key={i}>{s.text}</mark> : <span key={i}>{s.text}</span>))}</>
}

function dayOf(at: string): string {
  const d = new Date(at)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
}
