/**
 * Web hardening for every response of the app (issue 9): security headers with a Content-Security-Policy,
 * CORS closed unless `CORS_ORIGINS` opens it, rate limits on the auth-adjacent routes, and double-submit
 * XSRF (`xsrf.ts`). `buildApp` installs it on the root instance before any route, so its hooks cover the
 * API, the websocket upgrade, the built client that `main.ts` serves and the 404 answers alike.
 *
 * The CSP allows scripts from this origin only (the built client has no inline script), inline styles
 * (React Flow and Recharts position elements with style attributes), the same-origin layout worker, and
 * network calls to this origin (fetch and the websocket: CSP3 `'self'` covers ws/wss to the same host)
 * plus the identity provider: exactly the Auth emulator's origin when one is configured, else Google's
 * identitytoolkit and securetoken hosts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { isIdentityPath } from '../auth/identity-proxy'
import { corsOriginsOf, defaultClientSettings, loadServerConfig, type ServerConfig } from '../config'
import { fixedWindowLimiter, type RateLimiter } from './rate-limit'
import { SessionDataHeaders } from '../../../src/protocol/api'
import type { ClientSettings } from '../../../src/protocol/http/platform'
import type { Clock } from '../core/runtime'
import { installXsrf } from './xsrf'

/** Every request header the API reads, so a page of an allowed origin can send each of them. */
const ALLOWED_REQUEST_HEADERS = [
  'authorization',
  'content-type',
  'x-tenant-id',
  'x-user-id',
  'x-xsrf-token',
  'x-session-id',
  'x-page-size',
  'x-continuation-token',
  ...Object.values(SessionDataHeaders),
].join(', ')

export interface WebSecurityOptions {
  /** Origins (scheme://host[:port]) whose pages may call the API; none by default. */
  corsOrigins: readonly string[]
  /** Hits per window on each rate-limited route, per client IP and per signed-in user. */
  rateLimit: { perIp: number; perUser: number; windowMs: number }
}

/** What the security layer reads of the app's deps: the clock (rate-limit windows) and where the Auth emulator is (CSP). */
export interface WebSecurityDeps {
  clock: Clock
  clientSettings?: ClientSettings
  /** The emulator is served behind this origin: the CSP allows 'self' for it. */
  identityProxied?: boolean
}

/** Routes that create accounts or hand out live-channel tickets: a client hammering them is slowed down. */
export const RATE_LIMITED_ROUTES: ReadonlySet<string> = new Set(['POST /api/v1/users', 'POST /api/v1/ws/negotiate/:sessionId'])

export const IDENTITY_HOSTS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'] as const

export async function webSecurity(app: FastifyInstance, deps: WebSecurityDeps, options = webSecurityOf(loadServerConfig())): Promise<void> {
  // Behind the identity proxy the emulator is this origin ('self'); otherwise it is named.
  const csp = contentSecurityPolicy({ authEmulatorUrl: deps.identityProxied ? 'self' : (deps.clientSettings ?? defaultClientSettings()).authEmulatorUrl })
  const allowedOrigins = new Set(options.corsOrigins)

  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', csp)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('x-frame-options', 'DENY')
    reply.header('referrer-policy', 'same-origin')
    reply.header('cross-origin-opener-policy', 'same-origin')
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=15552000')

    // CORS: only the configured origins get allow headers; everyone else gets none (the browser blocks).
    if (allowedOrigins.size === 0) return
    reply.header('vary', 'Origin')
    const origin = request.headers.origin
    if (typeof origin !== 'string' || !allowedOrigins.has(origin)) return
    reply.header('access-control-allow-origin', origin)
    // A refusal's Retry-After (rate limits, ingest quotas) is for the page to read too.
    reply.header('access-control-expose-headers', 'Retry-After')
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE')
        .header('access-control-allow-headers', ALLOWED_REQUEST_HEADERS)
        .header('access-control-max-age', '600')
        .send()
      return reply
    }
  })

  installXsrf(app, {
    issues: (request, reply) => request.routeOptions.url === '/api/v1/config' || isHtml(reply.getHeader('content-type')),
    // The identity API (proxied to the emulator) authenticates with its API key and tokens in the body.
    exempt: (request) => isIdentityPath(request.url),
  })

  const byIp = fixedWindowLimiter({ limit: options.rateLimit.perIp, windowMs: options.rateLimit.windowMs, clock: deps.clock })
  const byUser = fixedWindowLimiter({ limit: options.rateLimit.perUser, windowMs: options.rateLimit.windowMs, clock: deps.clock })
  // Per IP before the token is verified (that is the expensive part); per user once the auth hook of
  // /api/v1 has run — root preHandler hooks run after every onRequest hook, the child scope's included.
  app.addHook('onRequest', async (request, reply) => {
    const route = limitedRoute(request)
    if (route) return refuseWhenOver(byIp, `${route}\0${request.ip}`, reply)
  })
  app.addHook('preHandler', async (request, reply) => {
    const route = limitedRoute(request)
    if (route && request.auth) return refuseWhenOver(byUser, `${route}\0${request.auth.uid}`, reply)
  })
}

/**
 * The policy for a client whose identity provider is the emulator at `authEmulatorUrl`, the emulator behind
 * this origin (`'self'`), or Google's (null).
 */
export function contentSecurityPolicy(settings: { authEmulatorUrl: string | null }): string {
  const identity = settings.authEmulatorUrl === 'self' ? [] : settings.authEmulatorUrl ? [new URL(settings.authEmulatorUrl).origin] : [...IDENTITY_HOSTS]
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    ['connect-src', "'self'", ...identity].join(' '),
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/** The hardening's settings: the CORS origins the configuration names, and the rate limits. */
export function webSecurityOf(config: Pick<ServerConfig, 'CORS_ORIGINS'>): WebSecurityOptions {
  return { corsOrigins: corsOriginsOf(config), rateLimit: { perIp: 60, perUser: 20, windowMs: 60_000 } }
}

function limitedRoute(request: FastifyRequest): string | null {
  const route = `${request.method} ${request.routeOptions.url ?? ''}`
  return RATE_LIMITED_ROUTES.has(route) ? route : null
}

function refuseWhenOver(limiter: RateLimiter, key: string, reply: FastifyReply): FastifyReply | undefined {
  const decision = limiter.hit(key)
  if (decision.ok) return
  reply
    .code(429)
    .header('retry-after', String(decision.retryAfterSeconds))
    .send({ code: 'RATE_LIMIT', message: `Too many requests; try again in ${decision.retryAfterSeconds} s` })
  return reply
}

function isHtml(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('text/html')
}
