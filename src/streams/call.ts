/**
 * `call(api, contract, input)`: one typed way for the client to reach an endpoint. The path, the query
 * string and the body come from the contract (src/protocol/http/) and the input, typed from its schemas;
 * the answer is read with the contract's success schema, so a shape the server and the client share is
 * written once.
 */
import type { z } from 'zod'
import { type Contract, pathOf, successStatus } from '../protocol/http/contract'
import type { ApiClient, RequestOptions } from './api-client'

type In<S> = S extends z.ZodType ? z.input<S> : never
type Part<K extends string, S> = S extends z.ZodType ? { [P in K]: In<S> } : { [P in K]?: never }

/** What a call takes: the contract's params, query and body, as their schemas accept them. */
export type CallInput<C extends Contract> = Part<'params', C['params']> & Partial<Part<'query', C['query']>> & Part<'body', C['body']>

/** What a call gives: the contract's success answer, as its schema reads it. */
type CallAnswer<C extends Contract> = z.output<C['responses'][keyof C['responses'] & number]>

export async function call<C extends Contract>(api: ApiClient, c: C, input: CallInput<C>, options: Omit<RequestOptions, 'body'> = {}): Promise<CallAnswer<C>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Record<string, unknown>; body?: unknown }
  const search = query ? queryString(query) : ''
  const path = `${pathOf(c, params)}${search ? `?${search}` : ''}`
  const schema = c.responses[successStatus(c)] as z.ZodType
  return api.send(c.method, path, schema, { ...options, ...(body !== undefined ? { body } : {}) }) as Promise<CallAnswer<C>>
}

/** `a=1&b=x`: each defined value; an array as one comma-separated value. */
function queryString(query: Record<string, unknown>): string {
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    search.set(key, Array.isArray(value) ? value.join(',') : String(value))
  }
  return search.toString()
}
