/**
 * The workspace's live channel: one websocket per open workspace (ARCHITECTURE.md §4, spec §7).
 *
 * Contract:
 * - Connecting first asks `negotiate` (`POST /ws/negotiate/{sessionId}` → `{url}` with a short-lived
 *   ticket). If that fails, the fallback address `/ws/{sessionId}` is used and the first frame sent is
 *   `{"type":"auth","token":…}` with a fresh identity token.
 * - After every open (first or reconnect) the client sends `{"type":"resume","after":<last applied id>}`;
 *   the server replays what was missed, then `resume-complete` (or `resync-required`). Because the
 *   projections apply each live-log id once, overlap between a replay and what was already received
 *   is harmless, and nothing between the two connections is lost.
 * - A ping goes out every 25 s. A socket that hears nothing for 60 s (not even a pong) is closed and
 *   treated as dropped.
 * - A dropped socket is reopened 3000 ms later, 10 attempts in a row (spec §7), then with a back-off that
 *   doubles up to 30 s (±20 %, so clients that lost one server do not all come back in the same instant).
 *   It never gives up while the channel is open: the server may be restarting for minutes. The count of
 *   failures in a row resets once the server has answered on a socket (any frame), not merely when one
 *   opened: a socket the server accepts and closes at once is still a failure. `reconnectNow()` (the
 *   Reconnect button, the browser coming back online) tries at once.
 * - Close code 4401 means the server refused the identity token (or the ticket made from it): the channel
 *   asks `refreshAuth` for a fresh token once and reconnects at once. If the refresh fails, or the server
 *   refuses again before it has answered, the sign-in has ended: `liveChannel.sessionEnded`, and no more
 *   attempts (signing in again reloads the page).
 * - Every frame's text goes to `onFrame` untouched: parsing belongs to the translators.
 * - `close()` ends it for good: no reconnect, no more callbacks.
 *
 * Time and sockets are injected, so tests drive disconnects and timers by hand.
 */
import type { DomainEvent } from '../domain/events'
import { backoffDelay } from '../domain/rules/backoff'

/** The server's close code for a refused identity token or ticket (server/modules/live/connection.ts). */
const UNAUTHENTICATED = 4401

/** The part of a WebSocket the channel uses (the browser's and the `ws` package's both fit). */
export interface SocketLike {
  send(data: string): void
  close(code?: number, reason?: string): void
  onopen: ((event: unknown) => void) | null
  onmessage: ((event: { data: unknown }) => void) | null
  onclose: ((event: { code: number; reason: string }) => void) | null
  onerror: ((event: unknown) => void) | null
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(fn: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
  now(): number
}

export interface LiveChannelOptions {
  sessionId: string
  /** `POST /ws/negotiate/{sessionId}` → the websocket URL with its ticket. */
  negotiate(sessionId: string): Promise<string>
  /** The fallback address, `/ws/{sessionId}` on the API host. */
  fallbackUrl(sessionId: string): string
  /** A fresh identity token for the fallback's auth frame. */
  authToken(): Promise<string | null>
  /**
   * Gets a new identity token from the identity provider (the server refused the current one); false when
   * there is none to be had (signed out, refresh refused). Without it a refusal ends the session at once.
   */
  refreshAuth?(): Promise<boolean>
  createSocket(url: string): SocketLike
  /** The last live-log id applied, so a (re)connect resumes right after it. */
  resumeAfter(): string | null
  onFrame(text: string, receivedAt: number): void
  /** Channel facts as domain events (connecting, opened, closed). */
  onEvent(event: DomainEvent): void
  timers?: Timers
  /** Attempts in a row at `reconnectDelayMs` before the back-off starts. */
  maxAttempts?: number
  reconnectDelayMs?: number
  /** The longest wait between attempts once backing off. */
  maxReconnectDelayMs?: number
  /** [0, 1) for the back-off's spread; Math.random by default. */
  random?: () => number
  pingIntervalMs?: number
  idleTimeoutMs?: number
}

export interface LiveChannel {
  close(): void
  reconnectNow(): void
}

const LiveChannelDefaults = {
  maxAttempts: 10,
  reconnectDelayMs: 3000,
  maxReconnectDelayMs: 30_000,
  pingIntervalMs: 25_000,
  idleTimeoutMs: 60_000,
} as const

export const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
  now: () => Date.now(),
}

