/**
 * Error bodies are `{code, message}` with the status that fits (ARCHITECTURE.md §4a). Routes throw
 * `ApiError`; validation failures name the field; anything unexpected is a 500 INTERNAL_ERROR whose
 * details go to the log, not to the client.
 *
 * Every 500 is logged, whatever LOG_REQUESTS says (that switch is for the request log), as one line of
 * JSON on stderr: the request id (also in the answer's body and `x-request-id`, so a user can quote it),
 * method, route, the error's class, code and stack frames, and its message with quoted values cut out.
 * Never headers (tokens), bodies, query strings or quoted values, which may hold document text.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ApiError } from '../../../src/protocol/api'
import { Refusal, type RefusalKind } from '../core/refusal'

export { ApiError }

/** A feature's refusal (server/platform/core/refusal.ts) as an answer: its status and code. */
const REFUSAL_STATUS: Record<RefusalKind, number> = { not_found: 404, conflict: 409, invalid: 400, unavailable: 503, expired: 410 }
const REFUSAL_CODE: Record<RefusalKind, string> = { not_found: 'NOT_FOUND', conflict: 'CONFLICT', invalid: 'VALIDATION_ERROR', unavailable: 'SERVICE_UNAVAILABLE', expired: 'SESSION_EXPIRED' }

export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} not found`)
export const validation = (field: string, message: string) => new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`)
export const forbidden = (message: string) => new ApiError(403, 'FORBIDDEN', message)
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', message)
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message)
/** 429 RATE_LIMIT (spec §8, retryable) with when to try again, sent as `Retry-After` too. */
export const rateLimited = (message: string, retryAfterSeconds: number) => new ApiError(429, 'RATE_LIMIT', message, retryAfterSeconds)

/** Where 500s are written: one JSON object per call. */
export type ErrorLog = (line: Record<string, unknown>) => void

export const stderrErrorLog: ErrorLog = (line) => process.stderr.write(`${JSON.stringify(line)}\n`)

export function installErrorHandler(app: FastifyInstance, errorLog: ErrorLog = stderrErrorLog): void {
  app.setErrorHandler((error: FastifyError | ApiError | Refusal, request, reply) => {
    if (error instanceof ApiError) {
      // A refusal that passes (a quota's 429) says when in Retry-After as well as in its message.
      if (error.retryAfterSeconds !== null) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))))
      return reply.status(error.status).send({ code: error.code, message: error.message })
    }
    if (error instanceof Refusal) return reply.status(REFUSAL_STATUS[error.kind]).send({ code: REFUSAL_CODE[error.kind], message: error.message })
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]
      const path = first ? formatPath(first.instancePath, first.params?.issue) : ''
      const where = error.validationContext ?? 'body'
      const message = first ? `${path || where}: ${first.message}` : 'Invalid request'
      return reply.status(400).send({ code: 'VALIDATION_ERROR', message })
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 413) return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large (max 50MB)' })
    if (status === 415) return reply.status(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported media type' })
    // The body parser's refusals (not JSON, a `__proto__` key, an empty body) are about the body as a whole.
    if (status === 400) return reply.status(400).send({ code: 'VALIDATION_ERROR', message: error.code?.startsWith('FST_ERR_CTP') ? `body: ${error.message}` : error.message })
    if (status === 429) return reply.status(429).send({ code: 'RATE_LIMIT', message: 'Too many requests' })
    if (status < 500) return reply.status(status).send({ code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST', message: error.message })
    request.log.error({ err: error }, 'request failed')
    errorLog(serverErrorLine(request, error))
    return reply
      .status(500)
      .header('x-request-id', request.id)
      .send({ code: 'INTERNAL_ERROR', message: `Internal server error (request ${request.id})` })
  })
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` }))
}

/** What a 500 says in the log: enough to find the fault, nothing of what the user sent. */
export function serverErrorLine(request: FastifyRequest, error: unknown): Record<string, unknown> {
  const err = error instanceof Error ? error : new Error(String(error))
  const code = (err as { code?: unknown }).code
  return {
    level: 'error',
    time: new Date().toISOString(),
    msg: 'request failed',
    reqId: request.id,
    method: request.method,
    // The route's pattern (/researches/:id), else the path without its query string.
    route: request.routeOptions.url ?? request.url.split('?')[0],
    statusCode: 500,
    err: {
      type: err.name,
      ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
      message: scrubbed(err.message),
      stack: (err.stack ?? '')
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .slice(0, 12)
        .map((l) => l.trim()),
    },
  }
}

/** An error's message without the values it quotes (a database error quotes what it could not store). */
function scrubbed(message: string): string {
  const firstLine = message.split('\n')[0] ?? ''
  const cut = firstLine
    .replace(/(["'`«“‘]).*?(["'`»”’])/g, '$1…$2')
    .replace(/Bearer\s+\S+/gi, 'Bearer …')
    .replace(/eyJ[\w-]+\.[\w-]*\.[\w-]*/g, '…')
  return cut.length > 200 ? `${cut.slice(0, 199)}…` : cut
}

function formatPath(instancePath: string, issue: unknown): string {
  const fromIssue = (issue as { path?: unknown[] } | undefined)?.path
  if (Array.isArray(fromIssue) && fromIssue.length > 0) return fromIssue.join('.')
  return instancePath.replace(/^\//, '').replace(/\//g, '.')
}
