/**
 * The feed reader on the shared corpus of real feeds (../shared/corpus/feeds), served over local HTTP as
 * `npm run eval:feeds` serves them: every well-formed feed read with every item, item links and dates as
 * the reference has them, HTML pages refused, and the cases issue 20 item 7 found wrong pinned one by one.
 * Skipped on a machine without the corpus.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, readRssFeed, rssFeedSchema, type RssFeed } from '../../server/sources'
import { type Expected, expectedLink, feedCorpusDir, isFeed, isHtmlPage, loadExpected, sameDate, sameTitle, serveCorpus } from './helpers/feed-corpus'

const dir = feedCorpusDir()

describe.skipIf(dir === null)('the shared feed corpus', () => {
  const corpus = dir ?? ''
  const expected = dir ? loadExpected(dir) : []
  const config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_MAX_ITEMS: '500' })
  let server: Awaited<ReturnType<typeof serveCorpus>>
  const read = (file: string) => readRssFeed(`${server.base}/${file}`, config)

  beforeAll(async () => {
    server = await serveCorpus(corpus, expected)
  })
  afterAll(() => server.close())

  test.each(expected.filter(isFeed).map((e) => [e.file, e] as const))('%s: read as the reference reads it', async (_file, e: Expected) => {
    const feed: RssFeed = await read(e.file)
    expect(rssFeedSchema.parse(feed)).toEqual(feed)
    expect(feed.title?.replace(/\s+/g, ' ') ?? '').toBe(e.title?.replace(/\s+/g, ' ') ?? '')
    expect(feed.items).toHaveLength(e.itemCount ?? 0)
    for (const [i, want] of (e.items ?? []).entries()) {
      const item = feed.items[i]
      expect(item?.link ?? null, `item ${i} link`).toBe(expectedLink(want.link, `${server.base}/${e.file}`))
      expect(sameDate(item?.publishDate, want.date), `item ${i} date ${item?.publishDate} for ${want.date}`).toBe(true)
      // An item without a title is given the start of its text (the reference says "").
      if (want.title) expect(sameTitle(item?.title, want.title), `item ${i} title ${item?.title} for ${want.title}`).toBe(true)
    }
  })

  test('the HTML pages are refused as not feeds', async () => {
    const pages = expected.filter((e) => isHtmlPage(corpus, e))
    expect(pages.map((e) => e.file)).toEqual(['rss-parser/unrecognized.rss', 'node-feedparser/notafeed.html'])
    for (const e of pages) await expect(read(e.file)).rejects.toMatchObject({ reason: 'invalid_feed', message: 'Failed to load RSS preview' })
  })

  test('undeclared Latin-1 is read as windows-1252, RSS without a version attribute', async () => {
    const feed = await read('rss-parser/uolNoticias.rss')
    expect(feed).toMatchObject({ title: 'UOL Noticias', description: 'Últimas Notícias' })
    expect(feed.items[0]?.title).toBe('Ibope: Bolsonaro perde de Haddad, Ciro e Alckmin em simulações de 2º turno')
    expect(feed.items).toHaveLength(15)
  })

  test('Atom with a prefixed namespace: the entry, its xhtml content as text, author and id', async () => {
    for (const file of ['nondefaultnamespace.atom', 'nondefaultnamespace-xhtml.atom', 'nondefaultnamespace-baseline.atom']) {
      const feed = await read(`node-feedparser/${file}`)
      expect(feed.title).toMatch(/^Non-default (XHTML )?namespace test( baseline)?$/)
      expect(feed.items).toHaveLength(1)
      expect(feed.items[0]).toMatchObject({
        link: 'http://example.org/tests/namespace/result.html',
        author: 'Aristotle Pagaltzis',
        guid: 'urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a',
        publishDate: '2006-01-18T11:26:54.000Z',
      })
      expect(feed.items[0]?.title).toMatch(/^If you can read the content of this entry, /)
      expect(feed.items[0]?.snippet).toMatch(/^For information, see:/)
      expect(feed.items[0]?.snippet).not.toMatch(/<|&lt;/)
    }
  })

  test('an entry in its own prefix inside a default-namespace feed is kept', async () => {
    const feed = await read('node-feedparser/complexNamespaceFeed.xml')
    expect(feed.items).toEqual([
      { title: 'This is the title', snippet: 'Hello World', link: null, publishDate: '2012-08-04T01:29:34.677Z', author: 'John Doe', guid: 'urn:uuid:d5ffaea2-0a9a-4f38-98fc-5c364177b6b4' },
    ])
  })

  test('xml:base: item-scoped, relative to the feed base, empty and fragment-only', async () => {
    const scoped = await read('node-feedparser/rss-with-item-scoped-html-base.xml')
    expect(scoped.items.map((i) => i.link)).toEqual(['https://example.com/first/first', `${server.base}/node-feedparser/second`])
    const nested = await read('node-feedparser/rss-with-relative-html-urls.xml')
    expect(nested.items[0]?.link).toBe('https://example.com/posts/posts/post-1')
    for (const file of ['tpm-with-empty-base.atom', 'tpm-with-fragment-base.atom']) {
      const feed = await read(`node-feedparser/${file}`)
      expect(feed.link).toBe('http://talkingpointsmemo.com') // written without a slash, kept so
      expect(feed.language).toBe('en-US')
      expect(feed.items[0]?.link).toBe(`${server.base}/livewire/hannity-announces-fox-hired-sebastian-gorka-national-security-strategist`)
    }
  })

  test('a tag: link is not a link, and the tag: id is still the guid', async () => {
    const feed = await read('node-feedparser/atom-with-tag-uri-links.xml')
    expect(feed.items[0]).toMatchObject({ title: 'Test Entry', link: null, guid: 'tag:mefi.social,2024-01-26:objectId=20368395' })
  })

  test('dates keep what the feed wrote, to the millisecond', async () => {
    const feed = await read('rss-parser/feedburner.atom')
    expect(feed.items.map((i) => i.publishDate).slice(0, 2)).toEqual(['2016-06-03T14:38:00.000Z', '2016-06-01T15:35:00.001Z'])
  })

  test('Blogger authors without the no-reply address; dc:creator; feed language', async () => {
    const blogger = await read('rss-parser/feedburner.atom')
    expect(blogger.items[0]?.author).not.toMatch(/@/)
    const guardian = await read('rss-parser/guardian.rss')
    expect(guardian.language).toBe('en-gb')
    expect(guardian.items.every((i) => i.author === null || !/@/.test(i.author))).toBe(true)
    expect(guardian.items.filter((i) => i.author !== null).length).toBeGreaterThan(0)
  })
})
