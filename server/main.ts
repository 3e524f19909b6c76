/**
 * The server process.
 *
 *   --role all   (npm start)       API, live hub, the built client and the pipeline workers, one port
 *   --role api   (npm run serve)   API, live hub and the built client; jobs are only queued
 *   --role worker (npm run worker) pipeline workers only
 *   --embedded                      also start the Firebase Auth emulator (accounts kept in DATA_DIR/auth),
 *                                   served behind this server's origin (server/platform/auth/identity-proxy.ts), unless
 *                                   FIREBASE_PROJECT_ID names a real project (not demo-*) or
 *                                   FIREBASE_AUTH_EMULATOR_HOST names another emulator
 *
 * With an emulator the server listens on loopback only: it is this machine's identity service, not a team's.
 *
 * The embedded default holds DATA_DIR (server/platform/core/data-dir-lock.ts): a second process on the same folder
 * is refused, and a start after a crash takes its jobs up at once.
 *
 * Separate api and worker processes share a PostgreSQL database (DATABASE_URL); PGlite belongs to one
 * process. Settings come from the environment (.env.example lists them).
 */
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { analysisConfigFromEnv } from './analysis/config'
import { lazyAnalyser } from './analysis/lazy'
import { startAuthEmulator } from './platform/auth/emulator'
import type { TokenVerifier } from './platform/auth/tokens'
import { clientSettingsOf, loadServerConfig } from './platform/config'
import { lockDataDir } from './platform/core/data-dir-lock'
import { randomIds, systemClock } from './platform/core/runtime'
import { inLane } from './platform/db/database'
// The rest of the server is imported inside main(), once the emulator has been started: loading it takes
// seconds on these machines, and the emulator starts meanwhile in its own process (start time, issue 15).

type Role = 'all' | 'api' | 'worker'

export interface Running {
  close(): Promise<void>
  url: string | null
}

