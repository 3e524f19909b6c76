/**
 * One run of one source: read it, claim each new item, ingest it through the pipeline (which creates its
 * card, with the skeleton on the workspace's live log for a sandbox source), record the outcome.
 *
 * A run stops early when its source is no longer active (paused, deleted, failed) or, for a sandbox
 * source, when its workspace has expired: the status is looked at again before every item, so a pause
 * takes effect within one item. Duplicates: see dedupe.ts. Time comes from the injected clock.
 *
 * Quotas (issue 17): every item's card is admitted by the tenant's ingest quotas first (server/modules/ingest/quotas.ts).
 * Past one the run backs off instead of failing: the item, and every new item after it, is kept
 * (`deferred`, dedupe.ts) and the source is due again when the quota says to try again. A run takes the
 * items earlier runs kept before it reads the source, oldest first, and reads the source even when they
 * are refused again, so what a feed lists only briefly is kept too. Nothing found is lost.
 */
import { Texts } from '../../../../src/domain/rules/texts'
import type { Clock } from '../../../platform/core/runtime'
import type { Queryable } from '../../../platform/db/database'
import { workspaceIsOpen } from '../../researches'
import type { Pipeline } from '../../pipeline'
import { getDataSource } from '../queries'
import type { IngestQuotas, QuotaRefusal } from '../../ingest'
import type { DataSourceRow } from '../queries'
import { claimDeferred, claimItem, deferItem, duplicateOf } from './dedupe'
import { type FeedReaders, type PolledItem, readItems, RunFailure } from './items'
import { countIngested, recordDeferred, recordExpired } from './queries/schedule'
import { deferredCount, ItemOutcome, registerUrl, releaseDeferred, settleItem, type SourceRef } from './queries/seen-items'
import { isProjectSource, recordFailure, recordSuccess } from './schedule'

export interface PollDeps {
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }
  clock: Clock
  readers: FeedReaders
  ingest: Pipeline['ingest']
  /** The tenants' ingest quotas: every card a run creates is admitted by them first. */
  quotas: IngestQuotas
  /** Transient failures in a row before an active project source goes to error. */
  failuresBeforeError: number
}

export const RunOutcome = { Done: 'done', Failed: 'failed', Skipped: 'skipped', Expired: 'expired', Deferred: 'deferred' } as const
export type RunOutcome = (typeof RunOutcome)[keyof typeof RunOutcome]

export interface RunReport {
  outcome: RunOutcome
  /** Items the source listed. */
  read: number
  /** New items that became cards. */
  ingested: number
  /** New items that were duplicates (same content, or a URL already processed) or had no text. */
  skipped: number
  /** Items kept for a later run, the tenant being over an ingest quota (earlier runs' included). */
  deferred: number
  error?: string
  /** Why items wait (the quota's message), when they do. */
  quota?: string
}

/** The message a sandbox source's run leaves when its workspace has expired. */
export const ExpiredWorkspaceMessage = Texts.workspaceExpiredTooltip

export async function runSource(deps: PollDeps, ref: SourceRef): Promise<RunReport> {
  const { db, clock } = deps
  const report: RunReport = { outcome: RunOutcome.Skipped, read: 0, ingested: 0, skipped: 0, deferred: 0 }
  const source = await getDataSource(db, ref.tenantId, ref.dataSourceId)
  if (source?.status !== 'active') return report
  const project = isProjectSource(source)
  if (!project && !(await workspaceIsOpen(db, ref.tenantId, source.session_id, clock.now()))) {
    await recordExpired(db, ref.tenantId, source.id, ExpiredWorkspaceMessage, clock.now())
    return { ...report, outcome: RunOutcome.Expired, error: ExpiredWorkspaceMessage }
  }

  // What earlier runs kept for later, oldest first, until a quota refuses again.
  let refusal: QuotaRefusal | null = null
  for (;;) {
    const now = clock.now()
    if (!(await stillRunnable(db, ref, project, now))) return { ...report, outcome: project ? RunOutcome.Skipped : RunOutcome.Expired }
    const kept = await claimDeferred(db, ref, now)
    if (!kept) break
    if (await duplicateOf(db, ref, kept, { useUrlRegistry: project })) {
      await settleItem(db, ref, kept, ItemOutcome.Duplicate, null)
      report.skipped++
      continue
    }
    refusal = await ingestItem(deps, ref, source, project, kept, now)
    if (refusal) {
      await releaseDeferred(db, ref, kept)
      break
    }
    report.ingested++
  }

  let items
  try {
    items = await readItems(deps.readers, source)
  } catch (error) {
    const failure = error instanceof RunFailure ? error : new RunFailure(String(error), false)
    await recordFailure(db, ref.tenantId, source, failure.message, failure.transient, deps.failuresBeforeError, clock.now())
    return { ...report, outcome: RunOutcome.Failed, error: failure.message, deferred: await deferredCount(db, ref) }
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
    const withInput = { ...item, input: item.input }
    // Once refused, the rest of the run only keeps what it finds: the quota will not have changed its mind.
    refusal ??= await ingestItem(deps, ref, source, project, withInput, now)
    if (refusal) await deferItem(db, ref, withInput)
    else report.ingested++
  }
  if (refusal) {
    const now = clock.now()
    await recordDeferred(db, ref.tenantId, source, now + refusal.retryAfterSeconds * 1000, now)
    return { ...report, outcome: RunOutcome.Deferred, deferred: await deferredCount(db, ref), quota: refusal.message }
  }
  await recordSuccess(db, ref.tenantId, source, clock.now())
  return { ...report, outcome: RunOutcome.Done }
}

/** One item's card, if the tenant's quotas admit it (and the item is recorded as ingested); else the refusal. */
async function ingestItem(
  deps: PollDeps,
  ref: SourceRef,
  source: DataSourceRow,
  project: boolean,
  item: PolledItem & { input: NonNullable<PolledItem['input']> },
  now: number,
): Promise<QuotaRefusal | null> {
  const admitted = await deps.quotas.admit(ref.tenantId, () =>
    deps.ingest({
      tenantId: ref.tenantId,
      userId: source.owner_user_id,
      researchId: source.research_id,
      sessionId: source.session_id,
      projectId: source.project_id,
      dataSourceId: source.id,
      // The source's name is the channel's: "Reuters world feed", as the analyst named it.
      input: { ...item.input, provenance: { ...item.input.provenance, via: { channel: item.input.provenance?.via?.channel ?? 'rss', name: source.display_name } } },
    }),
  )
  if (!admitted.ok) return admitted
  await deps.db.transaction(async (tx) => {
    await settleItem(tx, ref, item, ItemOutcome.Ingested, admitted.value.eventId)
    await countIngested(tx, ref.tenantId, source.id, now)
    if (project && item.link) await registerUrl(tx, ref.tenantId, item.link, now)
  })
  return null
}

/** Still active, and (sandbox) its workspace still open; an expired workspace stops the source. */
async function stillRunnable(db: Queryable, ref: SourceRef, project: boolean, now: number): Promise<boolean> {
  const current = await getDataSource(db, ref.tenantId, ref.dataSourceId)
  if (current?.status !== 'active') return false
  if (project || (await workspaceIsOpen(db, ref.tenantId, current.session_id, now))) return true
  await recordExpired(db, ref.tenantId, ref.dataSourceId, ExpiredWorkspaceMessage, now)
  return false
}
