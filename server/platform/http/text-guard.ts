/**
 * The edge guard for unstorable text (src/protocol/input-text.ts): before any route's schema runs, every
 * string of the request — path parameters, query, headers, then the JSON body with its keys — is looked
 * at, and the first NUL or unpaired surrogate is refused with 400 VALIDATION_ERROR naming where it is
 * ('tags.2: must not contain NUL characters', 'x-session-id: …'). One hook on the root instance covers
 * every route, those added later and the websocket upgrade alike, so no route can forget it.
 *
 * A route may list body fields of long pasted free text in `config.cleanText`; those are cleaned instead
 * of refused (why: see input-text.ts), before the rest of the body is checked.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BrokenTextMessages, cleanFreeText, findBrokenText } from '../../../src/protocol/input-text'
import { validation } from './errors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Top-level body fields of pasted free text: NULs and unpaired surrogates are cleaned, not refused. */
    cleanText?: readonly string[]
  }
}

export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    cleanFields(request)
    const parts: Array<[string, unknown]> = [
      ['params', request.params],
      ['query', request.query],
      ['headers', request.headers],
      ['body', request.body],
    ]
    for (const [part, value] of parts) {
      const found = findBrokenText(value)
      if (found) throw validation(fieldName(part, found.path), BrokenTextMessages[found.problem])
    }
  })
}

function cleanFields(request: FastifyRequest): void {
  const fields = request.routeOptions.config?.cleanText
  const body = request.body
  if (!fields || body === null || typeof body !== 'object' || Array.isArray(body)) return
  const record = body as Record<string, unknown>
  for (const field of fields) {
    const value = record[field]
    if (typeof value === 'string') record[field] = cleanFreeText(value)
  }
}

/**
 * The field as the API's other validation messages name it ('sourceDetails.uri', 'tags.2'); a wildcard
 * path parameter is 'path'; a key that is no plain name (it may itself hold the broken character) is
 * shown with its odd characters as '_'.
 */
function fieldName(part: string, path: Array<string | number>): string {
  if (path.length === 0) return part
  return path.map((segment) => (typeof segment === 'number' ? String(segment) : segment === '*' ? 'path' : segment.replace(/[^\w-]/g, '_') || '_')).join('.')
}
