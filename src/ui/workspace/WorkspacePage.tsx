/**
 * The workspace: its title line '(N documents, M actions)' with Live/Offline and the header's actions,
 * then the document cards — virtualised (@tanstack/react-virtual: only the cards in view and about
 * 1,000 px of cards on either side are in the DOM, each measured as it renders) — or the empty state.
 *
 * Scrolling a 10,000-card list by its scrollbar brings new cards into every frame, so what one frame
 * renders is kept small: the overscan is counted in pixels, not cards (one card with ten frames each
 * side, four small ones), none while scrolling, and cards not measured yet are estimated from the
 * workspace's frames per document until the first cards are measured, then at their mean height, so the
 * very first paint and the first pass at a new position render about the cards that will really be there.
 *
 * New cards arrive at the end of the list, below what is in view. The analyst's own (a card whose
 * progress card is linked to it, or while one of theirs awaits its link) is scrolled to; others, unless
 * the list is already at its end, are counted on a 'new documents' pill that scrolls to them.
 *
 * 'Group by story' (shown when some story holds several of its documents) orders the list by story: a header per
 * story of several documents here, its cards under it, an exact duplicate as 'One more source' under its
 * original; the other cards stay where they are.
 */
import { defaultRangeExtractor, measureElement, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import type { ProgressCards } from '../../projections/progress'
import { groupByStory, type Stories, type StoryRow } from '../../projections/stories'
import type { WorkspaceGraph } from '../../projections/workspace-graph'
import { formatCounts, selectCounts, selectDocumentIds } from '../../projections/workspace-selectors'
import { selectLiveLabel, selectSessionEnded } from '../../projections/live-channel-status'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { DocumentCard } from './DocumentCard'
import { DuplicateSources } from './StorySources'
import { GroupByStoryToggle, StoryGroupHeader, useGroupByStory } from './StoryGroups'

const EMPTY_HINT = 'Use the input below to add data sources and start building your knowledge graph'
export const SESSION_ENDED = 'Your sign-in has ended, so this workspace no longer updates live. Sign in again to carry on where you were.'
/**
 * A first guess at a card's height from the action frames per document (a card without frames, then
 * about one row of frame cards per two frames), until cards have been measured.
 */
const CARD_BASE_HEIGHT = 160
const CARD_HEIGHT_PER_FRAME = 55
const ESTIMATE_SAMPLE = 10
/** Cards rendered beyond each edge of the view: about this many pixels' worth, between 1 and 4 cards. */
const OVERSCAN_PX = 1000
const MAX_OVERSCAN = 4
const UNMEASURED = { width: 900, height: 900 }

export function WorkspacePage({
  title,
  connected,
  actions,
  children,
  onSignInAgain,
}: {
  title: string
  connected?: boolean
  actions?: ReactNode
  children?: ReactNode
  /** Signs out so the sign-in screen comes (and returns here): offered when the live channel's sign-in ended. */
  onSignInAgain?: () => void
}) {
  const { workspaceGraph, liveChannelStatus } = useModels()
  const ids = useReadModel(workspaceGraph, selectDocumentIds)
  const counts = useReadModel(workspaceGraph, selectCountsText)
  const live = useReadModel(liveChannelStatus, selectLiveLabel)
  const ended = useReadModel(liveChannelStatus, selectSessionEnded)
  const isConnected = connected ?? live === 'Live'
  const sessionId = useReadModel(workspaceGraph, selectSessionId)
  const [grouped, setGrouped] = useGroupByStory(sessionId)
  const listed = children === undefined && ids.length > 0
  return (
    <section className="workspace" aria-label="Workspace">
      <header className="workspace-head">
        <h2>{title}</h2>
        <span className="counts">{counts}</span>
        <span className={`live live-${isConnected ? 'on' : 'off'}`}>{isConnected ? 'Live' : 'Offline'}</span>
        {listed && <GroupByStoryToggle documentIds={ids} grouped={grouped} onChange={setGrouped} />}
        {actions}
      </header>
      {ended && connected === undefined && (
        <div className="session-ended" role="alert">
          <span>{SESSION_ENDED}</span>
          {onSignInAgain && (
            <button type="button" className="btn primary" onClick={onSignInAgain}>
              Sign in again
            </button>
          )}
        </div>
      )}
      {children ??
        (ids.length === 0 ? (
          <div className="empty">
            <p className={`connection ${isConnected ? 'on' : 'off'}`}>{isConnected ? 'Connected' : 'Disconnected'}</p>
            <p>{EMPTY_HINT}</p>
          </div>
        ) : (
          <DocumentList ids={ids} grouped={grouped} />
        ))}
    </section>
  )
}

function DocumentList({ ids, grouped }: { ids: readonly string[]; grouped: boolean }) {
  const scroller = useRef<HTMLDivElement>(null)
  const { workspaceGraph, progressCards, stories } = useModels()
  // Ungrouped, the list does not depend on the stories at all (a story update renders no list).
  const storyState = useReadModel(stories, grouped ? selectStories : selectNoStories)
  const rows = useMemo(() => listRows(ids, storyState), [ids, storyState])
  const cardCount = useMemo(() => rows.filter((row) => row.kind === 'card').length, [rows])
  const [heights] = useState(() =>
    cardHeights(() => {
      const { documents, actions } = selectCounts(workspaceGraph.get())
      return documents === 0 ? 0 : actions / documents
    }),
  )
  const self = useRef<Virtualizer<HTMLDivElement, Element> | null>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: heights.estimate,
    measureElement: (element, entry, instance) => heights.record(measureElement(element, entry, instance)),
    overscan: Math.min(MAX_OVERSCAN, Math.max(1, Math.round(OVERSCAN_PX / heights.estimate()))),
    // While the list scrolls, only the cards in view: each scroll event renders them at once (flushSync),
    // so none is ever missing, and a fast drag that brings all-new cards into every frame renders half as
    // many. The overscan comes back when the scrolling stops (isScrolling changes, this runs anew).
    rangeExtractor: (range) => defaultRangeExtractor(self.current?.isScrolling ? { ...range, overscan: 0 } : range),
    gap: 12,
    getItemKey: (index) => rowKey(rows[index] as StoryRow),
    // Where layout cannot be measured (tests, a hidden tab), assume a window's worth of room.
    initialRect: UNMEASURED,
    observeElementRect: (instance, report) => observeElementRect(instance, (rect) => report(rect.height === 0 ? UNMEASURED : rect)),
  })
  self.current = virtualizer
  const [unseen, setUnseen] = useState(0)
  const shown = useRef(ids.length)
  const loadPages = useReadModel(workspaceGraph, selectLoadPages)
  const pagesSeen = useRef(loadPages)
  const toEnd = () => {
    virtualizer.scrollToIndex(rows.length - 1, { align: 'end' })
    setUnseen(0)
  }
  useEffect(() => {
    const before = shown.current
    shown.current = ids.length
    const fromLoad = workspaceGraph.get().load.status !== 'loaded' || loadPages !== pagesSeen.current
    if (ids.length < before) setUnseen(0)
    // What a load brings (a first page, a later page, a reload, or live messages that came before it) and
    // a removal are not news: only documents that arrive live once the workspace has loaded.
    if (fromLoad || before === 0 || ids.length <= before) return
    const added = ids.slice(before)
    if (isAwaited(progressCards.get(), added) || atEnd(scroller.current)) toEnd()
    else setUnseen((n) => n + added.length)
    // Only a change of the list is news; the virtualizer and progress cards are read as they are then.
  }, [ids])
  // After the list effect above (in the same commit when a page brought cards): a page marks the load as
  // seen, so the next card that changes the list without one is news.
  useEffect(() => {
    pagesSeen.current = loadPages
  }, [loadPages])
  const items = virtualizer.getVirtualItems()
  return (
    <div className="documents-frame">
      <div ref={scroller} className="documents-scroll" role="feed" aria-label="Documents" aria-busy={false} tabIndex={0} onScroll={() => unseen > 0 && atEnd(scroller.current) && setUnseen(0)}>
        <div className="documents" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => (
            <div key={item.key} data-index={item.index} ref={virtualizer.measureElement} className="document-slot" style={{ transform: `translateY(${item.start}px)` }}>
              <Row row={rows[item.index] as StoryRow} setSize={cardCount} />
            </div>
          ))}
        </div>
      </div>
      {unseen > 0 && (
        <button type="button" className="btn primary new-documents-pill" onClick={toEnd}>
          {newDocumentsText(unseen)}
        </button>
      )}
    </div>
  )
}

