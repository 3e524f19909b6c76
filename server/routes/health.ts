/** `GET /api/v1/health`: the debug panel polls it every 5 s while open. Public. */
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../app'

export async function healthRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.get('/health', { config: { public: true } }, async () => {
    const started = deps.clock.now()
    await deps.db.query('SELECT 1')
    return { status: 'ok', database: deps.db.dialect, databaseLatencyMs: deps.clock.now() - started }
  })
}
