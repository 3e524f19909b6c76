import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, searchNews, searchResultsSchema } from '../../server/sources'
import { reply, startServer, type TestServer } from './helpers/server'
import { refusal } from './helpers/refusal'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')

let server: TestServer

beforeAll(async () => {
  server = await startServer({
    '/rss/search': reply(fixture('google-news-search.xml'), { 'content-type': 'application/xml; charset=utf-8' }),
    '/searxng/search': reply(fixture('searxng-news-search.json'), { 'content-type': 'application/json' }),
    '/broken/search': reply('<html>maintenance</html>'),
    '/down/search': reply('', {}, 502),
  })
})

afterAll(() => server.close())

const rssConfig = () =>
  loadSourcesConfig({
    SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
    SEARCH_RSS_URL_TEMPLATE: `${server.base}/rss/search?q={query}&hl=en-US`,
  })
const searxConfig = (path = '/searxng') =>
  loadSourcesConfig({
    SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
    SEARCH_PROVIDER: 'searxng',
    SEARXNG_URL: `${server.base}${path}`,
  })

describe('RSS news search (default provider)', () => {
  test('fills the template with the encoded query and returns title, snippet, link', async () => {
    const results = await searchNews('  hydrogen "terminal" & ports ', rssConfig())
    expect(searchResultsSchema.parse(results)).toEqual(results)
    expect(server.requests.at(-1)?.path).toBe('/rss/search?q=hydrogen%20%22terminal%22%20%26%20ports&hl=en-US')
    expect(results).toEqual({
      query: 'hydrogen "terminal" & ports',
      provider: 'rss',
      items: [
        {
          title: 'Port of Rotterdam expands hydrogen terminal - Harbour Ledger',
          snippet: 'Port of Rotterdam expands hydrogen terminal Harbour Ledger',
          link: 'https://news.google.com/rss/articles/CBMiQWh0dHBzOi8vaGFyYm91cmxlZGdlci5leGFtcGxlLzIwMjQvMDMvaHlkcm9nZW4tdGVybWluYWzSAQA?oc=5',
        },
        {
          title: 'Gasunie and Vopak pick contractor for ammonia cracker - Energy Wire',
          snippet: 'Gasunie and Vopak pick contractor for ammonia cracker Energy Wire',
          link: 'https://news.google.com/rss/articles/CBMiN2h0dHBzOi8vZW5lcmd5d2lyZS5leGFtcGxlL2dhc3VuaWUtdm9wYWstY3JhY2tlctIBAA?oc=5',
        },
        // The javascript: item is dropped: a search hit without a link is no hit.
      ],
    })
  })

  test('an answer that is not a feed', async () => {
    const config = loadSourcesConfig({
      SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
      SEARCH_RSS_URL_TEMPLATE: `${server.base}/broken/search?q={query}`,
    })
    const err = await refusal(searchNews('x', config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to preview search results', reason: 'invalid_feed' })
  })
})

describe('SearXNG', () => {
  test('reads the JSON results format', async () => {
    const results = await searchNews('hydrogen terminal', searxConfig())
    const sent = new URL(server.requests.at(-1)?.path ?? '', server.base)
    expect(sent.pathname).toBe('/searxng/search')
    expect(Object.fromEntries(sent.searchParams)).toEqual({ q: 'hydrogen terminal', format: 'json', categories: 'news' })
    expect(results).toEqual({
      query: 'hydrogen terminal',
      provider: 'searxng',
      items: [
        {
          title: 'Port of Rotterdam expands hydrogen terminal',
          snippet: 'The port authority approved a second hydrogen import terminal, doubling planned capacity by 2028.',
          link: 'https://harbourledger.example/2024/03/hydrogen-terminal',
        },
        {
          title: 'Gasunie and Vopak pick contractor for ammonia cracker',
          snippet: '',
          link: 'https://energywire.example/gasunie-vopak-cracker',
        },
      ],
    })
  })

  test('a non-JSON answer and an upstream failure', async () => {
    expect(await refusal(searchNews('x', searxConfig('/broken')))).toMatchObject({
      status: 422,
      message: 'Failed to preview search results',
      reason: 'invalid_response',
    })
    expect(await refusal(searchNews('x', searxConfig('/down')))).toMatchObject({
      status: 422,
      message: 'Failed to preview search results',
      reason: 'http_status',
    })
  })
})

describe('refusals', () => {
  test('an empty query', async () => {
    const err = await refusal(searchNews('   ', rssConfig()))
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Please enter a search query' })
  })

  test('a configured endpoint on a private address is a server failure, not the user’s', async () => {
    const config = loadSourcesConfig({ SEARCH_RSS_URL_TEMPLATE: `${server.base}/rss/search?q={query}` })
    const err = await refusal(searchNews('x', config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to preview search results', reason: 'blocked_address' })
  })
})
