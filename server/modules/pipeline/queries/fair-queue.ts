/**
 * The fair queue's statements: calls of the functions migration 010-fair-queues.sql defines (one round
 * trip each). ../fair-queue.ts holds the contract and what a tag means.
 */
import type { Queryable } from '../../../platform/db/database'

/**
 * Takes the next tags of a tenant's lane in a queue for these documents, in order, under the lane's row
 * lock: per document its tag and its source ('' for hand-made input, which `singleDocumentKinds` names).
 */
export async function fairEnqueue(
  tx: Queryable,
  queue: string,
  tenantId: string,
  eventIds: readonly string[],
  singleDocumentKinds: readonly string[],
): Promise<Array<{ job_tag: string | number; job_source: string }>> {
  return tx.query<{ job_tag: string | number; job_source: string }>(`SELECT job_tag, job_source FROM pipeline_fair_enqueue($1, $2, $3::text[], $4::text[])`, [
    queue,
    tenantId,
    eventIds,
    singleDocumentKinds,
  ])
}

/** Advances the queue's virtual time for job `jobId`: what to run in it and its tag, or undefined when pg-boss no longer has it. */
export async function fairClaim(db: Queryable, queue: string, jobId: string): Promise<{ job_data: unknown; job_tag: string | number } | undefined> {
  const rows = await db.query<{ job_data: unknown; job_tag: string | number }>(`SELECT job_data, job_tag FROM pipeline_fair_claim($1, $2::uuid)`, [queue, jobId])
  return rows[0]
}

/**
 * Shifts the queue's tags down together (every order kept). Resolves with the shift, or null when
 * inserters or workers held the queue at that moment (a later claim tries again).
 */
export async function rebaseFairTags(db: Queryable, queue: string): Promise<number | null> {
  // Outside a transaction the statement is one: its try-lock is released when it ends.
  const shift = (await db.query<{ shift: string | number | null }>(`SELECT pipeline_fair_rebase($1) AS shift`, [queue]))[0]?.shift ?? null
  return shift === null ? null : Number(shift)
}
