/**
 * Core_ContentIngestor: turns what ingest stored into readable content. Text is taken as is; a URL is
 * read with readWebPage; a file with readDocument from its stored bytes. The content is stored for the
 * analysis (and any later reprocess) and the input row, bytes included, is deleted in the same
 * transaction that marks the run done. A SourceError ends the document: `processing-error` with the
 * error's user-facing message (its reason said after the spec's text), the card in error, and a source that was
 * this one document in error with the same reason. It emits nothing else: the skeleton came from ingest.
 */
import type { Provenance } from '../../../../src/protocol/entities'
import { hashContent } from '../../../analysis/index'
import { isSourceError, type SourceDocument } from '../../../sources/index'
import { recordDocumentOutcome } from '../../data-sources'
import { updateEvent } from '../../session-data'
import { errorData } from '../journal'
import { readProvenance } from '../provenance'
import { done, type Stage, type StageContext, type StageOutcome } from '../stage'
import { deleteInput } from '../queries/store'
import { getContent, getInput, putContent, stageContent, type StoredContent, type StoredInput } from '../store'

/** The two readers the ingestor needs (createSourceReaders() gives both). */
export interface DocumentReaders {
  readDocument(input: { fileName: string; bytes: Uint8Array }): Promise<SourceDocument>
  readWebPage(url: string): Promise<SourceDocument>
}

export function contentIngestor(deps: { sources: DocumentReaders }): Stage {
  return async (job, ctx) => {
    const input = await getInput(ctx.db, job.tenantId, job.eventId)
    if (!input) {
      // An earlier attempt stored the content but its run was lost: carry on from the content.
      const content = await getContent(ctx.db, job.tenantId, job.eventId)
      if (content) return done([{ key: 'Core_EventOrchestrator', contentHash: content.contentHash }])
      return failDocument(ctx, 'The source of this document is no longer available')
    }
    let content: StoredContent
    let doc: SourceDocument | null
    try {
      doc = await read(deps.sources, input)
      content = toContent(input, doc)
    } catch (error) {
      if (isSourceError(error)) return failDocument(ctx, error.message)
      throw error
    }
    if (content.cleanedContent.trim() === '') return failDocument(ctx, 'There is no text to analyse')
    const now = ctx.clock.now()
    // Large texts go in parts before the transaction (blobs.ts); a retry writes its own and the sweep takes these.
    const staged = await stageContent(ctx.db, job.tenantId, job.eventId, content)
    return done([{ key: 'Core_EventOrchestrator', contentHash: content.contentHash }], {
      write: async (tx) => {
        await putContent(tx, job.tenantId, job.eventId, content, now, staged)
        await deleteInput(tx, job.tenantId, job.eventId)
        const provenance = doc ? { provenance: readProvenance(ctx.event.payload.provenance as Provenance | undefined, doc) } : {}
        await updateEvent(tx, job.tenantId, job.eventId, { payload: { parsingStatus: 'completed', ...(content.title ? { extractedTitle: content.title } : {}), ...provenance }, now })
      },
    })
  }
}

async function read(sources: DocumentReaders, input: StoredInput): Promise<SourceDocument | null> {
  switch (input.kind) {
    case 'text':
      return null
    case 'url':
      return sources.readWebPage(input.url)
    case 'document':
      return sources.readDocument({ fileName: input.fileName, bytes: input.bytes })
  }
}

function toContent(input: StoredInput, doc: SourceDocument | null): StoredContent {
  if (input.kind === 'text' || doc === null) {
    const text = input.kind === 'text' ? input.text : ''
    const cleaned = text.trim()
    return {
      contentHash: hashContent(cleaned),
      title: input.kind === 'text' && input.title ? input.title : null,
      extractedText: text,
      cleanedContent: cleaned,
      metadata: { kind: 'text', charCount: cleaned.length, wordCount: cleaned === '' ? 0 : cleaned.split(/\s+/).length },
      referenceDate: null,
    }
  }
  const published = doc.metadata.kind === 'web' ? doc.metadata.publishedTime : undefined
  return {
    contentHash: hashContent(doc.cleanedContent),
    title: doc.title ?? null,
    extractedText: doc.text,
    cleanedContent: doc.cleanedContent,
    metadata: { ...doc.metadata },
    // A page's own date is what its "on Tuesday" means; files and texts resolve against their date line.
    referenceDate: published && /^\d{4}-\d{2}-\d{2}/.test(published) ? published.slice(0, 10) : null,
  }
}

/** The source cannot be read: the card goes to error and the input is dropped. */
async function failDocument(ctx: StageContext, message: string): Promise<StageOutcome> {
  const { event, tenantId } = ctx
  const now = ctx.clock.now()
  await ctx.emit({ type: 'processing-error', data: errorData(event, message) }, async (tx) => {
    await updateEvent(tx, tenantId, event.id, { status: 'error', error: message, payload: { parsingStatus: 'failed' }, now })
    await recordDocumentOutcome(tx, tenantId, event.data_source_id, { error: message }, now)
  })
  return done([], { write: (tx) => deleteInput(tx, tenantId, event.id) })
}
