/**
 * The live hub: every websocket of this API process and the fan-out that feeds them (ARCHITECTURE.md §1,
 * §4). `createLiveHub(deps)` gives the composition root two plugins and a `close()`:
 *
 *   const hub = createLiveHub({ db, verifier, clock, config })
 *   buildApp({ …, plugins: [hub.apiPlugin], rootPlugins: [hub.socketPlugin] })   // one hub per app
 *
 * Fan-out contract:
 * - Appends go to the live log first; `LIVE_CHANNEL` then carries `{tenantId, sessionId, id}` to every API
 *   process (PostgreSQL NOTIFY; PGlite: within the process). The hub listens once per process and hands
 *   each notice to the sockets of that tenant's session; each socket reads the rows after what it has sent
 *   (see `connection.ts`), so notices may arrive late, twice or out of order without a gap or duplicate.
 * - A notice can be lost (a dropped LISTEN connection): every `sweepIntervalMs` the hub compares each
 *   session's last id with its sockets and pulls what is missing, so a loss costs latency, never data.
 * - Retention: after a notice the session's log is pruned to its newest LIVE_LOG_RETENTION messages
 *   (one prune at a time per session; notices during it cause one more).
 * - Every `heartbeatMs` each socket is pinged; one silent for a whole interval is cut off, so vanished
 *   peers do not pile up.
 * - `close()` (also run when the app closes) stops listening, closes every socket with 1001 and waits for
 *   work in flight; clients reconnect elsewhere and resume.
 *
 * The fan-out (sessions, notices, prunes, the sweep) is fan-out.ts; this file wires it to the sockets.
 */
import websocket from '@fastify/websocket'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { z } from 'zod'
import type { TokenVerifier } from '../../platform/auth/tokens'
import type { ServerConfig } from '../../platform/config'
import type { Clock } from '../../platform/core/runtime'
import type { Database } from '../../platform/db/database'
import { CloseCodes, type ConnectionContext, type HubCounters, LiveConnection } from './connection'
import { createSessionFanOut, type SessionFanOut } from './fan-out'
import { LIVE_CHANNEL } from './log'
import { liveRoutes } from './routes'
import { createTicketSigner } from './ticket'

export interface LiveHubTuning {
  /** Messages per read while replaying or pushing. */
  pageSize: number
  /** How long a socket without a ticket may take to send its auth frame. */
  authTimeoutMs: number
  /** How often sessions are checked for messages whose notice never came (0: never). */
  sweepIntervalMs: number
  /** Largest client frame accepted (larger ones close the socket with 1009). */
  maxFrameBytes: number
  /** How often each socket is pinged; one that stayed silent a whole interval is cut off (0: never). */
  heartbeatMs: number
}

export const LiveHubDefaults: LiveHubTuning = {
  pageSize: 500,
  authTimeoutMs: 5000,
  sweepIntervalMs: 15_000,
  maxFrameBytes: 64 * 1024,
  heartbeatMs: 30_000,
}

export interface LiveHubDeps {
  db: Database
  verifier: TokenVerifier
  clock: Clock
  config: Partial<Pick<ServerConfig, 'WS_TICKET_SECRET' | 'WS_TICKET_TTL_SECONDS' | 'LIVE_LOG_RETENTION'>>
  tuning?: Partial<LiveHubTuning>
}

export interface LiveHubStats extends HubCounters {
  /** Open sockets, authenticated or not yet. */
  sockets: number
  /** Sessions with at least one authenticated socket. */
  sessions: number
  invalidNotices: number
}

export interface LiveHub {
  /** Mount under /api/v1: negotiate and the live.jsonl export. */
  apiPlugin(api: FastifyInstance): Promise<void>
  /** Mount at the root: the websocket at /ws/{sessionId}. */
  socketPlugin(app: FastifyInstance): Promise<void>
  stats(): LiveHubStats
  close(): Promise<void>
}

