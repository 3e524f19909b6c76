/**
 * Whether the server can be reached, from the requests the app makes anyway.
 *
 * Contract:
 * - `fetch` is what the API client uses. A request that gets no answer (the network refused it, the
 *   server is down) or a 502/503/504 (a proxy or load balancer saying the server is not there) counts as
 *   unreachable, unless it carries the server's own JSON error (its 503 AI_TIMEOUT means the server is
 *   there, the analysis provider is not); any other answer, error statuses included, proves the server is there. An aborted
 *   request says nothing. The failure is passed on to the caller unchanged.
 * - The first unreachable request publishes `server.unreachable`; while unreachable the watcher asks the
 *   public `GET /health` itself after 2 s, 4 s, 8 s … (at most 30 s apart), and at once when the browser
 *   says it is back online, so the app recovers by itself even on a page that polls nothing. The first
 *   answer (from the probe or any request) publishes `server.reachable`.
 * - `dispose()` stops the probe.
 *
 * Time is injected, so tests drive the back-off by hand.
 */
import { backoffDelay } from '../domain/rules/backoff'
import type { ClientCore } from './client-core'

export interface ConnectivityTimers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  now(): number
}

interface ConnectivityOptions {
  core: ClientCore
  /** The network; the app passes the browser's fetch. */
  fetch: typeof globalThis.fetch
  /** The public health address the probe asks, e.g. '/api/v1/health'. */
  probeUrl: string
  timers?: ConnectivityTimers
  /** Where the browser's `online` event comes from (window); none in tests that do not need it. */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | null
}

interface ConnectivityWatcher {
  fetch: typeof globalThis.fetch
  /** Asks the server at once (a Retry button). */
  probeNow(): void
  dispose(): void
}

/** The probe's first wait and its longest. */
const ConnectivityProbe = { firstMs: 2000, maxMs: 30_000 } as const

export function watchConnectivity(options: ConnectivityOptions): ConnectivityWatcher {
  const timers = options.timers ?? realTimers
  const { core } = options
  let probe: unknown = null
  let attempts = 0
  let disposed = false

  const reachable = () => core.models.connectivity.get().reachable
  const unreachable = (reason: string) => {
    if (disposed) return
    core.bus.publish({ type: 'server.unreachable', at: timers.now(), reason }, 'local')
    if (probe === null) schedule()
  }
  const answered = () => {
    if (probe !== null) timers.clearTimeout(probe)
    probe = null
    attempts = 0
    if (!reachable() && !disposed) core.bus.publish({ type: 'server.reachable', at: timers.now() }, 'local')
  }
  const schedule = () => {
    probe = timers.setTimeout(
      () => {
        probe = null
        attempts++
        void ask()
      },
      backoffDelay(ConnectivityProbe.firstMs, attempts, ConnectivityProbe.maxMs),
    )
  }
  const ask = async () => {
    if (disposed || reachable()) return
    try {
      const res = await options.fetch(options.probeUrl, { headers: { accept: 'application/json' } })
      if (isGatewayFailure(res)) unreachable(`The server is unavailable (${res.status})`)
      else answered()
    } catch (error) {
      unreachable(describe(error))
    }
  }
  const online = () => {
    if (reachable()) return
    if (probe !== null) timers.clearTimeout(probe)
    probe = null
    void ask()
  }
  options.events?.addEventListener('online', online)

  const watched: typeof globalThis.fetch = async (input, init) => {
    let res: Response
    try {
      res = await options.fetch(input, init)
    } catch (error) {
      if (!isAbort(error)) unreachable(describe(error))
      throw error
    }
    if (isGatewayFailure(res)) unreachable(`The server is unavailable (${res.status})`)
    else if (!reachable()) answered()
    return res
  }

  return {
    fetch: watched,
    probeNow: online,
    dispose() {
      disposed = true
      if (probe !== null) timers.clearTimeout(probe)
      probe = null
      options.events?.removeEventListener('online', online)
    },
  }
}

/** A gateway's 'not there' (502, 503, 504 without the server's JSON error body). */
function isGatewayFailure(res: Response): boolean {
  if (res.status !== 502 && res.status !== 503 && res.status !== 504) return false
  return !(res.headers.get('content-type') ?? '').includes('application/json')
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}

function describe(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The server did not answer'
}

const realTimers: ConnectivityTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
}
