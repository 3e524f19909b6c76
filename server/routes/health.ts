/**
 * Public routes: `GET /api/v1/health` and `GET /api/v1/config` (their contracts: src/protocol/http/platform.ts).
 */
import type { FastifyInstance } from 'fastify'
import { type ClientSettings, configContract, healthContract } from '../../src/protocol/http/platform'
import type { AppDeps } from '../app'
import { route } from '../http/contracts'

export type { ClientSettings } from '../../src/protocol/http/platform'

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  route(app, healthContract, async () => {
    const started = deps.clock.now()
    await deps.db.query('SELECT 1')
    return { status: 'ok' as const, database: deps.db.dialect, databaseLatencyMs: deps.clock.now() - started }
  })

  route(app, configContract, async ({ request }) => {
    const settings = deps.clientSettings ?? defaultClientSettings()
    // Behind the identity proxy, the emulator is wherever the browser reached this server.
    if (!deps.identityProxied) return settings
    // The Host header is the client's to write: only a plain host[:port] becomes an address.
    if (!/^[A-Za-z0-9.:[\]-]+$/.test(request.host)) return settings
    return { ...settings, authEmulatorUrl: `${request.protocol}://${request.host}` }
  })
}

/** What GET /config answers when the composition root gives no settings: read from the environment. */
export function defaultClientSettings(): ClientSettings {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-sightline'
  return {
    firebase: { apiKey: process.env.FIREBASE_API_KEY ?? 'demo-api-key', projectId, authDomain: process.env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com` },
    authEmulatorUrl: host ? `http://${host}` : null,
    analysisProvider: process.env.ANALYSIS_PROVIDER ?? 'local',
  }
}
