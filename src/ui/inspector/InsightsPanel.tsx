/**
 * The Insights tab (spec §2): six collapsible sections, context inference open by default; an empty one
 * reads 'No data available', and when all are empty the tab says so instead.
 */
import { Collapsible } from 'radix-ui'
import { INSIGHT_OPEN_BY_DEFAULT, insightSections, InspectorTexts } from '../../domain/rules/inspector'
import type { Analytics } from '../../protocol/entities'

export function InsightsPanel({ analytics }: { analytics: Analytics | null }) {
  const { sections, any } = insightSections(analytics)
  if (!any) return <p className="inspector-panel muted">{InspectorTexts.noInsights}</p>
  return (
    <div className="inspector-panel inspector-insights">
      {sections.map((s) => (
        <Collapsible.Root key={s.key} className="inspector-insight" defaultOpen={s.key === INSIGHT_OPEN_BY_DEFAULT} data-insight={s.key}>
          <Collapsible.Trigger className="inspector-insight-trigger">
            <span>{s.label}</span>
            <span className="inspector-chevron" aria-hidden="true" />
          </Collapsible.Trigger>
          <Collapsible.Content className="inspector-insight-body">{s.text !== null ? <p>{s.text}</p> : <p className="muted">{InspectorTexts.noData}</p>}</Collapsible.Content>
        </Collapsible.Root>
      ))}
    </div>
  )
}
