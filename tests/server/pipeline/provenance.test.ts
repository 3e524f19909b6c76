/** How a document's provenance is gathered: the caller's word at ingest, then what the source says of itself. */
import { expect, test } from 'vitest'
import { ingestProvenance, readProvenance } from '../../../server/modules/pipeline/provenance'

const web = (facts: Record<string, string>) => ({
  title: undefined,
  metadata: { kind: 'web' as const, url: 'https://a.example/x', finalUrl: 'https://a.example/x', contentType: 'text/html', wordCount: 1, charCount: 1, ...facts },
})

test('an address typed in: its host is the publisher until the page names one; the channel is web', () => {
  expect(ingestProvenance({ dataSourceId: 'src', input: { kind: 'url', url: 'https://www.a.example/x' } })).toEqual({
    url: 'https://www.a.example/x',
    publisher: 'a.example',
    via: { channel: 'web', dataSourceId: 'src' },
  })
})

test("a feed's unsafe link, unreadable date and blank author are dropped, not kept as provenance", () => {
  const p = ingestProvenance({
    dataSourceId: 'src',
    input: { kind: 'text', text: 'x', provenance: { url: 'javascript:alert(1)', publishedAt: 'last Tuesday', author: '   ', publisher: 'Feed', via: { channel: 'rss', name: 'My feed' } } },
  })
  expect(p).toEqual({ publisher: 'Feed', via: { channel: 'rss', name: 'My feed', dataSourceId: 'src' } })
})

test('a page that redirected elsewhere: the host of where it is replaces the asked host; a named publisher stays', () => {
  const asked = ingestProvenance({ dataSourceId: 'src', input: { kind: 'url', url: 'https://short.example/abc' } })
  expect(readProvenance(asked, web({ finalUrl: 'https://news.example/story' }))).toMatchObject({ url: 'https://news.example/story', publisher: 'news.example' })
  const fed = { ...asked, publisher: 'News Daily' }
  expect(readProvenance(fed, web({ finalUrl: 'https://news.example/story' }))).toMatchObject({ publisher: 'News Daily' })
  expect(readProvenance(fed, web({ finalUrl: 'https://news.example/story', siteName: 'The News' }))).toMatchObject({ publisher: 'The News' })
})

test("a page's canonical address counts on its own site only: a page elsewhere claiming an outlet's address is where it was read", () => {
  const asked = ingestProvenance({ dataSourceId: 'src', input: { kind: 'url', url: 'https://www.a.example/x?utm_source=feed' } })
  const read = (canonicalUrl: string, finalUrl = 'https://www.a.example/x?utm_source=feed') => readProvenance(asked, web({ finalUrl, canonicalUrl })).url
  expect(read('https://a.example/x')).toBe('https://a.example/x')
  expect(read('https://news.a.example/x')).toBe('https://news.a.example/x')
  expect(read('https://www.reuters.example/world/x')).toBe('https://www.a.example/x?utm_source=feed')
  // Nor does a lookalike whose name merely ends the same.
  expect(read('https://evila.example/x')).toBe('https://www.a.example/x?utm_source=feed')
})

test("a file's own title, author and creation time; long text capped at 300 characters", () => {
  const p = readProvenance(
    { via: { channel: 'upload' } },
    {
      title: undefined,
      metadata: {
        kind: 'document',
        fileName: 'r.docx',
        fileType: 'docx',
        fileSize: 1,
        mimeType: 'x',
        wordCount: 1,
        charCount: 1,
        warnings: [],
        author: 'A'.repeat(400),
        ...{ title: 'Quarterly report', publishedTime: '2024-03-01T10:00:00Z' },
      },
    },
  )
  expect(p.headline).toBe('Quarterly report')
  expect(p.publishedAt).toBe('2024-03-01T10:00:00.000Z')
  expect(Array.from(p.author ?? '')).toHaveLength(300)
  expect(p.author?.endsWith('…')).toBe(true)
  expect(p.url).toBeUndefined()
})
