import { describe, expect, test } from 'vitest'
import { DEFAULT_SEARCH_RSS_URL_TEMPLATE, createSourceReaders, loadSourcesConfig } from '../../server/sources'

describe('loadSourcesConfig', () => {
  test('defaults', () => {
    expect(loadSourcesConfig({})).toEqual({
      fetch: {
        timeoutMs: 15_000,
        maxBytes: 5 * 1024 * 1024,
        maxRedirects: 5,
        allowPrivateNetwork: false,
        userAgent: 'Mozilla/5.0 (compatible; SightlineBot/0.1)',
      },
      maxItems: 50,
      documents: { maxUncompressedBytes: 100 * 1024 * 1024, maxCompressionRatio: 100 },
      search: { provider: 'rss', rssUrlTemplate: DEFAULT_SEARCH_RSS_URL_TEMPLATE },
      telegram: { baseUrl: 'https://t.me' },
      twitter: { baseUrl: 'https://api.x.com', bearerToken: undefined },
    })
  })

  test('every variable is read', () => {
    const config = loadSourcesConfig({
      SOURCES_FETCH_TIMEOUT_MS: '3000',
      SOURCES_FETCH_MAX_BYTES: '1024',
      SOURCES_FETCH_MAX_REDIRECTS: '0',
      SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
      SOURCES_USER_AGENT: 'TestBot/1',
      SOURCES_MAX_ITEMS: '7',
      DOCUMENT_MAX_UNCOMPRESSED_BYTES: '2048',
      DOCUMENT_MAX_COMPRESSION_RATIO: '20',
      SEARCH_PROVIDER: 'searxng',
      SEARXNG_URL: 'http://127.0.0.1:8888/',
      TELEGRAM_BASE_URL: 'http://127.0.0.1:1/',
      X_API_BASE_URL: 'http://127.0.0.1:2',
      X_BEARER_TOKEN: ' token ',
    })
    expect(config).toEqual({
      fetch: { timeoutMs: 3000, maxBytes: 1024, maxRedirects: 0, allowPrivateNetwork: true, userAgent: 'TestBot/1' },
      maxItems: 7,
      documents: { maxUncompressedBytes: 2048, maxCompressionRatio: 20 },
      search: { provider: 'searxng', searxngUrl: 'http://127.0.0.1:8888' },
      telegram: { baseUrl: 'http://127.0.0.1:1' },
      twitter: { baseUrl: 'http://127.0.0.1:2', bearerToken: 'token' },
    })
  })

  test('blank values mean the default', () => {
    expect(loadSourcesConfig({ X_BEARER_TOKEN: '', SEARCH_PROVIDER: ' ' })).toEqual(loadSourcesConfig({}))
  })

  test.each([
    [{ SEARCH_PROVIDER: 'searxng' }, /SEARXNG_URL: required when SEARCH_PROVIDER=searxng/],
    [{ SEARCH_RSS_URL_TEMPLATE: 'https://news.example/rss' }, /SEARCH_RSS_URL_TEMPLATE: must contain \{query\}/],
    [{ SEARCH_RSS_URL_TEMPLATE: 'ftp://news.example/{query}' }, /SEARCH_RSS_URL_TEMPLATE: must be an http\(s\) URL/],
    [{ TELEGRAM_BASE_URL: 'file:///tmp' }, /TELEGRAM_BASE_URL: must be an http\(s\) URL/],
    [{ SOURCES_FETCH_TIMEOUT_MS: 'soon' }, /SOURCES_FETCH_TIMEOUT_MS/],
    [{ SOURCES_ALLOW_PRIVATE_NETWORK: 'maybe' }, /SOURCES_ALLOW_PRIVATE_NETWORK/],
    [{ SEARCH_PROVIDER: 'bing' }, /SEARCH_PROVIDER/],
  ])('%j is refused', (env, message) => {
    expect(() => loadSourcesConfig(env)).toThrow(message)
  })
})

describe('createSourceReaders', () => {
  test('binds every reader to one configuration', async () => {
    const readers = createSourceReaders(loadSourcesConfig({}))
    expect(Object.keys(readers).sort()).toEqual(['config', 'readDocument', 'readRssFeed', 'readTelegramChannel', 'readWebPage', 'searchNews', 'searchTwitter'])
    const doc = await readers.readDocument({ fileName: 'a.txt', bytes: Buffer.from('Bound reader works.') })
    expect(doc.cleanedContent).toBe('Bound reader works.')
    await expect(readers.searchTwitter('x')).rejects.toMatchObject({ reason: 'missing_token' })
  })
})
