/**
 * The data sources' rules, without HTTP. A source belongs to a project (the caller's) or to a workspace
 * (the caller's, writable, of the named research); a workspace source is written to only while its
 * workspace is writable. Its status moves only as the manager's buttons do (play, pause, resume); a move
 * starts or stops its runs in the same transaction as the update, and a new poll interval moves its next
 * run. Refusals are thrown as `Refusal`s.
 */
import { z } from 'zod'
import { brokenTextIn } from '../../../src/protocol/input-text'
import { missing, Refusal } from '../../platform/core/refusal'
import { iso, isStorableTimestamp } from '../../platform/db/rows'
import type { ModuleDeps } from '../../platform/module'
import { getProject } from '../projects'
import { writableSession } from '../researches'
import type { EventRow, FrameRow } from '../session-data'
import { type DataSourceRow, type NewDataSource, getDataSource, insertDataSource, listFramesOfEvents, listProjectDocuments, updateDataSource } from './queries'
import type { PollIntervals } from './runner/intervals'
import type { SourceRunner } from './runner/runner'
import { type RunnableSourceRow, rescheduleInterval, scheduleForStatus } from './runner/schedule'

export const InvalidContextMessage = 'Invalid context: must specify either projectId or both researchId and sessionId'

/** The status moves the manager's buttons make: play, pause, resume (a failed source resumes too). */
const allowedMoves: Record<string, readonly string[]> = { draft: ['active'], active: ['paused'], paused: ['active'], error: ['active'] }

/** A new draft source, as the caller asked for it. */
export type SourceRequest = Pick<NewDataSource, 'kind' | 'displayName' | 'sourceDetails'> & {
  researchId?: string | null
  sessionId?: string | null
  projectId?: string | null
  pollIntervalSeconds?: number | null
}

/** A change to a source; a key that is absent is left as it is. */
export interface SourceChange {
  status?: DataSourceRow['status']
  displayName?: string
  sourceDetails?: Record<string, unknown>
  pollIntervalSeconds?: number | null
}

/** Creates a draft source for its project or workspace; answers it. */
export async function createDataSource(deps: ModuleDeps, who: { tenantId: string; uid: string }, b: SourceRequest): Promise<DataSourceRow> {
  const { db, clock, ids } = deps
  const now = clock.now()
  const isProject = Boolean(b.projectId)
  if (!isProject && !(b.researchId && b.sessionId)) throw new Refusal('invalid', `projectId: ${InvalidContextMessage}`)
  if (isProject) {
    if (!(await getProject(db, who.tenantId, b.projectId as string))) throw missing('Project')
  } else {
    const session = await writableSession(db, who.tenantId, b.sessionId as string, now)
    if (session.research_id !== b.researchId) throw missing('Session')
  }
  const id = ids.next('src')
  await insertDataSource(db, who.tenantId, {
    id,
    kind: b.kind,
    displayName: b.displayName,
    status: 'draft',
    researchId: isProject ? null : (b.researchId ?? null),
    sessionId: isProject ? null : (b.sessionId ?? null),
    projectId: b.projectId ?? null,
    sourceDetails: b.sourceDetails,
    pollIntervalSeconds: b.pollIntervalSeconds ?? null,
    ownerUserId: who.uid,
    now,
  })
  return (await getDataSource(db, who.tenantId, id))!
}

/** Applies the change (and the runs it starts or stops); answers the source as it now is. */
export async function changeDataSource(deps: ModuleDeps & { runner: SourceRunner | null; intervals: PollIntervals }, tenantId: string, id: string, b: SourceChange): Promise<DataSourceRow> {
  const { db, clock } = deps
  const current = await getDataSource(db, tenantId, id)
  if (!current) throw missing('Data source')
  const now = clock.now()
  if (current.session_id && current.project_id === null) await writableSession(db, tenantId, current.session_id, now)
  if (b.status !== undefined && b.status !== current.status && !(allowedMoves[current.status] ?? []).includes(b.status)) {
    throw new Refusal('conflict', `A ${current.status} source cannot become ${b.status}`)
  }
  const moved = b.status !== undefined && b.status !== current.status
  const updated = await db.transaction(async (tx) => {
    const row = await updateDataSource(tx, tenantId, current.id, {
      ...(b.status !== undefined ? { status: b.status } : {}),
      ...(b.displayName !== undefined ? { displayName: b.displayName } : {}),
      ...(b.sourceDetails !== undefined ? { sourceDetails: b.sourceDetails } : {}),
      ...('pollIntervalSeconds' in b ? { pollIntervalSeconds: b.pollIntervalSeconds ?? null } : {}),
      // Resuming a failed run clears its error.
      ...(b.status === 'active' ? { lastError: null } : {}),
      now,
    })
    // Play, pause and resume start and stop the source's runs; a new interval moves its next run.
    if (moved) await scheduleForStatus(tx, tenantId, row!, now)
    else if ('pollIntervalSeconds' in b) await rescheduleInterval(tx, tenantId, row as RunnableSourceRow, now, deps.intervals)
    return (await getDataSource(tx, tenantId, current.id))!
  })
  // The first run at once rather than at the scheduler's next minute (the source is due either way).
  if (moved && updated.status === 'active') await deps.runner?.kick()
  return updated
}

/**
 * The project's documents (cards of its sources and of committed workspaces), in the order they last
 * changed, for the project view to poll: `after` is the `cursor` of the previous answer (absent: from
 * the start); an answer with fewer than the page size has caught up. A caught-up answer's cursor reaches
 * CURSOR_LOOKBACK_MS back, because a change can commit after a later one was read: the next poll repeats
 * those cards, and the view merges them by id. Each card comes with its action frames (the project view
 * has no live channel to bring them). Refused for a project not the caller's, then for a cursor not ours.
 */
export async function projectDocuments(
  deps: ModuleDeps,
  tenantId: string,
  projectId: string,
  page: { after: string | undefined; dataSourceId: string | null; limit: number },
): Promise<{ rows: EventRow[]; frames: FrameRow[]; cursor: string | null }> {
  if (!(await getProject(deps.db, tenantId, projectId))) throw missing('Project')
  const rows = await listProjectDocuments(deps.db, tenantId, projectId, { dataSourceId: page.dataSourceId, after: decodeCursor(page.after), limit: page.limit })
  const last = rows.at(-1)
  const lastAt = last ? Date.parse(iso(last.updated_at) as string) : null
  const cursor =
    lastAt === null || !last
      ? (page.after ?? null)
      : rows.length === page.limit
        ? encodeCursor(new Date(lastAt).toISOString(), last.id)
        : encodeCursor(new Date(lastAt - CURSOR_LOOKBACK_MS).toISOString(), '')
  const frames = await listFramesOfEvents(
    deps.db,
    tenantId,
    rows.map((r) => r.id),
  )
  return { rows, frames, cursor }
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
    throw new Refusal('invalid', 'after: not a cursor this API gave')
  }
}
