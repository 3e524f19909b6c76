/**
 * Search everything (issue 21, item 5): a dialog over the page with the search field, the filters (what
 * kind, the date range, publisher, entity, PESTLE, action category, credibility, risk) and the results, best
 * first, each with its title and the sentence that matched, the matched words marked.
 *
 * Keyboard: typing searches (after a short pause), ↓ and ↑ move through the results (the field keeps focus:
 * the active result is its `aria-activedescendant`), Enter opens the active result in place, Escape closes.
 * A result opens its workspace (the inspector on the document or frame), its project, its story's briefing or
 * its entity's page; opening closes the dialog.
 */
import { Dialog } from 'radix-ui'
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react'
import { isSearchable, type SearchKind, SearchKinds, SearchKindTabs, type SearchRequest, searchRequestSchema } from '../../domain/search'
import type { SearchState } from '../../projections/search'
import { SEARCH_COUNT_CAP } from '../../protocol/search'
import { runSearch, searchMore } from '../../streams/search-intents'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useReturnFocus } from '../shared/return-focus'
import { type Filters, noFilters, SearchFilters } from './SearchFilters'
import { SearchResultItem } from './SearchResultItem'
import '../styles/search.css'

/** How long typing pauses before the words are searched (ms). */
const TYPING_PAUSE = 180

const whole = (s: SearchState) => s

export function SearchDialog({ onClose }: { onClose: () => void }) {
  const { ctx } = useServices()
  const state = useReadModel(useModels().search, whole)
  const returnFocus = useReturnFocus()
  const [q, setQ] = useState(state.request?.q ?? '')
  const [kind, setKind] = useState<SearchKind | undefined>(state.request?.kind)
  const [filters, setFilters] = useState<Filters>(() => ({ ...noFilters, ...pickFilters(state.request) }))
  const [active, setActive] = useState(0)
  const list = useRef<HTMLDivElement>(null)

  const request: SearchRequest = { q, ...(kind ? { kind } : {}), ...filters }
  const key = JSON.stringify(request)
  useEffect(() => {
    const timer = setTimeout(() => {
      if (JSON.stringify(state.request) !== key) void runSearch(ctx, searchRequestSchema.parse(JSON.parse(key)))
    }, TYPING_PAUSE)
    return () => clearTimeout(timer)
    // The search is asked for by what the analyst typed and chose, not by the answer.
  }, [key, ctx])
  useEffect(() => setActive(0), [state.requestId])

  const items = state.items
  const move = (delta: number) => {
    if (items.length === 0) return
    const next = Math.max(0, Math.min(items.length - 1, active + delta))
    setActive(next)
    list.current?.querySelector(`#search-result-${next}`)?.scrollIntoView({ block: 'nearest' })
  }
  const openActive = () => list.current?.querySelector<HTMLAnchorElement>(`#search-result-${active} a`)?.click()
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(1)
    else if (e.key === 'ArrowUp') move(-1)
    else if (e.key === 'Enter') openActive()
    else return
    e.preventDefault()
  }
  const more = useCallback(() => {
    if (state.requestId && state.request && state.nextCursor) void searchMore(ctx, state.requestId, state.request, state.nextCursor)
  }, [ctx, state.requestId, state.request, state.nextCursor])

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className="dialog dialog-centered search-dialog" onCloseAutoFocus={returnFocus} aria-describedby={undefined}>
          <Dialog.Title className="sr-only">Search everything</Dialog.Title>
          <div className="search-field">
            <span className="search-icon" aria-hidden="true">
              ⌕
            </span>
            <input
              type="search"
              aria-label="Search documents, frames, entities and stories"
              placeholder="Search documents, frames, entities and stories"
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={onKeyDown}
              role="combobox"
              aria-expanded={items.length > 0}
              aria-controls="search-results"
              aria-activedescendant={items.length > 0 ? `search-result-${active}` : undefined}
              aria-autocomplete="list"
              autoComplete="off"
              spellCheck={false}
            />
            {(state.status === 'loading' || state.status === 'loadingMore') && <span className="spinner" role="status" aria-label="Searching" />}
          </div>
          <div className="search-kinds" role="group" aria-label="What to find">
            <KindButton
              label="All"
              count={state.counts ? Object.values(state.counts).reduce((a, b) => a + b, 0) : null}
              floor={state.capped.length > 0}
              pressed={!kind}
              onClick={() => setKind(undefined)}
            />
            {SearchKinds.map((k) => (
              <KindButton
                key={k}
                label={SearchKindTabs[k]}
                count={state.counts?.[k] ?? null}
                floor={state.capped.includes(k)}
                pressed={kind === k}
                onClick={() => setKind(kind === k ? undefined : k)}
              />
            ))}
          </div>
          <SearchFilters value={filters} onChange={setFilters} />
          <Results state={state} q={q} active={active} list={list} onHover={setActive} onOpen={onClose} onMore={more} />
          <p className="search-keys muted" aria-hidden="true">
            <kbd>↑</kbd> <kbd>↓</kbd> to move · <kbd>Enter</kbd> to open · <kbd>Esc</kbd> to close
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A kind to show, with how many match: a floor (`floor`) reads "1,000+". */
function KindButton({ label, count, floor, pressed, onClick }: { label: string; count: number | null; floor: boolean; pressed: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`chip ${pressed ? 'active' : ''}`} aria-pressed={pressed} onClick={onClick}>
      {label}
      {count !== null && (
        <span className="chip-count">
          {' '}
          {count.toLocaleString('en-US')}
          {floor ? '+' : ''}
        </span>
      )}
    </button>
  )
}

