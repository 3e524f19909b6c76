/**
 * One run of one source: read it, claim each new item, ingest it through the pipeline (which creates its
 * card, with the skeleton on the workspace's live log for a sandbox source), record the outcome.
 *
 * A run stops early when its source is no longer active (paused, deleted, failed) or, for a sandbox
 * source, when its workspace has expired: the status is looked at again before every item, so a pause
 * takes effect within one item. Duplicates: see dedupe.ts. Time comes from the injected clock.
 */
import { Texts } from '../../src/domain/rules/texts'
import type { Clock } from '../core/runtime'
import type { Queryable } from '../db/database'
import { ApiError } from '../http/errors'
import { writableSession } from '../http/guards'
import type { Pipeline } from '../pipeline/contract'
import { getDataSource } from '../repos/data-sources'
import { claimItem, duplicateOf, ItemOutcome, registerUrl, settleItem, type SourceRef } from './dedupe'
import { type FeedReaders, readItems, RunFailure } from './items'
import { countIngested, isProjectSource, recordExpired, recordFailure, recordSuccess } from './schedule'

export interface PollDeps {
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }
  clock: Clock
  readers: FeedReaders
  ingest: Pipeline['ingest']
  /** Transient failures in a row before an active project source goes to error. */
  failuresBeforeError: number
}

export const RunOutcome = { Done: 'done', Failed: 'failed', Skipped: 'skipped', Expired: 'expired' } as const
export type RunOutcome = (typeof RunOutcome)[keyof typeof RunOutcome]

export interface RunReport {
  outcome: RunOutcome
  /** Items the source listed. */
  read: number
  /** New items that became cards. */
  ingested: number
  /** New items that were duplicates (same content, or a URL already processed) or had no text. */
  skipped: number
  error?: string
}

/** The message a sandbox source's run leaves when its workspace has expired. */
export const ExpiredWorkspaceMessage = Texts.workspaceExpiredTooltip

export async function runSource(deps: PollDeps, ref: SourceRef): Promise<RunReport> {
  const { db, clock } = deps
  const report: RunReport = { outcome: RunOutcome.Skipped, read: 0, ingested: 0, skipped: 0 }
  const source = await getDataSource(db, ref.tenantId, ref.dataSourceId)
  if (!source || source.status !== 'active') return report
  const project = isProjectSource(source)
  if (!project && (await workspaceState(db, ref.tenantId, source.session_id, clock.now())) !== 'open') {
    await recordExpired(db, ref.tenantId, source.id, ExpiredWorkspaceMessage, clock.now())
    return { ...report, outcome: RunOutcome.Expired, error: ExpiredWorkspaceMessage }
  }

  let items
  try {
    items = await readItems(deps.readers, source)
  } catch (error) {
    const failure = error instanceof RunFailure ? error : new RunFailure(String(error), false)
    await recordFailure(db, ref.tenantId, source, failure.message, failure.transient, deps.failuresBeforeError, clock.now())
    return { ...report, outcome: RunOutcome.Failed, error: failure.message }
  }
  report.read = items.length

  for (const item of items) {
    const now = clock.now()
    if (!(await stillRunnable(db, ref, project, now))) return { ...report, outcome: project ? RunOutcome.Skipped : RunOutcome.Expired }
    if (!(await claimItem(db, ref, item, now))) continue
    if (item.input === null) {
      await settleItem(db, ref, item, ItemOutcome.Empty, null)
      report.skipped++
      continue
    }
    if (await duplicateOf(db, ref, item, { useUrlRegistry: project })) {
      await settleItem(db, ref, item, ItemOutcome.Duplicate, null)
      report.skipped++
      continue
    }
    const { eventId } = await deps.ingest({
      tenantId: ref.tenantId,
      userId: source.owner_user_id,
      researchId: source.research_id,
      sessionId: source.session_id,
      projectId: source.project_id,
      dataSourceId: source.id,
      input: item.input,
    })
    await db.transaction(async (tx) => {
      await settleItem(tx, ref, item, ItemOutcome.Ingested, eventId)
      await countIngested(tx, ref.tenantId, source.id, now)
      if (project && item.link) await registerUrl(tx, ref.tenantId, item.link, now)
    })
    report.ingested++
  }
  await recordSuccess(db, ref.tenantId, source, clock.now())
  return { ...report, outcome: RunOutcome.Done }
}

/** Still active, and (sandbox) its workspace still open; an expired workspace stops the source. */
async function stillRunnable(db: Queryable, ref: SourceRef, project: boolean, now: number): Promise<boolean> {
  const current = await getDataSource(db, ref.tenantId, ref.dataSourceId)
  if (!current || current.status !== 'active') return false
  if (project || (await workspaceState(db, ref.tenantId, current.session_id, now)) === 'open') return true
  await recordExpired(db, ref.tenantId, ref.dataSourceId, ExpiredWorkspaceMessage, now)
  return false
}

/** The API's own rule (writableSession): expired by status or by its expiry time; gone counts as expired. */
async function workspaceState(db: Queryable, tenantId: string, sessionId: string | null, now: number): Promise<'open' | 'expired'> {
  if (!sessionId) return 'expired'
  try {
    await writableSession(db, tenantId, sessionId, now)
    return 'open'
  } catch (error) {
    if (error instanceof ApiError && (error.status === 410 || error.status === 404)) return 'expired'
    throw error
  }
}
