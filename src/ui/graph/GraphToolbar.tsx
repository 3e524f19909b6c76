/**
 * The workspace toolbar of spec §2 "Graph view": add RSS, document, text and (optionally) website
 * buttons, the List/Graph/Commit toggle and Clear. It only reports intents; the workspace decides what
 * they open. Once the workspace expired the add buttons are disabled under the spec's tooltip text.
 * Given the research, it also offers the research's Briefing, its graph's export (JSON, GraphML) and the
 * research itself as a bundle to import elsewhere (Export research);
 * the workspace adds its own controls (Reset, Settings) and its Inspector toggle at the end.
 *
 * It never wraps (issue 15): the toggle and the end stay; the rest shows as far as there is room and the
 * remainder moves into a More menu, least needed first — the add buttons (the input bar and the empty
 * graph have them too), then the exports, the Briefing, and so on back to Clear.
 */
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { Texts } from '../../domain/rules/texts'
import { type GraphExportFormat, GraphExportFormats, GraphExportLabels } from '../../streams/graph-export'
import { BriefingLink, briefingHref } from '../briefing/BriefingLink'
import { useGraphExport } from './use-graph-export'
import { useServices } from '../app-services'
import { useBundleExport } from '../exchange/BundleButtons'
import { type OverflowItem, OverflowToolbar } from '../shell/OverflowToolbar'

const BUNDLE_HINT = 'The research as one file (workspaces, documents, frames, sources) to import into another installation or tenant'

/** What an add button asks for. */
export type AddSourceKind = 'rss' | 'document' | 'text' | 'website'
export type WorkspaceViewMode = 'list' | 'graph' | 'timeline' | 'map'

interface GraphToolbarProps {
  onAdd(kind: AddSourceKind): void
  view: WorkspaceViewMode
  onView(view: WorkspaceViewMode): void
  /** Commit, the third segment of the toggle: opens the commit dialog. */
  onCommit(): void
  /** Clear: the workspace decides what it clears (and asks first). */
  onClear(): void
  /** The website button is optional in the spec; shown unless false. */
  showWebsite?: boolean
  /** An expired workspace takes no new content (spec §4). */
  expired?: boolean
  /** Commit is unavailable (no research, or it is already committed). */
  commitDisabled?: boolean
  /** Clear is unavailable (nothing to clear, or the workspace expired). */
  clearDisabled?: boolean
  /** The add buttons; the list view leaves them to the input bar, which has its own. */
  showAdds?: boolean
  /** The workspace's research: its Briefing link and the graph export buttons. */
  researchId?: string
  /** The workspace's own controls, after Clear (they move into More like the rest). */
  extraItems?: readonly OverflowItem[]
  /** Always shown at the end (the Inspector toggle). */
  end?: ReactNode
}

/** The add buttons in the spec's order, with the names the empty state uses for them. */
export const AddButtons: ReadonlyArray<{ kind: AddSourceKind; label: string; short: string }> = [
  { kind: 'rss', label: 'Add RSS', short: 'RSS' },
  { kind: 'document', label: 'Add Document', short: 'Document' },
  { kind: 'text', label: 'Add Text', short: 'Text' },
  { kind: 'website', label: 'Add from Website', short: 'Website' },
]

export function GraphToolbar(props: GraphToolbarProps) {
  return props.researchId ? <WithResearch {...props} researchId={props.researchId} /> : <Toolbar {...props} research={null} />
}

interface ResearchTools {
  researchId: string
  exporting: GraphExportFormat | null
  exportGraph(format: GraphExportFormat): void
  openBriefing(): void
  /** The research as a portable bundle (src/protocol/bundle.ts). */
  bundle: { busy: boolean; run(): void }
}

