/**
 * Core_FrameEnricher: turns the orchestrator's analysis into the event's action frames.
 *
 * Emits, in order: action-analysis-started · status-update decomposition-started (card analyzing-actions)
 * · action-analysis-complete (no-actions-found, or actions-found with actionCount) · action-frames-detected
 * and one action-frame-created per frame, ids `${eventId}-f${actionIndex}`, in one transaction with the
 * frames themselves (replacing any earlier set) · status-update decomposition-completed · processing-complete
 * (card completed with its action count, and the document placed in its story with the same commit). The enrichers queued after it never hold up processing-complete.
 */
import { z } from 'zod'
import type { Analysis } from '../../../analysis/index'
import { analysisSchema } from '../../../analysis/index'
import type { Queryable } from '../../../platform/db/database'
import { recordDocumentOutcome } from '../../data-sources'
import { replaceFrames, updateEvent } from '../../session-data'
import { placeDocument } from '../../stories'
import { keepCompletedDocument } from '../../intelligence'
import { raiseAlerts } from '../../alerts'
import type { StageJob } from '../queue'
import { done, type Stage, type StageContext } from '../stage'
import { frameRows, wireFrame } from './shapes'

export function frameEnricher(): Stage {
  return async (job, ctx) => {
    const { event, tenantId } = ctx
    const eventId = event.id
    const analysis = await analysisOf(ctx, job)
    const setStatus =
      (status: string, extra: { actionCount?: number } = {}) =>
      async (tx: Queryable) => {
        await updateEvent(tx, tenantId, eventId, { status, ...extra, now: ctx.clock.now() })
      }

    await ctx.emit(
      [
        { type: 'action-analysis-started', data: { eventId } },
        { type: 'status-update', data: { eventId, phase: 'decomposition-started' } },
      ],
      setStatus('analyzing-actions'),
    )
    const count = analysis.frames.length
    const rows = frameRows(eventId, analysis)
    // One time for the stored rows and the messages, kept across retries: a reload equals the live view.
    const at = await ctx.memo('framesAt', z.number(), async () => ctx.clock.now())
    await ctx.emit({ type: 'action-analysis-complete', data: { eventId, status: count > 0 ? 'actions-found' : 'no-actions-found', actionCount: count } }, async (tx) => {
      await setStatus(count > 0 ? 'processing-actions' : 'completed', { actionCount: count })(tx)
      if (count === 0) await storeFrames(tx, ctx, rows, at)
    })
    if (count > 0) {
      // The frames are stored with the messages that announce them, all or nothing.
      await ctx.emit(
        [
          { type: 'action-frames-detected', data: { eventId, count } },
          ...rows.map((row) => ({ type: 'action-frame-created' as const, data: { frameId: row.id, parentId: eventId, frame: wireFrame(tenantId, event, row, at) } })),
        ],
        (tx) => storeFrames(tx, ctx, rows, at),
      )
    }
    await ctx.emit(
      [
        { type: 'status-update', data: { eventId, phase: 'decomposition-completed' } },
        { type: 'processing-complete', data: { eventId, actionCount: count } },
      ],
      async (tx) => {
        await setStatus('completed', { actionCount: count })(tx)
        await recordDocumentOutcome(tx, tenantId, event.data_source_id, 'processed', ctx.clock.now())
        // Its story, corroboration and credibility, with the frames they rest on (server/modules/stories).
        await placeDocument(tx, tenantId, eventId, ctx.clock.now())
        await keepCompletedDocument(tx, tenantId, eventId)
        await raiseAlerts(tx, tenantId, eventId, ctx.clock.now())
      },
    )
    return done([{ key: 'Core_AliasEnricher', contentHash: job.contentHash }])
  }
}

/** The analysis the orchestrator stored for this run and content. */
export async function analysisOf(ctx: Pick<StageContext, 'recall'>, job: StageJob): Promise<Analysis> {
  const analysis = await ctx.recall('Core_EventOrchestrator', 'analysis', analysisSchema)
  if (!analysis) throw new Error(`no stored analysis for ${job.eventId} (${job.run})`)
  return analysis
}

export async function storeFrames(tx: Queryable, ctx: Pick<StageContext, 'event' | 'tenantId'>, rows: ReturnType<typeof frameRows>, at: number): Promise<void> {
  const { event, tenantId } = ctx
  await replaceFrames(tx, tenantId, event.id, rows, { researchId: event.research_id, sessionId: event.session_id, now: at })
}
