/**
 * The workspace toolbar of spec §2 "Graph view": add RSS, document, text and (optionally) website
 * buttons, the List/Graph/Commit toggle and Clear. It only reports intents; the workspace decides what
 * they open. Once the workspace expired the add buttons are disabled under the spec's tooltip text.
 * Given the research, it also offers the research's Briefing and its graph's export (JSON, GraphML).
 */
import { Texts } from '../../domain/rules/texts'
import { BriefingLink } from '../briefing/BriefingLink'
import { GraphExportButtons } from '../briefing/GraphExportButtons'

/** What an add button asks for. */
export type AddSourceKind = 'rss' | 'document' | 'text' | 'website'
export type WorkspaceViewMode = 'list' | 'graph'

export interface GraphToolbarProps {
  onAdd(kind: AddSourceKind): void
  view: WorkspaceViewMode
  onView(view: WorkspaceViewMode): void
  /** Commit, the third segment of the toggle: opens the commit dialog. */
  onCommit(): void
  /** Clears the canvas selection and filters. */
  onClear(): void
  /** The website button is optional in the spec; shown unless false. */
  showWebsite?: boolean
  /** An expired workspace takes no new content (spec §4). */
  expired?: boolean
  /** Commit is unavailable (no research, or it is already committed). */
  commitDisabled?: boolean
  /** The add buttons; the list view leaves them to the input bar, which has its own. */
  showAdds?: boolean
  /** The workspace's research: its Briefing link and the graph export buttons. */
  researchId?: string
}

/** The add buttons in the spec's order, with the names the empty state uses for them. */
export const AddButtons: ReadonlyArray<{ kind: AddSourceKind; label: string; short: string }> = [
  { kind: 'rss', label: 'Add RSS', short: 'RSS' },
  { kind: 'document', label: 'Add Document', short: 'Document' },
  { kind: 'text', label: 'Add Text', short: 'Text' },
  { kind: 'website', label: 'Add from Website', short: 'Website' },
]

export function GraphToolbar({ onAdd, view, onView, onCommit, onClear, showWebsite = true, expired = false, commitDisabled = false, showAdds = true, researchId }: GraphToolbarProps) {
  const adds = showWebsite ? AddButtons : AddButtons.filter((b) => b.kind !== 'website')
  return (
    <div className="graph-toolbar" role="toolbar" aria-label="Workspace toolbar">
      {showAdds && (
        <span className="graph-toolbar-adds" role="group" aria-label="Add a source" title={expired ? Texts.workspaceExpiredTooltip : undefined}>
          {adds.map((b) => (
            <button key={b.kind} type="button" className="btn graph-add" aria-label={b.label} disabled={expired} onClick={() => onAdd(b.kind)}>
              <span aria-hidden="true">+</span> {b.short}
            </button>
          ))}
        </span>
      )}
      <span className="segmented" role="group" aria-label="View">
        <button type="button" className="segment" aria-pressed={view === 'list'} onClick={() => onView('list')}>
          List
        </button>
        <button type="button" className="segment" aria-pressed={view === 'graph'} onClick={() => onView('graph')}>
          Graph
        </button>
        <button type="button" className="segment" disabled={commitDisabled} onClick={onCommit}>
          Commit
        </button>
      </span>
      <button type="button" className="btn graph-clear" onClick={onClear}>
        Clear
      </button>
      {researchId && (
        <>
          <BriefingLink type="research" id={researchId} label="Briefing on this research" className="btn" />
          <GraphExportButtons researchId={researchId} />
        </>
      )}
    </div>
  )
}
