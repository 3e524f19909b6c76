/**
 * Core_EventOrchestrator: analyses the stored content and fills the card; the analysis's novelty is
 * measured against the team's earlier documents (intelligence/novelty.ts).
 *
 * Emits, in order: status-update structuring-started · then, together with the card's title, summary,
 * payload and analytics (status document-ready): genesis-event-summary · status-update
 * structuring-completed · document-ready (with the workspace's tokens used after this analysis). The analysis is memoised with the run, so a retry after a crash emits the rest of
 * the same card rather than a second opinion. An AnalysisError ends the document with
 * `processing-error` and counts as a failure of this handler's breaker. An exact copy of a document the
 * team analysed already (same cleaned text, ../copies.ts) takes that analysis instead of running the
 * analyser again, and its payload says whose copy it is (`copyOf`).
 */
import { analyseOptionsOf } from './shapes'
import type { Analyser } from '../../../analysis/index'
import { analysisSchema, isAnalysisError } from '../../../analysis/index'
import { signatureKeys, signatureOf, withNovelty } from '../../intelligence'
import { recordDocumentOutcome } from '../../data-sources'
import { updateEvent } from '../../session-data'
import { errorData } from '../journal'
import { breakerFailure, done, type Stage } from '../stage'
import { addSessionTokens } from '../queries/store'
import { INGEST_RUN } from '../queue'
import { analysedCopyOf, copiedAnalysis, copySchema } from '../copies'
import { getContent } from '../store'
import { documentPayload, withSessionTokens } from './shapes'

export function eventOrchestrator(deps: { analyser: Analyser }): Stage {
  return async (job, ctx) => {
    const { event, tenantId } = ctx
    const eventId = event.id
    const content = await getContent(ctx.db, tenantId, eventId)
    // Content and job disagree only if the source was replaced meanwhile; the newer chain owns the card.
    if (!content || content.contentHash !== job.contentHash) throw new Error(`no stored content ${job.contentHash.slice(0, 12)} for ${eventId}`)

    await ctx.emit({ type: 'status-update', data: { eventId, phase: 'structuring-started' } })
    // An exact copy of a document analysed already (same cleaned text) takes its analysis: not analysed again.
    const copy = job.run === INGEST_RUN ? await ctx.memo('copyOf', copySchema, () => analysedCopyOf(ctx.db, tenantId, eventId, job.contentHash)) : null
    let analysis
    try {
      // Its novelty is measured against the team's earlier documents, once, with the analysis.
      analysis = await ctx.memo('analysis', analysisSchema, async () =>
        withNovelty(
          ctx.db,
          tenantId,
          eventId,
          (copy && (await copiedAnalysis(ctx.db, tenantId, eventId, job.contentHash))) ?? (await deps.analyser.analyse(content.cleanedContent, analyseOptionsOf(content, event))),
        ),
      )
    } catch (error) {
      if (!isAnalysisError(error)) throw error
      const now = ctx.clock.now()
      await ctx.emit({ type: 'processing-error', data: errorData(event, error.message) }, async (tx) => {
        await updateEvent(tx, tenantId, eventId, { status: 'error', error: error.message, payload: { analysisStatus: 'failed' }, now })
        await recordDocumentOutcome(tx, tenantId, event.data_source_id, { error: error.message }, now)
      })
      return done([], breakerFailure(error))
    }

    const { title, summary } = analysis
    const payload = { ...documentPayload(event, content, analysis), ...(copy ? { copyOf: copy } : {}) }
    await ctx.emit(
      [
        { type: 'genesis-event-summary', data: { eventId, title, summary } },
        { type: 'status-update', data: { eventId, phase: 'structuring-completed' } },
        { type: 'document-ready', data: { eventId, title, summary, payload, analytics: analysis.analytics } },
      ],
      async (tx) => {
        const noveltyKeys = signatureKeys(signatureOf(analysis.entities, analysis.frames))
        await updateEvent(tx, tenantId, eventId, { title, summary, payload, analytics: analysis.analytics, status: 'document-ready', error: null, noveltyKeys, now: ctx.clock.now() })
        // Counted with the message that reports it, so the total moves exactly once per analysis.
        return withSessionTokens(await addSessionTokens(tx, tenantId, event.session_id, analysis.usage?.totalTokens ?? 0))
      },
    )
    return done([{ key: 'Core_FrameEnricher', contentHash: job.contentHash }])
  }
}
