/**
 * One contract per endpoint (issue 19): its method, path, whether it answers without a signed-in user,
 * and the zod schemas of what it takes and gives. The server registers its routes from contracts
 * (server/http/contracts.ts) and the client reads answers with the same schemas, so no shape is written
 * twice. A contract file per resource sits beside this one.
 */
import type { z } from 'zod'

export interface Contract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under /api/v1, with Fastify's `:name` parameters. */
  path: string
  /** One line for the API reference. */
  summary: string
  /** Answers without a signed-in user. */
  public?: boolean
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The answers, by status code. */
  responses: Record<number, z.ZodType>
}

/** A contract, its literal types kept (`const`), checked against the shape above. */
export function contract<const C extends Contract>(c: C): C {
  return c
}
