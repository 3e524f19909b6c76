/**
 * Public routes: `GET /api/v1/health`, `GET /api/v1/config`, and the API's description, `/openapi.json`
 * and `/reference` (their contracts: src/protocol/http/platform.ts).
 */
import type { FastifyInstance } from 'fastify'
import { allContracts } from '../../../src/protocol/http/index'
import { openApiDocument } from '../../../src/protocol/http/openapi'
import { PROTOCOL_FINGERPRINT, PROTOCOL_VERSION } from '../../../src/protocol/version'
import { configContract, healthContract, openApiContract, referenceContract } from '../../../src/protocol/http/platform'
import type { ModuleDeps } from '../../platform/module'
import type { ClientSettings } from '../../../src/protocol/http/platform'
import { defaultClientSettings } from '../../platform/config'
import { apiReferencePage } from '../../platform/http/api-reference'
import { route } from '../../platform/http/contracts'
import { pingDatabase } from './queries'

export type { ClientSettings } from '../../../src/protocol/http/platform'

/** What this module's routes need beside the database, the clock and the ids. */
export type HealthDeps = ModuleDeps & {
  /** What GET /config tells the browser; derived from the environment when absent. */
  clientSettings?: ClientSettings
  /** The Auth emulator is served behind this origin: GET /config names the page's origin as its address. */
  identityProxied?: boolean
}

export async function healthRoutes(app: FastifyInstance, deps: HealthDeps): Promise<void> {
  route(app, healthContract, async () => {
    const started = deps.clock.now()
    await pingDatabase(deps.db)
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

  // Built once, on first ask: the contracts do not change while the process runs.
  let document: ReturnType<typeof openApiDocument> | null = null
  const openApi = () => (document ??= openApiDocument(allContracts(), { version: API_VERSION, serverUrl: '/api/v1' }))
  route(app, openApiContract, async () => openApi() as { openapi: '3.1.0' })
  route(app, referenceContract, async ({ reply }) => reply.type('text/html; charset=utf-8').send(apiReferencePage(openApi())))
}

/** The API's version in its OpenAPI document: the protocol's, and the fingerprint of its schemas. */
const API_VERSION = `${PROTOCOL_VERSION}.0.0+${PROTOCOL_FINGERPRINT}`
