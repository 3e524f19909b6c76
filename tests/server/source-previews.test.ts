/**
 * The add-source previews through app.inject, on the real readers pointed at a local server that answers
 * recorded real-format payloads (RSS 2.0, Google News search RSS, a t.me/s page, an X API v2 search).
 */
import { readFileSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { createSourceReaders, loadSourcesConfig } from '../../server/sources'
import { PREVIEW_ITEM_LIMIT, rssPreviewBodySchema, searchPreviewBodySchema, telegramPreviewBodySchema, twitterPreviewBodySchema } from '../../src/protocol/sources'
import { reply, startServer, type TestServer } from '../sources/helpers/server'
import { dialects, emulatorUser, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'

const fixture = (name: string) => readFileSync(new URL(`../sources/fixtures/${name}`, import.meta.url), 'utf8')
const RSS = { 'content-type': 'application/rss+xml; charset=utf-8' }
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAtest%2Bpreview'

const worldNews = fixture('rss2-world-news.xml')
const firstItem = /<item>[\s\S]*?<\/item>/.exec(worldNews)?.[0] ?? ''
/** The world feed with 30 copies of its first item: more than a preview shows. */
const longFeed = worldNews.replace(/<item>[\s\S]*<\/item>/, Array.from({ length: 30 }, (_, n) => firstItem.replace('Port of Rotterdam', `Port ${n + 1} of Rotterdam`)).join('\n'))
const emptyFeed = worldNews.replace(/<item>[\s\S]*<\/item>/, '')
const newsSearch = fixture('google-news-search.xml')
const channelPage = fixture('telegram-channel-preview.html')

// X API v2 answers chosen by the query, as the reader tests do.
const tweets: Record<string, [number, string]> = {
  'hydrogen terminal': [200, fixture('x-recent-search.json')],
  'nothing matches': [200, JSON.stringify({ meta: { result_count: 0 } })],
}

let server: TestServer

beforeAll(async () => {
  server = await startServer({
    '/world/rss.xml': reply(worldNews, RSS),
    '/long/rss.xml': reply(longFeed, RSS),
    '/empty/rss.xml': reply(emptyFeed, RSS),
    '/down/rss.xml': reply('upstream unavailable', {}, 503),
    '/article.html': reply(fixture('article-page.html')),
    '/rss/search': (_req, res, url) => {
      const q = url.searchParams.get('q')
      if (q === 'search is down') return void res.writeHead(502).end('bad gateway')
      const body = q === 'hydrogen terminal' ? newsSearch : newsSearch.replace(/<item>[\s\S]*<\/item>/, '')
      res.writeHead(200, { 'content-type': 'application/xml; charset=utf-8' }).end(body)
    },
    '/s/harbourledger': reply(channelPage),
    // t.me answers an unknown /s/<name> with a redirect to the contact page of that name.
    '/s/ghostchannel': reply('', { location: '/ghostchannel' }, 302),
    '/ghostchannel': reply(fixture('telegram-unknown-username.html')),
    '/s/quietchannel': reply(channelPage.replace(/<div class="tgme_widget_message_wrap[\s\S]*?<\/div><\/div>\s*(?=<div class="tgme_widget_message_wrap|<\/section>)/g, '')),
    '/2/tweets/search/recent': (req, res, url) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return void res.writeHead(401, { 'content-type': 'application/problem+json' }).end('{"title":"Unauthorized","status":401}')
      const [status, body] = tweets[url.searchParams.get('query') ?? ''] ?? [500, '{}']
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body)
    },
  })
})

afterAll(() => server.close())

const readerEnv = () => ({
  SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
  SOURCES_FETCH_TIMEOUT_MS: '3000',
  SEARCH_RSS_URL_TEMPLATE: `${server.base}/rss/search?q={query}&hl=en-US`,
  TELEGRAM_BASE_URL: server.base,
  X_API_BASE_URL: server.base,
  X_BEARER_TOKEN: TOKEN,
})

