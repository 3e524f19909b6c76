import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, readWebPage, sourceDocumentSchema, type SourcesConfig } from '../../server/sources'
import { reply, startServer, type TestServer } from './helpers/server'
import { refusal } from './helpers/refusal'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const article = fixture('article-page.html')

let server: TestServer
let config: SourcesConfig

beforeAll(async () => {
  server = await startServer({
    '/2024/03/hydrogen-terminal': reply(article),
    '/old-link': reply('', { location: '/2024/03/hydrogen-terminal' }, 301),
    '/cf-managed': reply(fixture('cloudflare-managed-challenge.html'), { 'cf-mitigated': 'challenge', server: 'cloudflare' }, 403),
    '/cf-legacy': reply(fixture('cloudflare-browser-check-legacy.html'), { server: 'cloudflare' }, 503),
    '/captcha': reply(fixture('captcha-wall.html')),
    '/wirtschaft/hafen': reply(fixture('article-cloudflare-passive.html')),
    '/about-cloudflare': reply(
      article.replace(
        '<p>The port authority will present',
        '<p>Visitors saw a page saying "Checking your browser before accessing" and "Just a moment..." for hours.</p><p>The port authority will present',
      ),
    ),
    '/article-with-captcha-comments': reply(article.replace('</article>', '<section class="comments"><div class="g-recaptcha" data-sitekey="x"></div></section></article>')),
    '/empty': reply('<!doctype html><html><head><title>Nothing here</title></head><body>\n</body></html>'),
    '/spa': reply(
      '<!doctype html><html><head><title>App</title></head><body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div><script src="/main.js"></script></body></html>',
    ),
    '/blank': reply(''),
    '/bare-words': reply('Hello.'),
    '/bare-article': reply(`${'The harbour authority approved the second terminal after a long review of its costs. '.repeat(12)}`),
    '/missing': reply('<html><body><h1>Not found</h1><p>The page you asked for does not exist on this server.</p></body></html>', {}, 404),
    '/busy': reply('<html><body>Too many requests</body></html>', {}, 429),
    '/report.pdf': reply(Buffer.from('%PDF-1.4 ...'), { 'content-type': 'application/pdf' }),
    '/notes.txt': reply('Plain text notes about the harbour expansion plan.', { 'content-type': 'text/plain; charset=utf-8' }),
    '/huge': reply(`<html><body>${'<p>word </p>'.repeat(200_000)}</body></html>`),
    '/hang': () => {},
  })
  config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_FETCH_TIMEOUT_MS: '2000' })
})

afterAll(() => server.close())

describe('articles', () => {
  test('Readability keeps the article and drops the chrome', async () => {
    const doc = await readWebPage(`${server.base}/old-link`, config)
    expect(sourceDocumentSchema.parse(doc)).toEqual(doc)
    expect(doc.title).toBe('Port of Rotterdam expands hydrogen terminal')
    expect(doc.cleanedContent).toMatch(/^The Port of Rotterdam Authority on Thursday approved/)
    expect(doc.cleanedContent).toContain('province of South Holland in June.')
    expect(doc.cleanedContent).toContain('\n\n') // paragraphs survive
    for (const chrome of ['Subscribe', 'Accept all', 'All rights reserved', 'Hamburg delays LNG berth', 'gtag']) {
      expect(doc.cleanedContent).not.toContain(chrome)
    }
    // `text` is the page's whole visible text, scripts excluded.
    expect(doc.text).toContain('All rights reserved')
    expect(doc.text).not.toContain('dataLayer')
    expect(doc.metadata).toMatchObject({
      kind: 'web',
      url: `${server.base}/old-link`,
      finalUrl: `${server.base}/2024/03/hydrogen-terminal`,
      siteName: 'Harbour Ledger',
      headline: 'Port of Rotterdam expands hydrogen terminal', // og:title, without the site's suffix
      byline: 'Marta Jansen',
      publishedTime: '2024-03-14T08:30:00.000Z',
      lang: 'en',
      contentType: 'text/html; charset=utf-8',
    })
  })

  test('a real article that loads Cloudflare passive detection is read, with what it says about itself', async () => {
    const doc = await readWebPage(`${server.base}/wirtschaft/hafen`, config)
    expect(doc.cleanedContent).toContain('Der Hamburger Hafen hat im vergangenen Quartal erstmals')
    expect(doc.cleanedContent).not.toContain('__CF$cv$params')
    expect(doc.metadata).toMatchObject({
      // rel=canonical (relative) wins over og:url and is resolved against the page's address.
      canonicalUrl: `${server.base}/wirtschaft/hafen-containerumschlag-steigt-1234567`,
      siteName: 'Nordkurier', // application-name: the page has no og:site_name
      headline: 'Hamburger Hafen: Containerumschlag steigt wieder', // the h1: no og:title
      byline: 'Jana Petersen, Ole Brandt', // JSON-LD; article:author is a profile URL, not a name
      publishedTime: '2024-03-14T09:30:00.000Z', // JSON-LD datePublished, before <time datetime>
      lang: 'de',
    })
  })

  test('an article that talks about bot checks is not one', async () => {
    const doc = await readWebPage(`${server.base}/about-cloudflare`, config)
    expect(doc.cleanedContent).toContain('Checking your browser before accessing')
  })

  test('a captcha widget inside a real article does not make it a bot check', async () => {
    const doc = await readWebPage(`${server.base}/article-with-captcha-comments`, config)
    expect(doc.title).toBe('Port of Rotterdam expands hydrogen terminal')
  })

  test('text/plain is read as is', async () => {
    const doc = await readWebPage(`${server.base}/notes.txt`, config)
    expect(doc.cleanedContent).toBe('Plain text notes about the harbour expansion plan.')
  })
})

