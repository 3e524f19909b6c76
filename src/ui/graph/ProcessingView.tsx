/**
 * The graph view's processing view (spec §2 "Graph view", §4 "Processing view mapping", §9): one row per
 * document, a 240px card beside a dashed area of its action frames (3 columns on wide screens, actors up
 * to 3 per frame). The card is a skeleton (processing or error), enriched (summarized, document-ready,
 * analyzing-actions, processing-actions) or completed, with the spec's messages; a change of state plays
 * a 300 ms transition. Each card and frame carries its status letter (C, P, A, D, F; pending frames P).
 * Choosing a card or a frame opens it in the inspector.
 */
import { type CSSProperties, memo } from 'react'
import { processingMessage, processingView, STATE_TRANSITION_MS, statusAbbreviation } from '../../domain/rules/processing'
import { formatFileSize, percent, textChip, urgencyColour } from '../../domain/rules/scores'
import { Texts } from '../../domain/rules/texts'
import type { DocumentCard, FrameCard } from '../../projections/workspace-graph'
import { selectCardSummary, selectCardTitle, selectDocumentIds } from '../../projections/workspace-selectors'
import { useReadModel } from '../hooks/use-read-model'
import { useActionProgress, useDocument, useDocumentFrames } from '../hooks/use-workspace-graph'
import { useModels } from '../models-context'
import { ActorChips } from '../shared/ActorChips'
import { humaniseActionType } from '../shared/format'
import { useInspector } from '../workspace/inspector-context'

/** Actors a frame shows on the graph card (spec §9). */
const GRAPH_CARD_ACTORS = 3

export function ProcessingView() {
  const ids = useReadModel(useModels().workspaceGraph, selectDocumentIds)
  return (
    <section className="pv" aria-label="Processing view" style={{ '--pv-transition': `${STATE_TRANSITION_MS}ms` } as CSSProperties}>
      {ids.map((id) => (
        <ProcessingRow key={id} id={id} />
      ))}
    </section>
  )
}

/** One document: its card and the dashed area of its frames. */
const ProcessingRow = memo(function ProcessingRow({ id }: { id: string }) {
  const inspector = useInspector()
  const doc = useDocument(id)
  const frames = useDocumentFrames(id)
  const { done, total } = useActionProgress(id)
  if (!doc) return null

  const view = processingView(doc.status)
  const open = inspector ? () => inspector.select({ kind: 'document', documentId: id }) : null
  const selected = inspector?.open === true && inspector.target?.documentId === id && inspector.target.kind === 'document'
  // Frames announced but not created yet show as pending tiles while the document is still at work, and
  // so do frames the session load left on the server until they are fetched.
  const awaiting = doc.framesState !== 'present'
  const pending = awaiting || (doc.status !== 'completed' && doc.status !== 'error') ? Math.max(0, total - frames.length) : 0

  return (
    <article className={`pv-row pv-${view}`} data-document-id={id} data-view={view} aria-label={selectCardTitle(doc)}>
      <div className={`pv-card${selected ? ' selected' : ''}`}>
        <header className="pv-card-head">
          <StatusLetter status={doc.status} />
          <h3 className="pv-title">
            {open ? (
              <button type="button" className="pv-open" onClick={open}>
                {selectCardTitle(doc)}
              </button>
            ) : (
              selectCardTitle(doc)
            )}
          </h3>
        </header>
        {/* Keyed by state: a new state mounts a new body, which fades in over the transition. */}
        <div className="pv-body" key={view}>
          <CardBody doc={doc} view={view} done={done} total={total} />
        </div>
      </div>
      <div className="pv-frames" role="group" aria-label="Action frames">
        {frames.map((f, i) => (
          <FrameTile key={f.id} frame={f} position={i + 1} count={total} documentId={id} />
        ))}
        {Array.from({ length: pending }, (_, i) => (
          <PendingTile key={`pending-${frames.length + i + 1}`} index={frames.length + i + 1} total={total} />
        ))}
        {frames.length === 0 && pending === 0 && !awaiting && doc.status === 'completed' && <p className="pv-no-frames">{Texts.noFrameYet}</p>}
      </div>
    </article>
  )
})

