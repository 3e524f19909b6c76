/**
 * Fair queues (issue 17): one tenant's flood never makes another tenant's document wait behind it, and one
 * source's flood never makes another source of the same tenant wait behind it. pg-boss stays the queue
 * (its fetch takes the highest `priority`, then the oldest); this file decides what the priorities are and,
 * when a worker has taken a job, which of its tenant's documents runs in it. The SQL is in migration
 * 010-fair-queues.sql (one round trip each, on the ingest path and per job taken), called from
 * queries/fair-queue.ts.
 *
 * Contract:
 * - Across tenants, start-time fair queuing: a tenant's jobs in a queue take consecutive tags from
 *   max(V, the tenant's next tag), V being the tag of the latest job a worker took in that queue, and a
 *   job's priority is minus its tag. While a tenant has jobs waiting, every other tenant is served at most
 *   twice more than it (once for the turn it just had, once for a tie at equal tags).
 * - Within a tenant, round robin of its sources: the job a worker takes runs the oldest waiting document of
 *   the tenant's source served least recently (never served first), swapped into it from the job that held
 *   it (same tenant, same queue, so the tenants' order is untouched). So a feed that floods and the
 *   documents people add by hand take turns, and a source's documents run oldest first. A job's source is
 *   its event's data source, except that single-document sources (the ingest routes make one per pasted
 *   text, web page or file) and none are one stream per tenant: hand-made input is one source, not one
 *   per document (which would also put every claim of a tenant flooding the API on the round robin's path).
 * - Tags are assigned in the transaction that inserts the jobs, under the tenant's lane row lock: concurrent
 *   inserters of one tenant queue one after the other, of different tenants side by side.
 * - A retried job keeps its tag (pg-boss retries the same row) and its document, and takes no turn from its
 *   source. Parked jobs replayed (fresh ids) are new arrivals and take new tags.
 * - Tags are bigint in our tables; pg-boss's priority is int4. A claim of a job tagged beyond `rebaseAt`
 *   (2^30) shifts the queue's tags down together, keeping every order; until one succeeds, priorities
 *   stop at -(2^31 - 1) (those jobs then run oldest first among themselves).
 * - A job queued twice under one id (pg-boss keeps the first) still used up a tag of its tenant: the tenant
 *   loses that one turn.
 */
import type { Queryable } from '../../platform/db/database'
import { SINGLE_DOCUMENT_KINDS } from '../../../src/domain/rules/source-kinds'
import { fairClaim, fairEnqueue, rebaseFairTags } from './queries/fair-queue'
import type { QueuedJob } from './queue'

/** Where a job's data carries its fair-queue note. Stage code never sees it (stageJobSchema strips it). */
export const FAIR_NOTE = 'fair'

/** A job's note: its document's own tag (orders a source's documents) and its source ('' for hand-made input). */
export interface FairNote {
  tag: number
  source: string
}

/** The largest tag pg-boss's int4 priority can say. */
export const MAX_PRIORITY_TAG = 2 ** 31 - 1
/** A claimed tag beyond this shifts the queue's tags down. */
export const DEFAULT_REBASE_AT = 2 ** 30

/**
 * Tags `jobs` for insertion, inside the caller's transaction (the one that inserts them): per job, in
 * order, its pg-boss priority and its note. Lanes are taken in a fixed order (queue, tenant), so two
 * transactions queueing for the same tenants cannot deadlock on them.
 */
export async function fairTags(tx: Queryable, jobs: readonly QueuedJob[]): Promise<Array<{ priority: number; note: FairNote }>> {
  const groups = new Map<string, { queue: string; tenantId: string; at: number[] }>()
  jobs.forEach((j, i) => {
    const k = JSON.stringify([j.key, j.job.tenantId])
    const g = groups.get(k) ?? { queue: j.key, tenantId: j.job.tenantId, at: [] }
    g.at.push(i)
    groups.set(k, g)
  })
  const out: Array<{ priority: number; note: FairNote }> = new Array(jobs.length)
  const ordered = [...groups.values()].sort((a, b) => (a.queue === b.queue ? compare(a.tenantId, b.tenantId) : compare(a.queue, b.queue)))
  for (const g of ordered) {
    const rows = await fairEnqueue(
      tx,
      g.queue,
      g.tenantId,
      g.at.map((i) => (jobs[i] as QueuedJob).job.eventId),
      SINGLE_DOCUMENT_KINDS,
    )
    g.at.forEach((i, n) => {
      const row = rows[n]
      if (!row) throw new Error(`fair queue: no tag for job ${n} of ${g.queue}/${g.tenantId}`)
      const tag = Number(row.job_tag)
      out[i] = { priority: priorityOf(tag), note: { tag, source: row.job_source } }
    })
  }
  return out
}

/** pg-boss's priority for a tag: minus the tag, within int4. */
export function priorityOf(tag: number): number {
  return -Math.min(Math.max(tag, 0), MAX_PRIORITY_TAG)
}

export interface Claim {
  /** What the worker runs: the job's own data, or the document the tenant's round robin swapped into it. */
  data: unknown
  tag: number
}

/**
 * A worker took job `jobId` of `queue` from pg-boss: advances the queue's virtual time and returns what
 * to run in it. Null when the job is no longer in pg-boss's table (run its own data then).
 */
export async function claimFairJob(db: Queryable, queue: string, jobId: string, options: { rebaseAt?: number } = {}): Promise<Claim | null> {
  const row = await fairClaim(db, queue, jobId)
  if (!row) return null
  const tag = Number(row.job_tag)
  if (tag > (options.rebaseAt ?? DEFAULT_REBASE_AT)) await rebaseFairTags(db, queue)
  return { data: row.job_data, tag }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