/** The list's rows: one card per document, or (grouped by story) story headers with their cards. */
function listRows(ids: readonly string[], stories: Stories | null): Array<StoryRow & { posInSet?: number }> {
  if (stories === null) return ids.map((documentId, i) => ({ kind: 'card', documentId, storyId: null, duplicateIds: [], posInSet: i + 1 }))
  let position = 0
  return groupByStory(stories, ids).map((row) => (row.kind === 'card' ? { ...row, posInSet: ++position } : row))
}

function rowKey(row: StoryRow): string {
  return row.kind === 'group' ? `story:${row.storyId}` : row.documentId
}

function Row({ row, setSize }: { row: StoryRow & { posInSet?: number }; setSize: number }) {
  if (row.kind === 'group') return <StoryGroupHeader storyId={row.storyId} shown={row.documentIds.length} />
  const card = <DocumentCard id={row.documentId} setSize={setSize} posInSet={row.posInSet} />
  if (row.storyId === null) return card
  return (
    <div className="story-member">
      {card}
      <DuplicateSources storyId={row.storyId} documentIds={row.duplicateIds} />
    </div>
  )
}

/** The pill's text: '1 new document ↓', '3 new documents ↓'. */
function newDocumentsText(n: number): string {
  return `${n} new ${n === 1 ? 'document' : 'documents'} ↓`
}

