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
 * - A dropped socket is reopened 3000 ms later, up to 10 attempts in a row; an attempt that opens resets
 *   the count. After the 10th failure the channel reports Offline without retrying; `reconnectNow()`
 *   (the Reconnect button, the browser coming back online) starts over.
 * - Every frame's text goes to `onFrame` untouched: parsing belongs to the translators.
 * - `close()` ends it for good: no reconnect, no more callbacks.
 *
 * Time and sockets are injected, so tests drive disconnects and timers by hand.
 */
import type { DomainEvent } from '../domain/events'

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
  createSocket(url: string): SocketLike
  /** The last live-log id applied, so a (re)connect resumes right after it. */
  resumeAfter(): string | null
  onFrame(text: string, receivedAt: number): void
  /** Channel facts as domain events (connecting, opened, closed). */
  onEvent(event: DomainEvent): void
  timers?: Timers
  maxAttempts?: number
  reconnectDelayMs?: number
  pingIntervalMs?: number
  idleTimeoutMs?: number
}

export interface LiveChannel {
  close(): void
  reconnectNow(): void
}

export const LiveChannelDefaults = {
  maxAttempts: 10,
  reconnectDelayMs: 3000,
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
  const { sessionId } = options

  let closed = false
  let socket: SocketLike | null = null
  let failures = 0
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

  const scheduleReconnect = () => {
    if (closed || reconnectTimer !== null) return
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null
      void connect()
    }, reconnectDelayMs)
  }

  const dropped = (code: number | null, reason: string | null) => {
    stopTimers()
    socket = null
    failures += 1
    const willRetry = !closed && failures < maxAttempts
    emit({ type: 'liveChannel.closed', sessionId, code, reason, willRetry })
    if (willRetry) scheduleReconnect()
  }

  const connect = async () => {
    if (closed) return
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
        failures = 0
        s.send(JSON.stringify({ type: 'resume', after: options.resumeAfter() }))
        emit({ type: 'liveChannel.opened', sessionId, url: stripQuery(url) })
        pingTimer = timers.setInterval(() => s.send('{"type":"ping"}'), pingIntervalMs)
        armIdle(s)
      })()
    }
    s.onmessage = (event) => {
      if (socket !== s || closed) return
      armIdle(s)
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
