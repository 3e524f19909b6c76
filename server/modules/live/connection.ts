/**
 * One live socket, server side (ARCHITECTURE.md §4, §4a). The stream contract:
 *
 * - Authentication. Either the URL carries a ticket from `POST /ws/negotiate/{sessionId}` (see
 *   `ticket.ts`), or the first frame is `{"type":"auth","token":<Firebase ID token>}`, which must arrive
 *   within `authTimeoutMs`. A missing, malformed, forged, spent or expired ticket or token, a first frame
 *   that is not `auth`, or a silent socket closes with 4401. An authenticated caller whose tenant has no
 *   such session (or whose ticket names another session) gets 4403 — the same answer whether the session
 *   exists elsewhere or not at all.
 * - Nothing is pushed before the socket's `{"type":"resume","after":<id|null>}`. The resume sets the
 *   socket's position to `after` (null: the start of the log), sends every logged message after it in id
 *   order, page by page, and then `{"type":"resume-complete","sessionId","id"}` with the last id sent
 *   (or `after` when there was nothing). When `after` is below the oldest retained id minus one (pruned),
 *   beyond the log's last id (a cursor from another log), or not an id at all, the answer is
 *   `{"type":"resync-required","sessionId"}` instead and the socket carries on from the log's end.
 * - After the resume every message appended to the session is pushed once, in id order. A notice (from
 *   any process, in any order, duplicated or lost) only means "something new": the socket reads the rows
 *   after the last id it sent. Everything one socket does — frames, the resume replay, pushes — runs one
 *   task at a time, so a replay and a push never interleave: per socket there is no gap and no duplicate.
 *   A socket so slow that retention pruned past its position gets `resync-required` and goes on from the
 *   end.
 * - `{"type":"ping"}` is answered `{"type":"pong"}`. Invalid frames are ignored and counted. A client
 *   that queues more than MAX_PENDING frames is closed (1008).
 * - The socket closes with 4401 when its identity token expires (by the hub's clock: checked by a timer and
 *   again before every push, task and heartbeat, so a clock jump or a suspended process cannot outlive it), with 1011 when the database fails (the
 *   client reconnects and resumes, so nothing is skipped), with 1001 when the hub shuts down.
 */
import type { RawData, WebSocket } from 'ws'
import { type ClientMessage, clientMessageSchema } from '../../../src/protocol/live-messages'
import { admitToken } from '../../platform/auth/plugin'
import type { TokenVerifier } from '../../platform/auth/tokens'
import type { Clock } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { ApiError } from '../../platform/http/errors'
import { findSession } from '../researches'
import { isOwnInbox } from './inbox'
import { liveLogBounds } from './log'
import { readLiveMessages } from './queries/log'
import type { TicketSigner } from './ticket'

export const CloseCodes = {
  /** Not authenticated: bad, expired or missing ticket or token; the identity token ran out. */
  Unauthenticated: 4401,
  /** Authenticated, but this session is not the caller's (or does not exist). */
  Forbidden: 4403,
  GoingAway: 1001,
  PolicyViolation: 1008,
  ServerError: 1011,
} as const

export interface HubCounters {
  invalidFrames: number
  sent: number
  resyncs: number
}

export interface ConnectionContext {
  db: Database
  verifier: TokenVerifier
  tickets: TicketSigner
  clock: Clock
  pageSize: number
  authTimeoutMs: number
  counters: HubCounters
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
  /** The socket is authenticated for `tenantId`/`sessionId`: start telling it about notices. */
  onAuthorised(connection: LiveConnection): void
  onClosed(connection: LiveConnection): void
}

export class LiveConnection {
  tenantId: string | null = null
  uid: string | null = null
  invalidFrames = 0
  private state: 'authenticating' | 'open' | 'closed' = 'authenticating'
  private awaitingAuthFrame = false
  /** The last id sent on this socket; null until the first resume. */
  private cursor: bigint | null = null
  private tail: Promise<void> = Promise.resolve()
  private pending = 0
  private pumpQueued = false
  private alive = true
  private authTimer: ReturnType<typeof setTimeout> | null = null
  private expiryTimer: ReturnType<typeof setTimeout> | null = null
  /** Epoch ms (by the hub's clock) when the identity token behind this socket expires. */
  private tokenExpiresAt = Number.POSITIVE_INFINITY
  private markClosed!: () => void
  private readonly whenClosed = new Promise<void>((resolve) => {
    this.markClosed = resolve
  })

  constructor(
    private readonly socket: WebSocket,
    readonly sessionId: string,
    private readonly ctx: ConnectionContext,
  ) {}

  /** Attaches the socket's listeners (synchronously, so no early frame is missed) and starts authenticating. */
  start(ticket: string | null): void {
    this.socket.on('message', (data, isBinary) => {
      this.alive = true
      this.onFrame(data, isBinary)
    })
    this.socket.on('pong', () => {
      this.alive = true
    })
    this.socket.on('close', () => this.release())
    // ws reports protocol errors (oversized or malformed frames) here and then closes the socket.
    this.socket.on('error', () => this.release())
    if (ticket !== null) {
      this.enqueue(() => this.authoriseTicket(ticket))
    } else {
      this.awaitingAuthFrame = true
      this.authTimer = setTimeout(() => this.close(CloseCodes.Unauthenticated, 'authentication timed out'), this.ctx.authTimeoutMs)
    }
  }

