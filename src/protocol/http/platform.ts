/**
 * The platform's own endpoints: `GET /health` (the debug panel polls it every 5 s while open) and
 * `GET /config`, what the browser needs to start: the identity provider's public settings, the Auth
 * emulator's address in the embedded default, and the analysis provider in use. Both answer anyone.
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

export const healthContract = contract({ method: 'GET', path: '/health', summary: 'Whether the server and its database answer, and how fast', public: true, responses: { 200: healthSchema } })

export const configContract = contract({ method: 'GET', path: '/config', summary: 'What the browser needs to start: identity provider settings and the analysis provider', public: true, responses: { 200: clientSettingsSchema } })