describe.each(dialects())('source previews on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let ana: TestUser
  let eve: TestUser

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@previews.acme.io')
    eve = await emulatorUser('eve@previews.evil.example')
  }, 60_000)
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app } = await testApp(db, { sourceReaders: createSourceReaders(loadSourcesConfig(readerEnv())) }))
  }, 30_000)

  const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: unknown, on = app) =>
    on.inject({ method, url: `/api/v1${url}`, headers: user?.headers ?? {}, ...(payload === undefined ? {} : { payload: payload as object }) })

  async function source(kind: string, sourceDetails: Record<string, string>, user = ana): Promise<string> {
    const research = (await call(user, 'POST', '/researches', { title: 'Ports' })).json()
    const created = await call(user, 'POST', '/datasources', { displayName: 'Feed', kind, researchId: research.id, sessionId: research.sessions[0].id, sourceDetails })
    expect(created.statusCode).toBe(201)
    return created.json().id
  }

  describe('GET /datasources/{id}/preview', () => {
    test('an rss source answers its feed items; absent link and date are left out', async () => {
      const id = await source('rss', { rssUrl: `${server.base}/world/rss.xml` })
      const res = await call(ana, 'GET', `/datasources/${id}/preview`)
      expect(res.statusCode).toBe(200)
      const body = res.json()
      expect(rssPreviewBodySchema.parse(body)).toEqual(body)
      expect(body.items).toEqual([
        {
          title: 'Port of Rotterdam expands hydrogen terminal',
          snippet: 'The port authority approved a second hydrogen import terminal, doubling planned capacity by 2028.',
          link: 'https://harbourledger.example/2024/03/hydrogen-terminal?at_medium=RSS&at_campaign=rss',
          publishDate: '2024-03-14T08:30:00.000Z',
        },
        {
          title: 'Suez transits recover to 60% of 2023 levels & rates ease',
          snippet: 'Container transits through the canal rose for a third week, according to port agents.',
          link: `${server.base}/2024/03/suez-transits`,
          publishDate: '2024-03-13T16:05:00.000Z',
        },
        // A javascript: link and an unreadable date never reach the dialog.
        { title: 'Sponsored: click here', snippet: 'Totally legitimate offer.' },
        {
          title: 'Untitled wire item: Baltic grain exports hit a four-year high as new terminals…',
          snippet: 'Untitled wire item: Baltic grain exports hit a four-year high as new terminals open in Klaipeda.',
          link: 'https://harbourledger.example/2024/03/baltic-grain',
        },
      ])
    })

    test('the uri detail works too, and a long feed is cut at the preview limit', async () => {
      const id = await source('rss', { uri: `${server.base}/long/rss.xml` })
      const items = (await call(ana, 'GET', `/datasources/${id}/preview`)).json().items
      expect(PREVIEW_ITEM_LIMIT).toBe(20)
      expect(items).toHaveLength(PREVIEW_ITEM_LIMIT)
      expect(items[0].title).toBe('Port 1 of Rotterdam expands hydrogen terminal')
      expect(items[19].title).toBe('Port 20 of Rotterdam expands hydrogen terminal')
    })

    test('a feed without items is an empty list (the dialog shows No RSS Items Found)', async () => {
      const id = await source('rss', { rssUrl: `${server.base}/empty/rss.xml` })
      expect((await call(ana, 'GET', `/datasources/${id}/preview`)).json()).toEqual({ items: [] })
    })

    test('a failing feed or a page that is not a feed answers 502 with the spec text', async () => {
      for (const path of ['/down/rss.xml', '/article.html', '/missing.xml']) {
        const id = await source('rss', { rssUrl: `${server.base}${path}` })
        const res = await call(ana, 'GET', `/datasources/${id}/preview`)
        expect({ path, status: res.statusCode, body: res.json() }).toEqual({ path, status: 502, body: { code: 'SOURCE_FAILED', message: 'Failed to load RSS preview' } })
      }
    })

    test('an rss source without a URL answers the RSS modal text', async () => {
      const id = await source('rss', {})
      const res = await call(ana, 'GET', `/datasources/${id}/preview`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'rssUrl: Please enter an RSS URL' })
    })

    test("another tenant's source and an unknown id are 404; a non-rss source is 400", async () => {
      const id = await source('rss', { rssUrl: `${server.base}/world/rss.xml` })
      const requestsBefore = server.requests.length
      expect((await call(eve, 'GET', `/datasources/${id}/preview`)).json()).toEqual({ code: 'NOT_FOUND', message: 'Data source not found' })
      expect((await call(ana, 'GET', '/datasources/src_nope/preview')).statusCode).toBe(404)
      const search = await source('topic_based_interest', { searchQuery: 'hydrogen terminal' })
      const res = await call(ana, 'GET', `/datasources/${search}/preview`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('Only RSS sources') })
      // None of these reached the network.
      expect(server.requests.length).toBe(requestsBefore)
    })

    test('previews need a signed-in user', async () => {
      const id = await source('rss', { rssUrl: `${server.base}/world/rss.xml` })
      expect((await call(null, 'GET', `/datasources/${id}/preview`)).statusCode).toBe(401)
      expect((await call(null, 'POST', '/datasources/preview-search', { searchQuery: 'hydrogen terminal' })).statusCode).toBe(401)
    })
  })

  describe('POST /datasources/preview-search', () => {
    test('answers title, snippet and link of each result', async () => {
      const res = await call(ana, 'POST', '/datasources/preview-search', { searchQuery: '  hydrogen terminal ' })
      expect(server.requests.at(-1)?.path).toBe('/rss/search?q=hydrogen%20terminal&hl=en-US')
      const body = res.json()
      expect(searchPreviewBodySchema.parse(body)).toEqual(body)
      expect(body.items[0]).toEqual({
        title: 'Port of Rotterdam expands hydrogen terminal - Harbour Ledger',
        snippet: 'Port of Rotterdam expands hydrogen terminal Harbour Ledger',
        link: 'https://news.google.com/rss/articles/CBMiQWh0dHBzOi8vaGFyYm91cmxlZGdlci5leGFtcGxlLzIwMjQvMDMvaHlkcm9nZW4tdGVybWluYWzSAQA?oc=5',
      })
      expect(body.items.length).toBeGreaterThan(1)
    })

    test('a blank or missing query is refused with the spec text', async () => {
      for (const payload of [{ searchQuery: '   ' }, { searchQuery: null }, {}]) {
        const res = await call(ana, 'POST', '/datasources/preview-search', payload)
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'searchQuery: Please enter a search query' })
      }
    })

    test('no results is an empty list; a failing search answers 502', async () => {
      expect((await call(ana, 'POST', '/datasources/preview-search', { searchQuery: 'zzz no such news' })).json()).toEqual({ items: [] })
      const res = await call(ana, 'POST', '/datasources/preview-search', { searchQuery: 'search is down' })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toEqual({ code: 'SOURCE_FAILED', message: 'Failed to preview search results' })
    })
  })

  describe('POST /datasources/preview-telegram', () => {
    test('a leading @ is removed; posts keep id, text, date and views', async () => {
      const res = await call(ana, 'POST', '/datasources/preview-telegram', { channelUsername: '@harbourledger' })
      expect(server.requests.at(-1)?.path).toBe('/s/harbourledger')
      const body = res.json()
      expect(telegramPreviewBodySchema.parse(body)).toEqual(body)
      expect(body.items.slice(0, 3)).toEqual([
        { id: 'harbourledger/314', text: 'Suez transits at 60% of 2023 levels & easing. Read more', date: '2024-03-14T12:36:40.000Z', views: 4 },
        { id: 'harbourledger/313', text: '', date: '2024-03-14T11:36:40.000Z', views: 2500 },
        { id: 'harbourledger/312', text: 'Correction: the pipeline link to the Ruhr follows in 2028, not 2027.', date: '2024-03-14T10:36:40.000Z', views: 15_300_000 },
      ])
    })

    test('a blank name, a bare @ or something that is no channel name is refused with the spec text', async () => {
      for (const channelUsername of ['', '  ', '@', 'not a channel']) {
        const res = await call(ana, 'POST', '/datasources/preview-telegram', { channelUsername })
        expect(res.statusCode).toBe(400)
        expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'channelUsername: Please enter a Telegram channel username' })
      }
    })

    test('a channel without posts is an empty list; an unknown channel answers 502', async () => {
      expect((await call(ana, 'POST', '/datasources/preview-telegram', { channelUsername: 'quietchannel' })).json()).toEqual({ items: [] })
      const res = await call(ana, 'POST', '/datasources/preview-telegram', { channelUsername: '@ghostchannel' })
      expect(res.statusCode).toBe(502)
      expect(res.json()).toEqual({ code: 'SOURCE_FAILED', message: 'Failed to preview Telegram channel' })
    })
  })

  describe('POST /datasources/preview-twitter', () => {
    test('tweets with their authors and links', async () => {
      const res = await call(ana, 'POST', '/datasources/preview-twitter', { searchQuery: 'hydrogen terminal' })
      const body = res.json()
      expect(twitterPreviewBodySchema.parse(body)).toEqual(body)
      expect(body.items[0]).toEqual({
        id: '1768231490117046272',
        text: 'Rotterdam approves a second hydrogen import terminal: capacity doubles to 4.6 Mt/yr by 2028 https://t.co/AbCdEf1234',
        authorName: 'Harbour Ledger',
        authorUsername: 'harbourledger',
        createdAt: '2024-03-14T09:12:44.000Z',
        link: 'https://x.com/harbourledger/status/1768231490117046272',
      })
      // An author missing from includes is left out, not sent blank.
      expect(body.items[2]).toEqual({
        id: '1768200000000000000',
        text: 'Hydrogen & ammonia: who pays for the cracker? 🧵',
        createdAt: '2024-03-14T07:07:37.000Z',
        link: 'https://x.com/i/web/status/1768200000000000000',
      })
    })

    test('a blank query is refused with the spec text; no results is an empty list', async () => {
      const res = await call(ana, 'POST', '/datasources/preview-twitter', { searchQuery: ' ' })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'searchQuery: Please enter a Twitter search query' })
      expect((await call(ana, 'POST', '/datasources/preview-twitter', { searchQuery: 'nothing matches' })).json()).toEqual({ items: [] })
    })

    test('an upstream failure, or a server without a bearer token, answers 502 with a clear message', async () => {
      const failed = await call(ana, 'POST', '/datasources/preview-twitter', { searchQuery: 'upstream breaks' })
      expect(failed.statusCode).toBe(502)
      expect(failed.json()).toEqual({ code: 'SOURCE_FAILED', message: 'Failed to preview Twitter search' })

      const { X_BEARER_TOKEN: _, ...withoutToken } = readerEnv()
      const { app: unconfigured } = await testApp(db, { sourceReaders: createSourceReaders(loadSourcesConfig(withoutToken)) })
      const res = await call(ana, 'POST', '/datasources/preview-twitter', { searchQuery: 'hydrogen terminal' }, unconfigured)
      expect(res.statusCode).toBe(502)
      expect(res.json()).toEqual({ code: 'SOURCE_FAILED', message: 'Twitter search is not configured: set X_BEARER_TOKEN on the server' })
      await unconfigured.close()
    })
  })
})
