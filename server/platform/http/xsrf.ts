/**
 * Double-submit XSRF protection (spec §7: "The client sends an XSRF cookie and header").
 *
 * The page and `GET /api/v1/config` hand out an `XSRF-TOKEN` cookie (SameSite=Strict, readable by the
 * page's script, Secure over https). A POST, PUT, PATCH or DELETE that carries the cookie must carry the same
 * value in `X-XSRF-TOKEN`, else 403 `{code:'XSRF_MISMATCH'}`: another site can make the browser send the
 * cookie but cannot read it to copy it into a header. Requests without the cookie (API clients with a
 * bearer token, `app.inject` in tests) are not affected: they carry no ambient credential to abuse.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

export const XSRF_COOKIE = 'XSRF-TOKEN'
export const XSRF_HEADER = 'x-xsrf-token'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/

export interface XsrfOptions {
  /** Whether this response hands out the cookie (when the request has none yet). */
  issues(request: FastifyRequest, reply: FastifyReply): boolean
  /** Requests the check does not apply to (calls that carry no ambient credential, like the identity API's). */
  exempt?(request: FastifyRequest): boolean
}

export function installXsrf(app: FastifyInstance, options: XsrfOptions): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!UNSAFE.has(request.method) || options.exempt?.(request)) return
    const cookie = readCookie(request.headers.cookie, XSRF_COOKIE)
    if (cookie === null) return
    const header = request.headers[XSRF_HEADER]
    if (typeof header === 'string' && header !== '' && sameString(header, cookie)) return
    reply.code(403).send({ code: 'XSRF_MISMATCH', message: 'Missing or mismatched X-XSRF-TOKEN header; reload the page' })
    return reply
  })

  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || reply.statusCode >= 400) return payload
    if (!options.issues(request, reply)) return payload
    const current = readCookie(request.headers.cookie, XSRF_COOKIE)
    if (current !== null && WELL_FORMED.test(current)) return payload
    // A credential, so from the OS's CSPRNG rather than the injectable ids.
    const token = randomBytes(32).toString('base64url')
    const secure = request.protocol === 'https' ? '; Secure' : ''
    reply.header('set-cookie', `${XSRF_COOKIE}=${token}; Path=/; SameSite=Strict${secure}`)
    return payload
  })
}

/** The value of one cookie in a Cookie header; null when absent. */
export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return null
}

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}
