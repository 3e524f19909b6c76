/**
 * buildApp(deps) → a Fastify instance with every /api/v1 route; `main.ts` listens, tests `inject`.
 * The composition root wires; each route file owns one resource of spec §7.
 */
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { authPlugin } from './platform/auth/plugin'
import type { Contract } from '../src/protocol/http/contract'
import type { TokenVerifier } from './platform/auth/tokens'
import type { IngestQuotaSettings, ServerConfig } from './platform/config'
import type { Clock, Ids } from './platform/core/runtime'
import type { Database } from './platform/db/database'
import { exchangeRoutes } from './modules/exchange/plugin'
import { type ErrorLog, installErrorHandler } from './platform/http/errors'
import { webSecurity } from './platform/http/security'
import { installTextGuard } from './platform/http/text-guard'
import type { Pipeline } from './modules/pipeline/contract'
import type { IngestQuotas } from './modules/ingest/quotas'
import { graphRoutes } from './modules/intelligence/graph-routes'
import { kpiRoutes } from './modules/intelligence/kpi-routes'
import { prospectiveRoutes } from './modules/intelligence/prospective-routes'
import { pulseRoutes } from './modules/intelligence/pulse-routes'
import { commitRoutes } from './modules/projects/commit-routes'
import { dataSourceRoutes } from './modules/data-sources/routes'
import { discoveryRoutes } from './modules/data-sources/discovery-routes'
import { type ClientSettings, healthRoutes } from './modules/ops/health-routes'
import { ingestRoutes } from './modules/ingest/routes'
import { memberRoutes } from './modules/users/member-routes'
import { projectRoutes } from './modules/projects/routes'
import { researchRoutes } from './modules/researches/routes'
import { sessionDataRoutes } from './modules/session-data/routes'
import { sourcePreviewRoutes } from './modules/data-sources/preview-routes'
import { userRoutes } from './modules/users/routes'
import type { SourceReaders } from './sources/index'

export interface AppDeps {
  db: Database
  verifier: TokenVerifier
  clock: Clock
  ids: Ids
  pipeline: Pipeline
  /** What GET /config tells the browser; derived from the environment when absent. */
  clientSettings?: ClientSettings
  /**
   * The Auth emulator is served behind this origin (server/platform/auth/identity-proxy.ts): GET /config names the
   * origin the page was loaded from as the emulator's address.
   */
  identityProxied?: boolean
  /** The ingest quotas' settings (INGEST_*) take their defaults when absent. */
  config: Pick<ServerConfig, 'SESSION_TTL_DAYS' | 'NODE_ENV'> & Partial<IngestQuotaSettings>
  /** The ingest routes' quotas; built from `config` when absent. */
  quotas?: IngestQuotas
  /** The source readers previews use; `createSourceReaders(loadSourcesConfig())` when absent. */
  sourceReaders?: SourceReaders
  /** Extra route plugins mounted under /api/v1 (live channel, pipeline, …) by the composition root. */
  plugins?: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>>
  /** Plugins mounted at the root, outside /api/v1 (the websocket at /ws/{sessionId}, the built client). */
  rootPlugins?: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>>
  logger?: boolean
  /** Where 500s are logged (always, whatever `logger` says); JSON lines on stderr when absent. */
  errorLog?: ErrorLog
}

export type Api = FastifyInstance

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Request ids are random (a counter restarts with the process): a 500's id finds its one log line.
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 75 * 1024 * 1024, genReqId: () => randomBytes(6).toString('hex') })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Every route as it is registered: the contract test holds each /api/v1 route to a contract.
  const table: RegisteredRoute[] = []
  routeTables.set(app, table)
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) table.push({ method, url: r.url, contract: (r.config as { contract?: Contract } | undefined)?.contract ?? null })
  })
  installErrorHandler(app, deps.errorLog)
  installTextGuard(app) // NUL and half surrogates refused (or cleaned) before any route's schema runs
  await webSecurity(app, deps) // headers, CORS, XSRF, rate limits: before any route, so they cover all
  await app.register(
    async (api) => {
      await api.register(authPlugin, { db: deps.db, verifier: deps.verifier, clock: deps.clock })
      const typed = api.withTypeProvider<ZodTypeProvider>()
      await healthRoutes(typed, deps)
      await userRoutes(typed, deps)
      await memberRoutes(typed, deps)
      await researchRoutes(typed, deps)
      await sessionDataRoutes(typed, deps)
      await projectRoutes(typed, deps)
      await dataSourceRoutes(typed, deps)
      await sourcePreviewRoutes(typed, deps)
      await discoveryRoutes(typed, deps)
      await ingestRoutes(typed, deps)
      await commitRoutes(typed, deps)
      await pulseRoutes(typed, deps)
      await graphRoutes(typed, deps)
      await prospectiveRoutes(typed, deps)
      await kpiRoutes(typed, deps)
      await exchangeRoutes(typed, deps)
      for (const plugin of deps.plugins ?? []) await plugin(api, deps)
    },
    { prefix: '/api/v1' },
  )
  for (const plugin of deps.rootPlugins ?? []) await plugin(app, deps)
  return app
}

export interface RegisteredRoute {
  method: string
  url: string
  /** The contract it was registered from (server/platform/http/contracts.ts), or null. */
  contract: Contract | null
}

const routeTables = new WeakMap<FastifyInstance, RegisteredRoute[]>()

/** Every route `buildApp` registered on this app, in order (HEAD routes Fastify adds included). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return routeTables.get(app) ?? []
}

export type TypedApi = ReturnType<FastifyInstance['withTypeProvider']> & FastifyInstance