describe('not documents', () => {
  test.each([
    ['Cloudflare managed challenge (403, cf-mitigated)', '/cf-managed'],
    ['Cloudflare legacy browser check (503)', '/cf-legacy'],
    ['captcha wall (200)', '/captcha'],
  ])('%s is a bot check', async (_label, path) => {
    const err = await refusal(readWebPage(`${server.base}${path}`, config))
    expect(err).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'Failed to process website content: the site answered with a bot check instead of the page',
      reason: 'bot_check',
    })
  })

  test('bare text served as HTML (no element at all) is read as text', async () => {
    const doc = await readWebPage(`${server.base}/bare-article`, config)
    expect(doc.cleanedContent).toContain('The harbour authority approved the second terminal after a long review of its costs.')
  })

  test.each(['/empty', '/spa', '/blank', '/bare-words'])('%s is an empty page', async (path) => {
    const err = await refusal(readWebPage(`${server.base}${path}`, config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to process website content: the page has no readable text', reason: 'empty_page' })
  })

  test('an error status is a failure, 429 a rate limit', async () => {
    expect(await refusal(readWebPage(`${server.base}/missing`, config))).toMatchObject({
      status: 422,
      reason: 'http_status',
      detail: 'upstream status 404',
      message: 'Failed to process website content: the site answered 404',
    })
    expect(await refusal(readWebPage(`${server.base}/busy`, config))).toMatchObject({ status: 429, code: 'RATE_LIMIT' })
  })

  test('a PDF URL is not a web page', async () => {
    const err = await refusal(readWebPage(`${server.base}/report.pdf`, config))
    expect(err).toMatchObject({ status: 422, reason: 'unsupported_content_type' })
  })

  test('too large and too slow', async () => {
    const small = { ...config, fetch: { ...config.fetch, maxBytes: 1024 * 1024 } }
    expect((await refusal(readWebPage(`${server.base}/huge`, small))).reason).toBe('body_too_large')
    const hasty = { ...config, fetch: { ...config.fetch, timeoutMs: 150 } }
    const err = await refusal(readWebPage(`${server.base}/hang`, hasty))
    expect(err).toMatchObject({ status: 422, message: 'Failed to process website content: the site did not answer in time', reason: 'timeout' })
  })
})

describe('refused URLs', () => {
  test('empty input', async () => {
    expect(await refusal(readWebPage('  ', config))).toMatchObject({ status: 400, message: 'Please enter a URL' })
  })

  test.each(['ftp://example.org/file', 'javascript:alert(1)', 'file:///etc/passwd', 'example.org/no-scheme'])('%s is refused with 400', async (url) => {
    const err = await refusal(readWebPage(url, config))
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Invalid URL or request: the address is not an http(s) URL' })
  })

  test('a private address is refused unless the configuration allows it', async () => {
    const strict = loadSourcesConfig({})
    const before = server.requests.length
    const err = await refusal(readWebPage(`${server.base}/2024/03/hydrogen-terminal`, strict))
    // The spec's text, then the real reason: what the analyst must change (or the administrator allow).
    expect(err).toMatchObject({ status: 400, message: 'Invalid URL or request: private and loopback addresses are not allowed', reason: 'blocked_address' })
    expect(server.requests.length).toBe(before)
  })
})
