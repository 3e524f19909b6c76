/**
 * buildApp(deps) → a Fastify instance with every /api/v1 route; `main.ts` listens, tests `inject`.
 * The composition root wires the platform (auth, errors, security) and registers the feature modules
 * (server/modules/*), each owning its resources of spec §7.
 */
import { randomBytes } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { Contract } from '../src/protocol/http/contract'
import { type AlertsDeps, alertsModule } from './modules/alerts/plugin'
import { type DataSourcesModuleDeps, dataSourcesModule } from './modules/data-sources/plugin'
import { exchangeModule } from './modules/exchange/plugin'
import { type IngestDeps, ingestModule } from './modules/ingest/plugin'
import { intelligenceModule } from './modules/intelligence/plugin'
import { type HealthDeps, opsModule } from './modules/ops/plugin'
import { projectsModule } from './modules/projects/plugin'
import { type ResearchDeps, researchesModule } from './modules/researches/plugin'
import { searchModule } from './modules/search/plugin'
import { type SessionDataDeps, sessionDataModule } from './modules/session-data/plugin'
import { storiesModule } from './modules/stories/plugin'
import { usersModule } from './modules/users/plugin'
import { authPlugin } from './platform/auth/plugin'
import type { TokenVerifier } from './platform/auth/tokens'
import { type IngestQuotaSettings, type ServerConfig, trustProxyOf } from './platform/config'
import { type ErrorLog, installErrorHandler } from './platform/http/errors'
import { webSecurity } from './platform/http/security'
import { installTextGuard } from './platform/http/text-guard'
import type { FeatureModule } from './platform/module'

export interface AppDeps extends HealthDeps, ResearchDeps, SessionDataDeps, DataSourcesModuleDeps, IngestDeps, AlertsDeps {
  verifier: TokenVerifier
  /** Every module's settings: the ingest quotas' (INGEST_*, defaults when absent), the workspaces' lifetime, the environment. */
  config: Pick<ServerConfig, 'SESSION_TTL_DAYS' | 'NODE_ENV'> & Partial<IngestQuotaSettings> & Partial<Pick<ServerConfig, 'TRUST_PROXY'>>
  /** Extra route plugins mounted under /api/v1 (live channel, pipeline, …) by the composition root. */
  plugins?: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>>
  /** Plugins mounted at the root, outside /api/v1 (the websocket at /ws/{sessionId}, the built client). */
  rootPlugins?: Array<(app: FastifyInstance, deps: AppDeps) => Promise<void>>
  logger?: boolean
  /** Where 500s are logged (always, whatever `logger` says); JSON lines on stderr when absent. */
  errorLog?: ErrorLog
}

export type Api = FastifyInstance

/** The feature modules under /api/v1, each a Fastify plugin (server/modules/<feature>/plugin.ts). */
const FEATURES: ReadonlyArray<FeatureModule<AppDeps>> = [
  opsModule,
  usersModule,
  researchesModule,
  sessionDataModule,
  storiesModule,
  projectsModule,
  dataSourcesModule,
  ingestModule,
  intelligenceModule,
  exchangeModule,
  alertsModule,
  searchModule,
]

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Request ids are random (a counter restarts with the process): a 500's id finds its one log line.
  // Behind load balancers (TRUST_PROXY), the client's address and scheme are the ones they forward.
  const app = Fastify({ logger: deps.logger ?? false, bodyLimit: 75 * 1024 * 1024, genReqId: () => randomBytes(6).toString('hex'), trustProxy: trustProxyOf(deps.config) })
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
      for (const feature of FEATURES) await api.register(feature, deps)
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
