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
import { z } from 'zod'
import { pageLimitSchema } from '../../../src/protocol/api'
import {
  dataSourceCreateContract,
  dataSourceDeleteContract,
  dataSourceGetContract,
  dataSourceListContract,
  dataSourceUpdateContract,
  projectDocumentsContract,
} from '../../../src/protocol/http/data-sources'
import { brokenTextIn } from '../../../src/protocol/input-text'
import type { ModuleDeps } from '../../platform/module'
import type { Pipeline } from '../pipeline'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, conflict, notFound, validation } from '../../platform/http/errors'
import { writableSession } from '../researches'
import { headerNumber } from '../../platform/http/paging'
import { getProject } from '../projects'
import { deleteDataSource, getDataSource, insertDataSource, listDataSources, updateDataSource } from './queries'
import { type EventRow, type FrameRow, toActionFrame, toGenesisEvent } from '../session-data'
import { iso, isStorableTimestamp } from '../../platform/db/rows'
import { DEFAULT_POLL_INTERVAL_SECONDS } from './runner/intervals'
import { sourceRunnerOf } from './runner/runner'
import { presentDataSource, rescheduleInterval, type RunnableSourceRow, scheduleForStatus } from './runner/schedule'

export const InvalidContextMessage = 'Invalid context: must specify either projectId or both researchId and sessionId'

/** The status moves the manager's buttons make: play, pause, resume (a failed source resumes too). */
const allowedMoves: Record<string, readonly string[]> = { draft: ['active'], active: ['paused'], paused: ['active'], error: ['active'] }

/** What this module's routes need beside the database, the clock and the ids. */
export type DataSourceDeps = ModuleDeps & { pipeline: Pipeline }

