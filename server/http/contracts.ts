/**
 * Routes registered from their contracts (src/protocol/http/): the contract's method, path, schemas and
 * `public` flag become the Fastify route, so what the route takes and answers is validated (and its
 * answer serialised) by the same zod schemas the client reads it with. The handler gets what the schemas
 * parsed, typed from the contract: validated once, by Fastify, before it runs.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Contract } from '../../src/protocol/http/contract'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** What a handler is given: the parsed params, query and body, and the request and reply themselves. */
export interface Call<C extends Contract> {
  params: Parsed<C['params']>
  query: Parsed<C['query']>
  body: Parsed<C['body']>
  request: FastifyRequest
  reply: FastifyReply
}

/** What a handler may answer: the input of one of the contract's response schemas. */
type Answer<C extends Contract> = z.input<C['responses'][keyof C['responses']]>

export function route<C extends Contract>(app: FastifyInstance, c: C, handler: (call: Call<C>) => Promise<Answer<C>>): void {
  app.route({
    method: c.method,
    url: c.path,
    schema: {
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      response: c.responses,
    },
    config: { public: c.public === true },
    // The validator compiler is zod's: params, query and body are already the schemas' output here.
    handler: (request, reply) => handler({ params: request.params as Parsed<C['params']>, query: request.query as Parsed<C['query']>, body: request.body as Parsed<C['body']>, request, reply }),
  })
}
