/**
 * `npm run eval:feeds`: the feed reader against the shared corpus of real feeds (../shared/corpus/feeds,
 * 59 RSS/Atom/RDF files with a strict reference reader's findings in expected.jsonl). Each file is served
 * over local HTTP as a publisher would (gzip where the file is gzip bytes) and read by `readRssFeed`, the
 * path a data source takes. Printed per file where the reading differs, then in all: feeds read, titles
 * and item counts matching, and item titles, links and dates matching the reference.
 *
 * A measurement, not a test: it changes nothing and exits 0 (issue 20 item 7 fixes what it finds).
 */
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { z } from 'zod'
import { loadSourcesConfig, readRssFeed } from '../../server/sources'

const CORPUS = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus', 'feeds')

const expectedSchema = z.object({
  file: z.string(),
  gzipped: z.boolean().optional(),
  wellFormed: z.boolean(),
  kind: z.string().optional(),
  title: z.string().nullish(),
  itemCount: z.number().optional(),
  items: z.array(z.object({ title: z.string().nullish(), link: z.string().nullish(), date: z.string().nullish() })).optional(),
})
type Expected = z.infer<typeof expectedSchema>

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim()
const sameDate = (a: string | null | undefined, b: string | null | undefined) => (!a && !b) || (!!a && !!b && Date.parse(a) === Date.parse(b))

async function main(): Promise<void> {
  const expected = readFileSync(join(CORPUS, 'expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => expectedSchema.parse(JSON.parse(line)))
  const server = createServer((req, res) => {
    const entry = expected.find((e) => `/${e.file}` === decodeURIComponent(req.url ?? ''))
    if (!entry) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/xml', ...(entry.gzipped ? { 'content-encoding': 'gzip' } : {}) })
    res.end(readFileSync(join(CORPUS, entry.file)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', SOURCES_MAX_ITEMS: '500' })
  const totals = { feeds: 0, read: 0, titles: 0, counts: 0, items: 0, itemTitles: 0, itemLinks: 0, relativeLinks: 0, itemDates: 0, refusedNonFeeds: 0, nonFeeds: 0 }
  try {
    for (const e of expected) await evaluate(e, base, config, totals)
  } finally {
    server.close()
  }
  const pct = (n: number, d: number) => `${n}/${d} (${d === 0 ? '—' : ((100 * n) / d).toFixed(1)}%)`
  console.log('')
  console.log(`feeds read             ${pct(totals.read, totals.feeds)}`)
  console.log(`feed title as expected ${pct(totals.titles, totals.feeds)}`)
  console.log(`item count as expected ${pct(totals.counts, totals.feeds)}`)
  console.log(`item titles            ${pct(totals.itemTitles, totals.items)}`)
  console.log(`item links             ${pct(totals.itemLinks, totals.items - totals.relativeLinks)} (${totals.relativeLinks} relative in the reference, not scored)`)
  console.log(`item dates             ${pct(totals.itemDates, totals.items)}`)
  console.log(`non-feeds refused      ${pct(totals.refusedNonFeeds, totals.nonFeeds)}`)
}

async function evaluate(e: Expected, base: string, config: ReturnType<typeof loadSourcesConfig>, totals: Record<string, number>): Promise<void> {
  const isFeed = e.wellFormed && e.kind !== undefined && !e.kind.startsWith('not-a-feed')
  const got = await readRssFeed(`${base}/${e.file}`, config).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
  if (!isFeed) {
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
    if (item && squash(item.title) === squash(want.title)) totals.itemTitles = (totals.itemTitles ?? 0) + 1
    else differs('titles', item?.title, want.title)
    // The reference keeps a relative link as written; what it resolves to (xml:base, the feed's address) is
    // not in it, so such links are counted apart, not scored.
    if (want.link && !/^[a-z][a-z0-9+.-]*:/i.test(want.link)) totals.relativeLinks = (totals.relativeLinks ?? 0) + 1
    else if (item && (item.link ?? '') === (want.link ?? '')) totals.itemLinks = (totals.itemLinks ?? 0) + 1
    else differs('links', item?.link, want.link)
    if (item && sameDate(item.publishDate, want.date)) totals.itemDates = (totals.itemDates ?? 0) + 1
    else differs('dates', item?.publishDate, want.date)
  }
  for (const [what, { count, example }] of Object.entries(wrong)) if (count > 0) notes.push(`${count} item ${what} differ, e.g. ${example}`)
  if (notes.length > 0) console.log(`${e.file}: ${notes.join('; ')}`)
}

await main()
