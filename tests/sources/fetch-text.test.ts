import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { FetchError, fetchText, isNonPublicAddress, toSourceError } from '../../server/sources'
import { reply, startServer, type TestServer } from './helpers/server'

const LOCAL = { allowPrivateNetwork: true, timeoutMs: 2000 }

let server: TestServer
let other: TestServer
let streamedBytes = 0

beforeAll(async () => {
  other = await startServer({
    '/echo-auth': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`auth=${req.headers.authorization ?? 'none'}`)
    },
  })
  server = await startServer({
    '/latin1': reply(Buffer.from('Café crème', 'latin1'), { 'content-type': 'text/plain; charset=iso-8859-1' }),
    '/meta-charset': reply(Buffer.from('<html><head><meta charset="windows-1252"></head><body>\u0093quoted\u0094</body></html>', 'latin1'), {
      'content-type': 'text/html',
    }),
    '/gzip': reply(zlib.gzipSync('compressed hello'), { 'content-encoding': 'gzip', 'content-type': 'text/plain' }),
    '/gzip-bomb': reply(zlib.gzipSync(Buffer.alloc(40 * 1024 * 1024)), { 'content-encoding': 'gzip' }),
    '/big-declared': reply(Buffer.alloc(300_000, 0x61), { 'content-type': 'text/plain' }),
    '/endless': (_req, res) => {
      // Chunked, no content-length: the reader must stop on its own.
      res.writeHead(200, { 'content-type': 'text/plain' })
      const chunk = Buffer.alloc(16 * 1024, 0x62)
      const pump = () => {
        while (!res.destroyed && streamedBytes < 50 * 1024 * 1024) {
          streamedBytes += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      pump()
    },
    '/hang': () => {
      // Never answers.
    },
    '/drip': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.write('first bytes…')
    },
    '/status-500': reply('oops', {}, 500),
    '/status-429': reply('slow down', {}, 429),
    '/r/0': reply('arrived'),
    // /r/N redirects to /r/N-1 with a path-relative Location.
    ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`/r/${n}`, reply('', { location: String(n - 1) }, n % 2 ? 302 : 301)])),
    '/r/file': reply('', { location: 'file:///etc/passwd' }, 302),
    '/to-other': (_req, res) => {
      res.writeHead(302, { location: `${other.base}/echo-auth` }).end()
    },
    '/same-origin-auth': (req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`auth=${req.headers.authorization ?? 'none'}`)
    },
    '/to-same': (_req, res) => {
      res.writeHead(307, { location: '/same-origin-auth' }).end()
    },
  })
})

afterAll(async () => {
  await server.close()
  await other.close()
})

function redirectChain(n: number): string {
  return `${server.base}/r/${n}`
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(FetchError)
  return err as FetchError
}

describe('decoding', () => {
  test('charset from the header', async () => {
    const res = await fetchText(`${server.base}/latin1`, LOCAL)
    expect(res).toMatchObject({ status: 200, text: 'Café crème', redirects: [] })
  })

  test('charset from <meta>', async () => {
    const res = await fetchText(`${server.base}/meta-charset`, LOCAL)
    expect(res.text).toContain('“quoted”')
  })

  test('gzip is decoded', async () => {
    expect((await fetchText(`${server.base}/gzip`, LOCAL)).text).toBe('compressed hello')
  })
})