  /** A notice: the session's log reached `id`. Pulls what this socket has not had yet. */
  notify(id: bigint): void {
    if (this.state !== 'open' || this.closeIfExpired()) return
    if (this.cursor !== null && id <= this.cursor) return
    this.schedulePump()
  }

  /** Called every heartbeat interval: cuts a peer that stayed silent since the last one, then pings. */
  heartbeat(): void {
    if (this.state === 'closed' || this.closeIfExpired()) return
    if (!this.alive) {
      this.release()
      this.socket.terminate()
      return
    }
    this.alive = false
    try {
      this.socket.ping()
    } catch {
      // Not open any more: its close event is on the way.
    }
  }

  close(code: number, reason: string): void {
    if (this.state === 'closed') return
    this.release()
    try {
      this.socket.close(code, reason)
    } catch {
      this.socket.terminate()
    }
  }

  /** Resolves once the task running now (if any) and those queued behind it are done. */
  idle(): Promise<void> {
    return this.tail
  }

  private onFrame(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return
    const frame = isBinary ? INVALID : decodeClientFrame(rawText(data))
    if (frame === BAD_AUTH && this.awaitingAuthFrame) {
      this.close(CloseCodes.Unauthenticated, 'invalid identity token')
      return
    }
    if (frame === INVALID || frame === BAD_AUTH) {
      this.invalidFrames++
      this.ctx.counters.invalidFrames++
      return
    }
    this.enqueue(() => this.handle(frame))
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (this.state === 'authenticating') {
      if (message.type === 'auth' && this.awaitingAuthFrame) return this.authoriseToken(message.token)
      return this.close(CloseCodes.Unauthenticated, 'authenticate first')
    }
    switch (message.type) {
      case 'ping':
        await this.send(PONG)
        return
      case 'resume':
        return this.resume(message.after)
      case 'auth':
        // Already authenticated: a stray auth frame changes nothing.
        this.invalidFrames++
        this.ctx.counters.invalidFrames++
        return
    }
  }

  private async authoriseTicket(ticket: string): Promise<void> {
    const check = this.ctx.tickets.check(ticket, this.ctx.clock.now(), { consume: true })
    if (!check.ok) return this.close(CloseCodes.Unauthenticated, `ticket ${check.reason}`)
    const c = check.claims
    if (c.sessionId !== this.sessionId) return this.close(CloseCodes.Forbidden, FORBIDDEN_REASON)
    return this.admit(c.uid, c.tenantId, c.tokenExpiresAt)
  }

  private async authoriseToken(token: string): Promise<void> {
    this.awaitingAuthFrame = false
    let verified
    try {
      verified = await this.ctx.verifier.verify(token)
    } catch {
      return this.close(CloseCodes.Unauthenticated, 'invalid or expired identity token')
    }
    let auth
    try {
      // A tenant the token may not open (e-mail not verified, member removed) is refused like the API does.
      auth = await admitToken(this.ctx.db, verified)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return this.close(CloseCodes.Unauthenticated, error.message)
      // The code, not the sentence: a close reason holds 123 bytes at most.
      if (error instanceof ApiError && error.status === 403) return this.close(CloseCodes.Forbidden, error.code)
      throw error
    }
    return this.admit(auth.uid, auth.tenantId, verified.expiresAt)
  }

  private async admit(uid: string, tenantId: string, tokenExpiresAt: number): Promise<void> {
    if (tokenExpiresAt <= this.ctx.clock.now()) return this.close(CloseCodes.Unauthenticated, 'identity token expired')
    const session = isOwnInbox(uid, this.sessionId) || (await findSession(this.ctx.db, tenantId, this.sessionId))
    if (this.state === 'closed') return
    if (!session) return this.close(CloseCodes.Forbidden, FORBIDDEN_REASON)
    this.uid = uid
    this.tenantId = tenantId
    this.state = 'open'
    this.awaitingAuthFrame = false
    if (this.authTimer) clearTimeout(this.authTimer)
    this.authTimer = null
    this.tokenExpiresAt = tokenExpiresAt
    this.armExpiry(tokenExpiresAt)
    this.ctx.onAuthorised(this)
  }

  /**
   * Closes the socket (4401) once the hub's clock has passed the token's expiry. The expiry timer alone
   * is not enough: it counts monotonic time, so after a suspended process or a wall-clock jump a socket
   * would stay open (and be pushed to) past its token. Checked before every push, task and heartbeat.
   */
  private closeIfExpired(): boolean {
    if (this.state !== 'open' || this.ctx.clock.now() < this.tokenExpiresAt) return false
    this.close(CloseCodes.Unauthenticated, 'identity token expired')
    return true
  }

