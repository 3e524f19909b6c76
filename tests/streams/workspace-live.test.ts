/**
 * Over a real websocket: a server that speaks the live-log protocol (resume after an id, replay,
 * resume-complete) and cuts the connection again and again mid-stream, sometimes replaying an overlap.
 * The client's read model must end equal to an undisturbed replay of the same log.
 */
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, test } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { clientMessageSchema } from '../../src/protocol/live-messages'
import { selectReplaySummary } from '../../src/projections/workspace-selectors'
import { createClientCore } from '../../src/streams/client-core'
import type { SocketLike } from '../../src/streams/live-channel'
import { replayRecording } from '../../src/streams/replay'
import { attachWorkspaceLive } from '../../src/streams/workspace-live'
import { generateLog } from '../../bench/replay/log'

let server: WebSocketServer | null = null
afterEach(async () => {
  server?.close()
  server = null
})

function startServer(log: string[], opts: { dropEvery: number; overlap: number }) {
  const ids = log.map((l) => (JSON.parse(l) as { id: string }).id)
  const stats = { connections: 0, sent: 0 }
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  server.on('connection', (socket) => {
    stats.connections++
    socket.on('message', (raw) => {
      const msg = clientMessageSchema.safeParse(JSON.parse(String(raw)))
      if (!msg.success || msg.data.type !== 'resume') return
      const after = msg.data.after
      let from = after === null ? 0 : ids.indexOf(after) + 1
      // Replay a few already-delivered messages too: the client must not apply them twice.
      from = Math.max(0, from - opts.overlap)
      let sentHere = 0
      const pump = () => {
        if (socket.readyState !== WebSocket.OPEN) return
        if (from >= log.length) {
          socket.send(JSON.stringify({ type: 'resume-complete', sessionId: 'bench-session', id: ids.at(-1) }))
          return
        }
        socket.send(log[from++] as string)
        stats.sent++
        if (++sentHere >= opts.dropEvery) {
          socket.terminate()
          return
        }
        setImmediate(pump)
      }
      pump()
    })
  })
  return { stats, port: () => (server?.address() as AddressInfo).port }
}

test('a workspace cut off 20+ times mid-stream ends with the same read model as an undisturbed run', async () => {
  const log = generateLog(6)
  const expected = selectReplaySummary(replayRecording(log.join('\n')).core.models.workspaceGraph.get())
  const { stats, port } = startServer(log, { dropEvery: 23, overlap: 4 })
  await once(server as WebSocketServer, 'listening')

  const core = createClientCore()
  const done = new Promise<void>((resolve) => {
    core.bus.envelopes$.subscribe((e) => {
      if (e.event.type === 'liveChannel.resumed') resolve()
    })
  })
  const live = attachWorkspaceLive(core, {
    researchId: 'r1',
    sessionId: 'bench-session',
    negotiate: async () => `ws://127.0.0.1:${port()}/ws/bench-session?ticket=t`,
    fallbackUrl: () => 'unused',
    authToken: async () => null,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    reconnectDelayMs: 5,
    maxAttempts: 1000,
  })
  await done
  live.close()

  expect(stats.connections).toBeGreaterThan(20)
  expect(stats.sent).toBeGreaterThan(log.length)
  expect(selectReplaySummary(core.models.workspaceGraph.get())).toEqual(expected)
  expect(core.models.diagnostics.get().rejectedTotal).toBe(0)
  // The downloadable recording replays to the same read model.
  expect(selectReplaySummary(replayRecording(live.recording.toJsonl()).core.models.workspaceGraph.get())).toEqual(expected)
})
