/**
 * Live-channel test support: an app with a live hub listening on 127.0.0.1 (real sockets), a `ws` test
 * client that validates every server frame with the protocol's schemas, and realistic messages taken
 * from the replay benchmark's generator.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import '@fastify/websocket'
import type { FastifyInstance } from 'fastify'
import { afterAll } from 'vitest'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { generateLog } from '../../../bench/replay/log'
import { firebaseTokenVerifier } from '../../../server/platform/auth/tokens'
import { randomIds } from '../../../server/platform/core/runtime'
import { type Database, openDatabase } from '../../../server/platform/db/database'
import { createLiveHub, type LiveHub, type LiveHubDeps } from '../../../server/modules/live/hub'
import { controlMessageSchema, type LiveMessageType, liveMessageSchema } from '../../../src/protocol/live-messages'
import { testApp, type TestUser } from '../support/harness'

/** A clock that follows real time (socket timers are real) but can be pushed ahead. */
export function skewClock() {
  let skew = 0
  return {
    now: () => Date.now() + skew,
    advance(ms: number) {
      skew += ms
    },
    reset() {
      skew = 0
    },
  }
}

export interface LiveServer {
  app: FastifyInstance
  hub: LiveHub
  clock: ReturnType<typeof skewClock>
  /** `http://127.0.0.1:<port>` */
  origin: string
  wsUrl(path: string): string
  close(): Promise<void>
}

const servers: LiveServer[] = []
const otherDatabases: Database[] = []
// Apps close before the databases under them (the harness closes its own after this hook).
afterAll(async () => {
  for (const s of servers.splice(0)) await s.close()
  for (const d of otherDatabases.splice(0)) await d.close()
})

/** An app with a live hub, listening on a free port; closed after the file's tests. */
export async function startLiveServer(db: Database, options: Partial<Pick<LiveHubDeps, 'config' | 'tuning'>> = {}): Promise<LiveServer> {
  const clock = skewClock()
  const hub = createLiveHub({
    db,
    verifier: firebaseTokenVerifier('demo-sightline'),
    clock,
    config: options.config ?? {},
    tuning: { sweepIntervalMs: 0, authTimeoutMs: 400, ...options.tuning },
  })
  const { app } = await testApp(db, { clock, ids: randomIds, plugins: [hub.apiPlugin], rootPlugins: [hub.socketPlugin] })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  const origin = `http://127.0.0.1:${port}`
  let closed = false
  const server: LiveServer = {
    app,
    hub,
    clock,
    origin,
    wsUrl: (path) => `ws://127.0.0.1:${port}${path}`,
    async close() {
      if (closed) return
      closed = true
      await app.close()
    },
  }
  servers.push(server)
  return server
}

/** A research with its first workspace, created through the API; returns both ids. */
export async function createWorkspace(server: LiveServer, user: TestUser, title = 'Live'): Promise<{ researchId: string; sessionId: string }> {
  const res = await server.app.inject({ method: 'POST', url: '/api/v1/researches', headers: user.headers, payload: { title } })
  if (res.statusCode !== 201) throw new Error(`create research answered ${res.statusCode}: ${res.body}`)
  const body = createdSchema.parse(res.json())
  return { researchId: body.id, sessionId: (body.sessions[0] as { id: string }).id }
}

/** `POST /ws/negotiate/{sessionId}` → the absolute websocket URL. */
export async function negotiate(server: LiveServer, headers: Record<string, string>, sessionId: string): Promise<string> {
  const res = await server.app.inject({ method: 'POST', url: `/api/v1/ws/negotiate/${sessionId}`, headers, payload: {} })
  if (res.statusCode !== 200) throw new Error(`negotiate answered ${res.statusCode}: ${res.body}`)
  return server.wsUrl(z.object({ url: z.string() }).parse(res.json()).url)
}

export const serverFrameSchema = z.union([controlMessageSchema, liveMessageSchema])
export type ServerFrame = z.infer<typeof serverFrameSchema>

/** A websocket client that keeps every frame (validated) and how the socket closed. */
export class TestSocket {
  readonly ws: WebSocket
  readonly frames: ServerFrame[] = []
  readonly closed: Promise<{ code: number; reason: string }>
  readonly opened: Promise<void>

  constructor(url: string) {
    this.ws = new WebSocket(url)
    this.ws.on('message', (data) => {
      this.frames.push(serverFrameSchema.parse(JSON.parse(String(data))))
    })
    this.opened = once(this.ws, 'open').then(() => undefined)
    this.closed = new Promise((resolve) => this.ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })))
    this.ws.on('error', () => {})
  }

  send(value: unknown): void {
    this.ws.send(typeof value === 'string' ? value : JSON.stringify(value))
  }

  /** Ids of the data-carrying messages received, in order. */
  ids(): string[] {
    return this.frames.flatMap((f) => ('data' in f && typeof f.id === 'string' ? [f.id] : []))
  }

  controls(): ServerFrame[] {
    return this.frames.filter((f) => !('data' in f))
  }

  async until(predicate: (s: TestSocket) => boolean, timeoutMs = 5000): Promise<void> {
    await until(
      () => predicate(this),
      timeoutMs,
      () => `frames: ${JSON.stringify(this.frames.slice(-5))}`,
    )
  }

  close(): void {
    this.ws.terminate()
  }
}

/** Opens a socket, waits for it to open and sends the given frames. */
export async function connect(url: string, ...frames: unknown[]): Promise<TestSocket> {
  const s = new TestSocket(url)
  await s.opened
  for (const f of frames) s.send(f)
  return s
}

export async function until(predicate: () => boolean, timeoutMs = 5000, detail: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms ${detail()}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

/** `n` realistic messages (skeletons, summaries, document-ready, frames …) as `{type, data}`. */
export function sampleMessages(n: number): Array<{ type: LiveMessageType; data: Record<string, unknown> }> {
  const lines = generateLog(Math.ceil(n / 45) + 1).slice(0, n)
  return lines.map((line) => {
    const m = liveMessageSchema.parse(JSON.parse(line))
    return { type: m.type, data: m.data as Record<string, unknown> }
  })
}

/** A second, independent connection pool to the same PostgreSQL database (another "instance"). */
export async function sameDatabaseElsewhere(db: Database): Promise<Database> {
  const other = await openDatabase({ databaseUrl: await databaseUrl(db) })
  otherDatabases.push(other)
  return other
}

/** The PostgreSQL URL of a test database (for a CLI pointed at it). */
export async function databaseUrl(db: Database): Promise<string> {
  const rows = await db.query<{ name: string }>('SELECT current_database() AS name')
  const url = new URL(process.env.TEST_DATABASE_URL as string)
  url.pathname = `/${rows[0]?.name}`
  return url.toString()
}

const createdSchema = z.object({ id: z.string(), sessions: z.array(z.object({ id: z.string() })).min(1) })
