import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, readRssFeed, rssFeedSchema, type SourcesConfig } from '../../server/sources'
import { reply, startServer, type TestServer } from './helpers/server'
import { refusal } from './helpers/refusal'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const RSS = { 'content-type': 'application/rss+xml; charset=utf-8' }

let server: TestServer
let config: SourcesConfig

beforeAll(async () => {
  server = await startServer({
    '/world/rss.xml': reply(fixture('rss2-world-news.xml'), RSS),
    '/moved.xml': reply('', { location: '/world/rss.xml' }, 301),
    '/feed.atom': reply(fixture('atom-engineering-blog.xml'), { 'content-type': 'application/atom+xml' }),
    '/laughs.xml': reply(fixture('billion-laughs.xml'), RSS),
    '/xxe.xml': reply('<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><rss version="2.0"><channel><title>&xxe;</title></channel></rss>', RSS),
    '/sneaky.xml': reply('<?xml version="1.0"?><!doctype rss [ ]><rss version="2.0"><channel><title>x</title></channel></rss>', RSS),
    '/old.rss': reply(fixture('rss091-netscape-doctype.xml'), RSS),
    '/page.html': reply(fixture('article-page.html')),
    '/gone.xml': reply('gone', {}, 410),
  })
  config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_FETCH_TIMEOUT_MS: '2000' })
})

afterAll(() => server.close())

describe('RSS 2.0', () => {
  test('items with title, snippet, link and publishDate; unsafe links dropped; relative links resolved', async () => {
    const feed = await readRssFeed(`${server.base}/moved.xml`, config)
    expect(rssFeedSchema.parse(feed)).toEqual(feed)
    expect(feed).toMatchObject({ title: 'Harbour Ledger - World', link: 'https://harbourledger.example/world', language: 'en-gb' })
    expect(feed.items).toEqual([
      {
        title: 'Port of Rotterdam expands hydrogen terminal',
        snippet: 'The port authority approved a second hydrogen import terminal, doubling planned capacity by 2028.',
        link: 'https://harbourledger.example/2024/03/hydrogen-terminal?at_medium=RSS&at_campaign=rss',
        publishDate: '2024-03-14T08:30:00.000Z',
        author: 'Marta Jansen',
        guid: 'hl-2024-03-14-hydrogen',
      },
      {
        title: 'Suez transits recover to 60% of 2023 levels & rates ease',
        snippet: 'Container transits through the canal rose for a third week, according to port agents.',
        // Relative to the URL the feed was finally served from.
        link: `${server.base}/2024/03/suez-transits`,
        publishDate: '2024-03-13T16:05:00.000Z',
        author: null,
        guid: 'https://harbourledger.example/2024/03/suez-transits',
      },
      {
        title: 'Sponsored: click here',
        snippet: 'Totally legitimate offer.',
        link: null,
        publishDate: null,
        author: null,
        guid: null,
      },
      {
        title: 'Untitled wire item: Baltic grain exports hit a four-year high as new terminals…',
        // The description, not content:encoded, is the summary.
        snippet: 'Untitled wire item: Baltic grain exports hit a four-year high as new terminals open in Klaipeda.',
        link: 'https://harbourledger.example/2024/03/baltic-grain',
        publishDate: null,
        author: null,
        guid: 'https://harbourledger.example/2024/03/baltic-grain',
      },
    ])
  })

  test('SOURCES_MAX_ITEMS caps the list', async () => {
    const feed = await readRssFeed(`${server.base}/world/rss.xml`, { ...config, maxItems: 2 })
    expect(feed.items.map((i) => i.title)).toEqual(['Port of Rotterdam expands hydrogen terminal', 'Suez transits recover to 60% of 2023 levels & rates ease'])
  })

  test('a public DTD reference without entities is fine (RSS 0.91)', async () => {
    const feed = await readRssFeed(`${server.base}/old.rss`, config)
    expect(feed.items).toEqual([
      {
        title: 'Café prices climb in Lisbon',
        snippet: 'Espresso now costs 1,10 EUR on average.',
        link: 'http://oldwire.example/cafe',
        publishDate: null,
        author: null,
        guid: null,
      },
    ])
  })
})

describe('Atom', () => {
  test('entries with html summaries, relative links, and a bad date that does not sink the feed', async () => {
    const feed = await readRssFeed(`${server.base}/feed.atom`, config)
    expect(feed).toMatchObject({ title: 'Grid Notes', link: 'https://gridnotes.example/', language: 'en' })
    expect(feed.items).toEqual([
      {
        title: 'Balancing inertia after coal', // type="html": markup removed
        snippet: 'Synthetic inertia from batteries is now procured in three European markets.',
        link: `${server.base}/posts/inertia-after-coal`,
        publishDate: '2024-03-12T10:00:00.000Z',
        author: 'Ines Duarte',
        guid: 'tag:gridnotes.example,2024:/posts/inertia-after-coal',
      },
      {
        title: 'Interconnector outage report',
        snippet: 'The 700 MW link tripped twice in February.',
        link: 'https://gridnotes.example/posts/outage',
        publishDate: null,
        author: null,
        guid: 'tag:gridnotes.example,2024:/posts/outage',
      },
    ])
  })
})

describe('refusals', () => {
  // The reason says the check refused it, before any XML parser saw the text.
  test.each(['/laughs.xml', '/xxe.xml', '/sneaky.xml'])('%s: entity declarations are refused before parsing', async (path) => {
    const err = await refusal(readRssFeed(`${server.base}${path}`, config))
    expect(err).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'Failed to load RSS preview',
      reason: 'entity_declaration',
    })
  })

  test('an HTML page is not a feed', async () => {
    const err = await refusal(readRssFeed(`${server.base}/page.html`, config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to load RSS preview', reason: 'invalid_feed' })
  })

  test('an upstream error status', async () => {
    const err = await refusal(readRssFeed(`${server.base}/gone.xml`, config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to load RSS preview', reason: 'http_status' })
  })

  test('empty and non-http URLs', async () => {
    expect(await refusal(readRssFeed('', config))).toMatchObject({ status: 400, message: 'Please enter an RSS URL' })
    expect(await refusal(readRssFeed('feed://example.org/rss', config))).toMatchObject({
      status: 400,
      message: 'Invalid URL or request',
    })
  })
})
