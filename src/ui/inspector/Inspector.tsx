/**
 * The inspector drawer (spec §2, §9): on the right of the workspace, 380 px by default (280–600), or
 * 320 (250–500) elsewhere; resizable by dragging its left edge or with the keyboard; closed by its close
 * button or Escape. It shows the document or action frame the enclosing `InspectorContext` selected,
 * 'Select a document' / 'Select an Object to view details' when there is none, and 'Event not found'
 * when the selection no longer exists.
 */
import type { KeyboardEvent } from 'react'
import { emptySelectionText, type InspectorPlacement } from '../../domain/rules/inspector'
import type { IntentContext } from '../../streams/intents'
import { useInspector } from '../workspace/inspector-context'
import { DocumentInspector } from './DocumentInspector'
import { EmptyState } from './EmptyState'
import { FrameInspector } from './FrameInspector'
import { ResizeHandle } from './ResizeHandle'
import { useInspectorWidth } from './use-inspector-width'

export interface InspectorProps {
  ctx: IntentContext
  researchId: string
  sessionId: string
  /** Where the drawer sits; sets its width limits and empty-state text. Default 'workspace'. */
  context?: InspectorPlacement
}

export function Inspector({ ctx, researchId, sessionId, context = 'workspace' }: InspectorProps) {
  const inspector = useInspector()
  const { width, resize, commit } = useInspectorWidth(context)
  const target = inspector?.target ?? null

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Escape' || e.defaultPrevented || !inspector) return
    e.preventDefault()
    inspector.close()
  }

  return (
    <aside className="inspector" aria-label="Inspector" style={{ width }} onKeyDown={onKeyDown} data-placement={context}>
      <ResizeHandle width={width} placement={context} onResize={resize} onCommit={commit} />
      <header className="inspector-head">
        <h2>Inspector</h2>
        {inspector && (
          <button type="button" className="icon" aria-label="Close inspector" onClick={() => inspector.close()}>
            ×
          </button>
        )}
      </header>
      <div className="inspector-body">
        {target === null ? (
          <EmptyState text={emptySelectionText(context)} />
        ) : target.kind === 'document' ? (
          <DocumentInspector ctx={ctx} researchId={researchId} sessionId={sessionId} documentId={target.documentId} />
        ) : (
          <FrameInspector key={target.frameId} documentId={target.documentId} frameId={target.frameId} />
        )}
      </div>
    </aside>
  )
}
