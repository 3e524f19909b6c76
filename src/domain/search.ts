/**
 * The search aggregate (issue 21, item 5): the analyst's search over everything of the tenant (documents,
 * frames, entities, stories) from the top bar's search box.
 *
 * A search is one `search.requested` (its words and filters, a new request id) followed by exactly one answer
 * for the same request id: `search.loaded` (the first page) or `search.failed`. More results of the same
 * search are one `search.moreRequested` (the cursor the last page gave) answered by `search.loaded` with
 * `more: true` or `search.failed`. Only the latest request's answers count. Times (`at`, epoch ms) and ids come
 * with the events.
 */
import { z } from 'zod'
import { searchBodySchema, SearchKinds, type SearchKind } from '../protocol/search'

export { SearchKinds, type SearchKind }

/** What the analyst asked: the words and the filters the dialog offers (empty ones left out). */
export const searchRequestSchema = z.object({
  q: z.string(),
  kind: z.enum(SearchKinds).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  publisher: z.string().optional(),
  entity: z.string().optional(),
  pestle: z.string().optional(),
  category: z.string().optional(),
  credibility: z.number().int().min(1).max(6).optional(),
  risk: z.number().min(0).max(1).optional(),
})
export type SearchRequest = z.infer<typeof searchRequestSchema>

const failure = { httpStatus: z.number().nullable(), code: z.string(), message: z.string() }

/** The analyst searched (or changed a filter): a new search replaces the last one. */
export const searchRequested = z.object({ type: z.literal('search.requested'), requestId: z.string(), request: searchRequestSchema, at: z.number() })
/** The analyst asked for the next results of the current search. */
export const searchMoreRequested = z.object({ type: z.literal('search.moreRequested'), requestId: z.string(), cursor: z.string(), at: z.number() })
/** The server answered a page: the first (`more` false) or the next one. */
export const searchLoaded = z.object({ type: z.literal('search.loaded'), requestId: z.string(), more: z.boolean(), body: searchBodySchema, at: z.number() })
/** The search could not be answered. */
export const searchFailed = z.object({ type: z.literal('search.failed'), requestId: z.string(), ...failure, at: z.number() })
/** The analyst cleared the search box. */
export const searchCleared = z.object({ type: z.literal('search.cleared'), at: z.number() })

export const searchEvents = [searchRequested, searchMoreRequested, searchLoaded, searchFailed, searchCleared] as const

/** How a result's kind reads in the dialog. */
export const SearchKindLabels: Record<SearchKind, string> = { document: 'Document', frame: 'Action frame', entity: 'Entity', story: 'Story' }
/** The tabs' labels, plural. */
export const SearchKindTabs: Record<SearchKind, string> = { document: 'Documents', frame: 'Frames', entity: 'Entities', story: 'Stories' }

/** The PESTLE categories the filter offers. */
export const PestleCategories = ['Political', 'Economic', 'Social', 'Technological', 'Legal', 'Environmental'] as const

/** A request's filters that are set, as the query string takes them. */
export function searchParams(request: SearchRequest, cursor?: string): Record<string, string | number> {
  const out: Record<string, string | number> = {}
  for (const [k, v] of Object.entries(request)) if (v !== undefined && v !== '') out[k] = typeof v === 'string' ? v.trim() : v
  if (cursor) out.cursor = cursor
  return out
}

/** Whether the words are worth asking about: something besides spaces. */
export const isSearchable = (q: string) => q.trim().length > 0