/** The analyst's own input: a card linked to its progress card, or one of theirs still awaiting its link. */
function isAwaited(progress: ProgressCards, added: readonly string[]): boolean {
  if (added.some((id) => progress.byEventId[id] !== undefined)) return true
  return progress.order.some((id) => {
    const card = progress.byId[id]
    return card !== undefined && card.overallStatus === 'in_progress' && card.eventId === null
  })
}

/** Whether the list shows its end (within a card's margin), so a new card there is in view anyway. */
function atEnd(element: HTMLElement | null): boolean {
  if (!element) return true
  return element.scrollHeight - element.scrollTop - element.clientHeight < 48
}

const selectStories = (s: Stories): Stories | null => s
const selectNoStories = (): Stories | null => null
const selectSessionId = (s: WorkspaceGraph) => s.sessionId

function selectLoadPages(state: WorkspaceGraph): number {
  return state.load.pages
}

function selectCountsText(state: Parameters<typeof selectCounts>[0]): string {
  return formatCounts(selectCounts(state))
}

/**
 * The estimate for unmeasured cards: a guess from the frames per document until cards are measured, then
 * the mean height of the first ones measured, fixed. A moving estimate would move every unmeasured card
 * above the viewport, and with it what the viewport shows.
 */
export function cardHeights(framesPerDocument: () => number) {
  let samples = 0
  let total = 0
  return {
    estimate: () => (samples > 0 ? total / samples : CARD_BASE_HEIGHT + CARD_HEIGHT_PER_FRAME * framesPerDocument()),
    record(height: number): number {
      if (samples < ESTIMATE_SAMPLE && height > 0) {
        samples++
        total += height
      }
      return height
    },
  }
}
