/**
 * A reprocess run of Core_EventOrchestrator (job run `reprocess-<n>`): analyses the stored content again.
 *
 * Emits genesis_event_updated (trigger manual_reprocess): ai_enrichment 40 · updating_payload 80 (the card's
 * title, summary, payload, analytics and frames are replaced with it, in one transaction) · one
 * action-frame-created per new frame · completed 100 with updatedData (and the workspace's tokens used). `starting 0` was emitted by
 * `reprocess()` when the job was queued. When the analysis fails it emits `failed` with the error and
 * leaves the card exactly as it was.
 */
import { analyseOptionsOf } from './shapes'
import { z } from 'zod'
import type { Analyser } from '../../../analysis/index'
import { analysisSchema, isAnalysisError } from '../../../analysis/index'
import { recordDocumentOutcome } from '../../data-sources'
import { updateEvent } from '../../session-data'
import { breakerFailure, done, type Stage, type StageMessage } from '../stage'
import { addSessionTokens } from '../queries/store'
import { getContent } from '../store'
import { placeDocument } from '../../stories'
import { keepCompletedDocument } from '../../intelligence'
import { raiseAlerts } from '../../alerts'
import { storeFrames } from './frame-enricher'
import { documentPayload, frameRows, wireFrame, withSessionTokens } from './shapes'

export const REPROCESS_TRIGGER = 'manual_reprocess'

/** A genesis_event_updated message of a reprocess. */
export function reprocessProgress(eventId: string, stage: string, percentage: number, extra: { error?: string; updatedData?: Record<string, unknown> } = {}): StageMessage {
  return { type: 'genesis_event_updated', data: { eventId, trigger: REPROCESS_TRIGGER, stage, percentage, ...extra } }
}

export function reprocessor(deps: { analyser: Analyser }): Stage {
  return async (job, ctx) => {
    const { event, tenantId } = ctx
    const eventId = event.id
    const content = await getContent(ctx.db, tenantId, eventId)
    if (!content) {
      await ctx.emit(reprocessProgress(eventId, 'failed', 0, { error: 'This document has no stored content to reprocess' }))
      return done()
    }
    await ctx.emit(reprocessProgress(eventId, 'ai_enrichment', 40))
    let analysis
    try {
      analysis = await ctx.memo('analysis', analysisSchema, () => deps.analyser.analyse(content.cleanedContent, analyseOptionsOf(content, event)))
    } catch (error) {
      if (!isAnalysisError(error)) throw error
      await ctx.emit(reprocessProgress(eventId, 'failed', 40, { error: error.message }))
      return done([], breakerFailure(error))
    }

    const { title, summary, analytics } = analysis
    const payload = documentPayload(event, content, analysis)
    const rows = frameRows(eventId, analysis)
    const at = await ctx.memo('framesAt', z.number(), async () => ctx.clock.now())
    await ctx.emit(reprocessProgress(eventId, 'updating_payload', 80), async (tx) => {
      await updateEvent(tx, tenantId, eventId, { title, summary, payload, analytics, status: 'completed', error: null, actionCount: rows.length, now: at })
      await storeFrames(tx, ctx, rows, at)
      await recordDocumentOutcome(tx, tenantId, event.data_source_id, 'processed', at)
      // Placed again with its new frames: it may leave its story, join another, or stay.
      await placeDocument(tx, tenantId, eventId, at)
      await keepCompletedDocument(tx, tenantId, eventId)
      // A watch this document already alerted is not alerted again (server/modules/alerts/raise.ts).
      await raiseAlerts(tx, tenantId, eventId, at)
    })
    await ctx.emit(
      [
        ...rows.map((row) => ({ type: 'action-frame-created' as const, data: { frameId: row.id, parentId: eventId, frame: wireFrame(tenantId, event, row, at) } })),
        reprocessProgress(eventId, 'completed', 100, { updatedData: { title, summary, payload, analytics } }),
      ],
      // A reprocess analyses again: its tokens are consumed too.
      async (tx) => withSessionTokens(await addSessionTokens(tx, tenantId, event.session_id, analysis.usage?.totalTokens ?? 0)),
    )
    return done([{ key: 'Core_AliasEnricher', contentHash: job.contentHash }])
  }
}
