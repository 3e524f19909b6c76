/**
 * A TCP proxy on 127.0.0.1 in front of the product, standing in for a flaky network: it forwards every
 * connection to the current target port (which may change, as a restarted server listens elsewhere) and
 * can cut the websocket connections it carries, both ways at once, as a dropped network would.
 */
import { once } from 'node:events'
import { createServer, connect, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface CuttingProxy {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Sends new connections to this port from now on. */
  retarget(port: number): void
  /** Websocket connections through the proxy that have carried bytes back from the server. */
  liveWebsockets(): number
  /** Cuts every open websocket connection; returns how many were cut. */
  cutWebsockets(): number
  close(): Promise<void>
}

interface Pipe {
  client: Socket
  upstream: Socket
  websocket: boolean
  bytesDown: number
}

export async function startCuttingProxy(targetPort: number): Promise<CuttingProxy> {
  let target = targetPort
  const pipes = new Set<Pipe>()
  const server = createServer((client) => {
    const upstream = connect(target, '127.0.0.1')
    const pipe: Pipe = { client, upstream, websocket: false, bytesDown: 0 }
    pipes.add(pipe)
    client.once('data', (chunk: Buffer) => {
      // A websocket starts as an HTTP request asking to upgrade; everything else is plain HTTP.
      if (/^upgrade:\s*websocket/im.test(chunk.toString('latin1'))) pipe.websocket = true
    })
    upstream.on('data', (chunk: Buffer) => (pipe.bytesDown += chunk.length))
    client.pipe(upstream)
    upstream.pipe(client)
    const end = () => {
      pipes.delete(pipe)
      client.destroy()
      upstream.destroy()
    }
    for (const socket of [client, upstream]) {
      socket.on('error', end)
      socket.on('close', end)
    }
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  const websockets = () => [...pipes].filter((p) => p.websocket && p.bytesDown > 0)
  return {
    origin: `http://127.0.0.1:${port}`,
    retarget(next) {
      target = next
    },
    liveWebsockets: () => websockets().length,
    cutWebsockets() {
      const cut = websockets()
      for (const p of cut) {
        p.client.resetAndDestroy()
        p.upstream.destroy()
        pipes.delete(p)
      }
      return cut.length
    },
    async close() {
      for (const p of pipes) {
        p.client.destroy()
        p.upstream.destroy()
      }
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
