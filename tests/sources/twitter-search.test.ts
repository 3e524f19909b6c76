import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, searchTwitter, twitterSearchSchema, type SourcesConfig } from '../../server/sources'
import { startServer, type TestServer } from './helpers/server'
import { refusal } from './helpers/refusal'

const recentSearch = readFileSync(new URL('./fixtures/x-recent-search.json', import.meta.url), 'utf8')
const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAtest%2Btoken'

// Real API v2 answers, chosen by the query so one endpoint serves every scenario.
const answers: Record<string, [number, string]> = {
  'hydrogen terminal': [200, recentSearch],
  'nothing matches': [200, JSON.stringify({ meta: { result_count: 0 } })],
  'too often': [429, JSON.stringify({ title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 })],
  '((': [
    400,
    JSON.stringify({
      errors: [{ parameters: { query: ['(('] }, message: 'There were errors processing your request: Rules must contain a non-stopword' }],
      title: 'Invalid Request',
      detail: 'One or more parameters to your request was invalid.',
      type: 'https://api.twitter.com/2/problems/invalid-request',
    }),
  ],
  'odd shape': [200, JSON.stringify({ data: [{ id: 1, text: null }] })],
}

let server: TestServer
let config: SourcesConfig

beforeAll(async () => {
  server = await startServer({
    '/2/tweets/search/recent': (req, res, url) => {
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401, { 'content-type': 'application/problem+json' })
        res.end(JSON.stringify({ title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' }))
        return
      }
      const [status, body] = answers[url.searchParams.get('query') ?? ''] ?? [500, '{}']
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(body)
    },
  })
  config = loadSourcesConfig({
    SOURCES_ALLOW_PRIVATE_NETWORK: 'true',
    X_API_BASE_URL: server.base,
    X_BEARER_TOKEN: TOKEN,
  })
})

afterAll(() => server.close())

describe('recent search', () => {
  test('sends the documented request and joins authors from includes.users', async () => {
    const result = await searchTwitter(' hydrogen terminal ', config)
    const sent = new URL(server.requests.at(-1)?.path ?? '', server.base)
    expect(sent.pathname).toBe('/2/tweets/search/recent')
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      query: 'hydrogen terminal',
      max_results: '50',
      expansions: 'author_id',
      'tweet.fields': 'created_at',
      'user.fields': 'name,username',
    })
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${TOKEN}`)
    expect(twitterSearchSchema.parse(result)).toEqual(result)
    expect(result).toEqual({
      query: 'hydrogen terminal',
      nextToken: 'b26v89c19zqg8o3fr5x4v2vjy7xbm6n2bvhjs9s3tdnuh',
      items: [
        {
          id: '1768231490117046272',
          text: 'Rotterdam approves a second hydrogen import terminal: capacity doubles to 4.6 Mt/yr by 2028 https://t.co/AbCdEf1234',
          authorName: 'Harbour Ledger',
          authorUsername: 'harbourledger',
          createdAt: '2024-03-14T09:12:44.000Z',
          link: 'https://x.com/harbourledger/status/1768231490117046272',
        },
        {
          id: '1768218877312217088',
          text: 'RT @harbourledger: Rotterdam approves a second hydrogen import terminal',
          authorName: 'Energy Wire 🔌',
          authorUsername: 'energywire',
          createdAt: '2024-03-14T08:22:37.000Z',
          link: 'https://x.com/energywire/status/1768218877312217088',
        },
        {
          id: '1768200000000000000',
          text: 'Hydrogen & ammonia: who pays for the cracker? 🧵', // the API's &amp; unescaped
          authorName: '',
          authorUsername: '',
          createdAt: '2024-03-14T07:07:37.000Z',
          link: 'https://x.com/i/web/status/1768200000000000000', // author missing from includes
        },
      ],
    })
  })

  test('no results is an empty list', async () => {
    expect(await searchTwitter('nothing matches', config)).toEqual({ query: 'nothing matches', items: [] })
  })

  test('max_results stays within the API bounds', async () => {
    await searchTwitter('nothing matches', { ...config, maxItems: 3 })
    expect(new URL(server.requests.at(-1)?.path ?? '', server.base).searchParams.get('max_results')).toBe('10')
    await searchTwitter('nothing matches', { ...config, maxItems: 500 })
    expect(new URL(server.requests.at(-1)?.path ?? '', server.base).searchParams.get('max_results')).toBe('100')
  })
})

describe('refusals', () => {
  test('without a token: a configuration error, and no request is made', async () => {
    const before = server.requests.length
    const err = await refusal(searchTwitter('hydrogen terminal', { ...config, twitter: { ...config.twitter, bearerToken: undefined } }))
    expect(err).toMatchObject({
      status: 503,
      code: 'SOURCE_NOT_CONFIGURED',
      reason: 'missing_token',
      message: 'Twitter search is not configured: set X_BEARER_TOKEN on the server',
    })
    expect(server.requests.length).toBe(before)
  })

  test('a token the API rejects', async () => {
    const err = await refusal(searchTwitter('hydrogen terminal', { ...config, twitter: { ...config.twitter, bearerToken: 'wrong' } }))
    expect(err).toMatchObject({ status: 503, reason: 'rejected_token', message: 'Failed to preview Twitter search', detail: 'X API 401: Unauthorized' })
  })

  test('rate limited, invalid query, odd answer', async () => {
    expect(await refusal(searchTwitter('too often', config))).toMatchObject({ status: 429, code: 'RATE_LIMIT', message: 'Failed to preview Twitter search' })
    expect(await refusal(searchTwitter('((', config))).toMatchObject({ status: 400, message: 'Failed to preview Twitter search' })
    expect(await refusal(searchTwitter('odd shape', config))).toMatchObject({ status: 422, reason: 'invalid_response' })
  })

  test('an empty or over-long query', async () => {
    for (const q of ['', '   ', 'x'.repeat(513)]) {
      expect(await refusal(searchTwitter(q, config))).toMatchObject({
        status: 400,
        code: 'VALIDATION_ERROR',
        message: 'Please enter a Twitter search query',
      })
    }
  })
})
