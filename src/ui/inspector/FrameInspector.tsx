/** An action frame in the inspector: its name, a way back to its document, and the Details and Raw tabs. */
import { Tabs } from 'radix-ui'
import { useState } from 'react'
import { InspectorTexts } from '../../domain/rules/inspector'
import { selectCardTitle } from '../../projections/workspace-selectors'
import { BriefingLink } from '../briefing/BriefingLink'
import { useDocument, useFrame } from '../hooks/use-workspace-graph'
import { useInspector } from '../workspace/inspector-context'
import { CorrectionPanel } from './CorrectionPanel'
import { EmptyState } from './EmptyState'
import { frameLabel } from './format'
import { FrameDetails } from './FrameDetails'
import { RawPanel } from './RawPanel'

export function FrameInspector({ documentId, frameId }: { documentId: string; frameId: string }) {
  const inspector = useInspector()
  const frame = useFrame(frameId)
  const doc = useDocument(frame?.parentId ?? documentId)
  const [tab, setTab] = useState<string>('details')
  if (!frame) return <EmptyState text={InspectorTexts.eventNotFound} />
  const label = frameLabel(frame, frame.actionIndex ?? 1)
  return (
    <div className="inspector-target" data-frame-id={frame.id}>
      <h3 className="inspector-title">{label}</h3>
      {doc && (
        <p className="inspector-parent">
          <span className="muted">From </span>
          {inspector ? (
            <button type="button" className="link" onClick={() => inspector.select({ kind: 'document', documentId: doc.id })}>
              {selectCardTitle(doc)}
            </button>
          ) : (
            selectCardTitle(doc)
          )}
        </p>
      )}
      <p className="inspector-parent">
        <BriefingLink type="actionframe" id={frame.id} label={`Briefing on ${label}`} />
      </p>
      {frame.id && <CorrectionPanel frame={{ ...frame, id: frame.id }} />}
      <Tabs.Root value={tab} onValueChange={setTab} className="inspector-tabs">
        <Tabs.List aria-label="Action frame details" className="inspector-tablist">
          <Tabs.Trigger value="details" className="inspector-tab">
            Details
          </Tabs.Trigger>
          <Tabs.Trigger value="raw" className="inspector-tab">
            Raw
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="details" className="inspector-tabpanel">
          <FrameDetails frame={frame} payload={doc?.payload ?? null} />
        </Tabs.Content>
        <Tabs.Content value="raw" className="inspector-tabpanel">
          <RawPanel blocks={[{ title: 'Action frame', value: frame }]} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
