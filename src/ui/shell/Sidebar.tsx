/**
 * The side navigation (spec §2): collapsible (280 / 72); a search box that filters projects,
 * researches and their workspaces; New Project and the projects list (open, delete); the Research
 * Sandbox tree — a research row shows its created date and workspace count, selecting it toggles its
 * expansion, and on hover or focus offers create-workspace (inline: Enter creates, Escape cancels),
 * commit to a project and delete (confirmed); workspace rows show their status or 'expired' with a
 * clock badge, and the active one can be deleted; Settings and Admin Access at the foot.
 *
 * On a narrow window (`narrow`: under 1200 px, a 1024 px laptop) it starts collapsed, so the page keeps
 * its width; the analyst's own Expand or Collapse wins until the window crosses that width again.
 */
import { type ReactNode, useState } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Project, Research, Session } from '../../protocol/entities'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { ClockIcon, GearIcon, ShieldIcon } from '../shared/icons'

export interface SidebarProps {
  researches: Research[]
  sessionsByResearch: Record<string, Session[]>
  projects: Project[]
  active: { researchId: string | null; sessionId: string | null; projectId: string | null }
  /** The current address, to mark Settings and Admin Access when open. */
  path: string
  now: number
  onNewResearch(): void
  onNewProject(): void
  onSelectProject(projectId: string): void
  onDeleteProject(project: Project): void
  onCommitResearch(research: Research): void
  /** A research was expanded (its workspaces load; the first may be selected). */
  onExpandResearch(researchId: string): void
  onSelectSession(researchId: string, sessionId: string): void
  onCreateSession(researchId: string, title: string): Promise<void>
  onDeleteResearch(researchId: string): Promise<void>
  onDeleteSession(researchId: string, sessionId: string): Promise<void>
  onSettings(): void
  onAdmin(): void
  /** The window is narrow: collapsed unless the analyst expanded it. */
  narrow?: boolean
}

export function Sidebar(props: SidebarProps) {
  const narrow = props.narrow ?? false
  // The analyst's choice holds until the window crosses the narrow width (then the window decides again).
  const [chosen, setCollapsed] = useState<boolean | null>(null)
  const [seenNarrow, setSeenNarrow] = useState(narrow)
  if (seenNarrow !== narrow) {
    setSeenNarrow(narrow)
    setCollapsed(null)
  }
  const collapsed = chosen ?? narrow
  const [query, setQuery] = useState('')
  const [naming, setNaming] = useState<string | null>(null)
  // Expanded researches; the active one starts open.
  const [toggled, setToggled] = useState<Record<string, boolean>>({})
  const [confirm, setConfirm] = useState<Confirmation | null>(null)
  const q = query.trim().toLowerCase()
  const matches = (text: string | null | undefined) => q === '' || (text ?? '').toLowerCase().includes(q)
  const visible = props.researches.filter((r) => matches(r.title) || (props.sessionsByResearch[r.id] ?? []).some((s) => matches(sessionLabel(s))))
  const visibleProjects = props.projects.filter((p) => matches(p.displayName) || matches(p.description))
  const isExpanded = (r: Research) => q !== '' || (toggled[r.id] ?? r.id === props.active.researchId)

  if (collapsed) return <CollapsedSidebar onExpand={() => setCollapsed(false)} onNewProject={props.onNewProject} onSettings={props.onSettings} onAdmin={props.onAdmin} />
  return (
    <aside className="sidenav" aria-label="Navigation">
      <div className="sidenav-top">
        <button type="button" className="btn primary block" onClick={props.onNewProject}>
          New Project
        </button>
        <button type="button" className="btn icon-btn" aria-label="Collapse navigation" onClick={() => setCollapsed(true)}>
          «
        </button>
      </div>
      <input className="search" type="search" placeholder="Search projects, researches, workspaces" aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="section-head">
        <h3>Projects</h3>
        <button type="button" className="icon" aria-label="Create project" title="Create project" onClick={props.onNewProject}>
          +
        </button>
      </div>
      {visibleProjects.length === 0 && <p className="muted small">{q ? 'No project matches.' : 'No projects yet.'}</p>}
      <ul className="tree">
        {visibleProjects.map((p) => (
          <ProjectRow key={p.id} project={p} active={p.id === props.active.projectId} onSelect={() => props.onSelectProject(p.id)} onDelete={() => props.onDeleteProject(p)} />
        ))}
      </ul>
      <div className="section-head">
        <h3>Research Sandbox</h3>
        <button type="button" className="icon" aria-label="New research" title="New research" onClick={props.onNewResearch}>
          +
        </button>
      </div>
      {visible.length === 0 && <p className="muted small">{q ? 'Nothing matches.' : 'No researches yet.'}</p>}
      <ul className="tree">
        {visible.map((r) => {
          const sessions = props.sessionsByResearch[r.id]
          const expanded = isExpanded(r)
          return (
            <ResearchRow
              key={r.id}
              research={r}
              sessions={sessions}
              active={r.id === props.active.researchId}
              expanded={expanded}
              naming={naming === r.id}
              onToggle={() => {
                setToggled({ ...toggled, [r.id]: !expanded })
                if (!expanded) props.onExpandResearch(r.id)
              }}
              onName={() => setNaming(r.id)}
              onStopNaming={() => setNaming(null)}
              onCreateSession={async (title) => {
                setNaming(null)
                setToggled({ ...toggled, [r.id]: true })
                await props.onCreateSession(r.id, title)
              }}
              onCommit={() => props.onCommitResearch(r)}
              onDelete={() => setConfirm({ kind: 'research', research: r })}
            >
              {expanded && sessions && (
                <ul>
                  {sessions.length === 0 && <li className="muted small sub-empty">No workspaces yet</li>}
                  {sessions
                    .filter((s) => q === '' || matches(r.title) || matches(sessionLabel(s)))
                    .map((s) => (
                      <SessionRow
                        key={s.id}
                        session={s}
                        expired={isSessionExpired(s, props.now)}
                        active={s.id === props.active.sessionId}
                        onSelect={() => props.onSelectSession(r.id, s.id)}
                        onDelete={() => setConfirm({ kind: 'session', research: r, session: s })}
                      />
                    ))}
                </ul>
              )}
            </ResearchRow>
          )
        })}
      </ul>
      <SidebarFoot path={props.path} onSettings={props.onSettings} onAdmin={props.onAdmin} />
      {confirm && <DeleteConfirmation confirm={confirm} onClose={() => setConfirm(null)} onDeleteResearch={props.onDeleteResearch} onDeleteSession={props.onDeleteSession} />}
    </aside>
  )
}

