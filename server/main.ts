/**
 * The server process.
 *
 *   --role all   (npm start)       API, live hub, the built client and the pipeline workers, one port
 *   --role api   (npm run serve)   API, live hub and the built client; jobs are only queued
 *   --role worker (npm run worker) pipeline workers only
 *   --embedded                      also start the Firebase Auth emulator (accounts kept in DATA_DIR/auth)
 *
 * Separate api and worker processes share a PostgreSQL database (DATABASE_URL); PGlite belongs to one
 * process. Settings come from the environment (.env.example lists them).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { analysisConfigFromEnv, createAnalyser } from './analysis'
import { buildApp } from './app'
import { emulatorReady, type RunningEmulator, startAuthEmulator } from './auth/emulator'
import { firebaseTokenVerifier } from './auth/tokens'
import { loadServerConfig } from './config'
import { randomIds, systemClock } from './core/runtime'
import { openDatabase } from './db/database'
import { migrate } from './db/migrate'
import { createLiveHub } from './live/hub'
import { createPipeline } from './pipeline/pipeline'
import { breakerRoutes } from './pipeline/routes'
import { createSourceReaders, loadSourcesConfig } from './sources/index'

type Role = 'all' | 'api' | 'worker'

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ close(): Promise<void>; url: string | null }> {
  const role = (argv[argv.indexOf('--role') + 1] ?? 'all') as Role
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`Unknown role ${role} (all, api or worker)`)
  const embedded = argv.includes('--embedded')
  const dataDir = resolve(env.DATA_DIR ?? './data')
  let emulator: RunningEmulator | null = null
  if (embedded && !env.FIREBASE_AUTH_EMULATOR_HOST) {
    const host = `127.0.0.1:${env.FIREBASE_AUTH_EMULATOR_PORT ?? 9099}`
    if (!(await emulatorReady(host))) {
      console.log('Starting the Firebase Auth emulator…')
      emulator = await startAuthEmulator({
        projectId: env.FIREBASE_PROJECT_ID ?? 'demo-sightline',
        port: Number(host.split(':')[1]),
        workDir: join(dataDir, '.firebase'),
        persistDir: join(dataDir, 'auth'),
      })
    }
    // firebase-admin reads the emulator address from the process environment.
    env.FIREBASE_AUTH_EMULATOR_HOST = host
    process.env.FIREBASE_AUTH_EMULATOR_HOST = host
  }
  const config = loadServerConfig(env)
  if (role !== 'all' && !config.DATABASE_URL) throw new Error(`--role ${role} runs beside other processes and needs PostgreSQL: set DATABASE_URL`)

  const db = await openDatabase({ databaseUrl: config.DATABASE_URL ?? null, dataDir: join(dataDir, 'db') })
  await migrate(db)
  const clock = systemClock
  const ids = randomIds
  // Readers take their limits (and whether private hosts are allowed) from this run's environment.
  // One reader set for the pipeline and the preview routes, configured from this run's environment.
  const sourceReaders = createSourceReaders(loadSourcesConfig(env))
  const pipeline = createPipeline({
    db,
    clock,
    ids,
    analyser: createAnalyser(analysisConfigFromEnv(env)),
    sources: sourceReaders,
    jobs: { expireInSeconds: config.PIPELINE_STALL_SECONDS, retryLimit: config.PIPELINE_RETRY_LIMIT, maintenanceIntervalSeconds: config.PIPELINE_MAINTENANCE_SECONDS },
  })
  await pipeline.start({ workers: role !== 'api' })

  let app: FastifyInstance | null = null
  let hub: ReturnType<typeof createLiveHub> | null = null
  let url: string | null = null
  if (role !== 'worker') {
    const verifier = firebaseTokenVerifier(config.FIREBASE_PROJECT_ID)
    hub = createLiveHub({ db, verifier, clock, config })
    const liveHub = hub
    app = await buildApp({
      db,
      verifier,
      clock,
      ids,
      pipeline,
      config,
      sourceReaders,
      logger: env.LOG_REQUESTS === 'true',
      plugins: [(api) => liveHub.apiPlugin(api), (api, deps) => breakerRoutes(api, { ...deps, pipeline })],
      rootPlugins: [(root) => liveHub.socketPlugin(root), serveClient],
    })
    await app.listen({ port: config.PORT, host: config.HOST })
    const address = app.server.address()
    const port = typeof address === 'object' && address ? address.port : config.PORT
    url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}/`
  }

  const close = async () => {
    // Queued work waits for the next start (or another worker) rather than holding the shutdown up.
    await pipeline.stopTakingJobs()
    await app?.close()
    await hub?.close()
    await pipeline.stop()
    await db.close()
    await emulator?.stop()
  }
  return { close, url }
}

/** The built client (dist/) at the root, with the app's page for client-side routes. */
async function serveClient(app: FastifyInstance): Promise<void> {
  const dist = resolve(import.meta.dirname, '..', 'dist')
  if (!existsSync(join(dist, 'index.html'))) return
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: 'index.html' })
  // Client-side routes get the app's page; unknown API paths and missing assets stay 404.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (!path.startsWith('/api/') && !path.startsWith('/ws/') && !/\.[a-z0-9]+$/i.test(path)) return reply.sendFile('index.html')
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route GET ${path}` })
  })
}

const invokedDirectly = process.argv[1] !== undefined && /server\/main\.[cm]?[jt]s$/.test(process.argv[1])
if (invokedDirectly) {
  main(process.argv.slice(2)).then(
    (running) => {
      if (running.url) console.log(`Sightline is running at ${running.url}`)
      else console.log('Sightline workers are running')
      let stopping = false
      for (const signal of ['SIGINT', 'SIGTERM'] as const) {
        process.on(signal, () => {
          if (stopping) return
          stopping = true
          running.close().then(
            () => process.exit(0),
            () => process.exit(1),
          )
        })
      }
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
