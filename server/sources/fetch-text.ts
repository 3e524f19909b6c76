/**
 * The one HTTP client of the network readers. It follows redirects by hand (each hop re-checked), holds
 * one deadline for the whole chain, streams the (decompressed) body and stops past the byte cap, refuses
 * non-http(s) schemes and, unless allowed, non-public addresses. Failures are `FetchError`s; each reader
 * turns them into a `SourceError` carrying its own user-facing words (`toSourceError`).
 */
import { isUtf8 } from 'node:buffer'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import { BLOCKED_LOOKUP_CODE, guardedLookup, hostnameToAddress, isNonPublicAddress } from './address-guard'
import type { FetchLimits } from './config'
import { SourceError, SourceErrorCode, SourceFailure } from './errors'

export type FetchTextOptions = Partial<FetchLimits> & {
  headers?: Record<string, string>
  /** Statuses returned rather than thrown; default 2xx only. */
  acceptStatus?: (status: number) => boolean
  signal?: AbortSignal
}

export type FetchTextResult = {
  /** The URL finally answered, after redirects. */
  url: string
  status: number
  contentType: string
  headers: Record<string, string>
  text: string
  redirects: string[]
}

export type FetchFailure =
  | typeof SourceFailure.InvalidUrl
  | typeof SourceFailure.BlockedAddress
  | typeof SourceFailure.Timeout
  | typeof SourceFailure.BodyTooLarge
  | typeof SourceFailure.RedirectLimit
  | typeof SourceFailure.HttpStatus
  | typeof SourceFailure.Network

export class FetchError extends Error {
  override readonly name = 'FetchError'
  constructor(
    readonly reason: FetchFailure,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export const DEFAULT_FETCH_LIMITS: FetchLimits = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  allowPrivateNetwork: false,
  userAgent: 'Mozilla/5.0 (compatible; SightlineBot/0.1)',
}

export async function fetchText(input: string | URL, options: FetchTextOptions = {}): Promise<FetchTextResult> {
  const limits: FetchLimits = {
    timeoutMs: options.timeoutMs ?? DEFAULT_FETCH_LIMITS.timeoutMs,
    maxBytes: options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes,
    maxRedirects: options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects,
    allowPrivateNetwork: options.allowPrivateNetwork ?? DEFAULT_FETCH_LIMITS.allowPrivateNetwork,
    userAgent: options.userAgent ?? DEFAULT_FETCH_LIMITS.userAgent,
  }
  const acceptStatus = options.acceptStatus ?? ((s: number) => s >= 200 && s < 300)
  let url = parseHttpUrl(input)
  let headers: Record<string, string> = {
    'user-agent': limits.userAgent,
    accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'accept-encoding': 'gzip, deflate, br',
    ...lowerKeys(options.headers ?? {}),
  }

  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(new FetchError(SourceFailure.Timeout, `No complete answer within ${limits.timeoutMs} ms`)), limits.timeoutMs)
  const forwardAbort = () => deadline.abort(new FetchError(SourceFailure.Network, 'Request aborted by caller'))
  if (options.signal?.aborted) forwardAbort()
  options.signal?.addEventListener('abort', forwardAbort, { once: true })

  try {
    const redirects: string[] = []
    for (;;) {
      assertLiteralHostAllowed(url, limits.allowPrivateNetwork)
      const res = await send(url, headers, limits.allowPrivateNetwork, deadline.signal)
      const status = res.statusCode ?? 0
      const location = res.headers.location
      if (REDIRECT_STATUSES.has(status) && location) {
        res.destroy()
        if (redirects.length >= limits.maxRedirects) {
          throw new FetchError(SourceFailure.RedirectLimit, `More than ${limits.maxRedirects} redirects`, status)
        }
        const next = parseHttpUrl(resolveLocation(location, url))
        // Credentials are meant for the origin that was asked, not wherever it points us.
        if (next.origin !== url.origin) headers = withoutCredentials(headers)
        redirects.push(next.href)
        url = next
        continue
      }
      if (!acceptStatus(status)) {
        res.destroy()
        throw new FetchError(SourceFailure.HttpStatus, `Upstream answered ${status}`, status)
      }
      const declared = Number(res.headers['content-length'])
      if (Number.isFinite(declared) && declared > limits.maxBytes) {
        res.destroy()
        throw new FetchError(SourceFailure.BodyTooLarge, `Body of ${declared} bytes exceeds ${limits.maxBytes}`, status)
      }
      const body = await readCapped(decoded(res), limits.maxBytes, status)
      const contentType = headerValue(res.headers['content-type'])
      return {
        url: url.href,
        status,
        contentType,
        headers: flattenHeaders(res.headers),
        text: decodeText(body, contentType),
        redirects,
      }
    }
  } catch (err) {
    throw asFetchError(err, deadline.signal)
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forwardAbort)
  }
}

/**
 * Maps a fetch failure to the reader's words. A bad or blocked URL is the caller's fault (400) when the
 * caller gave the URL (`invalid` text present); when it came from configuration it is a failure (422).
 */
