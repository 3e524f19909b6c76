/**
 * Error bodies are `{code, message}` with the status that fits (ARCHITECTURE.md §4a). Routes throw
 * `ApiError`; validation failures name the field; anything unexpected is a 500 INTERNAL_ERROR whose
 * details go to the log, not to the client.
 */
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ApiError } from '../../src/protocol/api'

export { ApiError }

export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} not found`)
export const validation = (field: string, message: string) => new ApiError(400, 'VALIDATION_ERROR', `${field}: ${message}`)
export const forbidden = (message: string) => new ApiError(403, 'FORBIDDEN', message)
export const unauthorized = (message = 'Authentication required') => new ApiError(401, 'UNAUTHORIZED', message)
export const conflict = (message: string) => new ApiError(409, 'CONFLICT', message)

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.status).send({ code: error.code, message: error.message })
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
    return reply.status(500).send({ code: 'INTERNAL_ERROR', message: 'Internal server error' })
  })
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}` }))
}

function formatPath(instancePath: string, issue: unknown): string {
  const fromIssue = (issue as { path?: unknown[] } | undefined)?.path
  if (Array.isArray(fromIssue) && fromIssue.length > 0) return fromIssue.join('.')
  return instancePath.replace(/^\//, '').replace(/\//g, '.')
}
