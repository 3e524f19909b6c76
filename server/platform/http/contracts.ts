/**
 * Routes registered from their contracts (src/protocol/http/): the contract's method, path, schemas and
 * `public` flag become the Fastify route, so what the route takes and answers is validated (and its
 * answer serialised) by the same zod schemas the client reads it with. The handler gets what the schemas
 * parsed, typed from the contract: validated once, by Fastify, before it runs.
 *
 * An answer is read with its status's schema before it goes out: only the fields the contract declares
 * leave, in the form the client reads them. One that does not fit is the server's bug, a 500 with its
 * log line (http/errors.ts), never a silent change of shape.
 */
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { Contract } from '../../../src/protocol/http/contract'

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined

/** Answers a handler gives again unchanged (what a read cache keeps), with their text under each schema, made once. */
const reusable = new WeakMap<object, Map<z.ZodType, string>>()

/**
 * Marks an answer that will never change (nor be changed) as long as anyone holds it: answering it again
 * sends the text made the first time instead of checking and serialising it again.
 */
export function answerUnchanging<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !reusable.has(value)) reusable.set(value, new Map())
  return value
}

/** What a handler is given: the parsed params, query and body, and the request and reply themselves. */
export interface Call<C extends Contract> {
  params: Parsed<C['params']>
  query: Parsed<C['query']>
  body: Parsed<C['body']>
  request: FastifyRequest
  reply: FastifyReply
}

/** What a handler may answer: the input of one of the contract's response schemas (or the reply, sent). */
type Answer<C extends Contract> = z.input<C['responses'][keyof C['responses']]> | FastifyReply

/** Route config keys a contract route carries: its contract (the route↔contract test reads it). */
export interface ContractRouteConfig {
  contract: Contract
  public: boolean
  accountSetup: boolean
}

/** What a route may add that is the server's alone, not the contract's (a larger body limit, text cleaning). */
export interface RouteExtras {
  bodyLimit?: number
  /** Config the server's own hooks read (`cleanText`: http/text-guard.ts), beside the contract's keys. */
  config?: Omit<FastifyContextConfig, keyof ContractRouteConfig>
}

export function route<C extends Contract>(app: FastifyInstance, c: C, handler: (call: Call<C>) => Promise<Answer<C>>, { config, ...extras }: RouteExtras = {}): void {
  app.route({
    ...extras,
    method: c.method,
    url: c.path,
    schema: {
      ...(c.params ? { params: c.params } : {}),
      ...(c.query ? { querystring: c.query } : {}),
      ...(c.body ? { body: c.body } : {}),
      // A file download answers its bytes as they are; JSON answers go through their schemas.
      ...(c.produces ? {} : { response: c.responses }),
    },
    serializerCompiler: ({ schema }) => {
      const s = schema as z.ZodType
      return (data) => {
        const texts = data !== null && typeof data === 'object' ? reusable.get(data) : undefined
        const known = texts?.get(s)
        if (known !== undefined) return known
        const parsed = s.safeParse(data)
        if (!parsed.success)
          throw new Error(`${c.method} ${c.path}: the answer does not fit its contract (${parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')})`)
        const text = JSON.stringify(parsed.data)
        texts?.set(s, text)
        return text
      }
    },
    config: { ...config, ...({ public: c.public === true, accountSetup: c.accountSetup === true, contract: c } satisfies ContractRouteConfig) },
    // The validator compiler is zod's: params, query and body are already the schemas' output here.
    handler: (request, reply) => handler({ params: request.params as Parsed<C['params']>, query: request.query as Parsed<C['query']>, body: request.body as Parsed<C['body']>, request, reply }),
  })
}
