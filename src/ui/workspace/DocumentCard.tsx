/**
 * A document card as spec §2 describes it: title, summary when it differs, file chip, status pill (or
 * 'Reprocessing' with its percent bar), where it comes from (publisher, publication date, a link to the
 * original: OriginMeta), knowledge area and entity count, 'Actions: n/total' with a bar,
 * the story's other sources when it has some ('3 sources', StorySources), and its action frames (each with
 * its credibility when graded) — placeholders while they are fetched, or 'No action frame generated yet'. The title opens the inspector; the menu
 * deletes the document after the spec's confirmation.
 */
import { useCorrectionIndex } from './use-corrections'
import { memo, useState } from 'react'
import { formatFileSize, textChip } from '../../domain/rules/scores'
import { Texts } from '../../domain/rules/texts'
import { selectCardSummary, selectCardTitle } from '../../projections/workspace-selectors'
import { useActionProgress, useDocument, useDocumentFrames, useShowsNoFrameYet } from '../hooks/use-workspace-graph'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { ActionFrameCard } from './ActionFrameCard'
import { AwaitedFrames } from './AwaitedFrames'
import { CardMenu } from './CardMenu'
import { OriginMeta } from './OriginMeta'
import { StorySources } from './StorySources'
import { useCredibilityIndex } from './use-stories'
import { useInspector } from './inspector-context'
import { useWorkspaceActions } from './workspace-actions'
import { StatusPill } from '../shared/StatusPill'

export const DocumentCard = memo(function DocumentCard({
  id,
  setSize,
  posInSet,
}: {
  id: string /** In a feed: how many cards, and this one's place (1-based). */
  setSize?: number
  posInSet?: number
}) {
  const doc = useDocument(id)
  const frames = useDocumentFrames(id)
  const { done, total } = useActionProgress(id)
  const noFrameYet = useShowsNoFrameYet(id)
  const credibility = useCredibilityIndex()
  const corrections = useCorrectionIndex()
  const inspector = useInspector()
  const actions = useWorkspaceActions()
  const [confirming, setConfirming] = useState(false)
  if (!doc) return null

  const title = selectCardTitle(doc)
  const summary = selectCardSummary(doc)
  const payload = doc.payload
  const entities = payload?.detectedEntities?.length ?? 0
  // A text's chip is its opening words: the cleaned text, else the first line ingest kept; never the
  // summary of a failed card, which is its error.
  const opening = payload?.cleanedContent ?? payload?.title ?? (doc.status === 'error' ? null : doc.summary)
  const chip = payload?.originalFilename ?? (doc.type === 'text' || doc.type === 'plain_text' ? textChip(opening) || null : null)

  return (
    <article className={`doc doc-${doc.status}`} data-document-id={doc.id} aria-busy={doc.status !== 'completed' && doc.status !== 'error'} aria-setsize={setSize} aria-posinset={posInSet}>
      <header className="doc-head">
        <h3 className="doc-title">
          {inspector ? (
            <button type="button" className="title-button" onClick={() => inspector.select({ kind: 'document', documentId: doc.id })}>
              {title}
            </button>
          ) : (
            title
          )}
        </h3>
        {doc.reprocessing && doc.reprocessProgress ? (
          <span className="reprocess" aria-label={`Reprocessing ${doc.reprocessProgress.percentage}%`}>
            Reprocessing
            <span className="bar small">
              <span style={{ width: `${doc.reprocessProgress.percentage}%` }} />
            </span>
            {doc.reprocessProgress.percentage}%
          </span>
        ) : (
          <StatusPill status={doc.status} />
        )}
        {actions && <CardMenu label={`Document menu for ${title}`} onDelete={() => setConfirming(true)} />}
      </header>
      {confirming && actions && (
        <ConfirmDialog
          title="Delete Document"
          description={Texts.deleteDocumentConfirm}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void actions.deleteDocument(doc.id)
          }}
        />
      )}
      {summary !== title && !(doc.status === 'error' && summary === doc.error) && <p className="doc-summary">{summary}</p>}
      <div className="doc-meta">
        {chip && (
          <span className="chip" title={chip}>
            <span className="chip-name">{chip}</span>
            {payload?.fileType && <span className="chip-type">{shortType(payload.fileType)}</span>}
            {payload?.fileSize != null && <span className="chip-size">{formatFileSize(payload.fileSize)}</span>}
          </span>
        )}
        <OriginMeta payload={payload} />
        {payload?.knowledgeArea && <span className="meta">{payload.knowledgeArea}</span>}
        {entities > 0 && <span className="meta">{entities} entities</span>}
        {doc.statusMessage && doc.status !== 'completed' && <span className="meta status-line">{doc.statusMessage}</span>}
      </div>
      <StorySources documentId={doc.id} />
      {doc.error && doc.status === 'error' && (
        <p className="doc-error-text" role="alert">
          {doc.error}
        </p>
      )}
      <div className="actions-progress">
        <span>
          Actions: {done}/{total}
        </span>
        <span className="bar">
          <span style={{ width: `${total === 0 ? 0 : (done / total) * 100}%` }} />
        </span>
      </div>
      {doc.framesState !== 'present' ? (
        <AwaitedFrames documentId={doc.id} state={doc.framesState} count={doc.actionCount ?? 0} />
      ) : frames.length > 0 ? (
        <div className="frames">
          {frames.map((f, i) => (
            <ActionFrameCard
              key={f.id}
              frame={f}
              position={i + 1}
              credibility={credibility[f.id] ?? null}
              correction={corrections[f.id] ?? null}
              onOpen={inspector ? () => inspector.select({ kind: 'frame', documentId: doc.id, frameId: f.id }) : undefined}
            />
          ))}
        </div>
      ) : (
        noFrameYet && <p className="empty-frames">{Texts.noFrameYet}</p>
      )}
    </article>
  )
})

function shortType(mime: string): string {
  const known: Record<string, string> = {
    'application/pdf': 'PDF',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
    'application/msword': 'DOC',
    'text/plain': 'TXT',
    'text/markdown': 'MD',
  }
  return known[mime] ?? mime.split('/').pop()?.toUpperCase() ?? mime
}