function CardBody({ doc, view, done, total }: { doc: DocumentCard; view: string; done: number; total: number }) {
  const message = processingMessage(doc.status, doc.error)
  const chip = fileChip(doc)
  return (
    <>
      {chip && (
        <p className="pv-chip" title={chip.name}>
          <span className="chip-name">{chip.name}</span>
          {chip.size && <span className="chip-size">{chip.size}</span>}
        </p>
      )}
      {view === 'skeleton' ? (
        <>
          {doc.status !== 'error' && (
            <span className="pv-lines" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
          )}
          <p className={`pv-message${doc.status === 'error' ? ' pv-error' : ''}`} role={doc.status === 'error' ? 'alert' : 'status'}>
            {message.spinner && <span className="spinner" aria-hidden="true" />}
            {message.text}
          </p>
        </>
      ) : (
        <>
          <p className="pv-summary">{selectCardSummary(doc)}</p>
          {view === 'enriched' ? (
            <p className="pv-message" role="status">
              {message.spinner && <span className="spinner" aria-hidden="true" />}
              {message.text}
            </p>
          ) : (
            <p className="pv-actions">
              Actions: {done}/{total}
            </p>
          )}
        </>
      )}
    </>
  )
}

const FrameTile = memo(function FrameTile({ frame, position, count, documentId }: { frame: FrameCard; position: number; count: number; documentId: string }) {
  const inspector = useInspector()
  const index = frame.actionIndex ?? position
  const label = frame.actionType ? humaniseActionType(frame.actionType) : `Action ${index}`
  const urgency = frame.urgency?.score
  const selected = inspector?.open === true && inspector.target?.kind === 'frame' && inspector.target.frameId === frame.id
  return (
    <div className={`pv-frame${selected ? ' selected' : ''}`} data-frame-id={frame.id}>
      <div className="pv-frame-head">
        <StatusLetter status={frame.status} />
        <h4 className="pv-frame-type">
          {inspector ? (
            <button type="button" className="pv-open" onClick={() => inspector.select({ kind: 'frame', documentId, frameId: frame.id })}>
              {label}
            </button>
          ) : (
            label
          )}
        </h4>
        <span className="pv-frame-index">
          {index}/{frame.totalActions ?? count}
        </span>
      </div>
      {frame.actionDescription && <p className="pv-frame-description">{frame.actionDescription}</p>}
      <div className="pv-frame-foot">
        <ActorChips actors={frame.actors?.entries ?? []} limit={GRAPH_CARD_ACTORS} />
        {urgency != null && <span className={`score urgency urgency-${urgencyColour(urgency)}`}>{percent(urgency)}</span>}
      </div>
    </div>
  )
})

/** A frame the server announced that has not arrived yet. */
function PendingTile({ index, total }: { index: number; total: number }) {
  return (
    <div className="pv-frame pv-pending" aria-busy="true">
      <div className="pv-frame-head">
        <StatusLetter status="pending" />
        <span className="pv-frame-type">Action {index}</span>
        <span className="pv-frame-index">
          {index}/{total}
        </span>
      </div>
      <span className="pv-lines" aria-hidden="true">
        <span />
        <span />
      </span>
    </div>
  )
}

/** The status letter with its meaning as the tooltip and accessible name. */
export function StatusLetter({ status }: { status: string }) {
  const letter = statusAbbreviation(status)
  const meaning = letterMeaning(status, letter)
  return (
    <abbr className={`pv-abbr pv-abbr-${letter}`} title={meaning} aria-label={meaning} data-status={status}>
      {letter}
    </abbr>
  )
}

function letterMeaning(status: string, letter: string): string {
  switch (letter) {
    case 'C':
      return 'Completed'
    case 'A':
      return 'Processing Actions'
    case 'D':
      return 'Draft'
    case 'F':
      return status === 'final' ? 'Final' : 'Failed'
    default:
      return status === 'pending' ? 'Pending' : 'Processing'
  }
}

function fileChip(doc: DocumentCard): { name: string; size: string | null } | null {
  const payload = doc.payload
  const name = payload?.originalFilename ?? (doc.type === 'text' || doc.type === 'plain_text' ? textChip(payload?.cleanedContent ?? null) : null)
  if (!name) return null
  return { name, size: payload?.fileSize != null ? formatFileSize(payload.fileSize) : null }
}
