/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint contracts (./index.ts): one operation
 * per contract, its parameters, body and answers as the JSON Schema (2020-12, OpenAPI 3.1's dialect) of
 * the contract's zod schemas. Requests are described as the server accepts them (the schemas' input),
 * answers as it sends them (their output). Every operation may also answer the error body `{code, message}`.
 * Served at GET /api/v1/openapi.json; the reference page (/api/v1/reference) reads it.
 */
import { z } from 'zod'
import { type Contract, successStatus } from './contract'

type Json = Record<string, unknown>

interface OpenApiOptions {
  version: string
  /** The API's base, '/api/v1' when served by the product itself. */
  serverUrl: string
}

const errorBody = z.object({ code: z.string(), message: z.string() })

const reasons: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No content',
  400: 'The request was refused: a field that does not fit, named in the message',
  401: 'No signed-in user, or a token that has expired',
  404: 'Not found (or another tenant’s)',
}

export function openApiDocument(contracts: Array<{ name: string; resource: string; contract: Contract }>, options: OpenApiOptions): Json {
  const paths: Record<string, Record<string, Json>> = {}
  const resources = new Set<string>()
  for (const { name, resource, contract: c } of contracts) {
    const tag = resource.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
    resources.add(tag)
    const operation: Json = { operationId: name.replace(/Contract$/, ''), summary: c.summary, tags: [tag] }
    const parameters = [...parametersOf(c.params, 'path'), ...parametersOf(c.query, 'query')]
    if (parameters.length > 0) operation.parameters = parameters
    if (c.body) operation.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(c.body, 'input') } } }
    const responses: Record<string, Json> = {}
    for (const [status, schema] of Object.entries(c.responses)) {
      const description = reasons[Number(status)] ?? `Status ${status}`
      if (c.produces && Number(status) === successStatus(c))
        responses[status] = { description, content: Object.fromEntries([c.produces].flat().map((type) => [type, { schema: fileSchema(type, schema) }])) }
      else if (Number(status) === 204) responses[status] = { description }
      else responses[status] = { description, content: { 'application/json': { schema: schemaOf(schema, 'output') } } }
    }
    responses.default = { description: 'An error: its code and a message in the product’s words', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
    operation.responses = responses
    if (c.public) operation.security = []
    if (c.accountSetup) operation.description = 'Answers a signed-in user whose account is not set up yet, as well as a member.'
    const path = openApiPath(c.path)
    paths[path] = { ...paths[path], [c.method.toLowerCase()]: operation }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sightline API',
      version: options.version,
      description: 'The research-intelligence workspace’s HTTP API. Every operation but those marked public needs a Firebase ID token as a bearer.',
    },
    servers: [{ url: options.serverUrl }],
    tags: [...resources].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: schemaOf(errorBody, 'output') },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' } },
    },
    security: [{ bearer: [] }],
  }
}

/** `/a/:id/b::c/*` → `/a/{id}/b:c/{path}`. */
export function openApiPath(path: string): string {
  return path
    .split('::')
    .map((part) => part.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}').replace(/\*$/, '{path}'))
    .join(':')
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Json[] {
  if (!schema) return []
  const json = schemaOf(schema, 'input')
  const properties = (json.properties ?? {}) as Record<string, Json>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property
    return { name: where === 'path' && name === '*' ? 'path' : name, in: where, required: where === 'path' || required.has(name), ...(description ? { description } : {}), schema: rest }
  })
}

/** A download's body: JSON as its schema says, anything else as a string of that media type. */
function fileSchema(type: string, schema: z.ZodType): Json {
  return type === 'application/json' ? schemaOf(schema, 'output') : { type: 'string', contentMediaType: type }
}

/** A zod schema as JSON Schema 2020-12, self-contained (its own `$defs`), without the `$schema` key. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any', reused: 'inline' }) as Json
  return json
}
