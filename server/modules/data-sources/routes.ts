/**
 * Data sources (spec §3, §4, §7): create for a workspace (researchId + sessionId) or a project
 * (projectId), list (filtered by projectId, or researchId and sessionId), read, update, delete.
 *
 * PUT {status} moves draft → active (play), active → paused (pause), paused or error → active (resume);
 * processed takes no action. The moves run the source (server/modules/data-sources/runner): active makes it due at once
 * and asks the scheduler for a pass; a project source then polls every `effectivePollIntervalSeconds`, a
 * sandbox source runs once and becomes processed. Any other status, or DELETE, stops it. A run that
 * fails puts the source in error with `lastError`; resuming clears it.
 *
 * Project documents have no live channel (the live log is per workspace session): the project view polls
 * `GET /projects/{id}/documents?after=<cursor>`, which answers the cards created or changed since.
 * What each route takes and answers is its contract (src/protocol/http/data-sources.ts).
 */
import type { FastifyInstance } from 'fastify'
import { pageLimitSchema } from '../../../src/protocol/api'
import {
  dataSourceCreateContract,
  dataSourceDeleteContract,
  dataSourceGetContract,
  dataSourceListContract,
  dataSourceUpdateContract,
  projectDocumentsContract,
} from '../../../src/protocol/http/data-sources'
import type { ModuleDeps } from '../../platform/module'
import type { Pipeline } from '../pipeline'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { headerNumber } from '../../platform/http/paging'
import { deleteDataSource, getDataSource, listDataSources } from './queries'
import { changeDataSource, createDataSource, projectDocuments } from './service'
import { toActionFrame, toGenesisEvent } from '../session-data'
import { iso } from '../../platform/db/rows'
import { DEFAULT_POLL_INTERVAL_SECONDS } from './runner/intervals'
import { sourceRunnerOf } from './runner/runner'
import { presentDataSource } from './runner/schedule'

/** What this module's routes need beside the database, the clock and the ids. */
export type DataSourceDeps = ModuleDeps & { pipeline: Pipeline }

export async function dataSourceRoutes(app: FastifyInstance, deps: DataSourceDeps): Promise<void> {
  const { db } = deps
  const runner = sourceRunnerOf(deps.pipeline)
  const intervals = runner?.intervals ?? DEFAULT_POLL_INTERVAL_SECONDS
  const present = (row: Parameters<typeof presentDataSource>[0]) => presentDataSource(row, intervals)

  route(app, dataSourceCreateContract, async ({ body: b, request, reply }) => {
    const row = await createDataSource(deps, authOf(request), { ...b, sourceDetails: stripNulls(b.sourceDetails) })
    return reply.status(201).send(present(row))
  })

  route(app, dataSourceListContract, async ({ query, request }) => ({ items: (await listDataSources(db, authOf(request).tenantId, query)).map(present) }))

  route(app, dataSourceGetContract, async ({ params, request }) => {
    const row = await getDataSource(db, authOf(request).tenantId, params.id)
    if (!row) throw notFound('Data source')
    return present(row)
  })

  route(app, dataSourceUpdateContract, async ({ params, body: b, request }) => {
    const change = b.sourceDetails === undefined ? b : { ...b, sourceDetails: stripNulls(b.sourceDetails) }
    return present(await changeDataSource({ ...deps, runner, intervals }, authOf(request).tenantId, params.id, change))
  })

  // Deleting stops the source: queued runs find no source, and its seen items go with it (cascade).
  route(app, dataSourceDeleteContract, async ({ params, request }) => {
    if (!(await deleteDataSource(db, authOf(request).tenantId, params.id))) throw notFound('Data source')
    return { message: 'Data source deleted successfully' }
  })

  // The project's documents for the project view to poll (the paging rules: service.ts, projectDocuments).
  route(app, projectDocumentsContract, async ({ params, query: q, request }) => {
    const auth = authOf(request)
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? q.limit ?? 50
    const { rows, frames: frameRows, cursor } = await projectDocuments(deps, auth.tenantId, params.id, { after: q.after, dataSourceId: q.dataSourceId ?? null, limit })
    // Each card comes with its action frames (the project view has no live channel to bring them).
    const framesOf = new Map<string, ReturnType<typeof toActionFrame>[]>()
    for (const f of frameRows) framesOf.set(f.event_id, [...(framesOf.get(f.event_id) ?? []), toActionFrame(f, auth.tenantId)])
    return { items: rows.map((r) => ({ ...toGenesisEvent(r), updatedAt: iso(r.updated_at), actionFrames: framesOf.get(r.id) ?? [] })), cursor }
  })
}

function stripNulls(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== undefined))
}