  private armExpiry(tokenExpiresAt: number): void {
    const remaining = tokenExpiresAt - this.ctx.clock.now()
    if (remaining <= 0) {
      this.close(CloseCodes.Unauthenticated, 'identity token expired')
      return
    }
    // setTimeout holds at most ~24.8 days; a longer token is re-armed when that runs out.
    this.expiryTimer = setTimeout(() => this.armExpiry(tokenExpiresAt), Math.min(remaining, MAX_TIMER_MS))
  }

  private async resume(after: string | null): Promise<void> {
    const bounds = await liveLogBounds(this.ctx.db, this.tenantId as string, this.sessionId)
    const last = bounds.last === null ? 0n : BigInt(bounds.last)
    const first = bounds.first === null ? last + 1n : BigInt(bounds.first)
    const from = after === null ? 0n : parseId(after)
    if (from === null || from > last || from < first - 1n) return this.resync(last)
    this.cursor = from
    if ((await this.pump()) !== 'complete') return
    const id = this.cursor === 0n ? null : String(this.cursor)
    await this.send(JSON.stringify({ type: 'resume-complete', sessionId: this.sessionId, id }))
  }

  private async resync(last: bigint): Promise<void> {
    this.cursor = last
    this.ctx.counters.resyncs++
    await this.send(JSON.stringify({ type: 'resync-required', sessionId: this.sessionId }))
    // Anything appended since `last` was read goes out now rather than at the next notice.
    this.schedulePump()
  }

  /** Sends the rows after the cursor until the log is exhausted, a page at a time, waiting for each to drain. */
  private async pump(): Promise<'complete' | 'resynced' | 'closed'> {
    const { db, pageSize } = this.ctx
    const tenantId = this.tenantId as string
    for (;;) {
      if (this.state !== 'open' || this.cursor === null) return 'closed'
      const cursor = this.cursor
      const rows = await readLiveMessages(db, tenantId, this.sessionId, String(cursor), pageSize)
      if (this.state !== 'open') return 'closed'
      const firstId = rows[0] ? BigInt(rows[0].id as string) : null
      if (firstId !== null && firstId !== cursor + 1n) {
        // Ids are dense, so a hole means retention pruned past this socket (unless nothing is pruned).
        const bounds = await liveLogBounds(db, tenantId, this.sessionId)
        if (bounds.first !== null && cursor < BigInt(bounds.first) - 1n) {
          await this.resync(BigInt(bounds.last ?? '0'))
          return 'resynced'
        }
      }
      let drained: Promise<void> | null = null
      for (const message of rows) {
        drained = this.send(JSON.stringify(message))
        this.cursor = BigInt(message.id as string)
      }
      this.ctx.counters.sent += rows.length
      if (drained) await drained
      if (rows.length < pageSize) return 'complete'
    }
  }

  private schedulePump(): void {
    if (this.pumpQueued) return
    this.pumpQueued = true
    this.enqueue(async () => {
      this.pumpQueued = false
      if (this.cursor !== null) await this.pump()
    })
  }

  /** Runs `task` after every task queued before it; a failing task closes the socket (1011). */
  private enqueue(task: () => Promise<void>): void {
    if (++this.pending > MAX_PENDING) {
      this.close(CloseCodes.PolicyViolation, 'too many frames')
      return
    }
    this.tail = this.tail.then(async () => {
      this.pending--
      if (this.state === 'closed' || this.closeIfExpired()) return
      try {
        await task()
      } catch (error) {
        this.ctx.log.error({ err: error, sessionId: this.sessionId }, 'live socket failed')
        this.close(CloseCodes.ServerError, 'internal error')
      }
    })
  }

  /** Resolves when the frame is handed to the OS (or the socket is gone), so a page never piles up in memory. */
  private send(text: string): Promise<void> {
    if (this.state === 'closed' || this.socket.readyState !== this.socket.OPEN) return Promise.resolve()
    const written = new Promise<void>((resolve) => this.socket.send(text, () => resolve()))
    return Promise.race([written, this.whenClosed])
  }

  private release(): void {
    if (this.state === 'closed') return
    this.state = 'closed'
    if (this.authTimer) clearTimeout(this.authTimer)
    if (this.expiryTimer) clearTimeout(this.expiryTimer)
    this.authTimer = null
    this.expiryTimer = null
    this.markClosed()
    this.ctx.onClosed(this)
  }
}

/** Tasks a socket may have queued before it is considered abusive. */
const MAX_PENDING = 1000
const MAX_TIMER_MS = 2_147_483_647
const FORBIDDEN_REASON = 'not allowed'
const PONG = '{"type":"pong"}'
const INVALID = Symbol('invalid frame')
const BAD_AUTH = Symbol('invalid auth frame')

function decodeClientFrame(text: string): ClientMessage | typeof INVALID | typeof BAD_AUTH {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return INVALID
  }
  const parsed = clientMessageSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const type = value !== null && typeof value === 'object' ? (value as { type?: unknown }).type : undefined
  return type === 'auth' ? BAD_AUTH : INVALID
}

/** A live-log id: a decimal position (at most 19 digits: a bigint column). */
function parseId(id: string): bigint | null {
  return /^\d{1,19}$/.test(id) ? BigInt(id) : null
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
