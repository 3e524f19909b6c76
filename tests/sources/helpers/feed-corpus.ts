/**
 * The shared feed corpus (../shared/corpus/feeds: real RSS/Atom/RDF files and a strict reference reader's
 * findings in expected.jsonl), served over local HTTP as a publisher would (gzip where the file is gzip
 * bytes), and the rules for comparing a reading with the reference. Used by `npm run eval:feeds` and by
 * tests/sources/feed-corpus.test.ts, so the measurement and the test agree on what "right" is.
 *
 * Compared as the corpus README suggests: titles with whitespace and case ignored (the reference leaves a
 * space where an inline tag was: `1930ft<sup>2</sup>` is "1930ft 2" there); links exactly, a relative one
 * in the reference resolved against the address the file was served from, as the reference asks, and a
 * non-http(s) one (`tag:`) expected as null, the reader's policy; dates as the same instant to the second
 * (the reference drops fractions a feed writes, such as feedburner's `.001`).
 */
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { z } from 'zod'

export const expectedSchema = z.object({
  file: z.string(),
  gzipped: z.boolean().optional(),
  wellFormed: z.boolean(),
  kind: z.string().optional(),
  title: z.string().nullish(),
  itemCount: z.number().optional(),
  items: z.array(z.object({ title: z.string().nullish(), link: z.string().nullish(), date: z.string().nullish() })).optional(),
})
export type Expected = z.infer<typeof expectedSchema>

/** The corpus folder, or null on a machine without it (SIGHTLINE_CORPUS overrides ../shared/corpus). */
export function feedCorpusDir(): string | null {
  const dir = join(process.env.SIGHTLINE_CORPUS ?? resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'corpus'), 'feeds')
  return existsSync(join(dir, 'expected.jsonl')) ? dir : null
}

export function loadExpected(dir: string): Expected[] {
  return readFileSync(join(dir, 'expected.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => expectedSchema.parse(JSON.parse(line)))
}

/** Serves every corpus file at `/<file>` as `application/xml` with no charset, as the reference reads it. */
export async function serveCorpus(dir: string, expected: readonly Expected[]): Promise<{ base: string; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const entry = expected.find((e) => `/${e.file}` === decodeURIComponent(req.url ?? ''))
    if (!entry) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': 'application/xml', ...(entry.gzipped ? { 'content-encoding': 'gzip' } : {}) })
    res.end(readFileSync(join(dir, entry.file)))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}

/** A well-formed feed the reader must read. */
export const isFeed = (e: Expected) => e.wellFormed && e.kind !== undefined && !e.kind.startsWith('not-a-feed')

/** An HTML page rather than a feed the reference could not parse: it must be refused. */
export const isHtmlPage = (dir: string, e: Expected) => !isFeed(e) && !/<(rss|feed|rdf:RDF)\b/i.test(readFileSync(join(dir, e.file), 'latin1'))

export const sameTitle = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').replace(/\s+/g, '').toLowerCase() === (b ?? '').replace(/\s+/g, '').toLowerCase()

const toSecond = (iso: string) => Math.floor(Date.parse(iso) / 1000)
export const sameDate = (a: string | null | undefined, b: string | null | undefined) => (!a && !b) || (!!a && !!b && toSecond(a) === toSecond(b))

/**
 * The link the reader should give for the reference's: an absolute http(s) one as written (a bare host
 * keeps having no slash), a relative one resolved against the feed's address, any other scheme null.
 */
export function expectedLink(link: string | null | undefined, feedUrl: string): string | null {
  if (!link) return null
  const url = new URL(link, feedUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  return /^https?:/i.test(link) ? link : url.href
}

/** Whether the reference keeps this link relative (before the comparison resolves it). */
export const isRelative = (link: string | null | undefined) => !!link && !/^[a-z][a-z0-9+.-]*:/i.test(link)
