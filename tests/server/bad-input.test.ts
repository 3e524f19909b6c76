/**
 * Bad input answered in the product's words, never a 500 (issue 15): NUL characters and unpaired
 * surrogates in every text field that reaches the database are refused with 400 VALIDATION_ERROR naming
 * the field — except pasted text, which is cleaned; a text of emoji alone is taken; paging parameters are
 * whole numbers in range; tags are bounded in number and length; continuation tokens cannot carry a
 * value the database would choke on. Through app.inject with real emulator users, on both databases.
 */
import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { getDataSource } from '../../server/modules/data-sources/queries'
import { PAGE_LIMIT_MAX } from '../../src/protocol/api'
import { TextBounds } from '../../src/protocol/input-text'
import { dialects, emulatorUser, type recordingPipeline, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'

const NUL = 'a\u0000b'
const HALF_EMOJI = 'a\ud83db' // the high half of 😀 alone
const LOW_HALF = '\ude00x'
const nul = (field: string) => ({ code: 'VALIDATION_ERROR', message: `${field}: must not contain NUL characters` })
const surrogate = (field: string) => ({ code: 'VALIDATION_ERROR', message: `${field}: must not contain an unpaired surrogate (a broken character)` })

describe.each(dialects())('bad input on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let pipeline: ReturnType<typeof recordingPipeline>
  let ana: TestUser
  let researchId: string
  let sessionId: string
  const tenant = 'ana@bad-input.acme.io' // ana's personal tenant: she never created a record (issue 16)

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@bad-input.acme.io')
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app, pipeline } = await testApp(db))
    const research = (await call('POST', '/researches', { title: 'Hardening' })).json()
    researchId = research.id
    sessionId = research.sessions[0].id
  })

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...ana.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })

  describe('NUL and unpaired surrogates', () => {
    // Every text field a user can type, with the request that carries it and the field the answer names.
    const bodies = (bad: string): Array<[string, 'POST' | 'PUT', () => string, unknown, string]> => [
      ['research title', 'POST', () => '/researches', { title: bad }, 'title'],
      ['research tag', 'POST', () => '/researches', { title: 'ok', tags: ['fine', bad] }, 'tags.1'],
      ['research description', 'POST', () => '/researches', { title: 'ok', description: bad }, 'description'],
      ['workspace title', 'POST', () => `/researches/${researchId}/sessions`, { title: bad }, 'title'],
      ['project name', 'POST', () => '/projects', { displayName: bad }, 'displayName'],
      ['project description', 'POST', () => '/projects', { displayName: 'ok', description: bad }, 'description'],
      ['display name', 'PUT', () => `/users/${ana.uid}`, { displayName: bad }, 'displayName'],
      ['data source name', 'POST', () => '/datasources', { displayName: bad, kind: 'rss', researchId, sessionId }, 'displayName'],
      ['data source detail', 'POST', () => '/datasources', { displayName: 'Feed', kind: 'rss', researchId, sessionId, sourceDetails: { rssUrl: bad } }, 'sourceDetails.rssUrl'],
      ['upload file name', 'POST', () => '/upload', { sessionId, contentBase64: 'aGVsbG8=', fileName: `${bad}.txt` }, 'fileName'],
      ['ingested title', 'POST', () => '/ingest', { sessionId, text: 'Rates held.', title: bad }, 'title'],
      ['web address', 'POST', () => '/ingest-url', { sessionId, url: `https://example.org/${bad}` }, 'url'],
      ['pulse query', 'POST', () => '/dashboard/pulse', { query: bad }, 'query'],
      ['explore query', 'POST', () => '/explore', { query: bad }, 'query'],
      ['search preview', 'POST', () => '/datasources/preview-search', { searchQuery: bad }, 'searchQuery'],
      ['new project on commit', 'POST', () => `/researches/${researchId}/commit`, { commitAction: 'createNewProject', newProjectDetails: { displayName: bad } }, 'newProjectDetails.displayName'],
      ['processed URL', 'POST', () => '/processed-urls', { url: bad }, 'url'],
    ]

    test.each([
      ['NUL', NUL, nul],
      ['a lone high surrogate', HALF_EMOJI, surrogate],
      ['a lone low surrogate', LOW_HALF, surrogate],
    ] as const)('%s in any typed field: 400 naming the field, nothing stored', async (_, bad, expected) => {
      for (const [what, method, url, payload, field] of bodies(bad)) {
        const res = await call(method, url(), payload)
        expect({ what, status: res.statusCode, body: res.json() }).toEqual({ what, status: 400, body: expected(field) })
      }
      expect((await call('GET', '/researches')).json().items).toHaveLength(1)
      expect((await call('GET', '/projects')).json().items).toEqual([])
      expect(pipeline.ingested).toEqual([])
    })

    test('in a key of the source details, a path parameter, a query string or a header', async () => {
      const key = await call('POST', '/datasources', { displayName: 'Feed', kind: 'rss', researchId, sessionId, sourceDetails: { [NUL]: 'x' } })
      expect(key.json()).toEqual(nul('sourceDetails.a_b'))
      expect((await call('GET', `/researches/${encodeURIComponent(NUL)}`)).json()).toEqual(nul('id'))
      // A surrogate half written as UTF-8 bytes is no character at all: the address itself is refused.
      expect((await call('DELETE', `/researches/${researchId}/sessions/%ED%A0%BD`)).statusCode).toBe(400)
      expect((await call('GET', `/sources/discover?query=${encodeURIComponent(NUL)}`)).json()).toEqual(nul('query'))
      expect((await call('GET', `/entity/resolve?name=${encodeURIComponent(NUL)}`)).json()).toEqual(nul('name'))
      expect((await call('GET', `/connections?participant=${encodeURIComponent(NUL)}`)).json()).toEqual(nul('participant'))
      expect((await call('GET', `/processed-urls/${encodeURIComponent(encodeURIComponent(NUL))}`)).json()).toEqual(nul('url'))
      expect((await call('GET', '/processed-urls/%25')).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'url: is not a validly encoded address' })
      expect((await call('POST', '/ingest', { text: 'Rates held.' }, { 'x-session-id': NUL })).json()).toEqual(nul('x-session-id'))
      expect(pipeline.ingested).toEqual([])
    })

    test('pasted text is cleaned instead: NULs dropped, half emoji replaced, the rest analysed as sent', async () => {
      const res = await call('POST', '/ingest', { sessionId, text: `Rates\u0000 held ${HALF_EMOJI} 😀 today.` })
      expect(res.statusCode).toBe(202)
      expect(pipeline.ingested.map((r) => r.input)).toEqual([{ kind: 'text', text: 'Rates held a\ufffdb 😀 today.', title: null }])
      const source = await getDataSource(db, tenant, res.json().dataSourceId)
      expect(source?.display_name).toBe('Text: Rates held a\ufffdb 😀 today.')
    })

    test('a text of emoji alone is taken, and its source name is cut between characters, not inside one', async () => {
      // 'a' first puts every emoji's halves across the 40th and 200th units, where the name and snippet are cut.
      for (const text of ['😀👍🏽❤️🎉'.repeat(40), `a${'😀'.repeat(150)}`, '★☆✦✧ !!! ??? ---'.repeat(20)]) {
        const res = await call('POST', '/ingest', { sessionId, text })
        expect(res.statusCode, res.body).toBe(202)
        const source = await getDataSource(db, tenant, res.json().dataSourceId)
        expect(text.startsWith(source!.display_name.slice('Text: '.length))).toBe(true)
        expect(source!.display_name).not.toMatch(/[\ud800-\udbff]$/)
      }
      expect(pipeline.ingested).toHaveLength(3)
    })
  })

  describe('paging parameters', () => {
    const lists = () => ['/researches', `/researches/${researchId}/sessions`, `/researches/${researchId}/events`, `/researches/${researchId}/action-frames`]

    test.each([
      ['offset', '-1'],
      ['offset', '1.5'],
      ['offset', '1e20'],
      ['offset', '99999999999'],
      ['offset', 'abc'],
      ['limit', '0'],
      ['limit', '-5'],
      ['limit', '2.5'],
      ['limit', String(PAGE_LIMIT_MAX + 1)],
      ['limit', '1e20'],
      ['limit', ''],
    ])('%s=%s: 400 naming the field on every list', async (field, value) => {
      for (const url of lists()) {
        const res = await call('GET', `${url}?${field}=${encodeURIComponent(value)}`)
        expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({
          url,
          status: 400,
          body: { code: 'VALIDATION_ERROR', message: expect.stringMatching(new RegExp(`^${field}: must be a whole number from \\d+ to \\d+$`)) },
        })
      }
    })

    test('whole numbers in range still page', async () => {
      for (const url of lists()) expect((await call('GET', `${url}?limit=${PAGE_LIMIT_MAX}&offset=0`)).statusCode, url).toBe(200)
      expect((await call('GET', '/researches?limit=1&offset=1')).json().items).toEqual([])
    })

    test('page-size headers are whole numbers in range too', async () => {
      for (const value of ['0', '-1', '1.5', '1e20', '501', 'ten']) {
        for (const url of ['/researches', `/researches/${researchId}/sessions`, '/sources/discover']) {
          expect((await call('GET', url, undefined, { 'x-page-size': value })).json(), `${url} ${value}`).toEqual({
            code: 'VALIDATION_ERROR',
            message: 'x-page-size: must be a whole number from 1 to 500',
          })
        }
      }
      const data = `/researches/${researchId}/sessions/${sessionId}/data`
      expect((await call('GET', data, undefined, { 'x-events-page-size': '0', 'x-frames-page-size': '5000' })).statusCode).toBe(200)
      expect((await call('GET', data, undefined, { 'x-events-page-size': '5001' })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'x-events-page-size: must be a whole number from 0 to 5000' })
      expect((await call('GET', data, undefined, { 'x-frames-page-size': '-1' })).json().message).toMatch(/^x-frames-page-size: /)
    })

    test('continuation tokens that would overflow or choke the database start from the top instead', async () => {
      const token = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
      const huge = await call('GET', `/researches?continuationToken=${token({ o: 1e20 })}`)
      expect(huge.statusCode).toBe(200)
      expect(huge.json().items).toHaveLength(1)
      const data = `/researches/${researchId}/sessions/${sessionId}/data`
      for (const forged of [
        { t: '2024-02-30T10:00:00Z', i: 'x' },
        { t: '2024-01-01T25:00:00Z', i: 'x' },
        { t: '2024-01-01T10:00:00Z', i: NUL },
      ]) {
        expect((await call('GET', data, undefined, { 'x-events-continuation-token': token(forged) })).statusCode, JSON.stringify(forged)).toBe(200)
      }
      const project = (await call('POST', '/projects', { displayName: 'Cursor' })).json()
      for (const forged of [
        ['2024-02-30T10:00:00.000Z', 'x'],
        ['2024-01-01T10:00:00.000Z', NUL],
      ]) {
        expect((await call('GET', `/projects/${project.id}/documents?after=${token(forged)}`)).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'after: not a cursor this API gave' })
      }
    })
  })

  describe('tags and other free text are bounded', () => {
    const tags = (n: number, length = 8) => Array.from({ length: n }, (_, i) => `${i}`.padStart(length, 't'))

    test(`at most ${TextBounds.tags} tags of ${TextBounds.tag} characters, in the product's words`, async () => {
      expect((await call('POST', '/researches', { title: 'Many', tags: tags(TextBounds.tags + 1) })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'tags: A research has at most 50 tags' })
      expect((await call('POST', '/researches', { title: 'Flood', tags: tags(50_000) })).statusCode).toBe(400)
      expect((await call('POST', '/researches', { title: 'Long', tags: ['ok', 'x'.repeat(TextBounds.tag + 1)] })).json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'tags.1: A tag has at most 64 characters',
      })
      expect((await call('POST', '/researches', { title: 'Heavy', tags: tags(1000, 10_000) })).statusCode).toBe(400)
      const fits = await call('POST', '/researches', { title: 'Fits', tags: [...tags(TextBounds.tags - 1, TextBounds.tag), `  ${'y'.repeat(TextBounds.tag)}  `] })
      expect(fits.statusCode).toBe(201)
      expect(fits.json().tags).toHaveLength(TextBounds.tags)
      expect(
        (await call('GET', '/researches'))
          .json()
          .items.map((r: { title: string }) => r.title)
          .sort(),
      ).toEqual(['Fits', 'Hardening'])
    })

    test('titles, descriptions and display names have their bounds', async () => {
      const over = (n: number) => 'x'.repeat(n + 1)
      for (const [url, payload, field] of [
        ['/researches', { title: over(TextBounds.title) }, 'title'],
        ['/researches', { title: 'ok', description: over(TextBounds.description) }, 'description'],
        [`/researches/${researchId}/sessions`, { title: over(TextBounds.title) }, 'title'],
        ['/projects', { displayName: over(TextBounds.displayName) }, 'displayName'],
        ['/datasources', { displayName: over(TextBounds.displayName), kind: 'rss', researchId, sessionId }, 'displayName'],
      ] as const) {
        const res = await call('POST', url, payload)
        expect({ url, status: res.statusCode, message: res.json().message }).toMatchObject({ url, status: 400, message: expect.stringMatching(new RegExp(`^${field}: `)) })
      }
      expect((await call('PUT', `/users/${ana.uid}`, { displayName: over(TextBounds.displayName) })).json().message).toMatch(/^displayName: /)
    })
  })
})
