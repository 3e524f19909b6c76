/**
 * Where the live channel connects: `POST /api/v1/ws/negotiate/{sessionId}` answers `{url}` (a websocket
 * URL with a short-lived ticket); when that fails, the fallback is `/ws/{sessionId}` on the API's host,
 * where the first frame carries the identity token.
 */
import { negotiateBodySchema } from '../protocol/api'
import { camelizeKeys } from '../protocol/case'
import { pathOf } from '../protocol/http/contract'
import { liveNegotiateContract } from '../protocol/http/live'

interface EndpointOptions {
  /** The API root, e.g. `https://app.example/api/v1` or `/api/v1` (resolved against `origin`). */
  apiBase: string
  origin: string
  fetch: typeof globalThis.fetch
  /** Headers for an authenticated call (bearer token, x-tenant-id, x-user-id). */
  headers(): Promise<Record<string, string>>
}

/** A negotiate function for `openLiveChannel`: rejects on any failure so the channel falls back. */
export function createNegotiator(options: EndpointOptions): (sessionId: string) => Promise<string> {
  return async (sessionId) => {
    const url = new URL(`${trimSlash(options.apiBase)}${pathOf(liveNegotiateContract, { sessionId })}`, options.origin)
    const res = await options.fetch(url, { method: 'POST', headers: { ...(await options.headers()), 'content-type': 'application/json' }, body: '{}' })
    if (!res.ok) throw new Error(`negotiate answered ${res.status}`)
    const parsed = negotiateBodySchema.safeParse(camelizeKeys(await res.json()))
    if (!parsed.success) throw new Error('negotiate answered without a url')
    return toWebSocketUrl(parsed.data.url, url)
  }
}

/** The fallback address `/ws/{sessionId}` on the API's host, with the ws/wss scheme of the page. */
export function fallbackLiveUrl(options: Pick<EndpointOptions, 'apiBase' | 'origin'>, sessionId: string): string {
  const api = new URL(options.apiBase, options.origin)
  return toWebSocketUrl(`/ws/${encodeURIComponent(sessionId)}`, api)
}

function toWebSocketUrl(url: string, base: URL): string {
  const resolved = new URL(url, base)
  if (resolved.protocol === 'http:') resolved.protocol = 'ws:'
  if (resolved.protocol === 'https:') resolved.protocol = 'wss:'
  return resolved.toString()
}

function trimSlash(s: string): string {
  return s.endsWith('/') ? s.slice(0, -1) : s
}
