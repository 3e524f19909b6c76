/**
 * `topic_based_interest` sources: a news search returning title, snippet, link. By default an RSS
 * news-search endpoint (`SEARCH_RSS_URL_TEMPLATE`, `{query}` replaced), read with the feed reader and its
 * guards; or a SearXNG instance's JSON API (`SEARCH_PROVIDER=searxng`, `SEARXNG_URL`).
 * Results without an http(s) link are dropped: a search hit is only worth its link.
 */
import { z } from 'zod'
import type { SourcesConfig } from './config'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { fetchText, parseJson, toSourceError } from './fetch-text'
import { FEED_ACCEPT, parseFeedXml, safeHttpLink } from './rss-feed'
import { cleanText, snippet } from './text'
import type { ReadOptions, SearchResult, SearchResults } from './types'

export async function searchNews(rawQuery: string, config: Pick<SourcesConfig, 'fetch' | 'maxItems' | 'search'>, options: ReadOptions = {}): Promise<SearchResults> {
  const query = rawQuery.trim()
  if (query === '') {
    throw new SourceError(SourceErrorCode.ValidationError, SourceMessage.searchQueryRequired, SourceFailure.EmptyInput)
  }
  try {
    const search = config.search
    const items = search.provider === 'searxng' ? await searchSearxng(query, search.searxngUrl, config, options) : await searchRss(query, search.rssUrlTemplate, config, options)
    return { query, provider: search.provider, items: items.slice(0, config.maxItems) }
  } catch (err) {
    // The URL comes from configuration, so a bad or blocked one is our failure, not the user's (no 400).
    throw toSourceError(err, { failed: SourceMessage.searchFailed })
  }
}

/** `{query}` in the template, URL-encoded. */
export function searchUrlFor(template: string, query: string): string {
  return template.replaceAll('{query}', encodeURIComponent(query))
}

async function searchRss(query: string, template: string, config: Pick<SourcesConfig, 'fetch' | 'maxItems'>, options: ReadOptions): Promise<SearchResult[]> {
  const res = await fetchText(searchUrlFor(template, query), {
    ...config.fetch,
    headers: { accept: FEED_ACCEPT },
    signal: options.signal,
  })
  const feed = await parseFeedXml(res.text, {
    baseUrl: res.url,
    maxItems: config.maxItems,
    failure: SourceMessage.searchFailed,
  })
  return feed.items.flatMap((item) => (item.link ? [{ title: item.title, snippet: item.snippet, link: item.link }] : []))
}

const searxngResponseSchema = z.object({
  results: z.array(
    z.looseObject({
      title: z.string().optional(),
      url: z.string().optional(),
      content: z.string().nullish(),
    }),
  ),
})

async function searchSearxng(query: string, baseUrl: string, config: Pick<SourcesConfig, 'fetch'>, options: ReadOptions): Promise<SearchResult[]> {
  const params = new URLSearchParams({ q: query, format: 'json', categories: 'news' })
  const res = await fetchText(`${baseUrl}/search?${params}`, {
    ...config.fetch,
    headers: { accept: 'application/json' },
    signal: options.signal,
  })
  const body = searxngResponseSchema.safeParse(parseJson(res.text))
  if (!body.success) {
    throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.searchFailed, SourceFailure.InvalidResponse, {
      detail: 'SearXNG answer is not the JSON results format',
    })
  }
  return body.data.results.flatMap((r) => {
    const link = safeHttpLink(r.url, res.url)
    const title = cleanText(r.title ?? '')
    return link ? [{ title: title || link, snippet: snippet(r.content ?? '', 300), link }] : []
  })
}