export function openLiveChannel(options: LiveChannelOptions): LiveChannel {
  const timers = options.timers ?? realTimers
  const maxAttempts = options.maxAttempts ?? LiveChannelDefaults.maxAttempts
  const reconnectDelayMs = options.reconnectDelayMs ?? LiveChannelDefaults.reconnectDelayMs
  const pingIntervalMs = options.pingIntervalMs ?? LiveChannelDefaults.pingIntervalMs
  const idleTimeoutMs = options.idleTimeoutMs ?? LiveChannelDefaults.idleTimeoutMs
  const maxReconnectDelayMs = options.maxReconnectDelayMs ?? LiveChannelDefaults.maxReconnectDelayMs
  const random = options.random ?? Math.random
  const { sessionId } = options

  let closed = false
  let ended = false
  let socket: SocketLike | null = null
  let failures = 0
  /** Whether the identity token was refreshed after a refusal and no socket has been answered since. */
  let refreshedAfterRefusal = false
  let generation = 0
  let reconnectTimer: unknown = null
  let pingTimer: unknown = null
  let idleTimer: unknown = null

  const emit = (event: DomainEvent) => {
    if (!closed) options.onEvent(event)
  }

  const stopTimers = () => {
    if (pingTimer !== null) timers.clearInterval(pingTimer)
    if (idleTimer !== null) timers.clearTimeout(idleTimer)
    pingTimer = null
    idleTimer = null
  }

  const armIdle = (s: SocketLike) => {
    if (idleTimer !== null) timers.clearTimeout(idleTimer)
    idleTimer = timers.setTimeout(() => s.close(4000, 'no message for 60 s'), idleTimeoutMs)
  }

  const scheduleReconnect = (delayMs: number) => {
    if (closed || reconnectTimer !== null) return
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null
      void connect()
    }, delayMs)
  }

  /** The wait before the next attempt, `failures` attempts having failed in a row. */
  const retryDelay = () => {
    if (failures <= maxAttempts) return reconnectDelayMs
    const backedOff = backoffDelay(reconnectDelayMs, failures - maxAttempts, maxReconnectDelayMs)
    return Math.round(backedOff * (0.8 + 0.4 * random()))
  }

  const endSession = (reason: string) => {
    ended = true
    emit({ type: 'liveChannel.sessionEnded', sessionId, reason })
  }

  const dropped = (code: number | null, reason: string | null) => {
    stopTimers()
    socket = null
    failures += 1
    if (closed) return
    if (code === UNAUTHENTICATED) {
      const refresh = options.refreshAuth
      if (refreshedAfterRefusal || !refresh) {
        emit({ type: 'liveChannel.closed', sessionId, code, reason, willRetry: false, retryInMs: null })
        return endSession(reason ?? 'identity token refused')
      }
      refreshedAfterRefusal = true
      emit({ type: 'liveChannel.closed', sessionId, code, reason, willRetry: true, retryInMs: 0 })
      void refresh().then(
        (ok) => {
          if (closed) return
          if (ok) void connect()
          else endSession('the identity provider refused to renew the sign-in')
        },
        () => endSession('the identity provider refused to renew the sign-in'),
      )
      return
    }
    const delay = retryDelay()
    emit({ type: 'liveChannel.closed', sessionId, code, reason, willRetry: true, retryInMs: delay })
    scheduleReconnect(delay)
  }

  /** The server answered on this socket: it is accepted, and the failures in a row are over. */
  const accepted = () => {
    failures = 0
    refreshedAfterRefusal = false
  }

  const connect = async () => {
    if (closed || ended) return
    const mine = ++generation
    emit({ type: 'liveChannel.connecting', sessionId, attempt: failures })
    let url: string
    let needsAuthFrame = false
    try {
      url = await options.negotiate(sessionId)
    } catch {
      url = options.fallbackUrl(sessionId)
      needsAuthFrame = true
    }
    if (closed || mine !== generation) return
    let s: SocketLike
    try {
      s = options.createSocket(url)
    } catch (error) {
      dropped(null, error instanceof Error ? error.message : String(error))
      return
    }
    socket = s
    s.onopen = () => {
      void (async () => {
        if (socket !== s || closed) return
        if (needsAuthFrame) {
          const token = await options.authToken().catch(() => null)
          if (socket !== s || closed) return
          s.send(JSON.stringify({ type: 'auth', token: token ?? '' }))
        }
        s.send(JSON.stringify({ type: 'resume', after: options.resumeAfter() }))
        emit({ type: 'liveChannel.opened', sessionId, url: stripQuery(url) })
        pingTimer = timers.setInterval(() => s.send('{"type":"ping"}'), pingIntervalMs)
        armIdle(s)
      })()
    }
    s.onmessage = (event) => {
      if (socket !== s || closed) return
      armIdle(s)
      accepted()
      options.onFrame(frameText(event.data), timers.now())
    }
    s.onerror = () => {
      // A close event always follows; that is where reconnecting is decided.
    }
    s.onclose = (event) => {
      if (socket !== s) return
      dropped(event.code, event.reason || null)
    }
  }

  void connect()

  return {
    close() {
      if (closed) return
      closed = true
      generation++
      stopTimers()
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer)
      reconnectTimer = null
      const s = socket
      socket = null
      if (s) {
        s.onmessage = null
        s.onclose = null
        s.close(1000, 'closed by client')
      }
    },
    reconnectNow() {
      if (closed) return
      if (ended) {
        ended = false
        refreshedAfterRefusal = false
      }
      failures = 0
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer)
      reconnectTimer = null
      if (socket) return
      void connect()
    },
  }
}

/** The URL without its query (where the ticket is), for display. */
function stripQuery(url: string): string {
  const i = url.indexOf('?')
  return i < 0 ? url : url.slice(0, i)
}

function frameText(data: unknown): string {
  if (typeof data === 'string') return data
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data)
  if (ArrayBuffer.isView(data)) return new TextDecoder().decode(data)
  return String(data)
}
