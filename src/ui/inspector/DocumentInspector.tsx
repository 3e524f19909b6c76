/** A document in the inspector: its title and the four tabs Overview, Analytics, Insights and Raw. */
import { Tabs } from 'radix-ui'
import { useMemo, useState } from 'react'
import { inspectorAnalytics, InspectorTexts } from '../../domain/rules/inspector'
import { selectCardTitle } from '../../projections/workspace-selectors'
import type { IntentContext } from '../../streams/intents'
import { useDocument, useDocumentFrames } from '../hooks/use-workspace-graph'
import { AnalyticsPanel } from './AnalyticsPanel'
import { DocumentOverview } from './DocumentOverview'
import { EmptyState } from './EmptyState'
import { rawEvent } from './format'
import { InsightsPanel } from './InsightsPanel'
import { RawPanel } from './RawPanel'

const DocumentTabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'insights', label: 'Insights' },
  { value: 'raw', label: 'Raw' },
] as const

export function DocumentInspector({ ctx, researchId, sessionId, documentId }: { ctx: IntentContext; researchId: string; sessionId: string; documentId: string }) {
  const doc = useDocument(documentId)
  const frames = useDocumentFrames(documentId)
  const [tab, setTab] = useState<string>('overview')
  const analytics = useMemo(() => (doc ? inspectorAnalytics(doc.analytics, doc.payload) : null), [doc])
  if (!doc) return <EmptyState text={InspectorTexts.eventNotFound} />
  return (
    <div className="inspector-target" data-document-id={doc.id}>
      <h3 className="inspector-title">{selectCardTitle(doc)}</h3>
      <Tabs.Root value={tab} onValueChange={setTab} className="inspector-tabs">
        <Tabs.List aria-label="Document details" className="inspector-tablist">
          {DocumentTabs.map((t) => (
            <Tabs.Trigger key={t.value} value={t.value} className="inspector-tab">
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="inspector-tabpanel">
          <DocumentOverview key={doc.id} ctx={ctx} researchId={researchId} sessionId={sessionId} doc={doc} frames={frames} />
        </Tabs.Content>
        <Tabs.Content value="analytics" className="inspector-tabpanel">
          <AnalyticsPanel analytics={analytics} />
        </Tabs.Content>
        <Tabs.Content value="insights" className="inspector-tabpanel">
          <InsightsPanel analytics={analytics} />
        </Tabs.Content>
        <Tabs.Content value="raw" className="inspector-tabpanel">
          <RawPanel
            blocks={[
              { title: 'Event', value: rawEvent(doc) },
              { title: 'Analytics', value: doc.analytics },
            ]}
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  )
}