export interface MainOptions {
  /** A part this process cannot run without stopped on its own (the embedded emulator was killed, say). */
  onFatal?(reason: string): void
}

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env, options: MainOptions = {}): Promise<Running> {
  const role = (argv[argv.indexOf('--role') + 1] ?? 'all') as Role
  if (!['all', 'api', 'worker'].includes(role)) throw new Error(`Unknown role ${role} (all, api or worker)`)
  const config = loadServerConfig(env)
  // A project of one's own (not demo-*) means real Firebase: `npm start` then brings no emulator.
  const embedded = argv.includes('--embedded') && !config.FIREBASE_AUTH_EMULATOR_HOST && config.FIREBASE_PROJECT_ID.startsWith('demo-')
  const dataDir = resolve(config.DATA_DIR)
  // Emulator tokens are unsigned: accepting them in production would accept anyone.
  if (embedded && config.NODE_ENV === 'production') throw new Error('Refusing to start: the embedded Auth emulator is not for NODE_ENV=production (configure a real Firebase project)')
  if (role !== 'all' && !config.DATABASE_URL) throw new Error(`--role ${role} runs beside other processes and needs PostgreSQL: set DATABASE_URL`)
  if ((embedded || config.FIREBASE_AUTH_EMULATOR_HOST) && role !== 'worker' && !isLoopback(config.HOST)) throw new Error(EMULATOR_ON_NETWORK(config.HOST))

  // Undone in reverse order if the start fails half-way, so a failed start leaves no process or lock behind.
  const cleanups: Array<() => Promise<void> | void> = []
  let stopping = false
  const undo = async () => {
    stopping = true
    for (const cleanup of cleanups.splice(0).reverse()) await Promise.resolve(cleanup()).catch(() => {})
  }
  try {
    // PGlite and the emulator's accounts live in DATA_DIR, which one process at a time may open.
    if (embedded || !config.DATABASE_URL) {
      const lock = lockDataDir(dataDir, `server/main.ts --role ${role}`)
      cleanups.push(() => lock.release())
    }
    // The emulator starts side by side with the database and the pipeline; requests that need it wait.
    const emulatorStart = embedded ? startAuthEmulator({ projectId: config.FIREBASE_PROJECT_ID, port: config.FIREBASE_AUTH_EMULATOR_PORT, persistDir: join(dataDir, 'auth') }) : null
    if (emulatorStart) {
      emulatorStart.catch(() => {}) // awaited below; not an unhandled rejection meanwhile
      cleanups.push(async () => (await emulatorStart.catch(() => null))?.stop())
    }
    // The key the emulator signs its tokens with: ours when embedded, else whatever the environment says.
    let tokenSecret: string | null = env.SIGHTLINE_EMULATOR_TOKEN_SECRET || null
    const emulatorHost = emulatorStart
      ? emulatorStart.then((emulator) => {
          tokenSecret = emulator.tokenSecret
          // Without it nobody can sign in: the emulator ending on its own (a signal sent to it) ends the server.
          emulator.process.once('exit', (code, signal) => {
            if (!stopping) options.onFatal?.(`The Auth emulator stopped (${signal ?? `exit code ${code}`})`)
          })
          // firebase-admin reads the emulator address from the process environment.
          env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
          process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
          return emulator.host
        })
      : config.FIREBASE_AUTH_EMULATOR_HOST
        ? Promise.resolve(config.FIREBASE_AUTH_EMULATOR_HOST)
        : null
    emulatorHost?.catch(() => {})

    const [{ openDatabase }, { migrate }, { createPipeline, breakerRoutes }, { createSourceReaders, loadSourcesConfig }] = await Promise.all([
      import('./platform/db/database'),
      import('./platform/db/migrate'),
      import('./modules/pipeline/plugin'),
      import('./sources/index'),
    ])
    const db = await openDatabase({ databaseUrl: config.DATABASE_URL ?? null, dataDir: join(dataDir, 'db'), poolSize: config.DATABASE_POOL_SIZE })
    cleanups.push(() => db.close())
    await migrate(db)
    // What the dashboard and the briefings keep, for documents that completed before it was kept
    // (server/modules/intelligence/signals.ts and briefing-keys.ts).
    const intelligence = await import('./modules/intelligence')
    const backfilled = await intelligence.backfillSignals(db)
    if (backfilled > 0) console.log(`Kept the dashboard's signals of ${backfilled} document${backfilled === 1 ? '' : 's'} analysed before this version`)
    await intelligence.backfillBriefingKeys(db)
    // `npm run backup` asks this process for a snapshot of its PGlite store, which no other may open (server/modules/ops/ops-channel.ts).
    if (db.dialect === 'pglite') {
      const ops = await (await import('./modules/ops/plugin')).startOpsChannel({ dataDir, db })
      cleanups.push(() => ops.close())
    }
    const clock = systemClock
    const ids = randomIds
    // One reader set for the pipeline and the preview routes, configured from this run's environment.
    const sourceReaders = createSourceReaders(loadSourcesConfig(env))
    // Analysis and file reading run on worker threads, not this event loop (server/platform/compute/pooled.ts); their
    // libraries load in the workers after the server answers (warmed below). An API-only process analyses nothing.
    const analysisConfig = analysisConfigFromEnv(env)
    const compute = role === 'api' ? null : (await import('./platform/compute/pooled')).startCompute(config, analysisConfig, sourceReaders.config.documents)
    if (compute) cleanups.push(() => compute.pool.close())
    const analyser = compute?.analyser ?? lazyAnalyser(analysisConfig)
    const pipeline = createPipeline({
      db,
      clock,
      ids,
      analyser,
      sources: compute ? { ...sourceReaders, readDocument: compute.readDocument } : sourceReaders,
      jobs: {
        expireInSeconds: config.PIPELINE_STALL_SECONDS,
        retryLimit: config.PIPELINE_RETRY_LIMIT,
        maintenanceIntervalSeconds: config.PIPELINE_MAINTENANCE_SECONDS,
        archiveRetentionSeconds: config.PIPELINE_RETENTION_DAYS * 86_400,
      },
    })
    // PGlite belongs to this process alone (the lock above): a job left active was held by a run that died.
    const { recoveredJobs } = await pipeline.start({ workers: role !== 'api', recoverHeldJobs: db.dialect === 'pglite' })
    cleanups.push(() => pipeline.stop())
    if (recoveredJobs > 0) console.log(`Resuming ${recoveredJobs} processing step${recoveredJobs === 1 ? '' : 's'} the previous run left unfinished`)
    // Retention, and on PGlite its vacuum and the purge of deleted content (server/modules/retention/maintenance.ts).
    if (role !== 'api') {
      const { startMaintenance } = await import('./modules/retention/plugin')
      // Its statements take turns with the teams' and the requests' on the embedded store (server/platform/db/pglite.ts).
      cleanups.push(inLane('upkeep', () => startMaintenance({ db, clock, config })).stop)
      // Alert webhooks, retried with back-off until delivered (server/modules/alerts/webhooks.ts).
      const { startWebhookDeliveries } = await import('./modules/alerts/plugin')
      cleanups.push(inLane('upkeep', () => startWebhookDeliveries({ db, clock })).stop)
    }

    let url: string | null = null
    if (role !== 'worker') {
      const [{ buildApp }, { createLiveHub }, { firebaseTokenVerifier }, { identityProxy }] = await Promise.all([
        import('./app'),
        import('./modules/live/plugin'),
        import('./platform/auth/tokens'),
        import('./platform/auth/identity-proxy'),
      ])
      const tokens = firebaseTokenVerifier(config.FIREBASE_PROJECT_ID, { emulatorTokenSecret: () => tokenSecret })
      const verifier = emulatorHost ? afterReady(emulatorHost, tokens) : tokens
      const liveHub = createLiveHub({ db, verifier, clock, config })
      const identityTarget = emulatorHost
      const app = await buildApp({
        db,
        verifier,
        clock,
        ids,
        pipeline,
        config,
        clientSettings: clientSettingsOf(config),
        sourceReaders,
        identityProxied: identityTarget !== null,
        logger: config.LOG_REQUESTS,
        plugins: [(api) => liveHub.apiPlugin(api), (api, deps) => breakerRoutes(api, { ...deps, pipeline })],
        rootPlugins: [
          (root) => liveHub.socketPlugin(root),
          ...(identityTarget ? [(root: FastifyInstance) => identityProxy(root, { target: () => identityTarget, projectId: config.FIREBASE_PROJECT_ID })] : []),
          serveClient,
        ],
      })
      cleanups.push(async () => {
        await app.close()
        await liveHub.close()
      })
      await app.listen({ port: config.PORT, host: config.HOST })
      const address = app.server.address()
      const port = typeof address === 'object' && address ? address.port : config.PORT
      url = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}/`
    }
    await emulatorHost
    // Loaded in the background: the first document should not wait for it, nor the server's first answers.
    // One worker ahead of the first document; more start when documents wait for them.
    compute?.pool.warm(1).catch((error: unknown) => console.error('The analyser could not be loaded:', error instanceof Error ? error.message : error))

    const close = async () => {
      // Queued work waits for the next start (or another worker) rather than holding the shutdown up.
      await pipeline.stopTakingJobs()
      await undo()
    }
    return { close, url }
  } catch (error) {
    await undo()
    throw error
  }
}

/**
 * Runs `main` as a command (`npm start`, `npm run serve`, `npm run worker`): prints where it runs, and
 * stops everything on SIGINT or SIGTERM, or when the process that started it is gone (`npm` killed alone
 * leaves its children to the system; they must not go on holding the data folder and the ports).
 */
export function runFromCommandLine(argv: string[]): void {
  const parent = process.ppid
  let running: Running | null = null
  let stopping = false
  let fatal: string | null = null
  const stop = (code: number) => {
    if (stopping || !running) return
    stopping = true
    running.close().then(
      () => process.exit(code),
      () => process.exit(1),
    )
  }
  const onFatal = (reason: string) => {
    console.error(`${reason}: stopping Sightline.`)
    fatal = reason
    stop(1)
  }
  main(argv, process.env, { onFatal }).then(
    (started) => {
      running = started
      if (fatal !== null) return stop(1)
      if (started.url) console.log(`Sightline is running at ${started.url}`)
      else console.log('Sightline workers are running')
      for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stop(0))
      setInterval(() => {
        if (process.ppid !== parent) stop(0)
      }, 1000).unref()
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}

/**
 * The emulator's accounts and tokens are this machine's own: its tokens are checked, but an emulator is no
 * identity provider to put in front of other people (and one run by someone else signs nothing).
 */
const EMULATOR_ON_NETWORK = (host: string) =>
  `Refusing to listen on ${host}: the Firebase Auth emulator serves this machine only, so Sightline listens on loopback (HOST=127.0.0.1) while it is in use. ` +
  'To serve other machines, configure a real Firebase project: FIREBASE_PROJECT_ID (your project, not demo-*) and FIREBASE_API_KEY, with FIREBASE_AUTH_EMULATOR_HOST unset.'

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
}

/** A verifier that waits for the identity service to be up before its first check. */
function afterReady(ready: Promise<unknown>, inner: TokenVerifier): TokenVerifier {
  return {
    async verify(token) {
      await ready
      return inner.verify(token)
    },
  }
}

/** The built client (dist/) at the root, with the app's page for client-side routes. */
async function serveClient(app: FastifyInstance): Promise<void> {
  const dist = resolve(import.meta.dirname, '..', 'dist')
  if (!existsSync(join(dist, 'index.html'))) return
  const { default: fastifyStatic } = await import('@fastify/static')
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: 'index.html' })
  // Client-side routes get the app's page; unknown API paths and missing assets stay 404.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/'
    if (!path.startsWith('/api/') && !path.startsWith('/ws/') && !/\.[a-z0-9]+$/i.test(path)) return reply.sendFile('index.html')
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route GET ${path}` })
  })
}

const invokedDirectly = process.argv[1] !== undefined && /server\/main\.[cm]?[jt]s$/.test(process.argv[1])
if (invokedDirectly) runFromCommandLine(process.argv.slice(2))
