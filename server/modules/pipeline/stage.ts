/**
 * What a stage is: one handler of the chain, run for one job. A stage reads, emits live messages through
 * `ctx.emit`, keeps expensive results through `ctx.memo`, and returns the jobs that follow it. Time and ids
 * come from `ctx`, never from the platform, so a run can be recorded and replayed.
 *
 * Idempotency contract (enforced by journal.ts, relied on by every stage):
 * - A stage must emit the same messages in the same order when run again with the same memoised results:
 *   the n-th message of a run is appended at most once, whatever crashes or duplicate deliveries happen.
 *   Messages emitted together (an array) are appended together or not at all.
 * - A `write` passed with an emit commits in the same transaction as that message, so the stored card
 *   never disagrees with what the live channel has said about it. A write may return an amendment of the
 *   messages, for facts only the transaction knows (a running total it just incremented).
 * - `outcome.write` commits with the run's "done" mark and its next jobs; writes elsewhere must be
 *   idempotent (upserts, replace-all).
 */
import type { z } from 'zod'
import type { LiveMessageOf, LiveMessageType } from '../../../src/protocol/live-messages'
import type { Clock, Ids } from '../../platform/core/runtime'
import type { Queryable } from '../../platform/db/database'
import type { EventRow } from '../session-data'
import type { HandlerKey } from './contract'
import type { StageJob } from './queue'
import { AnalysisErrorCode } from '../../analysis/errors'

/** A live message as a stage emits it: the session and the id are the live log's business. */
export type StageMessage = { [T in LiveMessageType]: { type: T; data: LiveMessageOf<T>['data'] } }[LiveMessageType]

export interface StageContext {
  clock: Clock
  ids: Ids
  /**
   * Appends a message, or several in one transaction, to the event's session log (once per run position)
   * with `write` in the same transaction.
   */
  emit: (messages: StageMessage | readonly StageMessage[], write?: (tx: Queryable) => Promise<void | MessageAmendment>) => Promise<void>
  /** A result kept with the run: a retry gets the stored value instead of computing it again. */
  memo: <T>(name: string, schema: z.ZodType<T>, compute: () => Promise<T>) => Promise<T>
  /** Another stage's memoised result for the same job (the orchestrator's analysis), or null. */
  recall: <T>(stage: HandlerKey, name: string, schema: z.ZodType<T>) => Promise<T | null>
  /** For reads outside a transaction. */
  db: Queryable
  tenantId: string
  /** The event as it was when the run started. */
  event: EventRow
}

/** Applied to each message of a batch after its write, in the write's transaction. */
export type MessageAmendment = (message: StageMessage) => StageMessage

export interface StageOutcome {
  next: Array<{ key: HandlerKey; contentHash: string }>
  /** Committed together with the run's "done" mark and its next jobs. */
  write?: (tx: Queryable) => Promise<void>
  /** A failure of the handler's dependency (the analysis provider): counts towards its breaker. */
  failure?: string
  /** Results to keep with the run (merged into its memo when it is marked done). */
  record?: Record<string, unknown>
}

export type Stage = (job: StageJob, ctx: StageContext) => Promise<StageOutcome>

export const done = (next: StageOutcome['next'] = [], extra: Omit<StageOutcome, 'next'> = {}): StageOutcome => ({ next, ...extra })

/**
 * How an analysis that failed counts for the handler's breaker: a provider's failure does; a document over
 * its own budget (AI_BUDGET_EXCEEDED: too long, too large) does not, or a few long files would pause everyone.
 */
export const breakerFailure = (error: { code: string; message: string }): Omit<StageOutcome, 'next'> => (error.code === AnalysisErrorCode.Budget ? {} : { failure: `${error.code}: ${error.message}` })
