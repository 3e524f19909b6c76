/**
 * The platform's own endpoints: `GET /health` (the debug panel polls it every 5 s while open) and
 * `GET /config`, what the browser needs to start: the identity provider's public settings, the Auth
 * emulator's address in the embedded default, and the analysis provider in use; and the API's own
 * description, `GET /openapi.json` (OpenAPI 3.1, generated from the contracts) and `GET /reference`, the
 * same as a page to read. All answer anyone.
 */
import { z } from 'zod'
import { contract } from './contract'

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  databaseLatencyMs: z.number().min(0),
})

export const clientSettingsSchema = z.object({
  firebase: z.object({ apiKey: z.string(), projectId: z.string(), authDomain: z.string() }),
  /** `http://host:port` of the Auth emulator, or null with real Firebase. */
  authEmulatorUrl: z.string().nullable(),
  analysisProvider: z.string().default('local'),
})
export type ClientSettings = z.infer<typeof clientSettingsSchema>

export const healthContract = contract('GET /health', 'Whether the server and its database answer, and how fast', { public: true, responses: { 200: healthSchema } })

export const configContract = contract('GET /config', 'What the browser needs to start: identity provider settings and the analysis provider', {
  public: true,
  responses: { 200: clientSettingsSchema },
})

export const openApiContract = contract('GET /openapi.json', 'This document: the API as OpenAPI 3.1, generated from its contracts', {
  public: true,
  responses: { 200: z.looseObject({ openapi: z.literal('3.1.0') }) },
})

export const referenceContract = contract('GET /reference', 'The API reference, as a page to read', { public: true, produces: 'text/html', responses: { 200: z.string() } })
