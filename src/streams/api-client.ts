/**
 * The API client (spec §7 "Product backend", ARCHITECTURE.md §4a).
 *
 * Every request carries a freshly obtained identity token as a bearer, `x-tenant-id` when the tenant is
 * known and `x-user-id`, plus the XSRF cookie's value as `X-XSRF-TOKEN` when there is one. A 401, or a
 * body whose code is UNAUTHORIZED, refreshes the token and retries once; if the refresh fails or there is
 * no user, auth state is cleared. A 401 or 403 without a body also clears it. Failures surface as
 * `ApiError {status, code, message}`; bodies are returned unparsed (`unknown`) or validated with a zod
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

export interface ApiClientOptions {
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
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis)
  const base = options.baseUrl.replace(/\/$/, '')

  const attempt = async (method: string, path: string, opts: RequestOptions, forceToken: boolean) => {
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
    const text = await res.text()
    let json: unknown = null
    if (text !== '') {
      try {
        json = JSON.parse(text)
      } catch {
        json = null
      }
    }
    return { res, text, json, hadToken: token !== null }
  }

  const request = async (method: string, path: string, opts: RequestOptions = {}) => {
    let r = await attempt(method, path, opts, false)
    if (isUnauthorized(r.res.status, r.json)) {
      if (r.hadToken && options.auth.userId() !== null) {
        let refreshed = false
        try {
          refreshed = (await options.auth.token(true)) !== null
        } catch {
          refreshed = false
        }
        if (refreshed) r = await attempt(method, path, opts, false)
        if (!refreshed || isUnauthorized(r.res.status, r.json)) options.auth.clear()
      } else options.auth.clear()
    } else if (r.res.status === 403 && r.text === '') options.auth.clear()
    if (!r.res.ok) throw toError(r.res.status, r.json)
    return r.json
  }

  return {
    request,
    async get(path, schema, opts) {
      return parseOrThrow(schema, await request('GET', path, opts))
    },
    async send(method, path, schema, opts) {
      return parseOrThrow(schema, await request(method, path, opts))
    },
  }
}

function isUnauthorized(status: number, body: unknown): boolean {
  return status === 401 || (body !== null && typeof body === 'object' && (body as { code?: unknown }).code === 'UNAUTHORIZED')
}

function toError(status: number, body: unknown): ApiError {
  const parsed = errorBodySchema.safeParse(camelizeKeys(body ?? {}))
  const code = parsed.success && parsed.data.code !== 'UNKNOWN' ? parsed.data.code : status === 401 ? 'UNAUTHORIZED' : 'UNKNOWN'
  const message = parsed.success && parsed.data.message !== '' ? parsed.data.message : `Request failed (${status})`
  return new ApiError(status, code, message)
}

function parseOrThrow<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(camelizeKeys(body))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new ApiError(502, 'INVALID_RESPONSE', `Unexpected answer from the server (${issue?.path.join('.') || 'body'}: ${issue?.message})`)
  }
  return parsed.data
}

function readCookie(cookies: string, name: string): string | null {
  for (const part of cookies.split(';')) {
    const [k, ...v] = part.trim().split('=')
    if (k === name) return decodeURIComponent(v.join('='))
  }
  return null
}
