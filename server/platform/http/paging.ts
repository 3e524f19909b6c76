/**
 * Paging values a list route reads from headers (`x-page-size`, `x-events-page-size`, …), validated with
 * the same schemas as its query parameters (src/protocol/api.ts): absent is undefined; anything but a
 * whole number in range is a 400 VALIDATION_ERROR naming the header, never a silent fallback and never a
 * value that reaches SQL as `LIMIT 0` or `OFFSET 1e20`.
 */
import type { FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { validation } from './errors'

export function headerNumber(request: FastifyRequest, header: string, schema: z.ZodType<number, unknown>): number | undefined {
  const raw = request.headers[header]
  if (raw === undefined) return undefined
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw validation(header, parsed.error.issues[0]?.message ?? 'is not valid')
  return parsed.data
}
