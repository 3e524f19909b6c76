/**
 * What a page says about itself (server/sources/page-metadata.ts), field by field, on the head and body
 * markup publishers actually write.
 */
import { describe, expect, test } from 'vitest'
import { parseHtml } from '../../server/sources/dom'
import { readPageMetadata } from '../../server/sources/page-metadata'

const PAGE_URL = 'https://www.wire.example/world/2024/03/14/story.html'
const read = (head: string, body = '') => readPageMetadata(parseHtml(`<!doctype html><html lang="en-GB"><head>${head}</head><body>${body}</body></html>`), PAGE_URL)

describe('page metadata', () => {
  test('canonical URL: rel=canonical, else og:url; resolved; http(s) only', () => {
    expect(read('<link rel="canonical" href="../15/story.html"><meta property="og:url" content="https://other.example/x">').canonicalUrl).toBe('https://www.wire.example/world/2024/03/15/story.html')
    expect(read('<link rel="alternate canonical" href="https://www.wire.example/s">').canonicalUrl).toBe('https://www.wire.example/s')
    expect(read('<meta property="og:url" content="https://www.wire.example/world/story">').canonicalUrl).toBe('https://www.wire.example/world/story')
    expect(read('<link rel="canonical" href="javascript:alert(1)">').canonicalUrl).toBeUndefined()
    expect(read('').canonicalUrl).toBeUndefined()
  })

  test('site name: og:site_name, else application-name, else nothing', () => {
    expect(read('<meta property="og:site_name" content="The Wire"><meta name="application-name" content="Wire App">').siteName).toBe('The Wire')
    expect(read('<meta name="application-name" content="Wire App">').siteName).toBe('Wire App')
    expect(read('<title>Story | The Wire</title>').siteName).toBeUndefined()
  })

  test('headline: og:title, else the h1', () => {
    expect(read('<title>Story | The Wire</title><meta property="og:title" content="Grain deal  extended">', '<h1>Grain deal extended for 60 days</h1>').headline).toBe('Grain deal extended')
    expect(read('<title>Story | The Wire</title>', '<h1>Grain deal <em>extended</em></h1>').headline).toBe('Grain deal extended')
  })

  test('byline: author meta, article:author when it is a name, JSON-LD author', () => {
    expect(read('<meta name="author" content="Lena Vogel"><meta property="article:author" content="Someone Else">').byline).toBe('Lena Vogel')
    expect(read('<meta property="article:author" content="Lena Vogel">').byline).toBe('Lena Vogel')
    expect(read('<meta property="article:author" content="https://www.facebook.com/lena">').byline).toBeUndefined()
    expect(read('<script type="application/ld+json">{"@type":"NewsArticle","headline":"x","author":{"@type":"Person","name":"Sam Ortiz"}}</script>').byline).toBe('Sam Ortiz')
  })

  test('published time: article meta, JSON-LD, <time datetime>; ISO when parseable, as written otherwise', () => {
    expect(read('<meta property="article:published_time" content="2024-03-14T10:30:00+02:00">').publishedTime).toBe('2024-03-14T08:30:00.000Z')
    expect(read('<script type="application/ld+json">[{"@type":"NewsArticle","datePublished":"2024-03-13T23:00:00Z"}]</script>').publishedTime).toBe('2024-03-13T23:00:00.000Z')
    expect(read('', '<article><time datetime="2024-03-12T06:00:00Z">12 March</time></article>').publishedTime).toBe('2024-03-12T06:00:00.000Z')
    expect(read('<meta property="article:published_time" content="Frühjahr 2024">').publishedTime).toBe('Frühjahr 2024')
    expect(read('<script type="application/ld+json">{ not json</script>').publishedTime).toBeUndefined()
  })

  test('language: <html lang>', () => {
    expect(read('').lang).toBe('en-GB')
  })
})