type Confirmation = { kind: 'research'; research: Research } | { kind: 'session'; research: Research; session: Session }

/** The collapsed rail: expand, New Project, Settings and Admin Access as icons. */
function CollapsedSidebar({ onExpand, onNewProject, onSettings, onAdmin }: { onExpand(): void; onNewProject(): void; onSettings(): void; onAdmin(): void }) {
  return (
    <aside className="sidenav collapsed" aria-label="Navigation">
      <button type="button" className="btn icon-btn" aria-label="Expand navigation" onClick={onExpand}>
        »
      </button>
      <button type="button" className="btn icon-btn" aria-label="New Project" title="New Project" onClick={onNewProject}>
        +
      </button>
      <span className="spacer" />
      <button type="button" className="btn icon-btn" aria-label="Settings" title="Settings" onClick={onSettings}>
        <GearIcon />
      </button>
      <button type="button" className="btn icon-btn" aria-label="Admin Access" title="Admin Access" onClick={onAdmin}>
        <ShieldIcon />
      </button>
    </aside>
  )
}

function ProjectRow({ project: p, active, onSelect, onDelete }: { project: Project; active: boolean; onSelect(): void; onDelete(): void }) {
  return (
    <li className="tree-row">
      <div className="row-line">
        <button type="button" className={`tree-item ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} onClick={onSelect}>
          <span>{p.displayName}</span>
          <span className="muted small">{p.status ?? ''}</span>
        </button>
        <span className="row-actions">
          <button type="button" className="icon" aria-label={`Delete project ${p.displayName}`} onClick={onDelete}>
            ×
          </button>
        </span>
      </div>
    </li>
  )
}

/** A research: its row (toggle, new workspace, commit, delete), the inline workspace name while naming, and its workspaces (`children`). */
function ResearchRow({
  research: r,
  sessions,
  active,
  expanded,
  naming,
  onToggle,
  onName,
  onStopNaming,
  onCreateSession,
  onCommit,
  onDelete,
  children,
}: {
  research: Research
  sessions: Session[] | undefined
  active: boolean
  expanded: boolean
  naming: boolean
  onToggle(): void
  onName(): void
  onStopNaming(): void
  onCreateSession(title: string): Promise<void>
  onCommit(): void
  onDelete(): void
  children: ReactNode
}) {
  return (
    <li className="tree-row">
      <div className="row-line">
        <button type="button" className={`tree-item ${active ? 'active' : ''}`} aria-expanded={expanded} onClick={onToggle}>
          <span>{r.title}</span>
          <span className="muted small">
            {formatDate(r.createdAt)} · {sessions?.length ?? r.sessionsCount ?? 0}
          </span>
        </button>
        <span className="row-actions">
          <button type="button" className="icon" aria-label={`New workspace in ${r.title}`} onClick={onName}>
            +
          </button>
          <button type="button" className="icon" aria-label={`Commit ${r.title} to a project`} title="Commit to project" onClick={onCommit}>
            ⇪
          </button>
          <button type="button" className="icon" aria-label={`Delete research ${r.title}`} onClick={onDelete}>
            ×
          </button>
        </span>
      </div>
      {naming && <WorkspaceNameInput onCancel={onStopNaming} onCreate={onCreateSession} />}
      {children}
    </li>
  )
}

/** The inline name of a new workspace: Enter creates (a name is needed), Escape or leaving cancels; it starts empty each time. */
function WorkspaceNameInput({ onCancel, onCreate }: { onCancel(): void; onCreate(title: string): Promise<void> }) {
  const [name, setName] = useState('')
  return (
    <input
      className="inline-name"
      aria-label="Workspace name"
      placeholder="Workspace name, Enter to create"
      autoFocus
      value={name}
      onChange={(e) => setName(e.target.value)}
      onKeyDown={async (e) => {
        if (e.key === 'Escape') onCancel()
        if (e.key === 'Enter' && name.trim() !== '') await onCreate(name.trim())
      }}
      onBlur={onCancel}
    />
  )
}

function SessionRow({ session: s, expired, active, onSelect, onDelete }: { session: Session; expired: boolean; active: boolean; onSelect(): void; onDelete(): void }) {
  return (
    <li className="row-line">
      <button type="button" className={`tree-item sub ${active ? 'active' : ''}`} aria-current={active ? 'page' : undefined} onClick={onSelect}>
        <span>{sessionLabel(s)}</span>
        <span className="muted small">
          {expired && (
            <span className="badge-expired" title="Workspace expired" aria-label="expired workspace">
              <ClockIcon size={12} />
            </span>
          )}
          {expired ? 'expired' : s.status}
        </span>
      </button>
      {active && (
        <span className="row-actions">
          <button type="button" className="icon" aria-label={`Delete workspace ${sessionLabel(s)}`} onClick={onDelete}>
            ×
          </button>
        </span>
      )}
    </li>
  )
}

function SidebarFoot({ path, onSettings, onAdmin }: { path: string; onSettings(): void; onAdmin(): void }) {
  return (
    <div className="sidenav-foot">
      <button type="button" className={`tree-item ${path === '/settings' ? 'active' : ''}`} onClick={onSettings}>
        <span className="foot-item">
          <GearIcon /> Settings
        </span>
      </button>
      <button type="button" className={`tree-item ${path === '/admin' ? 'active' : ''}`} onClick={onAdmin}>
        <span className="foot-item">
          <ShieldIcon /> Admin Access
        </span>
      </button>
    </div>
  )
}

/** Deleting a research or a workspace, confirmed first. */
function DeleteConfirmation({
  confirm,
  onClose,
  onDeleteResearch,
  onDeleteSession,
}: {
  confirm: Confirmation
  onClose(): void
  onDeleteResearch(researchId: string): Promise<void>
  onDeleteSession(researchId: string, sessionId: string): Promise<void>
}) {
  if (confirm.kind === 'research') {
    return (
      <ConfirmDialog
        title="Delete Research"
        description={`Delete “${confirm.research.title}” with all its workspaces, documents and action frames? This cannot be undone.`}
        onCancel={onClose}
        onConfirm={() => {
          const id = confirm.research.id
          onClose()
          void onDeleteResearch(id)
        }}
      />
    )
  }
  return (
    <ConfirmDialog
      title="Delete Workspace"
      description={`Delete “${sessionLabel(confirm.session)}” with its documents and action frames? This cannot be undone.`}
      onCancel={onClose}
      onConfirm={() => {
        const { research, session } = confirm
        onClose()
        void onDeleteSession(research.id, session.id)
      }}
    />
  )
}

function formatDate(value: string | number | null | undefined): string {
  if (value == null) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
}
