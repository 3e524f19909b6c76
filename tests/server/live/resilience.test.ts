/**
 * The live channel end to end with the real client: the production workspace wiring (negotiate, fallback
 * auth frame, resume, reconnects) against the real hub, with the server side of its socket killed again
 * and again while messages are appended. The client must end with exactly the read model a replay of the
 * log gives, having received every message once. On PostgreSQL, a second API instance on the same
 * database pushes what the first one's pool appended (LISTEN/NOTIFY).
 */
import '@fastify/websocket'
import { beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { Database } from '../../../server/platform/db/database'
import { emitLive } from '../../../server/modules/live/log'
import { selectReplaySummary } from '../../../src/projections/workspace-selectors'
import { createClientCore } from '../../../src/streams/client-core'
import type { SocketLike } from '../../../src/streams/live-channel'
import { createNegotiator, fallbackLiveUrl } from '../../../src/streams/live-endpoints'
import { replayRecording } from '../../../src/streams/replay'
import { attachWorkspaceLive } from '../../../src/streams/workspace-live'
import { dialects, emulatorUser, testDatabase, type TestUser } from '../support/harness'
import { connect, createWorkspace, negotiate, sameDatabaseElsewhere, sampleMessages, serverFrameSchema, startLiveServer, until, type LiveServer } from './support'

describe.each(dialects())('live channel resilience on %s', (dialect) => {
  let db: Database
  let server: LiveServer
  let ana: TestUser
  // ana has no record of her own: the server gives her a personal tenant, her address (issue 16).
  const tenant = 'ana@live-resilience-tests.acme.io'

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@live-resilience-tests.acme.io')
    server = await startLiveServer(db, { tuning: { pageSize: 16 } })
  }, 60_000)

  test('a workspace whose socket is killed again and again while 200 messages arrive ends with the read model of the log', async () => {
    const { researchId, sessionId } = await createWorkspace(server, ana)
    const endpoints = { apiBase: '/api/v1', origin: server.origin }
    const negotiator = createNegotiator({ ...endpoints, fetch, headers: async () => ana.headers })
    let negotiations = 0
    const perSocket: string[][] = []
    const core = createClientCore()
    const live = attachWorkspaceLive(core, {
      researchId,
      sessionId,
      // Every third connection fails to negotiate, so the fallback (auth frame) is exercised too.
      negotiate: async (sid) => {
        if (++negotiations % 3 === 0) throw new Error('negotiate unavailable')
        return negotiator(sid)
      },
      fallbackUrl: (sid) => fallbackLiveUrl(endpoints, sid),
      authToken: async () => ana.token,
      createSocket: (url) => {
        const ws = new WebSocket(url)
        const ids: string[] = []
        perSocket.push(ids)
        ws.on('message', (data) => {
          const frame = serverFrameSchema.parse(JSON.parse(String(data)))
          if ('data' in frame && typeof frame.id === 'string') ids.push(frame.id)
        })
        return ws as unknown as SocketLike
      },
      reconnectDelayMs: 15,
      maxAttempts: 1000,
    })

    const messages = sampleMessages(200)
    let kills = 0
    let socketsAtLastKill = 0
    for (const [i, m] of messages.entries()) {
      await emitLive(db, { tenantId: tenant, sessionId, type: m.type, data: m.data, at: i })
      // PGlite answers without touching the event loop: let sockets and timers run between appends.
      await new Promise((r) => setImmediate(r))
      if (i % 35 === 20) {
        // Kill the client's newest socket once it carries messages, so every kill lands mid-stream.
        await until(() => perSocket.length > socketsAtLastKill && (perSocket.at(-1)?.length ?? 0) > 0, 10_000)
        socketsAtLastKill = perSocket.length
        for (const socket of server.app.websocketServer.clients) socket.terminate()
        kills++
      }
    }
    await until(() => core.models.workspaceGraph.get().cursors[sessionId] === '200', 15_000)
    live.close()

    const exported = await server.app.inject({ method: 'GET', url: `/api/v1/researches/${researchId}/sessions/${sessionId}/live.jsonl`, headers: ana.headers })
    const expected = selectReplaySummary(replayRecording(exported.body).core.models.workspaceGraph.get())
    expect(expected.counts.documents).toBeGreaterThan(2)
    expect(selectReplaySummary(core.models.workspaceGraph.get())).toEqual(expected)
    expect(core.models.diagnostics.get().rejectedTotal).toBe(0)
    // Every message reached the client exactly once over all its sockets: no gap, no duplicate.
    expect(perSocket.flat()).toEqual(Array.from({ length: 200 }, (_, i) => String(i + 1)))
    expect(kills).toBe(6)
    expect(perSocket.filter((ids) => ids.length > 0).length).toBeGreaterThanOrEqual(kills + 1)
    expect(negotiations).toBeGreaterThanOrEqual(kills + 1)
  }, 30_000)

  test.runIf(dialect === 'postgres')('two API instances on one database: a message appended through one reaches a socket on the other', async () => {
    const secret = { WS_TICKET_SECRET: 'shared-secret-of-the-deployment' }
    const a = await startLiveServer(db, { config: secret })
    const b = await startLiveServer(await sameDatabaseElsewhere(db), { config: secret })
    const { sessionId } = await createWorkspace(a, ana)
    // A ticket from instance A opens a socket on instance B (same WS_TICKET_SECRET).
    const ticketUrl = (await negotiate(a, ana.headers, sessionId)).replace(a.origin.replace('http', 'ws'), b.origin.replace('http', 'ws'))
    const onB = await connect(ticketUrl, { type: 'resume', after: null })
    await onB.until((s) => s.controls().length === 1)
    const messages = sampleMessages(5)
    for (const m of messages) await emitLive(db, { tenantId: tenant, sessionId, type: m.type, data: m.data, at: 0 })
    await onB.until((s) => s.ids().length === 5)
    expect(onB.ids()).toEqual(['1', '2', '3', '4', '5'])
    onB.close()
  })
})
