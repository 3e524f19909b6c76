/**
 * Hostile files and feeds against the real server, pipeline and readers (issue 9, Security 3). The corpus
 * is built here: a docx zip bomb, a pdf with JavaScript and a huge object stream, an executable renamed
 * to .pdf, a 60 MB upload, a billion-laughs RSS feed, a 50 MB HTML page, a redirect loop, a feed at a
 * loopback "admin" port while private addresses are not allowed, and an RSS item whose link is
 * `javascript:`. Each is refused with a clear error in the product's words; the server keeps answering;
 * the process's memory stays bounded; and a refused document ends as an error card with nothing
 * half-written (no stored content, no frames, no upload bytes left behind).
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { getEvent } from '../../../server/modules/session-data/queries'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { createSourceReaders, loadSourcesConfig } from '../../../server/sources'
import { makeZip } from '../../sources/helpers/files'
import { reply, startServer, type TestServer } from '../../sources/helpers/server'
import { openTestStore, TEST_JOBS, waitFor } from '../pipeline/support'
import { emulatorUser, testApp, type TestUser } from '../support/harness'

const MB = 1024 * 1024

const billionLaughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
<rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title><link>http://example.com/a</link></item></channel></rss>`

const javascriptFeed = `<?xml version="1.0"?><rss version="2.0"><channel><title>Links</title>
<item><title>Click me</title><link>javascript:alert(document.cookie)</link><description>A trap</description></item>
<item><title>Real story</title><link>https://news.example.com/real</link><description>Rates held</description></item>
</channel></rss>`

/** A pdf whose catalog runs JavaScript on open and whose one stream claims a gigabyte. */
function hostilePdf(): Buffer {
  const objects = [
    '1 0 obj << /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R >> endobj',
    '4 0 obj << /S /JavaScript /JS (app.alert("pwned")) >> endobj',
    `5 0 obj << /Length 1073741824 /Filter /FlateDecode >> stream\n${'x'.repeat(2 * MB)}\nendstream endobj`,
  ]
  return Buffer.from(`%PDF-1.7\n${objects.join('\n')}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1')
}

describe('hostile files and feeds', () => {
  const clock = manualClock(Date.now())
  let db: Database
  let pipeline: PipelineService
  let app: FastifyInstance
  let guarded: FastifyInstance
  let site: TestServer
  let admin: TestServer
  let user: TestUser
  let sessionId: string
  let rssBefore: number

  const call = (target: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
    target.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload ? { payload } : {}) })

  beforeAll(async () => {
    site = await startServer({
      '/laughs.xml': reply(billionLaughs, { 'content-type': 'application/rss+xml' }),
      '/links.xml': reply(javascriptFeed, { 'content-type': 'application/rss+xml' }),
      '/huge.html': reply(`<html><body><p>${'All work and no play. '.repeat((50 * MB) / 22)}</p></body></html>`, { 'content-type': 'text/html' }),
      '/loop': (_req, res) => {
        res.writeHead(302, { location: '/loop' })
        res.end()
      },
    })
    admin = await startServer({ '/feed.xml': reply(javascriptFeed, { 'content-type': 'application/rss+xml' }) })
    db = (await openTestStore('pglite')).db
    const open = createSourceReaders(loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true' }))
    // One id sequence for the pipeline and both apps: they share the store.
    const ids = sequentialIds()
    pipeline = createPipeline({ db, clock, ids, analyser: createLocalAnalyser(), sources: open, jobs: TEST_JOBS, sourceRuns: { cron: null } })
    await pipeline.start({ workers: true })
    ;({ app } = await testApp(db, { clock, ids, pipeline, sourceReaders: open }))
    // The same store behind the default readers: private and loopback addresses refused.
    ;({ app: guarded } = await testApp(db, { clock, ids, pipeline, sourceReaders: createSourceReaders(loadSourcesConfig({})) }))
    user = await emulatorUser('hostile-inputs@gmail.com')
    const research = (await call(app, 'POST', '/researches', { title: 'Hostile' })).json() as { sessions: Array<{ id: string }> }
    sessionId = research.sessions[0]!.id
    global.gc?.()
    rssBefore = process.memoryUsage().rss
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await guarded?.close()
    await pipeline?.stop()
    await site?.close()
    await admin?.close()
  })

  /** Uploads a file into the workspace (`settled` then waits for an accepted one's final status). */
  const upload = (fileName: string, bytes: Buffer) => call(app, 'POST', '/upload', { contentBase64: bytes.toString('base64'), fileName }, { 'x-session-id': sessionId })

  async function settled(eventId: string) {
    await pipeline.drain()
    return waitFor(
      async () => {
        const e = await getEvent(db, 'hostile-inputs@gmail.com', eventId)
        return e && (e.status === 'error' || e.status === 'completed') ? e : null
      },
      30_000,
      `event ${eventId} to settle`,
    )
  }

  async function leftovers(eventId: string) {
    const count = async (table: string) =>
      Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE tenant_id = $1 AND event_id = $2`, ['hostile-inputs@gmail.com', eventId]))[0]!.n)
    return { contents: await count('pipeline_contents'), frames: await count('action_frames'), inputs: await count('pipeline_inputs') }
  }

  test('a docx zip bomb, a pdf with JavaScript and a gigabyte stream, and a renamed executable end as error cards, nothing half-written', async () => {
    const bomb = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.alloc(16 * MB, 0x20) },
    ])
    const exe = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(4096, 0x90)])
    for (const [name, bytes] of [
      ['quarterly.docx', bomb],
      ['invoice.pdf', hostilePdf()],
      ['report.pdf', exe],
    ] as const) {
      const res = await upload(name, bytes)
      expect(res.statusCode, res.body).toBe(202)
      const event = await settled((res.json() as { eventId: string }).eventId)
      expect({ name, status: event.status }).toEqual({ name, status: 'error' })
      // The spec's text and the reason, or (a pdf that parses to nothing) the plain fact that it holds no text.
      expect(event.error, name).toMatch(/^Failed to parse document: .+|^Nothing to analyse: no text found/)
      expect(await leftovers(event.id)).toEqual({ contents: 0, frames: 0, inputs: 0 })
    }
  })

  test('a 60 MB upload is refused before anything is stored', async () => {
    const before = Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`))[0]!.n)
    const res = await upload('big.pdf', Buffer.alloc(60 * MB, 0x41))
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/File too large/) })
    expect(Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM events`))[0]!.n)).toBe(before)
  })

  test('a 50 MB page and a redirect loop end as error cards with the reader’s reason', async () => {
    for (const path of ['/huge.html', '/loop']) {
      const res = await call(app, 'POST', '/ingest-url', { url: `${site.base}${path}` }, { 'x-session-id': sessionId })
      expect(res.statusCode, res.body).toBe(202)
      const event = await settled((res.json() as { eventId: string }).eventId)
      expect({ path, status: event.status }).toEqual({ path, status: 'error' })
      expect(event.error, path).toMatch(/website/i)
      expect(await leftovers(event.id)).toEqual({ contents: 0, frames: 0, inputs: 0 })
    }
  })

  test('a billion-laughs feed is refused; a javascript: link never becomes a link', async () => {
    const create = async (target: FastifyInstance, url: string) =>
      ((await call(target, 'POST', '/datasources', { displayName: 'Feed', kind: 'rss', researchId: (await researchOf()).id, sessionId, sourceDetails: { rssUrl: url } })).json() as { id: string }).id
    const laughs = await call(app, 'GET', `/datasources/${await create(app, `${site.base}/laughs.xml`)}/preview`)
    expect(laughs.statusCode).toBe(502)
    expect(laughs.json()).toEqual({ code: 'SOURCE_FAILED', message: 'Failed to load RSS preview' })

    const links = await call(app, 'GET', `/datasources/${await create(app, `${site.base}/links.xml`)}/preview`)
    expect(links.statusCode, links.body).toBe(200)
    const items = (links.json() as { items: Array<{ title: string; link?: string | null }> }).items
    expect(items.map((i) => [i.title, i.link ?? null])).toEqual([
      ['Click me', null],
      ['Real story', 'https://news.example.com/real'],
    ])
    expect(JSON.stringify(items)).not.toMatch(/javascript:/i)
  })

  test('a feed at a loopback admin port is refused when private addresses are not allowed, and nothing is fetched', async () => {
    const research = await researchOf()
    const created = await call(guarded, 'POST', '/datasources', { displayName: 'Admin', kind: 'rss', researchId: research.id, sessionId, sourceDetails: { rssUrl: `${admin.base}/feed.xml` } })
    expect(created.statusCode, created.body).toBe(201)
    const res = await call(guarded, 'GET', `/datasources/${(created.json() as { id: string }).id}/preview`)
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.statusCode).toBeLessThan(503)
    expect((res.json() as { message: string }).message).toMatch(/RSS|address|private|allowed/i)
    expect(admin.requests).toEqual([])
  })

  test('after all of it the server answers and memory stayed bounded', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200)
    global.gc?.()
    const grown = (process.memoryUsage().rss - rssBefore) / MB
    console.info(`[hostile] resident memory grew by ${grown.toFixed(0)} MB`)
    // A 60 MB upload is held once as base64 and once as bytes; nothing should keep several copies.
    expect(grown).toBeLessThan(600)
  })

  async function researchOf(): Promise<{ id: string }> {
    const list = (await call(app, 'GET', '/researches')).json() as { items: Array<{ id: string }> }
    return list.items[0]!
  }
})
