/**
 * Public routes: `GET /api/v1/health` (the debug panel polls it every 5 s while open) and
 * `GET /api/v1/config`, what the browser needs to start: the identity provider's public settings,
 * the emulator address in the embedded default, and the analysis provider in use.
 */
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app'

export interface ClientSettings {
  firebase: { apiKey: string; projectId: string; authDomain: string }
  /** `http://host:port` of the Auth emulator, or null with real Firebase. */
  authEmulatorUrl: string | null
  analysisProvider: string
}

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/health', { config: { public: true } }, async () => {
    const started = deps.clock.now()
    await deps.db.query('SELECT 1')
    return { status: 'ok', database: deps.db.dialect, databaseLatencyMs: deps.clock.now() - started }
  })

  app.get('/config', { config: { public: true } }, async (request) => {
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