export function createLiveHub(deps: LiveHubDeps): LiveHub {
  const { db, clock } = deps
  const tuning: LiveHubTuning = { ...LiveHubDefaults, ...definedOnly(deps.tuning ?? {}) }
  // The defaults of server/platform/config.ts, for a composition root that passes only some settings.
  const retention = deps.config.LIVE_LOG_RETENTION ?? 100_000
  const ticketTtlSeconds = deps.config.WS_TICKET_TTL_SECONDS ?? 60
  const tickets = createTicketSigner(deps.config.WS_TICKET_SECRET ?? null)
  const counters: HubCounters = { invalidFrames: 0, sent: 0, resyncs: 0 }
  const connections = new Set<LiveConnection>()
  let log: ConnectionContext['log'] = { warn() {}, error() {} }
  let background: Background | null = null
  let mounted = false
  let closing: Promise<void> | null = null

  const fanOut = createSessionFanOut({ db, retention, log: () => log, closing: () => closing !== null })
  const context = connectionContext(deps, tuning, { tickets, counters, log: () => log, connections, fanOut })

  const close = () => {
    closing ??= (async () => {
      const running = background
      background = null
      await running?.stop(log)
      const open = [...connections]
      for (const connection of open) connection.close(CloseCodes.GoingAway, 'server shutting down')
      await Promise.all([...open.map((c) => c.idle()), ...fanOut.prunesInFlight()])
    })()
    return closing
  }

  return {
    async apiPlugin(api) {
      await liveRoutes(api, { db, clock, tickets, ticketTtlSeconds })
    },

    async socketPlugin(app) {
      if (mounted) throw new Error('a live hub serves one app: create one per app')
      mounted = true
      log = app.log
      if (deps.config.WS_TICKET_SECRET == null && db.dialect === 'postgres') {
        app.log.warn('WS_TICKET_SECRET is not set: a ticket is only accepted by the API process that issued it')
      }
      // Registered before @fastify/websocket's own preClose, so sockets close with 1001 and a reason.
      app.addHook('preClose', async () => {
        await close()
      })
      await app.register(websocket, { options: { maxPayload: tuning.maxFrameBytes } })
      background = await startBackground(db, tuning, {
        fanOut,
        log: () => log,
        sweepTickets: () => tickets.sweep(clock.now()),
        heartbeat: () => {
          for (const connection of connections) connection.heartbeat()
        },
      })
      app.get('/ws/:sessionId', { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
        acceptSocket(socket, request, { closing: closing !== null, context, connections })
      })
    },

    stats() {
      return { ...counters, sockets: connections.size, sessions: fanOut.sessionCount(), invalidNotices: fanOut.invalidNotices() }
    },

    close,
  }
}

/** What each socket of the hub shares: the store, the ticket signer, the counters and the fan-out's registry. */
function connectionContext(
  deps: LiveHubDeps,
  tuning: LiveHubTuning,
  hub: { tickets: ConnectionContext['tickets']; counters: HubCounters; log: () => ConnectionContext['log']; connections: Set<LiveConnection>; fanOut: SessionFanOut },
): ConnectionContext {
  return {
    db: deps.db,
    verifier: deps.verifier,
    tickets: hub.tickets,
    clock: deps.clock,
    pageSize: tuning.pageSize,
    authTimeoutMs: tuning.authTimeoutMs,
    counters: hub.counters,
    get log() {
      return hub.log()
    },
    onAuthorised(connection) {
      hub.fanOut.watch(connection)
    },
    onClosed(connection) {
      hub.connections.delete(connection)
      hub.fanOut.unwatch(connection)
    },
  }
}

/** What runs while the socket plugin is mounted: the LIVE_CHANNEL listener, the sweep and the heartbeat. */
interface Background {
  /** Stops the timers, then the listener (a failure to unlisten is logged, not thrown). */
  stop(log: ConnectionContext['log']): Promise<void>
}

async function startBackground(
  db: Database,
  tuning: LiveHubTuning,
  work: { fanOut: SessionFanOut; log: () => ConnectionContext['log']; sweepTickets: () => void; heartbeat: () => void },
): Promise<Background> {
  const unlisten = await db.listen(LIVE_CHANNEL, work.fanOut.onNotice)
  const sweep = async () => {
    work.sweepTickets()
    await work.fanOut.sweep()
  }
  let sweepTimer: ReturnType<typeof setInterval> | null = null
  let heartbeatTimer: ReturnType<typeof setInterval> | null = null
  if (tuning.sweepIntervalMs > 0) {
    sweepTimer = setInterval(() => {
      sweep().catch((error: unknown) => work.log().error({ err: error }, 'live sweep failed'))
    }, tuning.sweepIntervalMs)
    sweepTimer.unref()
  }
  if (tuning.heartbeatMs > 0) {
    heartbeatTimer = setInterval(work.heartbeat, tuning.heartbeatMs)
    heartbeatTimer.unref()
  }
  return {
    async stop(log) {
      if (sweepTimer) clearInterval(sweepTimer)
      if (heartbeatTimer) clearInterval(heartbeatTimer)
      await unlisten().catch((error: unknown) => log.warn({ err: error }, 'unlisten failed'))
    },
  }
}

/** A websocket at /ws/{sessionId}: refused while closing or when malformed, else a connection of the hub. */
function acceptSocket(socket: WebSocket, request: FastifyRequest, hub: { closing: boolean; context: ConnectionContext; connections: Set<LiveConnection> }): void {
  const params = paramsSchema.safeParse(request.params)
  const query = querySchema.safeParse(request.query)
  if (hub.closing) {
    socket.close(CloseCodes.GoingAway, 'server shutting down')
    return
  }
  if (!params.success || !query.success) {
    socket.close(CloseCodes.Unauthenticated, 'malformed request')
    return
  }
  const connection = new LiveConnection(socket, params.data.sessionId, hub.context)
  hub.connections.add(connection)
  connection.start(query.data.ticket ?? null)
}

const paramsSchema = z.object({ sessionId: z.string().min(1).max(200) })
const querySchema = z.object({ ticket: z.string().min(1).max(4096).optional() })

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}