function WithResearch(props: GraphToolbarProps & { researchId: string }) {
  const { running, run } = useGraphExport(props.researchId)
  const bundle = useBundleExport(useServices().ctx, { kind: 'research', id: props.researchId })
  // Outside a RouterProvider (a card on its own) the menu entry follows the link's address instead.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  const research: ResearchTools = {
    researchId: props.researchId,
    exporting: running,
    exportGraph: (format) => void run(format),
    bundle: { busy: bundle.busy, run: () => void bundle.run() },
    openBriefing: () => (router ? void router.navigate({ to: '/briefing', search: { type: 'research', id: props.researchId } }) : window.location.assign(briefingHref('research', props.researchId))),
  }
  return <Toolbar {...props} research={research} />
}

function Toolbar({
  onAdd,
  view,
  onView,
  onCommit,
  onClear,
  showWebsite = true,
  expired = false,
  commitDisabled = false,
  clearDisabled = false,
  showAdds = true,
  extraItems = [],
  end,
  research,
}: GraphToolbarProps & { research: ResearchTools | null }) {
  const adds = showWebsite ? AddButtons : AddButtons.filter((b) => b.kind !== 'website')
  const items: OverflowItem[] = [
    {
      id: 'clear',
      inline: (
        <button type="button" className="btn graph-clear" disabled={clearDisabled} onClick={onClear}>
          Clear
        </button>
      ),
      menu: { label: 'Clear', onSelect: onClear, disabled: clearDisabled },
    },
    ...extraItems,
  ]
  if (research) {
    items.push(
      {
        id: 'briefing',
        inline: <BriefingLink type="research" id={research.researchId} label="Briefing on this research" className="btn" />,
        menu: { label: 'Briefing on this research', onSelect: research.openBriefing },
      },
      {
        id: 'export',
        inline: (
          <span className="graph-export" role="group" aria-label="Export the research graph">
            {GraphExportFormats.map((format) => (
              <button key={format} type="button" className="btn" disabled={research.exporting !== null} aria-busy={research.exporting === format} onClick={() => research.exportGraph(format)}>
                {research.exporting === format ? `Exporting ${GraphExportLabels[format]}…` : `Export ${GraphExportLabels[format]}`}
              </button>
            ))}
          </span>
        ),
        menu: GraphExportFormats.map((format) => ({ label: `Export ${GraphExportLabels[format]}`, onSelect: () => research.exportGraph(format), disabled: research.exporting !== null })),
      },
      {
        id: 'bundle',
        inline: (
          <button type="button" className="btn" title={BUNDLE_HINT} disabled={research.bundle.busy} aria-busy={research.bundle.busy} onClick={research.bundle.run}>
            {research.bundle.busy ? 'Exporting research…' : 'Export research'}
          </button>
        ),
        menu: { label: 'Export research', onSelect: research.bundle.run, disabled: research.bundle.busy },
      },
    )
  }
  if (showAdds) {
    items.push({
      id: 'adds',
      inline: (
        <span className="graph-toolbar-adds" role="group" aria-label="Add a source" title={expired ? Texts.workspaceExpiredTooltip : undefined}>
          {adds.map((b) => (
            <button key={b.kind} type="button" className="btn graph-add" aria-label={b.label} disabled={expired} onClick={() => onAdd(b.kind)}>
              <span aria-hidden="true">+</span> {b.short}
            </button>
          ))}
        </span>
      ),
      menu: adds.map((b) => ({ label: b.label, onSelect: () => onAdd(b.kind), disabled: expired })),
    })
  }
  return (
    <OverflowToolbar
      label="Workspace toolbar"
      className="graph-toolbar"
      start={
        <span className="segmented" role="group" aria-label="View">
          <button type="button" className="segment" aria-pressed={view === 'list'} onClick={() => onView('list')}>
            List
          </button>
          <button type="button" className="segment" aria-pressed={view === 'graph'} onClick={() => onView('graph')}>
            Graph
          </button>
          <button type="button" className="segment" aria-pressed={view === 'timeline'} onClick={() => onView('timeline')}>
            Timeline
          </button>
          <button type="button" className="segment" aria-pressed={view === 'map'} onClick={() => onView('map')}>
            Map
          </button>
          <button type="button" className="segment" disabled={commitDisabled} onClick={onCommit}>
            Commit
          </button>
        </span>
      }
      items={items}
      end={end}
    />
  )
}
