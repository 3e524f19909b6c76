/**
 * The feed reader on small hand-made feeds, one awkward thing each: Atom text constructs (html, xhtml,
 * base64), xml:base at every level, tag: URIs, bare hosts, prefixed namespaces, RSS without a version,
 * Dublin Core fallbacks, author names without e-mail noise, guids, languages, and undeclared Latin-1.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, parseFeedXml, readRssFeed, type RssItem } from '../../server/sources'
import { refusal } from './helpers/refusal'
import { reply, startServer, type TestServer } from './helpers/server'

const FEED_URL = 'https://news.example/feeds/all.xml'
const parse = (xml: string, baseUrl = FEED_URL) => parseFeedXml(xml, { baseUrl, maxItems: 50, failure: 'Failed to load RSS preview' })
const atom = (entries: string, feedAttrs = '') => `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom" ${feedAttrs}><title>T</title>${entries}</feed>`
const rss = (items: string, rssAttrs = 'version="2.0"', channel = '') => `<?xml version="1.0"?><rss ${rssAttrs}><channel><title>T</title>${channel}${items}</channel></rss>`
const first = async (xml: string): Promise<RssItem> => {
  const item = (await parse(xml)).items[0]
  if (!item) throw new Error('no item')
  return item
}

describe('Atom text constructs are plain text', () => {
  test('type="xhtml": the text of the markup, blocks apart, no tags', async () => {
    const item = await first(
      atom(`<entry><title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Grid <em>inertia</em> &amp; storage</div></title>
        <summary type="xhtml"><xhtml:div xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>First.</xhtml:p><xhtml:p>Second &lt;b&gt; stays text.</xhtml:p></xhtml:div></summary></entry>`),
    )
    expect(item.title).toBe('Grid inertia & storage')
    expect(item.snippet).toBe('First. Second <b> stays text.')
  })

  test('type="html": escaped markup removed and entities decoded, twice-escaped ones too', async () => {
    const item = await first(
      atom(
        `<entry><title type="html">Ports &lt;b&gt;reopen&lt;/b&gt; &amp;amp; rates fall</title><content type="html">&lt;p&gt;Caf&amp;eacute; owners &amp;#8220;relieved&amp;#8221;.&lt;/p&gt;</content></entry>`,
      ),
    )
    expect(item.title).toBe('Ports reopen & rates fall')
    expect(item.snippet).toBe('Café owners “relieved”.')
  })

  test('type="text" is taken literally', async () => {
    const item = await first(atom(`<entry><title type="text">a &lt; b and c &gt; d</title></entry>`))
    expect(item.title).toBe('a < b and c > d')
  })

  test('Atom 0.3 mode="base64" and mode="escaped"', async () => {
    const html = Buffer.from('<p>Décision du <b>conseil</b></p>').toString('base64')
    const xml = `<?xml version="1.0"?><feed version="0.3" xmlns="http://purl.org/atom/ns#"><title mode="base64">${Buffer.from('Flux régional').toString('base64')}</title>
      <entry><title type="text/html" mode="escaped">A &lt;i&gt;vote&lt;/i&gt;</title><summary type="text/html" mode="base64">${html}</summary>
      <link rel="alternate" type="text/html" href="http://region.example/vote"/><issued>2004-05-01T12:00:00Z</issued><id>tag:region.example,2004:1</id></entry></feed>`
    const feed = await parse(xml)
    expect(feed.title).toBe('Flux régional')
    expect(feed.items[0]).toMatchObject({ title: 'A vote', snippet: 'Décision du conseil', link: 'http://region.example/vote', publishDate: '2004-05-01T12:00:00.000Z' })
  })
})

describe('links', () => {
  test('xml:base on the feed, the entry and the link element, each resolved against the one above', async () => {
    const feed = await parse(
      atom(
        `<entry><title>a</title><link href="a.html"/></entry>
         <entry xml:base="2024/"><title>b</title><link href="b.html"/></entry>
         <entry xml:base="/other/"><title>c</title><link xml:base="https://cdn.example/x/" href="c.html"/></entry>`,
        'xml:base="https://blog.example/posts/"',
      ),
    )
    expect(feed.items.map((i) => i.link)).toEqual(['https://blog.example/posts/a.html', 'https://blog.example/posts/2024/b.html', 'https://cdn.example/x/c.html'])
  })

  test('an empty or fragment-only base, or none, leaves the feed URL as the base', async () => {
    for (const attrs of ['xml:base=""', 'xml:base="#top"', '']) {
      const feed = await parse(atom(`<entry><title>a</title><link href="/story/1"/></entry>`, attrs))
      expect(feed.items[0]?.link).toBe('https://news.example/story/1')
    }
  })

  test('RSS: an item-scoped base applies to its own item only', async () => {
    const feed = await parse(rss(`<item xml:base="https://example.com/first/"><title>1</title><link>one</link></item><item><title>2</title><link>two</link></item>`))
    expect(feed.items.map((i) => i.link)).toEqual(['https://example.com/first/one', 'https://news.example/feeds/two'])
  })

  test('a tag: link is null; a tag: id does not cost the entry its real link', async () => {
    const feed = await parse(
      atom(`<entry><title>only tag</title><link href="tag:news.example,2024:1"/><id>tag:news.example,2024:1</id></entry>
            <entry><title>both</title><id>tag:news.example,2024:2</id><link href="tag:news.example,2024:2"/><link rel="alternate" href="https://news.example/2"/></entry>`),
    )
    expect(feed.items.map((i) => [i.link, i.guid])).toEqual([
      [null, 'tag:news.example,2024:1'],
      ['https://news.example/2', 'tag:news.example,2024:2'],
    ])
  })

  test('a bare host keeps the form it was written in; paths and unsafe schemes as before', async () => {
    const feed = await parse(
      rss(
        `<item><title>1</title><link>http://www.taverncast.com</link></item><item><title>2</title><link>https://localhost:8000?ref=rss</link></item><item><title>3</title><link>https://example.org/</link></item><item><title>4</title><link>javascript:alert(1)</link></item>`,
      ),
    )
    expect(feed.items.map((i) => i.link)).toEqual(['http://www.taverncast.com', 'https://localhost:8000?ref=rss', 'https://example.org/', null])
  })

  test('an RSS link written in Atom form', async () => {
    expect((await first(rss('<item><title>a</title><link href="/a"/></item>'))).link).toBe('https://news.example/a')
  })

  test('only rel="alternate" (or no rel) is the link; an RSS atom:link is not the item link', async () => {
    const entry = await first(atom(`<entry><title>a</title><link rel="self" href="https://news.example/self"/><link rel="enclosure" href="https://news.example/a.mp3"/></entry>`))
    expect(entry.link).toBeNull()
    const item = await first(rss(`<item xmlns:atom="http://www.w3.org/2005/Atom"><title>a</title><atom:link rel="self" href="https://news.example/self"/><guid>https://news.example/a</guid></item>`))
    expect(item.link).toBe('https://news.example/a')
  })
})

describe('namespaces and versions', () => {
  test('Atom under any prefix, and an entry under another prefix for the same namespace', async () => {
    const feed = await parse(
      `<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns="http://www.w3.org/1999/xhtml"><a:title>Prefixed</a:title>
        <a:entry><a:title>One</a:title><a:link href="https://p.example/1"/><a:updated>2024-01-02T03:04:05Z</a:updated></a:entry>
        <p0:entry xmlns:p0="http://www.w3.org/2005/Atom"><p0:title>Two</p0:title></p0:entry></a:feed>`,
    )
    expect(feed.title).toBe('Prefixed')
    expect(feed.items.map((i) => [i.title, i.link, i.publishDate])).toEqual([
      ['One', 'https://p.example/1', '2024-01-02T03:04:05.000Z'],
      ['Two', null, null],
    ])
  })

  test('RSS without a version attribute, and RSS 2.0 in a namespace of its own', async () => {
    expect((await first(rss('<item><title>No version</title></item>', ''))).title).toBe('No version')
    expect((await first(rss('<item><title>UserLand</title></item>', 'version="2.0" xmlns="http://backend.userland.com/rss2"'))).title).toBe('UserLand')
  })

  test('RSS 1.0 (RDF): items beside the channel, rdf:about as the guid, dc:date', async () => {
    const feed = await parse(`<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel rdf:about="https://sci.example/"><title>Sci</title><link>https://sci.example/</link><dc:language>en</dc:language></channel>
      <item rdf:about="https://sci.example/a"><title>A</title><link>https://sci.example/a</link><dc:date>2024-02-03T04:05:06-05:00</dc:date><dc:creator>Kim, J.</dc:creator><dc:creator>Roe, P.</dc:creator></item></rdf:RDF>`)
    expect(feed).toMatchObject({ title: 'Sci', language: 'en' })
    expect(feed.items).toEqual([{ title: 'A', snippet: '', link: 'https://sci.example/a', publishDate: '2024-02-03T09:05:06.000Z', author: 'Kim, J., Roe, P.', guid: 'https://sci.example/a' }])
  })

  test('anything else is not a feed', async () => {
    for (const xml of ['<html><body><p>Moved</p></body></html>', '<?xml version="1.0"?><sitemap><url/></sitemap>', 'just text']) {
      expect(await refusal(parse(xml))).toMatchObject({ reason: 'invalid_feed', message: 'Failed to load RSS preview' })
    }
  })
})

describe('Dublin Core fallbacks, authors, guids, languages', () => {
  test('dc:description and dc:date stand in for description and pubDate; dcterms dates after them', async () => {
    const feed = await parse(
      rss(
        `<item><title>a</title><dc:description>&lt;p&gt;From Dublin Core&lt;/p&gt;</dc:description><dc:date>2024-05-06T07:08:09Z</dc:date></item>
         <item><title>b</title><dcterms:issued>2024-05-07</dcterms:issued></item>
         <item><title>c</title><dcterms:modified>Tue, 07 May 2024 10:00:00 +0200</dcterms:modified></item>
         <item><title>d</title><pubDate>Wed, 08 May 2024 10:00:00 GMT</pubDate><dc:date>2020-01-01T00:00:00Z</dc:date></item>`,
        'version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"',
      ),
    )
    expect(feed.items.map((i) => [i.snippet, i.publishDate])).toEqual([
      ['From Dublin Core', '2024-05-06T07:08:09.000Z'],
      ['', '2024-05-07T00:00:00.000Z'],
      ['', '2024-05-07T08:00:00.000Z'],
      ['', '2024-05-08T10:00:00.000Z'],
    ])
  })

  test('authors as names: Blogger no-reply, "Name <mail>", itunes:author, undeclared dc:', async () => {
    const feed = await parse(
      rss(
        `<item><title>1</title><author>noreply@blogger.com (Ana Lima)</author></item>
         <item><title>2</title><author>"Bo Chen" &lt;bo@wire.example&gt;</author></item>
         <item><title>3</title><itunes:author>The Harbour Podcast</itunes:author></item>
         <item><title>4</title><dc:creator><![CDATA[ Dara  O'Neill ]]></dc:creator></item>
         <item><title>5</title><author>noreply@blogger.com</author></item>`,
        'version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
      ),
    )
    expect(feed.items.map((i) => i.author)).toEqual(['Ana Lima', 'Bo Chen', 'The Harbour Podcast', "Dara O'Neill", null])
  })

  test('Atom: entry author, else the feed author; the id as given', async () => {
    const feed = await parse(
      atom(
        `<author><name>Desk</name></author><entry><title>a</title><id> urn:uuid:1 </id><author><name>Ines Duarte</name><email>ines@x.example</email></author></entry><entry><title>b</title></entry>`,
        'xml:lang="pt-BR"',
      ),
    )
    expect(feed.language).toBe('pt-BR')
    expect(feed.items.map((i) => [i.author, i.guid])).toEqual([
      ['Ines Duarte', 'urn:uuid:1'],
      ['Desk', null],
    ])
  })

  test('feed language from RSS language, else dc:language; none when empty', async () => {
    expect((await parse(rss('', 'version="2.0"', '<language>de-DE</language>'))).language).toBe('de-DE')
    expect((await parse(rss('', 'version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"', '<language></language><dc:language>fr</dc:language>'))).language).toBe('fr')
    expect((await parse(rss('', 'version="2.0"', '<language> </language>'))).language).toBeUndefined()
  })

  test('dates: the instant written, no drift, garbage is null', async () => {
    const feed = await parse(
      atom(`<entry><published>2016-06-01T08:35:00.001-07:00</published></entry><entry><updated>2016-06-01T08:35:00-07:00</updated></entry><entry><published>soon</published></entry>`),
    )
    expect(feed.items.map((i) => i.publishDate)).toEqual(['2016-06-01T15:35:00.001Z', '2016-06-01T15:35:00.000Z', null])
  })
})

describe('encodings over HTTP', () => {
  let server: TestServer
  // windows-1252 bytes, with 0x93/0x94/0x96/0x80 for the curly quotes, en dash and euro sign.
  const cp1252 = Buffer.from(rss('<item><title>Últimas notícias de São Paulo</title><description>Preço \x93médio\x94 \x96 \x805</description></item>', ''), 'latin1')

  beforeAll(async () => {
    server = await startServer({
      '/undeclared.xml': reply(cp1252, { 'content-type': 'application/xml' }),
      '/utf8.xml': reply(Buffer.from(rss('<item><title>Últimas</title></item>', ''), 'utf8'), { 'content-type': 'application/xml' }),
    })
  })
  afterAll(() => server.close())
  const config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true' })

  test('bytes that are not UTF-8 and declare nothing are read as windows-1252', async () => {
    const feed = await readRssFeed(`${server.base}/undeclared.xml`, config)
    expect(feed.items[0]).toMatchObject({ title: 'Últimas notícias de São Paulo', snippet: 'Preço “médio” – €5' })
  })

  test('undeclared UTF-8 stays UTF-8', async () => {
    expect((await readRssFeed(`${server.base}/utf8.xml`, config)).items[0]?.title).toBe('Últimas')
  })
})

describe('hostile nesting', () => {
  test('elements nested past any real feed are refused before parsing; deep escaped HTML loses its tags', async () => {
    const deep = rss(`<item><title>x</title><description>${'<b>'.repeat(100_000)}deep${'</b>'.repeat(100_000)}</description></item>`)
    expect(await refusal(parse(deep))).toMatchObject({ reason: 'invalid_feed' })
    const escaped = rss(`<item><title>x</title><description>${'&lt;b&gt;'.repeat(100_000)}deep text</description></item>`)
    expect((await first(escaped)).snippet).toBe('deep text')
  })
})
