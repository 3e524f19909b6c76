/**
 * Search intents (issue 21, item 5; `GET /search`).
 *
 * `runSearch` publishes `search.requested` at once and then exactly one answer for the same request id:
 * `search.loaded` with the first page or `search.failed`. `searchMore` asks for the next page of the current
 * search (`search.moreRequested` with the cursor its last page gave) and is answered the same way, `more: true`.
 * A newer search supersedes an older one: the read model applies only the latest request's answers, so
 * typing fast never shows an older search's results last. Failures are the dialog's to show: no toast.
 */
import { type SearchRequest, searchParams } from '../domain/search'
import { searchContract } from '../protocol/http/search'
import { ApiError } from './api-client'
import { call } from './call'
import type { IntentContext } from './intents'

/** Searches; resolves true when the first page arrived. A blank query clears the search instead. */
export async function runSearch(ctx: IntentContext, request: SearchRequest): Promise<boolean> {
  if (request.q.trim() === '') {
    ctx.core.bus.publish({ type: 'search.cleared', at: ctx.now() }, 'local')
    return false
  }
  const requestId = ctx.nextId('search')
  ctx.core.bus.publish({ type: 'search.requested', requestId, request, at: ctx.now() }, 'local')
  return fetchPage(ctx, requestId, request, undefined)
}

/** Asks for the next page of the search `requestId` named; resolves true when it arrived. */
export async function searchMore(ctx: IntentContext, requestId: string, request: SearchRequest, cursor: string): Promise<boolean> {
  ctx.core.bus.publish({ type: 'search.moreRequested', requestId, cursor, at: ctx.now() }, 'local')
  return fetchPage(ctx, requestId, request, cursor)
}

async function fetchPage(ctx: IntentContext, requestId: string, request: SearchRequest, cursor: string | undefined): Promise<boolean> {
  try {
    const body = await call(ctx.api, searchContract, { query: searchParams(request, cursor) as { q: string } })
    ctx.core.bus.publish({ type: 'search.loaded', requestId, more: cursor !== undefined, body, at: ctx.now() }, 'api')
    return true
  } catch (error) {
    ctx.core.bus.publish(
      {
        type: 'search.failed',
        requestId,
        httpStatus: error instanceof ApiError ? error.status : null,
        code: error instanceof ApiError ? error.code : 'NETWORK_ERROR',
        message: searchErrorText(error),
        at: ctx.now(),
      },
      'local',
    )
    return false
  }
}

/** The analyst's words for why a search failed. */
export function searchErrorText(error: unknown): string {
  if (!(error instanceof ApiError)) return 'The search could not reach the server. Check your connection and try again.'
  if (error.status === 400) return error.message || 'The search could not be read.'
  if (error.status === 401) return 'Your sign-in has expired. Sign in again to search.'
  return error.message ? `The search failed: ${error.message}` : 'The search failed. Try again.'
}
