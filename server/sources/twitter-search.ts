/**
 * Twitter/X recent search through API v2 (`GET /2/tweets/search/recent`) with an app bearer token
 * (`X_BEARER_TOKEN`). Authors come from `includes.users` (expansions=author_id). Without a token the
 * reader refuses with a configuration error (503) before any request is made.
 */
import { z } from 'zod'
import type { SourcesConfig } from './config'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { fetchText, parseJson, toSourceError } from './fetch-text'
import type { ReadOptions, Tweet, TwitterSearch } from './types'

/** The API's bounds for max_results on recent search. */
export const TWITTER_PAGE_SIZE = { min: 10, max: 100 } as const
/** The API refuses longer queries (512 characters on the basic and pro tiers). */
export const TWITTER_MAX_QUERY_LENGTH = 512

export async function searchTwitter(rawQuery: string, config: Pick<SourcesConfig, 'fetch' | 'maxItems' | 'twitter'>, options: ReadOptions = {}): Promise<TwitterSearch> {
  const query = rawQuery.trim()
  if (query === '' || query.length > TWITTER_MAX_QUERY_LENGTH) {
    throw new SourceError(SourceErrorCode.ValidationError, SourceMessage.twitterQueryRequired, query === '' ? SourceFailure.EmptyInput : SourceFailure.InvalidInput)
  }
  const token = config.twitter.bearerToken
  if (!token) {
    throw new SourceError(SourceErrorCode.NotConfigured, SourceMessage.twitterNotConfigured, SourceFailure.MissingToken)
  }
  try {
    const params = new URLSearchParams({
      query,
      max_results: String(Math.min(TWITTER_PAGE_SIZE.max, Math.max(TWITTER_PAGE_SIZE.min, config.maxItems))),
      expansions: 'author_id',
      'tweet.fields': 'created_at',
      'user.fields': 'name,username',
    })
    const res = await fetchText(`${config.twitter.baseUrl}/2/tweets/search/recent?${params}`, {
      ...config.fetch,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      acceptStatus: () => true,
      signal: options.signal,
    })
    if (res.status < 200 || res.status >= 300) throw upstreamError(res.status, res.text)
    const body = searchResponseSchema.safeParse(parseJson(res.text))
    if (!body.success) {
      throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.twitterFailed, SourceFailure.InvalidResponse, {
        detail: 'answer is not the API v2 search format',
      })
    }
    const users = new Map((body.data.includes?.users ?? []).map((u) => [u.id, u]))
    const items = (body.data.data ?? []).slice(0, config.maxItems).map((t): Tweet => {
      const author = t.author_id === undefined ? undefined : users.get(t.author_id)
      return {
        id: t.id,
        text: unescapeTweetText(t.text),
        authorName: author?.name ?? '',
        authorUsername: author?.username ?? '',
        createdAt: t.created_at ?? null,
        // Without the author the canonical link still resolves through /i/web/.
        link: author ? `https://x.com/${author.username}/status/${t.id}` : `https://x.com/i/web/status/${t.id}`,
      }
    })
    const nextToken = body.data.meta?.next_token
    return { query, items, ...(nextToken ? { nextToken } : {}) }
  } catch (err) {
    throw toSourceError(err, { failed: SourceMessage.twitterFailed })
  }
}

const searchResponseSchema = z.object({
  data: z
    .array(
      z.looseObject({
        id: z.string(),
        text: z.string(),
        author_id: z.string().optional(),
        created_at: z.string().optional(),
      }),
    )
    .optional(),
  includes: z
    .looseObject({
      users: z.array(z.looseObject({ id: z.string(), name: z.string(), username: z.string() })).optional(),
    })
    .optional(),
  meta: z.looseObject({ result_count: z.number().optional(), next_token: z.string().optional() }).optional(),
})

const apiErrorSchema = z.looseObject({ title: z.string().optional(), detail: z.string().optional() })

function upstreamError(status: number, text: string): SourceError {
  const parsed = apiErrorSchema.safeParse(parseJson(text))
  const detail = `X API ${status}${parsed.success && parsed.data.detail ? `: ${parsed.data.detail}` : ''}`
  if (status === 401 || status === 403) {
    // The token exists but is refused (revoked, wrong app, or a tier without search): still configuration.
    return new SourceError(SourceErrorCode.NotConfigured, SourceMessage.twitterFailed, SourceFailure.RejectedToken, { detail })
  }
  if (status === 429) {
    return new SourceError(SourceErrorCode.RateLimit, SourceMessage.twitterFailed, SourceFailure.RateLimited, { detail })
  }
  if (status === 400) {
    return new SourceError(SourceErrorCode.ValidationError, SourceMessage.twitterFailed, SourceFailure.InvalidInput, { detail })
  }
  return new SourceError(SourceErrorCode.Unprocessable, SourceMessage.twitterFailed, SourceFailure.HttpStatus, { detail })
}

// The API returns tweet text with &, < and > HTML-escaped (and only those).
function unescapeTweetText(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
}