export function toSourceError(err: unknown, texts: { invalid?: string; failed: string }): SourceError {
  if (err instanceof SourceError) return err
  if (!(err instanceof FetchError)) {
    return new SourceError(SourceErrorCode.Unprocessable, texts.failed, SourceFailure.Network, {
      detail: err instanceof Error ? err.message : String(err),
      cause: err,
    })
  }
  const detail = err.message
  const urlProblem = err.reason === SourceFailure.InvalidUrl || err.reason === SourceFailure.BlockedAddress
  if (urlProblem && texts.invalid !== undefined) {
    return new SourceError(SourceErrorCode.ValidationError, texts.invalid, err.reason, { detail, cause: err })
  }
  if (err.reason === SourceFailure.HttpStatus && err.status === 429) {
    return new SourceError(SourceErrorCode.RateLimit, texts.failed, SourceFailure.RateLimited, { detail, cause: err })
  }
  return new SourceError(SourceErrorCode.Unprocessable, texts.failed, err.reason, { detail, cause: err })
}

/** JSON.parse that answers `undefined` for malformed text; callers validate the value with zod. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** Parses an absolute http(s) URL or throws `FetchError(invalid_url)`. */
export function parseHttpUrl(input: string | URL): URL {
  let url: URL
  try {
    url = new URL(String(input).trim())
  } catch (cause) {
    throw new FetchError(SourceFailure.InvalidUrl, 'Not an absolute URL', undefined, { cause })
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(SourceFailure.InvalidUrl, `Scheme ${url.protocol} is not allowed`)
  }
  if (url.username || url.password) {
    throw new FetchError(SourceFailure.InvalidUrl, 'URLs with credentials are not fetched')
  }
  return url
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

function send(url: URL, headers: Record<string, string>, allowPrivateNetwork: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    // agent:false → a fresh socket per request, so a pooled connection never skips the lookup check.
    const req = client.request(url, { method: 'GET', headers, agent: false, lookup: guardedLookup(allowPrivateNetwork), signal }, resolve)
    req.on('error', reject)
    req.end()
  })
}

// net.connect skips `lookup` for IP literals, so those are checked here.
function assertLiteralHostAllowed(url: URL, allowPrivateNetwork: boolean): void {
  const host = hostnameToAddress(url.hostname)
  if (!allowPrivateNetwork && net.isIP(host) !== 0 && isNonPublicAddress(host)) {
    throw new FetchError(SourceFailure.BlockedAddress, `Address ${host} is not public`)
  }
}

function resolveLocation(location: string, base: URL): URL {
  try {
    return new URL(location, base)
  } catch (cause) {
    throw new FetchError(SourceFailure.InvalidUrl, 'Redirect to an invalid URL', undefined, { cause })
  }
}

function decoded(res: http.IncomingMessage): Readable {
  const encoding = headerValue(res.headers['content-encoding']).trim().toLowerCase()
  const decoder = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : undefined
  if (!decoder) return res
  // pipeline, not pipe: a socket error must reach the reader of the decoder.
  pipeline(res, decoder, () => {})
  return decoder
}

// Counts decoded bytes, so a small compressed body cannot inflate past the cap.
async function readCapped(stream: Readable, maxBytes: number, status: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let total = 0
  stream.on('error', () => {}) // surfaced by the iterator below; avoids an unhandled 'error' on pipes
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    total += buf.length
    if (total > maxBytes) {
      stream.destroy()
      throw new FetchError(SourceFailure.BodyTooLarge, `Body exceeds ${maxBytes} bytes`, status)
    }
    chunks.push(buf)
  }
  return Buffer.concat(chunks, total)
}

function decodeText(body: Buffer, contentType: string): string {
  const declared = charsetOf(contentType) ?? bomCharset(body) ?? declaredCharset(body)
  // Nothing declared and not valid UTF-8: old publishers' undeclared Latin-1, which the web reads as
  // windows-1252 (a browser's fallback too), rather than U+FFFD in every accented word.
  const label = declared ?? (isUtf8(body) ? 'utf-8' : 'windows-1252')
  const decoder = decoderFor(label)
  const text = decoder.decode(body)
  // Node 20 decodes windows-1252 (which every "latin1" label means on the web) as strict ISO-8859-1,
  // leaving C1 controls where pages have curly quotes and dashes; map them as browsers do.
  return decoder.encoding === 'windows-1252' ? text.replace(/[\u0080-\u009f]/g, (c) => CP1252_C1[c.charCodeAt(0) - 0x80] ?? c) : text
}

// The type is inferred: without lib.dom, Node's types declare the global TextDecoder as a value only.
function decoderFor(label: string) {
  try {
    return new TextDecoder(label)
  } catch {
    return new TextDecoder('utf-8') // unknown label
  }
}

const CP1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'

function charsetOf(contentType: string): string | undefined {
  return /charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1]
}

function bomCharset(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8'
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le'
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be'
  return undefined
}

// <?xml encoding="…"?> for feeds, <meta charset> for pages; both sit near the top.
function declaredCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 2048).toString('latin1')
  return /<\?xml[^>]*\bencoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1]
}

function asFetchError(err: unknown, deadline: AbortSignal): FetchError {
  if (err instanceof FetchError) return err
  if (deadline.aborted && deadline.reason instanceof FetchError) return deadline.reason
  const code = (err as NodeJS.ErrnoException | undefined)?.code
  if (code === BLOCKED_LOOKUP_CODE) {
    return new FetchError(SourceFailure.BlockedAddress, 'Host resolves to a non-public address', undefined, { cause: err })
  }
  const message = err instanceof Error ? err.message : String(err)
  return new FetchError(SourceFailure.Network, code ? `${code}: ${message}` : message, undefined, { cause: err })
}

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '')
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) out[key] = headerValue(value)
  }
  return out
}

function lowerKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]))
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const { authorization: _a, cookie: _c, ...rest } = headers
  return rest
}
