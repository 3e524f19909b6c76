/**
 * Routes registered from their contracts (src/protocol/http/): the contract's method, path, schemas and
 * `public` flag become the Fastify route, so what the route takes and answers is validated (and its
 * answer serialised) by the same zod schemas the client reads it with.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Contract } from '../../src/protocol/http/contract'

/** What a handler may answer: the input of the contract's 200 (or first) response schema. */
type Answer<C extends Contract> = z.input<C['responses'][keyof C['responses']]>

export function route<C extends Contract>(app: FastifyInstance, c: C, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<Answer<C>>): void {
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
    handler,
  })
}