describe('limits', () => {
  test('a declared length over the cap is refused before reading', async () => {
    const err = await failure(fetchText(`${server.base}/big-declared`, { ...LOCAL, maxBytes: 100_000 }))
    expect(err.reason).toBe('body_too_large')
  })

  test('a stream without length is cut off past the cap', async () => {
    streamedBytes = 0
    const err = await failure(fetchText(`${server.base}/endless`, { ...LOCAL, maxBytes: 256 * 1024 }))
    expect(err.reason).toBe('body_too_large')
    // The server was stopped long before its 50 MB: the reader hung up instead of draining.
    expect(streamedBytes).toBeLessThan(16 * 1024 * 1024)
  })

  test('the cap counts decompressed bytes (gzip bomb)', async () => {
    const err = await failure(fetchText(`${server.base}/gzip-bomb`, { ...LOCAL, maxBytes: 1024 * 1024 }))
    expect(err.reason).toBe('body_too_large')
  })

  test('no answer within the deadline', async () => {
    const err = await failure(fetchText(`${server.base}/hang`, { ...LOCAL, timeoutMs: 150 }))
    expect(err.reason).toBe('timeout')
  })

  test('a body that never finishes hits the same deadline', async () => {
    const err = await failure(fetchText(`${server.base}/drip`, { ...LOCAL, timeoutMs: 150 }))
    expect(err.reason).toBe('timeout')
  })

  test('a caller abort stops the request', async () => {
    const controller = new AbortController()
    const pending = fetchText(`${server.base}/hang`, { ...LOCAL, signal: controller.signal })
    controller.abort()
    expect((await failure(pending)).reason).toBe('network')
  })

  test('non-2xx is an error carrying the status; 429 maps to RATE_LIMIT', async () => {
    const err500 = await failure(fetchText(`${server.base}/status-500`, LOCAL))
    expect(err500).toMatchObject({ reason: 'http_status', status: 500 })
    const err429 = await failure(fetchText(`${server.base}/status-429`, LOCAL))
    expect(toSourceError(err429, { failed: 'Failed to process website content' })).toMatchObject({
      code: 'RATE_LIMIT',
      status: 429,
      message: 'Failed to process website content',
    })
  })

  test('acceptStatus lets the caller read an error page', async () => {
    const res = await fetchText(`${server.base}/status-500`, { ...LOCAL, acceptStatus: () => true })
    expect(res).toMatchObject({ status: 500, text: 'oops' })
  })
})

describe('redirects', () => {
  test('up to 5 are followed, with relative locations', async () => {
    const res = await fetchText(redirectChain(5), LOCAL)
    expect(res.text).toBe('arrived')
    expect(res.url).toBe(`${server.base}/r/0`)
    expect(res.redirects).toHaveLength(5)
  })

  test('the 6th is refused', async () => {
    const err = await failure(fetchText(redirectChain(6), LOCAL))
    expect(err.reason).toBe('redirect_limit')
  })

  test('maxRedirects 0 refuses the first', async () => {
    expect((await failure(fetchText(redirectChain(1), { ...LOCAL, maxRedirects: 0 }))).reason).toBe('redirect_limit')
  })

  test('a redirect to file: is refused', async () => {
    expect((await failure(fetchText(`${server.base}/r/file`, LOCAL))).reason).toBe('invalid_url')
  })

  test('credentials are kept on the same origin and dropped for another', async () => {
    const headers = { Authorization: 'Bearer secret' }
    expect((await fetchText(`${server.base}/to-same`, { ...LOCAL, headers })).text).toBe('auth=Bearer secret')
    expect((await fetchText(`${server.base}/to-other`, { ...LOCAL, headers })).text).toBe('auth=none')
  })
})

describe('URL and address guard', () => {
  test.each(['file:///etc/passwd', 'ftp://example.org/x', 'javascript:alert(1)', 'data:text/html,hi', 'not a url', '//x.org'])('%s is refused', async (url) => {
    expect((await failure(fetchText(url))).reason).toBe('invalid_url')
  })

  test('credentials in the URL are refused', async () => {
    expect((await failure(fetchText('http://user:pass@example.org/'))).reason).toBe('invalid_url')
  })

  test('loopback literals and names are refused unless allowed, and nothing is sent', async () => {
    const port = new URL(server.base).port
    const before = server.requests.length
    for (const url of [
      `http://127.0.0.1:${port}/r/0`,
      `http://localhost:${port}/r/0`,
      `http://[::1]:${port}/r/0`,
      `http://0x7f.1:${port}/r/0`,
      `http://2130706433:${port}/r/0`,
      `http://[::ffff:127.0.0.1]:${port}/r/0`,
    ]) {
      expect((await failure(fetchText(url, { timeoutMs: 2000 }))).reason, url).toBe('blocked_address')
    }
    expect(server.requests.length).toBe(before)
    expect((await fetchText(`http://localhost:${port}/r/0`, LOCAL)).text).toBe('arrived')
  })

  test.each([
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '127.0.0.53',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fd12:3456::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    'ff02::1',
    'not-an-ip',
  ])('%s is not public', (address) => {
    expect(isNonPublicAddress(address)).toBe(true)
  })

  test.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808'])('%s is public', (address) => {
    expect(isNonPublicAddress(address)).toBe(false)
  })

  test('a blocked address maps to 400 with the caller-given text', async () => {
    const err = await failure(fetchText('http://127.0.0.1:9/'))
    expect(toSourceError(err, { invalid: 'Invalid URL or request', failed: 'x' })).toMatchObject({
      code: 'VALIDATION_ERROR',
      status: 400,
      message: 'Invalid URL or request',
      reason: 'blocked_address',
    })
  })
})
