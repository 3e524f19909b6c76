/**
 * The API client (spec §7 "Product backend", ARCHITECTURE.md §4a).
 *
 * Every request carries a freshly obtained identity token as a bearer, `x-tenant-id` when the tenant is
 * known and `x-user-id`, plus the XSRF cookie's value as `X-XSRF-TOKEN` when there is one. A 401, or a
 * body whose code is UNAUTHORIZED, refreshes the token and retries once; if the refresh fails or there is
 * no user, auth state is cleared. A 401 or 403 without a body also clears it. Failures surface as
 * `ApiError {status, code, message, retryAfterSeconds}` (the last from a 429's `Retry-After`); bodies are returned unparsed (`unknown`) or validated with a zod
 * schema — parsing into domain events is the translators' job.
 */
import type { z } from 'zod'
import { ApiError, errorBodySchema } from '../protocol/api'
import { camelizeKeys } from '../protocol/case'

export { ApiError }

export interface AuthSource {
  /** The identity token; `force` asks the identity provider for a new one. Null when signed out. */
  token(force: boolean): Promise<string | null>
  userId(): string | null
  tenantId(): string | null
  /** Clears auth state after a failure that a refresh cannot fix. */
  clear(): void
}

interface ApiClientOptions {
  /** e.g. '/api/v1' or 'https://app.example/api/v1'. */
  baseUrl: string
  auth: AuthSource
  fetch?: typeof globalThis.fetch
  /** The page's cookies, for the XSRF token (document.cookie in the browser). */
  cookies?: () => string
}

export interface RequestOptions {
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
}

export interface ApiClient {
  request(method: string, path: string, options?: RequestOptions): Promise<unknown>
  get<T extends z.ZodType>(path: string, schema: T, options?: RequestOptions): Promise<z.infer<T>>
  send<T extends z.ZodType>(method: string, path: string, schema: T, options?: RequestOptions): Promise<z.infer<T>>
  /** A file the server sends (an export): its body as a Blob, with the name its Content-Disposition gives. */
  download(path: string, options?: RequestOptions): Promise<Download>
}

export interface Download {
  blob: Blob
  /** From `Content-Disposition: attachment; filename=…`; null when the server named none. */
  filename: string | null
  contentType: string | null
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const base = options.baseUrl.replace(/\/$/, '')

  // `binary`: a successful body is read as a Blob (a download) instead of as JSON text.
  const attempt = async (method: string, path: string, opts: RequestOptions, forceToken: boolean, binary = false) => {
    const token = await options.auth.token(forceToken)
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
    if (token) headers.authorization = `Bearer ${token}`
    const tenantId = options.auth.tenantId()
    if (tenantId) headers['x-tenant-id'] = tenantId
    const userId = options.auth.userId()
    if (userId) headers['x-user-id'] = userId
    const xsrf = readCookie(options.cookies?.() ?? '', 'XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = xsrf
    let body: string | undefined
    if (opts.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(opts.body)
    }
    const res = await doFetch(`${base}${path}`, { method, headers, body, signal: opts.signal, credentials: 'same-origin' })
    const blob = binary && res.ok ? await res.blob() : null
    const text = blob ? '' : await res.text()
    let json: unknown = null
    if (text !== '') {
      try {
        json = JSON.parse(text)
      } catch {
        json = null
      }
    }
    return { res, text, json, blob, hadToken: token !== null }
  }

  const exchange = async (method: string, path: string, opts: RequestOptions, binary: boolean) => {
    let r = await attempt(method, path, opts, false, binary)
    if (isUnauthorized(r.res.status, r.json)) {
      if (r.hadToken && options.auth.userId() !== null) {
        let refreshed = false
        try {
          refreshed = (await options.auth.token(true)) !== null
        } catch {
          refreshed = false
        }
        if (refreshed) r = await attempt(method, path, opts, false, binary)
        if (!refreshed || isUnauthorized(r.res.status, r.json)) options.auth.clear()
      } else options.auth.clear()
    } else if (r.res.status === 403 && r.text === '') options.auth.clear()
    if (!r.res.ok) throw toError(r.res.status, r.json, r.res.headers.get('retry-after'))
    return r
  }

  const request = async (method: string, path: string, opts: RequestOptions = {}) => (await exchange(method, path, opts, false)).json

  return {
    request,
    async get(path, schema, opts) {
      return parseOrThrow(schema, await request('GET', path, opts))
    },
    async send(method, path, schema, opts) {
      return parseOrThrow(schema, await request(method, path, opts))
    },
    async download(path, opts = {}) {
      const r = await exchange('GET', path, { ...opts, headers: { accept: '*/*', ...opts.headers } }, true)
      const contentType = r.res.headers.get('content-type')
      return { blob: r.blob ?? new Blob([r.text], contentType ? { type: contentType } : {}), filename: attachmentName(r.res.headers.get('content-disposition')), contentType }
    },
  }
}

function isUnauthorized(status: number, body: unknown): boolean {
  return status === 401 || (body !== null && typeof body === 'object' && (body as { code?: unknown }).code === 'UNAUTHORIZED')
}

function toError(status: number, body: unknown, retryAfter: string | null): ApiError {
  const parsed = errorBodySchema.safeParse(camelizeKeys(body ?? {}))
  const code = parsed.success && parsed.data.code !== 'UNKNOWN' ? parsed.data.code : status === 401 ? 'UNAUTHORIZED' : 'UNKNOWN'
  const message = parsed.success && parsed.data.message !== '' ? parsed.data.message : `Request failed (${status})`
  return new ApiError(status, code, message, retryAfterSecondsOf(retryAfter))
}

/** `Retry-After` as seconds: its delta-seconds form (what our API sends); an HTTP date or nonsense is null. */
function retryAfterSecondsOf(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null
  return Number(header.trim())
}

function parseOrThrow<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(camelizeKeys(body))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ApiError(502, 'INVALID_RESPONSE', `Unexpected answer from the server (${issue?.path.join('.') || 'body'}: ${issue?.message})`)
  }
  return parsed.data
}

/** The file name of `attachment; filename="x.json"` (or `filename*=UTF-8''x.json`); null when none. */
function attachmentName(disposition: string | null): string | null {
  if (!disposition) return null
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim())
    } catch {
      /* a malformed escape: fall back to the plain name */
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(disposition)
  const name = (plain?.[1] ?? plain?.[2])?.trim()
  return name ? name : null
}

/** A cookie's decoded value from a `document.cookie` string, or null. */
export function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return null
}