export async function dataSourceRoutes(app: FastifyInstance, deps: DataSourceDeps): Promise<void> {
  const { db, clock, ids } = deps
  const runner = sourceRunnerOf(deps.pipeline)
  const intervals = runner?.intervals ?? DEFAULT_POLL_INTERVAL_SECONDS
  const present = (row: Parameters<typeof presentDataSource>[0]) => presentDataSource(row, intervals)

  route(app, dataSourceCreateContract, async ({ body: b, request, reply }) => {
    const auth = authOf(request)
    const now = clock.now()
    const isProject = Boolean(b.projectId)
    if (!isProject && !(b.researchId && b.sessionId)) throw validation('projectId', InvalidContextMessage)
    if (isProject) {
      if (!(await getProject(db, auth.tenantId, b.projectId as string))) throw notFound('Project')
    } else {
      const session = await writableSession(db, auth.tenantId, b.sessionId as string, now)
      if (session.research_id !== b.researchId) throw notFound('Session')
    }
    const id = ids.next('src')
    await insertDataSource(db, auth.tenantId, {
      id,
      kind: b.kind,
      displayName: b.displayName,
      status: 'draft',
      researchId: isProject ? null : (b.researchId ?? null),
      sessionId: isProject ? null : (b.sessionId ?? null),
      projectId: b.projectId ?? null,
      sourceDetails: stripNulls(b.sourceDetails),
      pollIntervalSeconds: b.pollIntervalSeconds ?? null,
      ownerUserId: auth.uid,
      now,
    })
    return reply.status(201).send(present((await getDataSource(db, auth.tenantId, id))!))
  })

  route(app, dataSourceListContract, async ({ query, request }) => ({ items: (await listDataSources(db, authOf(request).tenantId, query)).map(present) }))

  route(app, dataSourceGetContract, async ({ params, request }) => {
    const row = await getDataSource(db, authOf(request).tenantId, params.id)
    if (!row) throw notFound('Data source')
    return present(row)
  })

  route(app, dataSourceUpdateContract, async ({ params, body: b, request }) => {
    const auth = authOf(request)
    const current = await getDataSource(db, auth.tenantId, params.id)
    if (!current) throw notFound('Data source')
    const now = clock.now()
    if (current.session_id && current.project_id === null) await writableSession(db, auth.tenantId, current.session_id, now)
    if (b.status !== undefined && b.status !== current.status && !(allowedMoves[current.status] ?? []).includes(b.status)) {
      throw conflict(`A ${current.status} source cannot become ${b.status}`)
    }
    const moved = b.status !== undefined && b.status !== current.status
    const updated = await db.transaction(async (tx) => {
      const row = await updateDataSource(tx, auth.tenantId, current.id, {
        ...(b.status !== undefined ? { status: b.status } : {}),
        ...(b.displayName !== undefined ? { displayName: b.displayName } : {}),
        ...(b.sourceDetails !== undefined ? { sourceDetails: stripNulls(b.sourceDetails) } : {}),
        ...('pollIntervalSeconds' in b ? { pollIntervalSeconds: b.pollIntervalSeconds ?? null } : {}),
        // Resuming a failed run clears its error.
        ...(b.status === 'active' ? { lastError: null } : {}),
        now,
      })
      // Play, pause and resume start and stop the source's runs; a new interval moves its next run.
      if (moved) await scheduleForStatus(tx, auth.tenantId, row!, now)
      else if ('pollIntervalSeconds' in b) await rescheduleInterval(tx, auth.tenantId, row as RunnableSourceRow, now, intervals)
      return (await getDataSource(tx, auth.tenantId, current.id))!
    })
    // The first run at once rather than at the scheduler's next minute (the source is due either way).
    if (moved && updated.status === 'active') await runner?.kick()
    return present(updated)
  })

  // Deleting stops the source: queued runs find no source, and its seen items go with it (cascade).
  route(app, dataSourceDeleteContract, async ({ params, request }) => {
    if (!(await deleteDataSource(db, authOf(request).tenantId, params.id))) throw notFound('Data source')
    return { message: 'Data source deleted successfully' }
  })

  // The project's documents (cards of its sources and of committed workspaces), in the order they last
  // changed, for the project view to poll: `after` is the `cursor` of the previous answer (absent: from
  // the start); an answer with fewer than the page size has caught up. Page size: x-page-size or limit.
  // A caught-up answer's cursor reaches CURSOR_LOOKBACK_MS back, because a change can commit after a
  // later one was read: the next poll repeats those cards, and the view merges them by id.
  route(app, projectDocumentsContract, async ({ params, query: q, request }) => {
    const auth = authOf(request)
    if (!(await getProject(db, auth.tenantId, params.id))) throw notFound('Project')
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? q.limit ?? 50
    const after = decodeCursor(q.after)
    const rows = await db.query<EventRow>(
      `SELECT * FROM events WHERE tenant_id = $1 AND project_id = $2
         AND ($3::text IS NULL OR data_source_id = $3)
         AND ($4::timestamptz IS NULL OR (updated_at, id) > ($4::timestamptz, $5::text))
       ORDER BY updated_at, id LIMIT $6`,
      [auth.tenantId, params.id, q.dataSourceId ?? null, after?.at ?? null, after?.id ?? '', limit],
    )
    const last = rows.at(-1)
    const lastAt = last ? Date.parse(iso(last.updated_at) as string) : null
    const cursor =
      lastAt === null || !last
        ? (q.after ?? null)
        : rows.length === limit
          ? encodeCursor(new Date(lastAt).toISOString(), last.id)
          : encodeCursor(new Date(lastAt - CURSOR_LOOKBACK_MS).toISOString(), '')
    // Each card comes with its action frames (the project view has no live channel to bring them).
    const frameRows =
      rows.length === 0
        ? []
        : await db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND event_id = ANY($2::text[]) ORDER BY event_id, action_index NULLS LAST, id`, [
            auth.tenantId,
            rows.map((r) => r.id),
          ])
    const framesOf = new Map<string, ReturnType<typeof toActionFrame>[]>()
    for (const f of frameRows) framesOf.set(f.event_id, [...(framesOf.get(f.event_id) ?? []), toActionFrame(f, auth.tenantId)])
    return { items: rows.map((r) => ({ ...toGenesisEvent(r), updatedAt: iso(r.updated_at), actionFrames: framesOf.get(r.id) ?? [] })), cursor }
  })
}

const CURSOR_LOOKBACK_MS = 10_000

function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url')
}

function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null
  try {
    const [at, id] = z.tuple([z.iso.datetime(), z.string()]).parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')))
    // Only what the database can compare: a real date ('02-30' is none) and an id it can store.
    if (!isStorableTimestamp(at) || brokenTextIn(id)) throw new Error('not ours')
    return { at, id }
  } catch {
    throw new ApiError(400, 'VALIDATION_ERROR', 'after: not a cursor this API gave')
  }
}

function stripNulls(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && v !== undefined))
}
