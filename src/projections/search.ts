/**
 * The search the analyst runs from the top bar (issue 21, item 5): its request, what it came to (loading,
 * loaded, failed), the results so far (pages appended in order, each result once), the counts by kind (and which
 * of them are floors), and the cursor of the next page.
 *
 * Only the latest request's answers apply: an answer to a superseded request, or a second answer to a page
 * already answered, changes nothing. A failed next page keeps the results shown. Signing out empties it.
 */
import { castDraft } from 'immer'
import type { SearchRequest } from '../domain/search'
import type { SearchBody, SearchKind, SearchResult } from '../protocol/search'
import { assign } from './collections'
import { defineDraftProjection } from './define-draft-projection'

export const SearchStatus = { Idle: 'idle', Loading: 'loading', LoadingMore: 'loadingMore', Loaded: 'loaded', Failed: 'failed' } as const
export type SearchStatus = (typeof SearchStatus)[keyof typeof SearchStatus]

export interface SearchState {
  requestId: string | null
  request: SearchRequest | null
  status: SearchStatus
  /** The page asked for and not answered yet: null when none is. */
  pending: string | null
  items: readonly SearchResult[]
  counts: SearchBody['counts'] | null
  /** The kinds whose count is a floor (more match than the server counts). */
  capped: readonly SearchKind[]
  nextCursor: string | null
  error: { httpStatus: number | null; code: string; message: string } | null
}

export const emptySearch: SearchState = { requestId: null, request: null, status: SearchStatus.Idle, pending: null, items: [], counts: null, capped: [], nextCursor: null, error: null }

const keyOf = (r: SearchResult) => `${r.kind}:${r.id}`

export const search = defineDraftProjection<SearchState>({
  name: 'search',
  initial: emptySearch,
  on: {
    'search.requested': (s, e) => {
      if (s.requestId === e.requestId) return
      assign(s, castDraft({ ...emptySearch, requestId: e.requestId, request: e.request, status: SearchStatus.Loading, pending: 'first' }))
    },
    'search.moreRequested': (s, e) => {
      if (s.requestId !== e.requestId || s.pending !== null || s.nextCursor !== e.cursor) return
      s.pending = e.cursor
      s.status = SearchStatus.LoadingMore
    },
    'search.loaded': (s, e) => {
      if (s.requestId !== e.requestId || s.pending === null || (s.pending === 'first') === e.more) return
      const seen = new Set(e.more ? s.items.map(keyOf) : [])
      const fresh = e.body.items.filter((r) => !seen.has(keyOf(r)))
      assign(
        s,
        castDraft({
          status: SearchStatus.Loaded,
          pending: null,
          items: e.more ? [...s.items, ...fresh] : fresh,
          counts: e.body.counts,
          capped: e.body.capped ?? [],
          nextCursor: e.body.nextCursor,
          error: null,
        }),
      )
    },
    'search.failed': (s, e) => {
      if (s.requestId !== e.requestId || s.pending === null) return
      const more = s.pending !== 'first'
      assign(s, { pending: null, status: more ? SearchStatus.Loaded : SearchStatus.Failed, error: { httpStatus: e.httpStatus, code: e.code, message: e.message } })
    },
    'search.cleared': (s) => {
      assign(s, castDraft(emptySearch))
    },
    'auth.signedOut': (s) => {
      assign(s, castDraft(emptySearch))
    },
  },
})
