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
 *
 * Two exceptions, because a verified e-mail opens a company's tenant (issue 16): the emulator's own admin
 * API (`/emulator/v1/…`: every out-of-band code, wiping the accounts) is not passed through — whoever reaches
 * the app would read anyone's verification link there; and, as the emulator sends no mail, the links it
 * would have sent (verify an address, reset a password) are written to the server's output instead, on
 * the app's own origin, for the person at the machine running it.
 */
import { request as httpRequest } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

/** The path prefixes of the identity API that the emulator serves. */
export const IDENTITY_PROXY_PREFIXES = ['/identitytoolkit.googleapis.com/', '/securetoken.googleapis.com/', '/www.googleapis.com/identitytoolkit/', '/emulator/'] as const

export function isIdentityPath(url: string): boolean {
  return IDENTITY_PROXY_PREFIXES.some((prefix) => url.startsWith(prefix))
}

/** Paths under the proxied prefixes that are never passed through: the emulator's admin API. */
export const IDENTITY_PROXY_REFUSED = ['/emulator/v1/'] as const

export interface IdentityProxyOptions {
  /** The emulator's `host:port`, once it is ready (may wait for it to start). */
  target(): Promise<string>
  /** The identity project (whose out-of-band codes are read); demo-sightline by default. */
  projectId?: string
  /** Where the e-mails the emulator would have sent go (a line each); the console by default. */
  mail?: (line: string) => void
}

export async function identityProxy(app: FastifyInstance, options: IdentityProxyOptions): Promise<void> {
  const mail = options.mail ?? ((line: string) => console.log(line))
  const projectId = options.projectId ?? 'demo-sightline'
  const delivered = new Set<string>()
  await app.register(async (scope) => {
    // Leave bodies unread: they are piped to the emulator as they come.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    for (const prefix of IDENTITY_PROXY_PREFIXES) {
      scope.all(`${prefix}*`, async (request, reply) => {
        if (IDENTITY_PROXY_REFUSED.some((refused) => request.url.startsWith(refused))) {
          return reply.code(404).send({ error: { code: 404, message: 'Not found', errors: [] } })
        }
        let target: string
        try {
          target = await options.target()
        } catch {
          return reply.code(503).send(unavailable())
        }
        const [hostname, port] = splitHost(target)
        reply.hijack()
        const upstream = httpRequest({ hostname, port, method: request.method, path: request.url, headers: { ...request.headers, host: target } }, (answer) => {
          reply.raw.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(reply.raw)
          if (answer.statusCode === 200 && request.url.includes('/accounts:sendOobCode')) {
            answer.once('end', () => void deliver(target, projectId, originOf(request.headers), delivered, mail))
          }
        })
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

/**
 * Writes the links of out-of-band codes not written before ("To verify ana@acme.io, open …"), pointing at
 * the app's origin, which passes `/emulator/action` through to the emulator.
 */
async function deliver(target: string, projectId: string, origin: string | null, delivered: Set<string>, mail: (line: string) => void): Promise<void> {
  try {
    const res = await fetch(`http://${target}/emulator/v1/projects/${encodeURIComponent(projectId)}/oobCodes`)
    if (!res.ok) return
    const body = oobCodesSchema.parse(await res.json())
    for (const code of body.oobCodes) {
      if (delivered.has(code.oobCode)) continue
      delivered.add(code.oobCode)
      const link = new URL(code.oobLink)
      const shown = origin ? `${origin}${link.pathname}${link.search}` : code.oobLink
      const what =
        code.requestType === 'VERIFY_EMAIL' ? `verify ${code.email}` : code.requestType === 'PASSWORD_RESET' ? `reset the password of ${code.email}` : `${code.requestType} for ${code.email}`
      mail(`Auth emulator e-mail (none is sent): to ${what}, open ${shown}`)
    }
  } catch {
    /* the links stay in the emulator; nothing else depends on this */
  }
}

const oobCodesSchema = z.object({
  oobCodes: z.array(z.object({ email: z.string(), requestType: z.string(), oobCode: z.string(), oobLink: z.string() })).default([]),
})

function originOf(headers: Record<string, string | string[] | undefined>): string | null {
  const host = headers.host
  return typeof host === 'string' && host !== '' ? `http://${host}` : null
}

function unavailable() {
  return { error: { code: 503, message: 'The identity service is not reachable', errors: [] } }
}

function splitHost(hostPort: string): [string, number] {
  const i = hostPort.lastIndexOf(':')
  return [hostPort.slice(0, i), Number(hostPort.slice(i + 1))]
}
