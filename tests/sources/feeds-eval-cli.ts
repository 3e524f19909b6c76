/**
 * `npm run eval:feeds`: the feed reader against the shared corpus of real feeds (../shared/corpus/feeds,
 * 59 RSS/Atom/RDF files with a strict reference reader's findings in expected.jsonl). Each file is served
 * over local HTTP as a publisher would (gzip where the file is gzip bytes) and read by `readRssFeed`, the
 * path a data source takes. Printed per file where the reading differs, then in all: feeds read, titles
 * and item counts matching, and item titles, links and dates matching the reference, by the rules of
 * tests/sources/helpers/feed-corpus.ts. Of the four files the reference cannot parse, the two HTML pages
 * must be refused; the two ill-formed feeds (undeclared Latin-1, an unescaped `&`) may be read, as the
 * source projects' own tests expect, and are counted apart.
 *
 * A measurement, not a test: it changes nothing and exits 0 (tests/sources/feed-corpus.test.ts holds the
 * figures).
 */
import { loadSourcesConfig, readRssFeed } from '../../server/sources'
import { type Expected, expectedLink, feedCorpusDir, isFeed, isHtmlPage, isRelative, loadExpected, sameDate, sameTitle, serveCorpus } from './helpers/feed-corpus'

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()

async function main(): Promise<void> {
  const dir = feedCorpusDir()
  if (!dir) throw new Error('No feed corpus: expected ../shared/corpus/feeds (or SIGHTLINE_CORPUS)')
  const expected = loadExpected(dir)
  const server = await serveCorpus(dir, expected)
  const config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_MAX_ITEMS: '500' })
  const totals = { feeds: 0, read: 0, titles: 0, counts: 0, items: 0, itemTitles: 0, itemLinks: 0, relativeLinks: 0, itemDates: 0, refusedNonFeeds: 0, nonFeeds: 0, illFormed: 0, illFormedRead: 0 }
  try {
    for (const e of expected) await evaluate(dir, e, server.base, config, totals)
  } finally {
    await server.close()
  }
  const pct = (n: number, d: number) => `${n}/${d} (${d === 0 ? '—' : ((100 * n) / d).toFixed(1)}%)`
  console.log('')
  console.log(`feeds read             ${pct(totals.read, totals.feeds)}`)
  console.log(`feed title as expected ${pct(totals.titles, totals.feeds)}`)
  console.log(`item count as expected ${pct(totals.counts, totals.feeds)}`)
  console.log(`item titles            ${pct(totals.itemTitles, totals.items)}`)
  console.log(`item links             ${pct(totals.itemLinks, totals.items)} (${totals.relativeLinks} relative in the reference, resolved against the feed's address)`)
  console.log(`item dates             ${pct(totals.itemDates, totals.items)}`)
  console.log(`non-feeds refused      ${pct(totals.refusedNonFeeds, totals.nonFeeds)}`)
  console.log(`ill-formed feeds read  ${pct(totals.illFormedRead, totals.illFormed)} (a bonus: refusing them is acceptable)`)
}

async function evaluate(dir: string, e: Expected, base: string, config: ReturnType<typeof loadSourcesConfig>, totals: Record<string, number>): Promise<void> {
  const got = await readRssFeed(`${base}/${e.file}`, config).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
  if (!isFeed(e) && !isHtmlPage(dir, e)) {
    totals.illFormed = (totals.illFormed ?? 0) + 1
    if (got instanceof Error) console.log(`${e.file}: ill-formed feed, refused (${got.message})`)
    else totals.illFormedRead = (totals.illFormedRead ?? 0) + 1
    return
  }
  if (!isFeed(e)) {
    totals.nonFeeds = (totals.nonFeeds ?? 0) + 1
    if (got instanceof Error) totals.refusedNonFeeds = (totals.refusedNonFeeds ?? 0) + 1
    else console.log(`${e.file}: not a feed (${e.kind ?? 'not well-formed'}), read as one with ${got.items.length} items`)
    return
  }
  totals.feeds = (totals.feeds ?? 0) + 1
  if (got instanceof Error) {
    console.log(`${e.file}: refused (${got.message})`)
    return
  }
  totals.read = (totals.read ?? 0) + 1
  const notes: string[] = []
  if (squash(got.title) === squash(e.title)) totals.titles = (totals.titles ?? 0) + 1
  else notes.push(`title ${JSON.stringify(got.title ?? null)} ≠ ${JSON.stringify(e.title ?? null)}`)
  if (got.items.length === e.itemCount) totals.counts = (totals.counts ?? 0) + 1
  else notes.push(`${got.items.length} items ≠ ${e.itemCount}`)
  // Per field: how many items differ, and the first difference as an example.
  const wrong: Record<'titles' | 'links' | 'dates', { count: number; example: string }> = { titles: { count: 0, example: '' }, links: { count: 0, example: '' }, dates: { count: 0, example: '' } }
  const differs = (field: keyof typeof wrong, gotValue: unknown, wantValue: unknown) => {
    if (wrong[field].count++ === 0) wrong[field].example = `${JSON.stringify(gotValue ?? null)} for ${JSON.stringify(wantValue ?? null)}`
  }
  for (const [i, want] of (e.items ?? []).entries()) {
    const item = got.items[i]
    totals.items = (totals.items ?? 0) + 1
    if (item && sameTitle(item.title, want.title)) totals.itemTitles = (totals.itemTitles ?? 0) + 1
    else differs('titles', item?.title, want.title)
    if (isRelative(want.link)) totals.relativeLinks = (totals.relativeLinks ?? 0) + 1
    const wantLink = expectedLink(want.link, `${base}/${e.file}`)
    if (item && (item.link ?? null) === wantLink) totals.itemLinks = (totals.itemLinks ?? 0) + 1
    else differs('links', item?.link, wantLink)
    if (item && sameDate(item.publishDate, want.date)) totals.itemDates = (totals.itemDates ?? 0) + 1
    else differs('dates', item?.publishDate, want.date)
  }
  for (const [what, { count, example }] of Object.entries(wrong)) if (count > 0) notes.push(`${count} item ${what} differ, e.g. ${example}`)
  if (notes.length > 0) console.log(`${e.file}: ${notes.join('; ')}`)
}

await main()
