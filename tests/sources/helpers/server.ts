/**
 * A throwaway HTTP server on 127.0.0.1 (random port) answering recorded real-format payloads, so no
 * test of the source readers ever leaves the machine.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, url: URL) => void
export type SeenRequest = { path: string; headers: http.IncomingHttpHeaders }
export type TestServer = { base: string; requests: SeenRequest[]; close: () => Promise<void> }

/** Routes are keyed by pathname; anything else answers 404. */
export async function startServer(routes: Record<string, Handler>): Promise<TestServer> {
  const requests: SeenRequest[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    requests.push({ path: `${url.pathname}${url.search}`, headers: req.headers })
    const handler = routes[url.pathname]
    if (handler) handler(req, res, url)
    else res.writeHead(404, { 'content-type': 'text/plain' }).end('not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A handler answering a fixed body. */
export function reply(body: string | Buffer, headers: http.OutgoingHttpHeaders = {}, status = 200): Handler {
  return (_req, res) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers }).end(body)
  }
}
