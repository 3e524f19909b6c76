/**
 * One contract per endpoint (issue 19): its method, path, whether it answers without a signed-in user,
 * and the zod schemas of what it takes and gives. The server registers its routes from contracts
 * (server/platform/http/contracts.ts), the client calls them through `call` (src/streams/call.ts), and the OpenAPI
 * document is generated from them (./openapi.ts), so no shape is written twice. A contract file per
 * resource sits beside this one; `./index.ts` lists them all.
 */
import type { z } from 'zod'

export interface Contract {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Under /api/v1, with Fastify's `:name` parameters (`::` is a literal colon, `*` the rest of the path). */
  path: string
  /** One line for the API reference. */
  summary: string
  /** Answers without a signed-in user. */
  public?: boolean
  /** Answers a signed-in user who has no account yet (the account's own routes, before sign-up ends). */
  accountSetup?: boolean
  params?: z.ZodType
  query?: z.ZodType
  body?: z.ZodType
  /** The answers, by status code. */
  responses: Record<number, z.ZodType>
  /**
   * A body that is not JSON, or JSON sent as a file (a download): its media type, or the types it may be.
   * The route answers it as it is; its success schema then only documents the body.
   */
  produces?: string | readonly string[]
}

/** An endpoint's method and path as one line: 'GET /researches/:id'. */
export type Route = `${Contract['method']} /${string}`

/** What a contract declares beside its route and summary. */
export type ContractParts = Omit<Contract, 'method' | 'path' | 'summary'>

/**
 * A contract from its route line, its one-line summary and its schemas, the schemas' literal types kept
 * (`const`) so the server's handler and the client's `call` are typed by them.
 */
export function contract<const P extends ContractParts>(route: Route, summary: string, parts: P): P & Pick<Contract, 'method' | 'path' | 'summary'> {
  const space = route.indexOf(' ')
  return { method: route.slice(0, space) as Contract['method'], path: route.slice(space + 1), summary, ...parts }
}

export function isContract(value: unknown): value is Contract {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'responses' in value
}

/** The contract's path with its parameters filled in (each URI-encoded), `::` read as a colon. */
export function pathOf(c: Contract, params: Record<string, string | number> = {}): string {
  return c.path
    .split('::')
    .map((part) =>
      part.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*$/g, (whole, name: string | undefined) => {
        const value = params[name ?? '*']
        if (value === undefined) throw new Error(`${c.method} ${c.path}: no value for ${whole}`)
        // The wildcard keeps its slashes: it is the rest of the path.
        return name === undefined ? String(value).split('/').map(encodeURIComponent).join('/') : encodeURIComponent(String(value))
      }),
    )
    .join(':')
}

/** The status a contract answers on success: its lowest 2xx. */
export function successStatus(c: Contract): number {
  const ok = Object.keys(c.responses)
    .map(Number)
    .filter((s) => s >= 200 && s < 300)
    .sort((a, b) => a - b)
  return ok[0] ?? 200
}
