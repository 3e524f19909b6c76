/**
 * The Auth emulator behind the app's own origin. With the emulator, the browser's identity calls
 * (`/identitytoolkit.googleapis.com/…`, `/securetoken.googleapis.com/…`, `/emulator/…`, which the Firebase
 * SDK sends to the emulator address it is given) go to the page's origin and are passed through here:
 *
 * - the page works wherever the server is reached (HOST=0.0.0.0 on a team's network), not only on the
 *   machine whose loopback the emulator listens on;
 * - the server answers (and serves the page) while the emulator is still starting: a call waits until it is
 *   ready instead of failing;
 * - nothing but this origin needs to be allowed by the Content-Security-Policy.
 *
 * Bodies and answers are streamed through untouched. If the emulator cannot be reached the call answers
 * 503 in the identity API's error shape, which the SDK reports as a network failure.
 */
import { request as httpRequest } from 'node:http'
import type { FastifyInstance } from 'fastify'

/** The path prefixes of the identity API that the emulator serves. */
export const IDENTITY_PROXY_PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/www.googleapis.com/identitytoolkit/', '/emulator/'] as const

export function isIdentityPath(url: string): boolean {
  return IDENTITY_PROXY_PREFIXES.some((prefix) => url.startsWith(prefix))
}

export interface IdentityProxyOptions {
  /** The emulator's `host:port`, once it is ready (may wait for it to start). */
  target(): Promise<string>
}

export async function identityProxy(app: FastifyInstance, options: IdentityProxyOptions): Promise<void> {
  await app.register(async (scope) => {
    // Leave bodies unread: they are piped to the emulator as they come.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    for (const prefix of IDENTITY_PROXY_PREFIXES) {
      scope.all(`${prefix}*`, async (request, reply) => {
        let target: string
        try {
          target = await options.target()
        } catch {
          return reply.code(503).send(unavailable())
        }
        const [hostname, port] = splitHost(target)
        reply.hijack()
        const upstream = httpRequest(
          { hostname, port, method: request.method, path: request.url, headers: { ...request.headers, host: target } },
          (answer) => {
            reply.raw.writeHead(answer.statusCode ?? 502, answer.headers)
            answer.pipe(reply.raw)
          },
        )
        upstream.on('error', () => {
          if (reply.raw.headersSent) return reply.raw.destroy()
          reply.raw.writeHead(503, { 'content-type': 'application/json' })
          reply.raw.end(JSON.stringify(unavailable()))
        })
        request.raw.pipe(upstream)
      })
    }
  })
}

function unavailable() {
  return { error: { code: 503, message: 'The identity service is not reachable', errors: [] } }
}

function splitHost(hostPort: string): [string, number] {
  const i = hostPort.lastIndexOf(':')
  return [hostPort.slice(0, i), Number(hostPort.slice(i + 1))]
}