function Results(props: { state: SearchState; q: string; active: number; list: React.RefObject<HTMLDivElement | null>; onHover: (i: number) => void; onOpen: () => void; onMore: () => void }) {
  const { state, q, active, list, onHover, onOpen, onMore } = props
  if (!isSearchable(q)) return <p className="search-state muted">Type a name, a place or a few words. Quote words to find them as a phrase; put a minus before a word to leave it out.</p>
  if (state.status === 'failed')
    return (
      <p className="search-state error" role="alert">
        {state.error?.message ?? 'The search failed. Try again.'}
      </p>
    )
  if (state.status === 'loaded' && state.items.length === 0) return <p className="search-state muted">Nothing in your documents matches “{state.request?.q}” with these filters.</p>
  return (
    <div className="search-results-frame">
      <div id="search-results" className="search-results" role="listbox" aria-label="Results" ref={list}>
        {state.items.map((item, i) => (
          <SearchResultItem key={`${item.kind}:${item.id}`} item={item} index={i} active={i === active} onHover={onHover} onOpen={onOpen} />
        ))}
      </div>
      {state.status === 'loaded' && state.capped.length > 0 && <p className="search-state muted search-capped">{cappedNote(state.capped)}</p>}
      {state.nextCursor && (
        <button type="button" className="btn search-more" onClick={onMore} disabled={state.status === 'loadingMore'}>
          {state.status === 'loadingMore' ? 'Loading…' : 'Show more results'}
        </button>
      )}
      {state.error && state.status === 'loaded' && (
        <p className="search-state error" role="alert">
          {state.error.message}
        </p>
      )}
    </div>
  )
}

/** What a capped count means for the list, in the analyst's words. */
export function cappedNote(kinds: readonly SearchKind[]): string {
  const names = kinds.map((k) => SearchKindTabs[k].toLowerCase())
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
  const cap = SEARCH_COUNT_CAP.toLocaleString('en-US')
  return `More than ${cap} ${list} match: the best of the newest ${cap} are listed. Add words, a date range or a filter to narrow the search.`
}

function pickFilters(request: SearchRequest | null): Partial<Filters> {
  if (!request) return {}
  const { q: _q, kind: _kind, ...rest } = request
  return rest
}
